# Bounded resources (issue #7 part 3): every sample and ~40,000 hostile edits of them, hand-made
# counts, lengths and nested copies, and record-dense shapes decode (and write) within
# K x input + C bytes and 50 ms each; valid meshes scale linearly in bytes and time. The test
# binary replaces the global operator new/delete (alloc_counter.cpp) to count bytes.
f2g_test(resource_bounds_test
         SOURCES resource_bounds_test.cpp alloc_counter.cpp resource_measure.cpp
                 resource_mutations.cpp resource_builders.cpp
         LIBS f2g_formats f2g_gltf)
