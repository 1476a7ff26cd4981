# The glTF rooms: write (IR -> glTF 2.0), read (glTF -> IR, for verification) and compact
# (--quantize / --compress over a written GLB). f2g_gltf is all three.
include(gltf_writer/write/sources.cmake)
include(gltf_writer/read/sources.cmake)
include(gltf_writer/compact/sources.cmake)
add_library(f2g_gltf INTERFACE)
target_link_libraries(f2g_gltf INTERFACE f2g_gltf_write f2g_gltf_read f2g_gltf_compact)
