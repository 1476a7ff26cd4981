# Filled by the rr decoder work: decoder, encoder, vertex-format table (embedded data file).
add_library(f2g_rr STATIC formats/rr/rr_placeholder.cpp)
target_link_libraries(f2g_rr PUBLIC f2g_common)
