# Compact outputs (gltf_writer/compact.h): compact -> expand round trips within the stated
# tolerances, and the Khronos validator on quantized and compressed outputs (label
# validator: needs `npm ci --prefix tests/validator`, fails clearly without it).
add_library(f2g_compact_meshes STATIC compact_meshes.cpp)
target_link_libraries(f2g_compact_meshes PUBLIC f2g_gltf GTest::gtest)

f2g_test(compact_test SOURCES compact_test.cpp LIBS f2g_compact_meshes f2g_gltf_synthetic)

add_executable(compact_validator_test compact_validator_test.cpp)
target_link_libraries(compact_validator_test PRIVATE f2g_compact_meshes f2g_gltf_synthetic
                      GTest::gtest_main)
target_compile_definitions(compact_validator_test PRIVATE F2G_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
                           F2G_BINARY_DIR="${PROJECT_BINARY_DIR}")
gtest_discover_tests(compact_validator_test DISCOVERY_TIMEOUT 60
                     PROPERTIES LABELS validator TIMEOUT 300)
