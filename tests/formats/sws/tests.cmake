# SWS unit tests: the samples come from the generator's own source (no RR dependency).
f2g_test(sws_codec_test SOURCES formats/sws/sws_codec_test.cpp LIBS f2g_sws f2g_sws_test_common)
f2g_test(sws_checks_test SOURCES formats/sws/sws_checks_test.cpp LIBS f2g_sws f2g_sws_test_common)
f2g_test(sws_samples_test SOURCES formats/sws/sws_samples_test.cpp LIBS f2g_sws f2g_sws_test_common)
f2g_test(sws_vertex_formats_test SOURCES formats/sws/sws_vertex_formats_test.cpp
         LIBS f2g_sws f2g_sws_test_common)
f2g_test(sws_to_ir_test SOURCES formats/sws/sws_to_ir_test.cpp LIBS f2g_sws f2g_sws_test_common)
f2g_test(sws_rebuild_test SOURCES formats/sws/sws_rebuild_test.cpp LIBS f2g_sws f2g_sws_test_common)
