# GPU textures (docs/ARCHITECTURE.md "Layout"): one level of B8G8R8A8 or BC1-BC5, BC7 blocks
# decoded to RGBA8 (libsquish for BC1-BC3, our own BC4, BC5 and BC7), DDS files around stored
# blocks and PNG files of decoded pixels (Debian's stb, as converter/view links it).
# Debian's libsquish.pc names the include directory "/include", which CMake's imported targets
# refuse: the library and header are found directly, as stb is.
find_library(F2G_SQUISH_LIBRARY NAMES squish REQUIRED)
find_path(F2G_SQUISH_INCLUDE_DIR NAMES squish.h REQUIRED)
find_library(F2G_STB_LIBRARY NAMES stb REQUIRED)
find_path(F2G_STB_INCLUDE_DIR NAMES stb/stb_image_write.h REQUIRED)
add_library(f2g_texture STATIC
  formats/texture/block_format.cpp
  formats/texture/channel_block.cpp
  formats/texture/bc7.cpp
  formats/texture/decode.cpp
  formats/texture/image_files.cpp)
target_include_directories(f2g_texture PRIVATE ${F2G_SQUISH_INCLUDE_DIR} ${F2G_STB_INCLUDE_DIR})
target_link_libraries(f2g_texture PUBLIC f2g_ir PRIVATE ${F2G_SQUISH_LIBRARY} ${F2G_STB_LIBRARY})
