// Bone names through a glTF (docs/READING.md "Bone names"): convert names a joint after its
// resolved name and keeps the hash in extras; import matches a joint by that name, by the
// CRC-32 of whatever name it has, or not at all.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>

#include "converter/import/import.h"
#include "formats/common/names.h"
#include "formats/registry.h"
#include "gltf_writer/write/write.h"
#include "tests/support/files.h"
#include "tests/support/gltf_import.h"

namespace f2g::import {
namespace {

using Json = nlohmann::json;

using Gltf = test::GltfDoc;

// A character whose six bones are Hips, Knees, Spine, Chest, Neck and Head by hash (the
// sample generator's rr_samples.cpp); Knees and Chest are no HumanIK names.
std::vector<uint8_t> donor() {
  return test::read_bytes(std::string(F2G_SOURCE_DIR) + "/samples/rr/split12_character.mesh");
}

ir::Mesh decoded(const std::vector<uint8_t>& b) {
  Result<Decoded> d = decode(b.data(), b.size(), DecodeOptions{});
  EXPECT_TRUE(d.ok());
  return d ? d->mesh : ir::Mesh{};
}

Gltf converted() {
  std::optional<Gltf> g = test::gltf_doc(decoded(donor()));
  EXPECT_TRUE(g.has_value());
  return g ? *g : Gltf{};
}

ImportOutcome run(const Gltf& g) { return test::import_doc(g, donor()); }

// The node of skin joint i.
Json& joint(Gltf& g, size_t i) {
  return g.json["nodes"][g.json["skins"][0]["joints"][i].get<size_t>()];
}

// Weight per bone over the vertices the triangles use (import drops the donor's unused ones).
std::map<uint64_t, double> weight_per_bone(const ir::Mesh& m) {
  std::vector<bool> used(m.vertex_count, false);
  for (uint32_t v : m.indices) used[v] = true;
  std::map<uint64_t, double> out;
  for (int set = 0; set < 2; ++set) {
    const ir::Attribute* j = m.find("JOINTS_" + std::to_string(set));
    const ir::Attribute* w = m.find("WEIGHTS_" + std::to_string(set));
    if (!j || !w) continue;
    for (size_t i = 0; i < size_t(m.vertex_count) * j->width; ++i) {
      if (!used[i / j->width]) continue;
      const double weight = w->u8.empty() ? double(w->f32[i]) : double(w->u8[i]);
      const uint32_t bone = j->u8.empty() ? j->u16[i] : j->u8[i];
      out[bone] += weight;
    }
  }
  return out;
}

TEST(BoneNames, ConvertNamesResolvedJointsAndKeepsEveryHashInExtras) {
  Gltf g = converted();
  const char* want[] = {"Hips", nullptr, "Spine", nullptr, "Neck", "Head"};
  const char* stored[] = {"Hips", "Knees", "Spine", "Chest", "Neck", "Head"};
  for (size_t i = 0; i < 6; ++i) {
    const Json& node = joint(g, i);
    char hash[12];
    std::snprintf(hash, sizeof hash, "0x%08X", crc32(stored[i]));
    EXPECT_EQ(node["extras"]["name_hash"], hash) << i;
    const std::string unresolved = "bone_" + std::to_string(i) + "_" + hash;
    EXPECT_EQ(node["name"], want[i] ? std::string(want[i]) : unresolved) << i;
  }
}

TEST(BoneNames, AnUneditedGltfWithResolvedNamesComesBackByteIdentical) {
  const ImportOutcome out = run(converted());
  ASSERT_FALSE(out.error) << out.error->to_string();
  EXPECT_EQ(out.bytes, donor());
}

TEST(BoneNames, AJointNamedByItsOwnNameIsTheBoneOfThatHash) {
  Gltf g = converted();
  joint(g, 1)["name"] = "Knees";      // what a modder would type; no list knows it
  joint(g, 3)["name"] = "Chest.001";  // Blender's duplicate suffix is dropped first
  for (size_t i = 0; i < 6; ++i) joint(g, i).erase("extras");  // names decide, not extras
  const ImportOutcome out = run(g);
  ASSERT_FALSE(out.error) << out.error->to_string();
  EXPECT_EQ(out.bytes, donor());
}

TEST(BoneNames, SwappedNamesSwapTheBonesTheWeightsGoTo) {
  Gltf g = converted();
  joint(g, 0)["name"] = "Head";
  joint(g, 5)["name"] = "Hips";
  const ImportOutcome out = run(g);
  ASSERT_FALSE(out.error) << out.error->to_string();
  const std::map<uint64_t, double> before = weight_per_bone(decoded(donor()));
  const std::map<uint64_t, double> after = weight_per_bone(decoded(out.bytes));
  ASSERT_GT(before.at(0), 0);
  ASSERT_NE(before.at(0), before.at(5));
  EXPECT_EQ(after.at(0), before.at(5));
  EXPECT_EQ(after.at(5), before.at(0));
  EXPECT_EQ(after.at(2), before.at(2));
}

TEST(BoneNames, AWeightedJointNamedAfterNoDonorBoneIsRefused) {
  Gltf g = converted();
  joint(g, 5)["name"] = "LeftArm";  // a HumanIK name, but no bone of this donor has its hash
  const ImportOutcome out = run(g);
  ASSERT_TRUE(out.error);
  EXPECT_EQ(out.error->code, "IMPORT_UNKNOWN_JOINT");
  EXPECT_NE(out.error->message.find("LeftArm"), std::string::npos);
}

}  // namespace
}  // namespace f2g::import
