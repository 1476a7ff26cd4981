// read_glb(write(m)) reproduces m: every IR field the writer stores comes back, with the
// writer's documented reshaping (unit NORMAL/TANGENT, clean skin weights, morph values as
// float32(base + delta)) applied to the expectation by as_written (as_written.h).
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "gltf_writer/read/read.h"
#include "gltf_writer/write/write.h"
#include "tests/support/as_written.h"
#include "tests/support/gltf_synthetic.h"

namespace f2g::gltf {
namespace {

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * 4) == 0);
}

void expect_same(const ir::Attribute& want, const ir::Attribute& got) {
  SCOPED_TRACE(want.semantic);
  EXPECT_EQ(got.semantic, want.semantic);
  EXPECT_EQ(got.type, want.type);
  EXPECT_EQ(got.width, want.width);
  EXPECT_EQ(got.normalized, want.normalized);
  EXPECT_TRUE(same_bits(got.f32, want.f32));
  EXPECT_EQ(got.u8, want.u8);
  EXPECT_EQ(got.u16, want.u16);
}

void expect_same(const ir::Mesh& want, const ir::Mesh& got) {
  EXPECT_EQ(got.name, want.name);
  EXPECT_EQ(got.source.format, want.source.format);
  EXPECT_EQ(got.source.layout, want.source.layout);
  EXPECT_EQ(got.source.object_id, want.source.object_id);
  EXPECT_EQ(got.vertex_count, want.vertex_count);
  EXPECT_EQ(got.index_size, want.index_size);
  EXPECT_EQ(got.z_up, want.z_up);
  EXPECT_EQ(got.extras, want.extras);
  ASSERT_EQ(got.attributes.size(), want.attributes.size());
  for (size_t i = 0; i < want.attributes.size(); ++i)
    expect_same(want.attributes[i], got.attributes[i]);
  EXPECT_EQ(got.indices, want.indices);
  ASSERT_EQ(got.primitives.size(), want.primitives.size());
  for (size_t p = 0; p < want.primitives.size(); ++p) {
    SCOPED_TRACE("primitive " + std::to_string(p));
    const ir::Primitive &a = want.primitives[p], &b = got.primitives[p];
    EXPECT_EQ(b.material, a.material);
    EXPECT_EQ(b.first_index, a.first_index);
    EXPECT_EQ(b.index_count, a.index_count);
    EXPECT_EQ(b.first_vertex, a.first_vertex);
    EXPECT_EQ(b.vertex_count, a.vertex_count);
    EXPECT_EQ(b.extras, a.extras);
  }
  ASSERT_EQ(got.morph_targets.size(), want.morph_targets.size());
  for (size_t k = 0; k < want.morph_targets.size(); ++k) {
    SCOPED_TRACE("target " + std::to_string(k));
    const ir::MorphTarget &a = want.morph_targets[k], &b = got.morph_targets[k];
    EXPECT_EQ(b.name, a.name);
    EXPECT_TRUE(same_bits(b.positions, a.positions));
    EXPECT_TRUE(same_bits(b.normals, a.normals));
    EXPECT_EQ(b.extras, a.extras);
    ASSERT_EQ(b.others.size(), a.others.size());
    for (size_t i = 0; i < a.others.size(); ++i) expect_same(a.others[i], b.others[i]);
  }
  ASSERT_EQ(got.skin.has_value(), want.skin.has_value());
  if (want.skin) {
    ASSERT_EQ(got.skin->bones.size(), want.skin->bones.size());
    for (size_t i = 0; i < want.skin->bones.size(); ++i) {
      SCOPED_TRACE("bone " + std::to_string(i));
      const ir::Bone &a = want.skin->bones[i], &b = got.skin->bones[i];
      EXPECT_EQ(b.name, a.name);
      EXPECT_EQ(b.id, a.id);
      EXPECT_EQ(b.name_hash, a.name_hash);
      EXPECT_EQ(0, std::memcmp(b.inverse_bind.data(), a.inverse_bind.data(), 64));
      EXPECT_EQ(b.extras, a.extras);
    }
  }
  ASSERT_EQ(got.materials.size(), want.materials.size());
  for (size_t i = 0; i < want.materials.size(); ++i) {
    EXPECT_EQ(got.materials[i].name, want.materials[i].name);
    EXPECT_EQ(got.materials[i].extras, want.materials[i].extras);
  }
}

ir::Mesh round_trip(const ir::Mesh& m) {
  const auto w = write(m);
  EXPECT_TRUE(w.ok()) << (w.ok() ? "" : w.error().to_string());
  const auto r = read_glb(w->glb.data(), w->glb.size());
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
  return r.ok() ? *r : ir::Mesh{};
}

TEST(GltfRead, StaticMultiRoundTrips) {
  const ir::Mesh m = test::static_multi();
  expect_same(as_written(m), round_trip(m));
}

TEST(GltfRead, SkinnedRoundTripsWithCleanWeights) {
  const ir::Mesh m = test::skinned8();
  const ir::Mesh got = round_trip(m);
  expect_same(as_written(m), got);
  EXPECT_EQ(got.skin->bones[5].id, 0x105u);
}

TEST(GltfRead, MorphTargetsComeBackAbsoluteAndExact) {
  const ir::Mesh m = test::morph2();
  const ir::Mesh got = round_trip(m);
  expect_same(as_written(m), got);
  // the reachable values are the stored ones, bit for bit
  size_t differ = 0;
  for (size_t k = 0; k < 2; ++k)
    for (size_t i = 0; i < m.morph_targets[k].positions.size(); ++i)
      differ += got.morph_targets[k].positions[i] != m.morph_targets[k].positions[i];
  EXPECT_EQ(differ, 1u);  // the one unreachable value
  EXPECT_EQ(got.morph_targets[1].others[1].u8, m.morph_targets[1].others[1].u8);
  EXPECT_TRUE(same_bits(got.morph_targets[0].others[0].f32, m.morph_targets[0].others[0].f32));
}

TEST(GltfRead, U32IndicesRoundTrip) {
  const ir::Mesh m = test::big_u32();
  expect_same(as_written(m), round_trip(m));
}

TEST(GltfRead, EdgeCasesRoundTrip) {
  // renamed attributes, an empty primitive, trailing indices, an unused stored index,
  // no materials, not Z-up, u16 joints, a non-affine inverse bind kept in extras
  const ir::Mesh m = test::edge_cases();
  expect_same(as_written(m), round_trip(m));
}

TEST(GltfRead, BonesWithoutJointsKeepTheirSkin) {
  const ir::Mesh m = test::bones_without_joints();
  const ir::Mesh got = round_trip(m);
  expect_same(as_written(m), got);
  ASSERT_TRUE(got.skin.has_value());
  EXPECT_EQ(got.skin->bones[1].id, 0x78u);  // extras said 0x77: the writer's boneId wins
}

TEST(GltfRead, AsWrittenDropsWhatGltfCannotMorphAndWrapsOddExtras) {
  ir::Mesh m = test::morph2();
  m.find("TEXCOORD_0")->semantic = "TEXCOORD_1";  // written as _TEXCOORD_1: no morph form
  for (auto& t : m.morph_targets) t.others[0].semantic = "TEXCOORD_1";
  m.primitives[0].extras = ir::Json::array({1, 2});
  m.extras = nullptr;
  const ir::Mesh want = as_written(m);
  ASSERT_EQ(want.morph_targets[0].others.size(), 1u);
  EXPECT_EQ(want.morph_targets[0].others[0].semantic, "COLOR_0");
  EXPECT_EQ(want.primitives[0].extras, (ir::Json{{"value", {1, 2}}}));
  const auto w = write(m);
  ASSERT_TRUE(w.ok());
  bool dropped = false;
  for (const auto& d : w->warnings) dropped |= d.code == "GLTF_MORPH_ATTRIBUTE_DROPPED";
  EXPECT_TRUE(dropped);
  const auto r = read_glb(w->glb.data(), w->glb.size());
  ASSERT_TRUE(r.ok());
  expect_same(want, *r);
}

TEST(GltfRead, GltfWithExternalBinRoundTrips) {
  const ir::Mesh m = test::skinned8();
  WriteOptions o;
  o.binary = false;
  o.bin_uri = "skinned 8.bin";
  const auto w = write(m, o);
  ASSERT_TRUE(w.ok());
  const auto r = read_gltf(w->json, w->bin);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  expect_same(as_written(m), *r);
}

TEST(GltfRead, EveryPrefixOfAGlbFailsCleanly) {
  const auto w = write(test::skinned8());
  ASSERT_TRUE(w.ok());
  for (size_t n = 0; n < w->glb.size(); n += (n < 64 ? 1 : 7)) {
    std::vector<uint8_t> prefix(w->glb.begin(), w->glb.begin() + n);  // own allocation for ASan
    const auto r = read_glb(prefix.data(), prefix.size());
    ASSERT_FALSE(r.ok()) << n;
    EXPECT_EQ(r.error().code.rfind("GLTF_READ_", 0), 0u);
  }
}

TEST(GltfRead, CorruptedBytesNeverCrash) {
  const auto w = write(test::morph2());
  ASSERT_TRUE(w.ok());
  std::mt19937 rng(5);
  int failures = 0;
  for (int i = 0; i < 300; ++i) {
    std::vector<uint8_t> bad = w->glb;
    for (int k = 0; k < 4; ++k) bad[rng() % bad.size()] = uint8_t(rng());
    const auto r = read_glb(bad.data(), bad.size());
    failures += !r.ok();
  }
  EXPECT_GT(failures, 0);
}

TEST(GltfRead, AccessorPastItsBufferIsOutOfBounds) {
  WriteOptions o;
  o.binary = false;
  o.bin_uri = "x.bin";
  const auto w = write(test::static_multi(), o);
  ASSERT_TRUE(w.ok());
  auto j = nlohmann::json::parse(w->json);
  j["accessors"][0]["count"] = 1000000;
  const auto r = read_gltf(j.dump(), w->bin);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "GLTF_READ_OUT_OF_BOUNDS");
}

}  // namespace
}  // namespace f2g::gltf
