# grb unit tests: one binary per unit of formats/grb (GRB and GRW) and its sample generator.
set(F2G_GRB_TEST_LIBS f2g_formats)
f2g_test(grb_decode_test SOURCES formats/grb/grb_decode_test.cpp LIBS ${F2G_GRB_TEST_LIBS})
f2g_test(grb_relations_test SOURCES formats/grb/grb_relations_test.cpp LIBS ${F2G_GRB_TEST_LIBS})
f2g_test(grb_prefix_test SOURCES formats/grb/grb_prefix_test.cpp
         LIBS f2g_alloc_counter ${F2G_GRB_TEST_LIBS})
f2g_test(grb_vertex_formats_test SOURCES formats/grb/grb_vertex_formats_test.cpp
         LIBS ${F2G_GRB_TEST_LIBS})
f2g_test(grb_samples_test SOURCES formats/grb/grb_samples_test.cpp
         ${PROJECT_SOURCE_DIR}/samples/generator/grb_samples.cpp LIBS ${F2G_GRB_TEST_LIBS})
f2g_test(grb_rebuild_test SOURCES formats/grb/grb_rebuild_test.cpp LIBS ${F2G_GRB_TEST_LIBS})
f2g_test(grb_skeleton_test SOURCES formats/grb/grb_skeleton_test.cpp LIBS ${F2G_GRB_TEST_LIBS})
f2g_test(grb_texture_codec_test SOURCES formats/grb/grb_texture_codec_test.cpp
         LIBS ${F2G_GRB_TEST_LIBS} f2g_archive)
