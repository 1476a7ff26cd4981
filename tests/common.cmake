f2g_test(reader_test SOURCES reader_test.cpp LIBS f2g_common)
