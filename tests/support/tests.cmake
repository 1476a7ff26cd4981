# What several tests share: synthetic IR meshes, the compact test meshes, and the as-written
# oracle (what the writer must have produced for an IR mesh, derived independently of it).
add_library(f2g_gltf_synthetic STATIC support/gltf_synthetic.cpp)
target_link_libraries(f2g_gltf_synthetic PUBLIC f2g_ir)

add_library(f2g_compact_meshes STATIC support/compact_meshes.cpp)
target_link_libraries(f2g_compact_meshes PUBLIC f2g_gltf GTest::gtest)

add_library(f2g_as_written STATIC support/as_written.cpp)
target_link_libraries(f2g_as_written PUBLIC f2g_gltf_write)

# Linked by several executables each, compiled once: the counting operator new/delete (a
# binary that links it counts every allocation), the census and scan fixtures, and the SWS
# tests' helpers with the SWS sample generator (the SWS tests need no other game).
f2g_test_objects(f2g_alloc_counter SOURCES support/alloc_counter.cpp)
f2g_test_objects(f2g_census_fixtures SOURCES support/census_fixtures.cpp LIBS f2g_converter)
f2g_test_objects(f2g_sws_test_common
                 SOURCES support/sws_test_util.cpp ${PROJECT_SOURCE_DIR}/samples/generator/sws_samples.cpp
                 LIBS f2g_sws GTest::gtest)
