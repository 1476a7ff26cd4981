# Converter and CLI tests (the converter work): units of the pipeline, the batch runner on
# the encoders' samples, and end-to-end runs of the built forge2gltf binary.
f2g_test(converter_inputs_test SOURCES converter_inputs_test.cpp LIBS f2g_converter)
f2g_test(converter_output_paths_test SOURCES converter_output_paths_test.cpp LIBS f2g_converter)
f2g_test(converter_atomic_file_test SOURCES converter_atomic_file_test.cpp LIBS f2g_converter)
f2g_test(converter_report_test SOURCES converter_report_test.cpp LIBS f2g_converter)
f2g_test(converter_vertex_tables_test SOURCES converter_vertex_tables_test.cpp LIBS f2g_converter)
f2g_test(converter_batch_test SOURCES converter_batch_test.cpp LIBS f2g_converter f2g_samples)
f2g_test(converter_info_test SOURCES converter_info_test.cpp LIBS f2g_converter f2g_samples)
f2g_test(converter_index_order_test SOURCES converter_index_order_test.cpp
         LIBS f2g_converter f2g_gltf_synthetic)

# Runs ${PROJECT_BINARY_DIR}/forge2gltf on samples/ (F2G_BINARY_DIR), so it needs the tool.
f2g_test(cli_test SOURCES cli_test.cpp LIBS nlohmann_json::nlohmann_json)
add_dependencies(cli_test forge2gltf)

# Every sample converts, and every output passes the Khronos glTF-Validator with 0 errors and
# 0 warnings (needs `npm ci --prefix tests/validator`; scripts/test does it).
add_test(NAME validator_all_samples
         COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/validate-samples $<TARGET_FILE:forge2gltf>
                 ${PROJECT_SOURCE_DIR}/samples ${CMAKE_CURRENT_BINARY_DIR}/validator_all_samples)
set_tests_properties(validator_all_samples PROPERTIES LABELS validator TIMEOUT 600)

# `convert --verify` over every sample, plus verify and verify --reencode on each one.
add_test(NAME verify_all_samples
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/verify_all_samples.sh $<TARGET_FILE:forge2gltf>
                 ${PROJECT_SOURCE_DIR}/samples ${CMAKE_CURRENT_BINARY_DIR}/verify_all_samples)
set_tests_properties(verify_all_samples PROPERTIES LABELS cli TIMEOUT 300)

# Ctrl-C in the middle of a batch: exit 130, only complete outputs, a report of what was done.
add_test(NAME interrupt_batch
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/interrupt_batch.sh $<TARGET_FILE:forge2gltf>
                 ${PROJECT_SOURCE_DIR}/samples ${CMAKE_CURRENT_BINARY_DIR}/interrupt_batch)
set_tests_properties(interrupt_batch PROPERTIES LABELS cli TIMEOUT 300)
