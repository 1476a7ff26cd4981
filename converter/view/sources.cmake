# What users see: thumbnails (software rasteriser, base colour textures decoded and the PNG
# written with Debian's stb) and the HTML report.
add_library(f2g_view STATIC converter/view/base_colour.cpp converter/view/html_report.cpp
            converter/view/html_stage.cpp converter/view/thumbnail.cpp)
target_link_libraries(f2g_view PUBLIC f2g_convert f2g_io)
# Debian's libstb-dev ships stb as a shared library (libstb.so, headers under stb/); link it
# rather than compiling stb_image_write's implementation into the project.
find_library(F2G_STB_LIBRARY NAMES stb REQUIRED)
find_path(F2G_STB_INCLUDE_DIR NAMES stb/stb_image_write.h REQUIRED)
target_include_directories(f2g_view PRIVATE ${F2G_STB_INCLUDE_DIR})
target_link_libraries(f2g_view PRIVATE ${F2G_STB_LIBRARY})
# The HTML report's style and script are files of their own, embedded like the vertex tables.
set(F2G_REPORT_CSS_CPP ${PROJECT_BINARY_DIR}/f2g_report_css.cpp)
set(F2G_REPORT_JS_CPP ${PROJECT_BINARY_DIR}/f2g_report_js.cpp)
f2g_embed_text(${F2G_REPORT_CSS_CPP} ${PROJECT_SOURCE_DIR}/converter/view/report.css f2g_report_css)
f2g_embed_text(${F2G_REPORT_JS_CPP} ${PROJECT_SOURCE_DIR}/converter/view/report.js f2g_report_js)
target_sources(f2g_view PRIVATE ${F2G_REPORT_CSS_CPP} ${F2G_REPORT_JS_CPP})
