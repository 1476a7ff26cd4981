# Bounded resources (issue #7 part 3): every sample and ~40,000 hostile edits of them, hand-made
# counts, lengths and nested copies, and record-dense shapes decode (and write) within
# K x input + C bytes and 50 ms each; valid meshes scale linearly in bytes and time. The test
# binary replaces the global operator new/delete (support/alloc_counter.cpp) to count bytes.
f2g_test_objects(f2g_resource_measure SOURCES bounds/resource_measure.cpp bounds/resource_mutations.cpp
                 LIBS f2g_formats f2g_gltf f2g_io GTest::gtest)
f2g_test(resource_bounds_test PER_CASE SOURCES bounds/resource_bounds_test.cpp bounds/resource_builders.cpp
         LIBS f2g_formats f2g_gltf f2g_alloc_counter f2g_resource_measure)
# Bounded resources of import (issue 14, Done means 5): every sample's glb with its donor,
# hostile glTFs and hostile donors within K x (glb + donor) + C bytes and a multiple of the
# samples' time per byte.
f2g_test(import_bounds_test SOURCES bounds/import_bounds_test.cpp
         LIBS f2g_import f2g_gltf f2g_alloc_counter f2g_resource_measure)
