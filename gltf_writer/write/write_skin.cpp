// The skin: joint node i = bone i, under its parent bone's node when skeleton pairing gave it
// one (rest pose IBM_parent x inverse(IBM)), else directly under the root node (rest pose
// inverse(IBM)); inverseBindMatrices from the bones (docs/ARCHITECTURE.md "Output conventions",
// skin).
#include <cstdlib>
#include <cstring>
#include <string>

#include "gltf_writer/write/document.h"
#include "gltf_writer/write/extras.h"
#include "gltf_writer/write/extras_keys.h"
#include "gltf_writer/write/joint_transform.h"

namespace f2g::gltf {
namespace {

// A hex string ("0x1A") or unsigned number from extras.
std::optional<uint64_t> number_of(const Json& v) {
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (v.is_number_integer())
    return v.get<int64_t>() >= 0 ? std::optional<uint64_t>(v.get<int64_t>()) : std::nullopt;
  if (!v.is_string()) return std::nullopt;
  const std::string s = v.get<std::string>();
  char* end = nullptr;
  const unsigned long long x = std::strtoull(s.c_str(), &end, 16);
  if (s.empty() || *end) return std::nullopt;
  return x;
}

// Each bone's parent as written: -1 (a root) where the IR's is out of range or on a cycle, said
// in a warning (pairing never makes either; a hand-built IR may).
std::vector<int32_t> checked_parents(const std::vector<ir::Bone>& bones, Document& doc) {
  const size_t n = bones.size();
  std::vector<int32_t> parent(n, -1);
  for (size_t i = 0; i < n; ++i) {
    const int32_t p = bones[i].parent;
    if (p < 0) continue;
    if (size_t(p) >= n || size_t(p) == i) {
      doc.warn(
          "GLTF_JOINT_PARENT",
          "parent " + std::to_string(p) + " is not another bone of the skin; the joint is a root",
          "mesh/skin/bones[" + std::to_string(i) + "].parent");
      continue;
    }
    parent[i] = p;
  }
  for (size_t i = 0; i < n; ++i) {  // a walk up longer than n bones is a cycle
    size_t steps = 0;
    for (int32_t k = parent[i]; k >= 0 && steps <= n; k = parent[size_t(k)]) ++steps;
    if (steps > n) {
      doc.warn("GLTF_JOINT_PARENT", "the parents form a cycle; the joint is a root",
               "mesh/skin/bones[" + std::to_string(i) + "].parent");
      parent[i] = -1;
    }
  }
  return parent;
}

Json joint_node(const ir::Bone& bone, size_t i, const std::array<float, 16>& written,
                const std::array<float, 16>* parent_written, Document& doc) {
  const std::string path = "mesh/skin/bones[" + std::to_string(i) + "]";
  Json node = {{"name", bone.name.empty() ? "bone_" + std::to_string(i) : bone.name}};

  Json extras = extras_object(bone.extras, doc, path + ".extras");
  // Bone::id and name_hash come back from the IR's "id"/"name_hash"; when those are absent or
  // differ, from keys the writer adds (read.cpp takes them out again).
  const auto id = extras.contains(keys::kBoneId) ? number_of(extras[keys::kBoneId]) : std::nullopt;
  if (id != bone.id)
    set_key(extras, keys::kBoneIdStored, hex_string(bone.id, 16), doc, path + ".extras");
  const auto hash =
      extras.contains(keys::kBoneNameHash) ? number_of(extras[keys::kBoneNameHash]) : std::nullopt;
  if (hash != uint64_t(bone.name_hash))
    set_key(extras, keys::kBoneNameHashStored, hex_string(bone.name_hash, 8), doc,
            path + ".extras");
  if (std::memcmp(written.data(), bone.inverse_bind.data(), sizeof written) != 0) {
    set_key(extras, keys::kInverseBindStored,
            Json(std::vector<double>(bone.inverse_bind.begin(), bone.inverse_bind.end())), doc,
            path + ".extras");
    doc.warn("GLTF_IBM_NOT_AFFINE",
             "inverse bind matrix last row is not (0, 0, 0, 1) as glTF requires; the accessor "
             "holds it fixed, extras." +
                 std::string(keys::kInverseBindStored) + " the stored one",
             path + ".inverse_bind");
  }
  node["extras"] = std::move(extras);

  const JointTransform t = parent_written ? joint_under_parent(*parent_written, written)
                                          : joint_from_inverse_bind(written);
  if (!t.invertible) {
    doc.warn("GLTF_IBM_NOT_INVERTIBLE",
             "inverse bind matrix has no inverse; the joint node rests at identity", path);
    return node;
  }
  if (!t.exact_trs)
    doc.warn("GLTF_JOINT_NOT_TRS",
             "inverse(inverse bind) has shear (relative error " + std::to_string(t.error) +
                 " as TRS); the joint rests at the nearest rotation x scale",
             path);
  if (t.translation != std::array<double, 3>{0, 0, 0}) node["translation"] = t.translation;
  if (t.rotation != std::array<double, 4>{0, 0, 0, 1}) node["rotation"] = t.rotation;
  if (t.scale != std::array<double, 3>{1, 1, 1}) node["scale"] = t.scale;
  return node;
}

}  // namespace

void write_skin(Document& doc) {
  const ir::Mesh& m = doc.mesh;
  if (!m.skin || m.skin->bones.empty()) return;
  const auto& bones = m.skin->bones;
  std::vector<std::array<float, 16>> written(bones.size());
  std::vector<float> ibm;
  ibm.reserve(bones.size() * 16);
  for (size_t i = 0; i < bones.size(); ++i) {
    written[i] = bones[i].inverse_bind;
    for (int e : {3, 7, 11})  // validator ACCESSOR_INVALID_IBM: last row (0, 0, 0, 1); -0 passes
      if (written[i][e] != 0.0f) written[i][e] = 0.0f;
    written[i][15] = 1.0f;
    ibm.insert(ibm.end(), written[i].begin(), written[i].end());
  }
  doc.joint_parents = checked_parents(bones, doc);
  for (size_t i = 0; i < bones.size(); ++i) {
    const int32_t p = doc.joint_parents[i];
    doc.joint_nodes.push_back(
        joint_node(bones[i], i, written[i], p >= 0 ? &written[size_t(p)] : nullptr, doc));
  }
  if (!m.skin->extras.empty())
    doc.skin_extras = extras_object(m.skin->extras, doc, "mesh/skin.extras");
  const int view =
      doc.bin.add_view(doc.bin.keep(std::move(ibm)).data(), bones.size(), 16, kFloat, kNoTarget);
  doc.skin_ibm = doc.bin.add_accessor(view, 0, bones.size(), 16, kFloat, false);
  doc.skinned = m.find("JOINTS_0") != nullptr;
}

}  // namespace f2g::gltf
