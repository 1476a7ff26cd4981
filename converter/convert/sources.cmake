# One input -> one output (a mesh file, or an archive entry's Mesh resources), the batch over many, output paths, the report and its totals, and
# --optimize's index order.
add_library(f2g_convert STATIC
  converter/convert/archive_names.cpp
  converter/convert/batch.cpp
  converter/convert/convert.cpp
  converter/convert/convert_command.cpp
  converter/convert/convert_plan.cpp
  converter/convert/entry_convert.cpp
  converter/convert/file_result.cpp
  converter/convert/index_order.cpp
  converter/convert/output_paths.cpp
  converter/convert/report.cpp
  converter/convert/totals.cpp
  converter/convert/version.cpp)
target_link_libraries(f2g_convert PUBLIC f2g_io f2g_install f2g_formats f2g_archive f2g_gltf_write f2g_gltf_compact)
set_source_files_properties(converter/convert/version.cpp PROPERTIES
                            COMPILE_DEFINITIONS F2G_VERSION="${PROJECT_VERSION}")
