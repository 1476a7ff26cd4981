# IR -> glTF 2.0, its own JSON text and GLB framing: attributes, skin, morph deltas, BIN packing.
add_library(f2g_gltf_write STATIC
  gltf_writer/write/bin_builder.cpp
  gltf_writer/write/extras.cpp
  gltf_writer/write/glb.cpp
  gltf_writer/write/input_checks.cpp
  gltf_writer/write/joint_transform.cpp
  gltf_writer/write/json_text.cpp
  gltf_writer/write/morph_delta.cpp
  gltf_writer/write/semantics.cpp
  gltf_writer/write/skin_weights.cpp
  gltf_writer/write/unit_vectors.cpp
  gltf_writer/write/write.cpp
  gltf_writer/write/write_attributes.cpp
  gltf_writer/write/write_skin.cpp
  gltf_writer/write/write_targets.cpp
  gltf_writer/write/write_materials.cpp)
target_link_libraries(f2g_gltf_write PUBLIC f2g_ir TinyGLTF::TinyGLTF Eigen3::Eigen)
