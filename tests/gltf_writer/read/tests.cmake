# The read room: write -> read round trips on the synthetic meshes, against the as-written oracle.
f2g_test(gltf_read_test SOURCES gltf_writer/read/gltf_read_test.cpp
         LIBS f2g_gltf f2g_gltf_synthetic f2g_as_written)
