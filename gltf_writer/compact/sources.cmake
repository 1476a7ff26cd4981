# Compact outputs (compact.h): KHR_mesh_quantization and EXT_meshopt_compression as a
# post-pass over the writer's GLB, and expand_glb, their mirror, for verification.
add_library(f2g_gltf_compact STATIC
  gltf_writer/compact/compact.cpp
  gltf_writer/compact/compact_accessors.cpp
  gltf_writer/compact/compact_glb.cpp
  gltf_writer/compact/compact_meshopt.cpp
  gltf_writer/compact/compact_quantize.cpp)
target_link_libraries(f2g_gltf_compact PUBLIC f2g_gltf_write meshoptimizer::meshoptimizer)
