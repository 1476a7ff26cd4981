# What users see: thumbnails (software rasteriser + PNG via Debian's stb) and the HTML report.
target_sources(f2g_converter PRIVATE converter/thumbnail.cpp converter/html_report.cpp)
# Debian's libstb-dev ships stb as a shared library (libstb.so, headers under stb/); link it
# rather than compiling stb_image_write's implementation into the project.
find_library(F2G_STB_LIBRARY NAMES stb REQUIRED)
find_path(F2G_STB_INCLUDE_DIR NAMES stb/stb_image_write.h REQUIRED)
target_include_directories(f2g_converter PRIVATE ${F2G_STB_INCLUDE_DIR})
target_link_libraries(f2g_converter PRIVATE ${F2G_STB_LIBRARY})
