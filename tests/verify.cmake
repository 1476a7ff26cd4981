# Round-trip verification: compare() on built IR meshes, the report's JSON/text, the
# re-encode check, and the whole decode -> write -> read_glb -> compare path on samples/.
f2g_test(verify_test SOURCES verify_test.cpp LIBS f2g_converter)
f2g_test(verify_report_test SOURCES verify_report_test.cpp LIBS f2g_converter)
f2g_test(verify_reencode_test SOURCES verify_reencode_test.cpp LIBS f2g_converter)
f2g_test(verify_samples_test SOURCES verify_samples_test.cpp LIBS f2g_converter)
f2g_test(verify_expected_json_test SOURCES verify_expected_json_test.cpp LIBS f2g_converter)
