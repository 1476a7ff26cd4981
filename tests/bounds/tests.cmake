# Bounded resources (issue #7 part 3): every sample and ~40,000 hostile edits of them, hand-made
# counts, lengths and nested copies, and record-dense shapes decode (and write) within
# K x input + C bytes and 50 ms each; valid meshes scale linearly in bytes and time. The test
# binary replaces the global operator new/delete (support/alloc_counter.cpp) to count bytes.
f2g_test(resource_bounds_test
         SOURCES bounds/resource_bounds_test.cpp support/alloc_counter.cpp bounds/resource_measure.cpp
                 bounds/resource_mutations.cpp bounds/resource_builders.cpp
         LIBS f2g_formats f2g_gltf)
