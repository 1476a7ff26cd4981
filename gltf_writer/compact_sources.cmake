# Compact outputs (gltf_writer/compact.h): KHR_mesh_quantization and EXT_meshopt_compression
# as a post-pass over the writer's glb, and expand_glb, their mirror, for verification.
target_sources(f2g_gltf PRIVATE
  gltf_writer/compact.cpp
  gltf_writer/compact_accessors.cpp
  gltf_writer/compact_glb.cpp
  gltf_writer/compact_meshopt.cpp
  gltf_writer/compact_quantize.cpp)
target_link_libraries(f2g_gltf PUBLIC meshoptimizer::meshoptimizer)
