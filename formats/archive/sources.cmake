# Forge archives (docs/ARCHITECTURE.md "Layout"): the container, block sets and entries of the
# SWS (version 25), GRW and GRB dialects, read and written. No mesh knowledge; liblzo2 for the LZO codecs.
find_package(PkgConfig REQUIRED)
pkg_check_modules(LZO2 REQUIRED IMPORTED_TARGET lzo2)
add_library(f2g_archive STATIC
  formats/archive/dialect.cpp
  formats/archive/archive_checks.cpp
  formats/archive/lzo.cpp
  formats/archive/codec.cpp
  formats/archive/block_set.cpp
  formats/archive/container.cpp
  formats/archive/container_write.cpp
  formats/archive/entry.cpp
  formats/archive/data_file.cpp
  formats/archive/patch.cpp
  formats/archive/install_index.cpp)
target_link_libraries(f2g_archive PUBLIC f2g_common PRIVATE PkgConfig::LZO2)
