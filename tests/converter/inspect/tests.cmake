# census and scan: the reverse engineer's tools (converter/census*.cpp, converter/scan*.cpp).
f2g_test(census_test SOURCES converter/inspect/census_test.cpp LIBS f2g_converter f2g_census_fixtures)
f2g_test(census_markdown_test SOURCES converter/inspect/census_markdown_test.cpp LIBS f2g_converter)
f2g_test(scan_test SOURCES converter/inspect/scan_test.cpp LIBS f2g_converter f2g_census_fixtures)
f2g_test(converter_info_test SOURCES converter/inspect/converter_info_test.cpp LIBS f2g_converter f2g_samples)
