add_library(f2g_formats STATIC formats/format.cpp)
target_link_libraries(f2g_formats PUBLIC f2g_sws f2g_rr f2g_common)
