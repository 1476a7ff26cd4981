# `convert --validate` (converter/validate/gltf_validator.h): the validator child on real and broken
# outputs, children that die or hang, the report and totals, the CLI's exit codes; and
# validate_all_samples, the built tool with --validate --report on samples/ (.glb and
# .gltf). Label validator: needs node and `npm ci --prefix tests/validator` (scripts/test
# does it), and fails clearly without them.
add_executable(converter_validator_test converter/validate/converter_validator_test.cpp)
target_link_libraries(converter_validator_test PRIVATE f2g_converter nlohmann_json::nlohmann_json
                      GTest::gtest_main)
target_compile_definitions(converter_validator_test PRIVATE F2G_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
                           F2G_BINARY_DIR="${PROJECT_BINARY_DIR}")
add_dependencies(converter_validator_test forge2gltf)  # the ValidateCli tests run it
f2g_discover(converter_validator_test validator TIMEOUT 300)

add_test(NAME validate_all_samples
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/converter/cli/validate_samples.sh $<TARGET_FILE:forge2gltf>
                 ${PROJECT_SOURCE_DIR}/samples ${CMAKE_CURRENT_BINARY_DIR}/validate_all_samples)
set_tests_properties(validate_all_samples PROPERTIES LABELS validator TIMEOUT 300
                     ENVIRONMENT FORGE2GLTF_VALIDATOR_DIR=${PROJECT_SOURCE_DIR}/tests/validator)

# Every sample converts, and every output passes the Khronos glTF-Validator with 0 errors and
# 0 warnings (needs `npm ci --prefix tests/validator`; scripts/test does it).
add_test(NAME validator_all_samples
         COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/validate-samples $<TARGET_FILE:forge2gltf>
                 ${PROJECT_SOURCE_DIR}/samples ${CMAKE_CURRENT_BINARY_DIR}/validator_all_samples)
set_tests_properties(validator_all_samples PROPERTIES LABELS validator TIMEOUT 600)
