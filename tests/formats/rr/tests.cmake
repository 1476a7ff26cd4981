# rr unit tests: one binary per unit of formats/rr (and the RR sample generator).
f2g_test(rr_mesh_codec_test SOURCES formats/rr/rr_mesh_codec_test.cpp LIBS f2g_rr)
f2g_test(rr_prefix_test SOURCES formats/rr/rr_prefix_test.cpp LIBS f2g_rr)
f2g_test(rr_vertex_formats_test SOURCES formats/rr/rr_vertex_formats_test.cpp LIBS f2g_rr)
f2g_test(rr_vertex_codec_test SOURCES formats/rr/rr_vertex_codec_test.cpp LIBS f2g_rr)
f2g_test(rr_relations_test SOURCES formats/rr/rr_relations_test.cpp LIBS f2g_rr)
f2g_test(rr_decode_test SOURCES formats/rr/rr_decode_test.cpp LIBS f2g_rr)
f2g_test(rr_samples_test SOURCES formats/rr/rr_samples_test.cpp ${PROJECT_SOURCE_DIR}/samples/generator/rr_samples.cpp
         LIBS f2g_rr)
f2g_test(rr_corruption_test SOURCES formats/rr/rr_corruption_test.cpp LIBS f2g_rr)
f2g_test(rr_rebuild_test SOURCES formats/rr/rr_rebuild_test.cpp LIBS f2g_rr)
f2g_test(rr_fuzz_regression_test SOURCES formats/rr/rr_fuzz_regression_test.cpp LIBS f2g_rr)
