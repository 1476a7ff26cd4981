# SWS unit tests: the samples come from the generator's own source (no RR dependency).
set(F2G_SWS_TEST_COMMON support/sws_test_util.cpp ${PROJECT_SOURCE_DIR}/samples/generator/sws_samples.cpp)
f2g_test(sws_codec_test SOURCES formats/sws/sws_codec_test.cpp ${F2G_SWS_TEST_COMMON} LIBS f2g_sws)
f2g_test(sws_checks_test SOURCES formats/sws/sws_checks_test.cpp ${F2G_SWS_TEST_COMMON} LIBS f2g_sws)
f2g_test(sws_samples_test SOURCES formats/sws/sws_samples_test.cpp ${F2G_SWS_TEST_COMMON} LIBS f2g_sws)
f2g_test(sws_vertex_formats_test SOURCES formats/sws/sws_vertex_formats_test.cpp ${F2G_SWS_TEST_COMMON}
         LIBS f2g_sws)
f2g_test(sws_to_ir_test SOURCES formats/sws/sws_to_ir_test.cpp ${F2G_SWS_TEST_COMMON} LIBS f2g_sws)
f2g_test(sws_rebuild_test SOURCES formats/sws/sws_rebuild_test.cpp ${F2G_SWS_TEST_COMMON} LIBS f2g_sws)
