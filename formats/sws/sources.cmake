# Filled by the sws decoder work: decoder, encoder, vertex-format table (embedded data file).
add_library(f2g_sws STATIC formats/sws/sws_placeholder.cpp)
target_link_libraries(f2g_sws PUBLIC f2g_common)
