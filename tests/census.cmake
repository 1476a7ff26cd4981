# census and scan: the reverse engineer's tools (converter/census*.cpp, converter/scan*.cpp).
f2g_test(census_test SOURCES census_test.cpp census_fixtures.cpp LIBS f2g_converter)
f2g_test(census_markdown_test SOURCES census_markdown_test.cpp LIBS f2g_converter)
f2g_test(scan_test SOURCES scan_test.cpp census_fixtures.cpp LIBS f2g_converter)
