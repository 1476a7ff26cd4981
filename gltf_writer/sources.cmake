# The glTF room: IR -> glTF 2.0 (write.h) and glTF -> IR for verification (read.h).
add_library(f2g_gltf STATIC
  gltf_writer/as_written.cpp
  gltf_writer/bin_builder.cpp
  gltf_writer/extras.cpp
  gltf_writer/glb.cpp
  gltf_writer/input_checks.cpp
  gltf_writer/joint_transform.cpp
  gltf_writer/json_text.cpp
  gltf_writer/morph_delta.cpp
  gltf_writer/read.cpp
  gltf_writer/semantics.cpp
  gltf_writer/skin_weights.cpp
  gltf_writer/unit_vectors.cpp
  gltf_writer/write.cpp
  gltf_writer/write_attributes.cpp
  gltf_writer/write_skin.cpp
  gltf_writer/write_targets.cpp)
target_link_libraries(f2g_gltf PUBLIC f2g_ir TinyGLTF::TinyGLTF Eigen3::Eigen)
include(gltf_writer/compact_sources.cmake)
