# Round-trip verification: compare() on built IR meshes, the report's JSON/text, the
# re-encode check, and the whole decode -> write -> read_glb -> compare path on samples/.
f2g_test(verify_test SOURCES converter/verify/verify_test.cpp LIBS f2g_converter f2g_as_written)
f2g_test(verify_report_test SOURCES converter/verify/verify_report_test.cpp LIBS f2g_converter)
f2g_test(verify_reencode_test SOURCES converter/verify/verify_reencode_test.cpp LIBS f2g_converter)
f2g_test(verify_samples_test SOURCES converter/verify/verify_samples_test.cpp LIBS f2g_converter)
f2g_test(verify_expected_json_test SOURCES converter/verify/verify_expected_json_test.cpp LIBS f2g_converter)

# `convert --verify` over every sample, plus verify and verify --reencode on each one.
add_test(NAME verify_all_samples
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/converter/cli/verify_all_samples.sh $<TARGET_FILE:forge2gltf>
                 ${PROJECT_SOURCE_DIR}/samples ${CMAKE_CURRENT_BINARY_DIR}/verify_all_samples)
set_tests_properties(verify_all_samples PROPERTIES LABELS cli TIMEOUT 300)
f2g_test(verify_archive_test SOURCES converter/verify/verify_archive_test.cpp LIBS f2g_converter)
