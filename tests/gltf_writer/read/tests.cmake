# The read room: write -> read round trips on the synthetic meshes, against the as-written oracle.
f2g_test(gltf_read_test SOURCES gltf_writer/read/gltf_read_test.cpp
         LIBS f2g_gltf f2g_gltf_synthetic f2g_as_written)
# The general reader import uses, over every sample's outputs and hand-made glTFs.
f2g_test(scene_read_test SOURCES gltf_writer/read/scene_read_test.cpp LIBS f2g_gltf f2g_formats)
# Import's JSON parser against nlohmann's, on the samples' glTFs, edge cases and byte edits.
f2g_test(json_text_test SOURCES gltf_writer/read/json_text_test.cpp LIBS f2g_gltf f2g_formats)
