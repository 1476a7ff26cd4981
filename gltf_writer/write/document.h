// The state of one write: the BIN buffer under construction, the glTF pieces made so far and
// the warnings. Each write_*.cpp fills one part; write.cpp runs them in order.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gltf_writer/write/bin_builder.h"
#include "ir/mesh.h"

namespace f2g::gltf {

struct Document {
  explicit Document(const ir::Mesh& m) : mesh(m) {}

  const ir::Mesh& mesh;
  BinBuilder bin;
  std::vector<ir::Diagnostic> warnings;

  Json attributes = Json::object();  // primitive.attributes shared by every primitive
  // Base values as written, by IR semantic, for the morph deltas (NORMAL normalised): the
  // IR's own values or ones kept by `bin`, so they live as long as the document.
  std::map<std::string, const std::vector<float>*> written_floats;
  std::map<std::string, std::string> written_name;  // IR semantic -> glTF semantic
  Json targets = Json::array();                     // primitive.targets, shared
  size_t unreachable = 0;
  int skin_ibm = -1;                   // inverseBindMatrices accessor when a skin is written
  bool skinned = false;                // the mesh node carries the skin (JOINTS_0 written)
  Json joint_nodes = Json::array();    // nodes 2.. in bone order
  std::vector<int32_t> joint_parents;  // per joint node: its parent joint, -1 under the root
  Json skin_extras;                    // skins[0].extras when the skin has any

  void warn(std::string code, std::string message, std::string path) {
    warnings.push_back({std::move(code), std::move(message), std::move(path), 0});
  }
};

// Vertex attributes in IR order (accessor i = IR attribute i).
std::optional<ir::Diagnostic> write_attributes(Document& doc);
// Morph target deltas (after write_attributes).
void write_targets(Document& doc);
// Inverse bind matrices, joint nodes and the skin.
void write_skin(Document& doc);
// Materials, and their texture images (after everything else in the BIN).
void write_materials(Document& doc, Json& gltf);

}  // namespace f2g::gltf
