f2g_test(reader_test SOURCES formats/common/reader_test.cpp LIBS f2g_common)
f2g_test(rebuild_test SOURCES formats/common/rebuild_test.cpp LIBS f2g_common)
f2g_test(incoming_checks_test SOURCES formats/common/incoming_checks_test.cpp LIBS f2g_common)
f2g_test(names_test SOURCES formats/common/names_test.cpp LIBS f2g_common)
# The kept-fields rule on the donors unlike the samples, through every game's rebuild.
f2g_test(rebuild_kept_fields_test SOURCES formats/common/rebuild_kept_fields_test.cpp
         LIBS f2g_formats f2g_samples)
# The element encodings, bounds and hex runs RR and GRB/GRW share, through both games.
f2g_test(vertex_elements_test SOURCES formats/common/vertex_elements_test.cpp LIBS f2g_formats)
f2g_test(classes_test SOURCES formats/common/classes_test.cpp LIBS f2g_common)
