f2g_test(reader_test SOURCES formats/common/reader_test.cpp LIBS f2g_common)
