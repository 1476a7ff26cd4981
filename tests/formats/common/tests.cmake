f2g_test(reader_test SOURCES formats/common/reader_test.cpp LIBS f2g_common)
f2g_test(rebuild_test SOURCES formats/common/rebuild_test.cpp LIBS f2g_common)
f2g_test(names_test SOURCES formats/common/names_test.cpp LIBS f2g_common)
