# Compact outputs (gltf_writer/compact/compact.h): compact -> expand round trips within the stated
# tolerances, and the Khronos validator on quantized and compressed outputs (label
# validator: needs `npm ci --prefix tests/validator`, fails clearly without it).
f2g_test(compact_test SOURCES gltf_writer/compact/compact_test.cpp LIBS f2g_compact_meshes f2g_gltf_synthetic)

add_executable(compact_validator_test gltf_writer/compact/compact_validator_test.cpp)
target_link_libraries(compact_validator_test PRIVATE f2g_compact_meshes f2g_gltf_synthetic
                      GTest::gtest_main)
target_compile_definitions(compact_validator_test PRIVATE F2G_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
                           F2G_BINARY_DIR="${PROJECT_BINARY_DIR}")
f2g_discover(compact_validator_test validator TIMEOUT 300)
