# What several tests share: synthetic IR meshes, the compact test meshes, and the as-written
# oracle (what the writer must have produced for an IR mesh, derived independently of it).
add_library(f2g_gltf_synthetic STATIC support/gltf_synthetic.cpp)
target_link_libraries(f2g_gltf_synthetic PUBLIC f2g_ir)

add_library(f2g_compact_meshes STATIC support/compact_meshes.cpp)
target_link_libraries(f2g_compact_meshes PUBLIC f2g_gltf GTest::gtest)

add_library(f2g_as_written STATIC support/as_written.cpp)
target_link_libraries(f2g_as_written PUBLIC f2g_gltf_write)
