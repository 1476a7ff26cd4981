# What users see: thumbnail and report units, and the external checks that open the outputs
# in the programs users open them with (Blender, Chromium).
f2g_test(thumbnail_test SOURCES converter/view/thumbnail_test.cpp
         converter/view/thumbnail_texture_test.cpp LIBS f2g_converter)
target_include_directories(thumbnail_test PRIVATE ${F2G_STB_INCLUDE_DIR})
# stbi_load for the checks, stbi_write_png for the test textures
target_link_libraries(thumbnail_test PRIVATE ${F2G_STB_LIBRARY})
f2g_test(html_report_test SOURCES converter/view/html_report_test.cpp LIBS f2g_converter)

# Converts samples with thumbnails and writes OUT/index.html through the C++ API: what
# `convert --html` does. The page test runs `convert --html` itself and uses this fixture
# only as a fallback for a forge2gltf whose convert has no --html.
add_executable(f2g_html_fixture html/report_fixture.cpp)
target_link_libraries(f2g_html_fixture PRIVATE f2g_converter)

# Blender 3.4 imports every sample's .glb and matches it to `info --json` (label blender).
add_test(NAME blender_import
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/blender/run.sh $<TARGET_FILE:forge2gltf>
                 ${PROJECT_SOURCE_DIR}/samples)
set_tests_properties(blender_import PROPERTIES LABELS blender TIMEOUT 1500)

# Headless Chromium opens the report: every row present, every thumbnail loaded, sorting,
# filters and paging work (label html). Screenshot: <build>/tests/html_report_page.png.
add_test(NAME html_report_page
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/html/check_report.sh $<TARGET_FILE:forge2gltf>
                 $<TARGET_FILE:f2g_html_fixture> ${PROJECT_SOURCE_DIR}/samples
                 ${CMAKE_CURRENT_BINARY_DIR}/html_report_page.png)
set_tests_properties(html_report_page PROPERTIES LABELS html TIMEOUT 600)

# The Blender checker on hand-made fixtures: passes the good ones, reports each planted fault.
add_test(NAME blender_checker_selftest
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/blender/run.sh --self-test)
set_tests_properties(blender_checker_selftest PROPERTIES LABELS blender TIMEOUT 300)
