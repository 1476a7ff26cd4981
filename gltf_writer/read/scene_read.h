// Any triangle-list glTF 2.0 -> one IR mesh in the games' Z-up frame, for `import`: the
// general reader beside read.h's strict one (which only reads what gltf::write writes).
// Whatever tool wrote the file (forge2gltf, Blender, another exporter): .glb or .gltf with its
// buffers, interleaved and sparse accessors, normalized integer attributes,
// KHR_mesh_quantization and EXT_meshopt_compression (in a .glb), every mesh node of the scene
// baked with its world transform (a mirroring one flips the winding; a skinned mesh in its
// bind pose: joint world x inverse bind), then glTF's Y-up turned back to Z-up exactly when the
// whole transform is a signed permutation (the convert root node's rotation is one).
// It knows no donor: materials, joints and targets come back as the file names them.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "gltf_writer/read/read_uri.h"
#include "ir/mesh.h"
#include "ir/result.h"

namespace f2g::gltf {

struct SceneMaterial {
  std::string name;  // the glTF material's name ("" when unnamed)
  ir::Json extras = ir::Json::object();
};

struct SceneJoint {
  std::string name;  // the joint node's name ("" when unnamed)
  ir::Json extras = ir::Json::object();
  int node = -1;
  std::array<double, 3> position{0, 0, 0};  // its world position, Z-up
};

struct Scene {
  // POSITION F32x3, NORMAL F32x3, TANGENT F32x4, TEXCOORD_n F32x2, COLOR_n F32x4, JOINTS_n
  // U16x4 (indices into `joints`), WEIGHTS_n F32x4: only the semantics every drawn primitive
  // has (the others are named in `dropped`). primitives[i].material indexes `materials`
  // (kNoMaterial: the primitive had none); first_vertex 0, vertex_count all.
  ir::Mesh mesh;
  std::vector<SceneMaterial> materials;
  std::vector<SceneJoint> joints;
  std::vector<std::string> target_names;      // mesh.extras.targetNames, else "target_<k>"
  ir::Json mesh_extras = ir::Json::object();  // the first drawn mesh's extras
  std::vector<std::string> dropped;           // attributes some primitive lacked
  uint32_t mirrored_primitives = 0;           // drawn by a node that mirrors: winding flipped
  uint32_t mesh_nodes = 0;
  bool exact_frame = true;  // every transform was a signed permutation (values kept bit for bit)
  std::vector<std::string> extensions;  // extensionsUsed
  std::string generator;                // asset.generator ("" when absent)
  // How far values may sit from what the file's writer was given, per component, when the
  // file was quantised (KHR_mesh_quantization as convert --quantize writes it, compact.h's
  // tolerances): 0 for a plain file. import widens its vertex matching by these.
  double position_error = 0, normal_error = 0, texcoord_error = 0;
};

inline constexpr uint32_t kNoMaterial = 0xFFFFFFFF;

// Errors (path: a JSON pointer into the glTF, e.g. "/meshes/0/primitives/1/indices"):
// IMPORT_GLTF_INVALID (not loadable glTF), IMPORT_GLTF_EXTENSION (a required extension this
// reader cannot decode: Draco ...), IMPORT_GLTF_ACCESSOR (an accessor, view or sparse part
// past its data), IMPORT_GLTF_PRIMITIVE (not TRIANGLES, indices out of range, attributes of
// different counts), IMPORT_GLTF_VALUE (NaN or infinite POSITION / NORMAL / weights),
// IMPORT_GLTF_EMPTY (nothing drawn), IMPORT_GLTF_TARGETS (meshes with different targets),
// IMPORT_GLTF_TOO_LARGE (more than kMaxSceneVertices vertices; nodes instancing a mesh to
// more vertices than a quarter of the buffers' bytes).
inline constexpr uint64_t kMaxSceneVertices = 1u << 24;

ir::Result<Scene> read_scene_glb(const uint8_t* data, size_t size);
// A .gltf's JSON; `read_uri` (gltf_writer/read/read_uri.h) gives the bytes of its external buffers.
ir::Result<Scene> read_scene_gltf(const std::string& json, const ReadUri& read_uri);

}  // namespace f2g::gltf
