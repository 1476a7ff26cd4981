// The committed SWS samples: each decodes to its known shape without warnings, every
// relation the spec states holds on it, and the files equal a fresh generation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include "formats/sws/mesh_builder.h"
#include "formats/sws/sws.h"
#include "formats/sws/sws_checks.h"
#include "tests/support/sws_test_util.h"

namespace f2g::sws {
namespace {

struct Known {
  const char* name;
  uint32_t vertices, triangles, ranges_a, ranges_b, flags, stride, extra_streams, bones, submeshes,
      category;
  std::vector<uint32_t> materials;
  uint32_t first_position_bits[3];
};

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

const std::vector<Known>& known() {
  static const std::vector<Known> k = {
      {"static_materials",
       1155,
       1984,
       3,
       3,
       0x023,
       24,
       0,
       0,
       0,
       0,
       {0x0C4B9AE8, 0x7B4CAA7E, 0xE245FBC4},
       {bits(0.0f), bits(0.0f), bits(-1.25f)}},
      {"lit_two_uv",
       816,
       1472,
       2,
       1,
       0x07F,
       44,
       0,
       0,
       0,
       0,
       {0x8F5BDEF9, 0xF85CEE6F},
       {bits(-1.2f), bits(-2.0f), bits(0.0f)}},
      {"skinned_palettes",
       697,
       1184,
       3,
       1,
       0x1A3,
       32,
       0,
       9,
       0,
       3,
       {0x6CA0092D, 0x1BA739BB, 0x82AE6801},
       {bits(0.18f), bits(0.0f), bits(0.0f)}},
      {"morph_submeshes",
       205,
       272,
       2,
       2,
       0x033,
       28,
       2,
       0,
       2,
       7,
       {0x6BD47C1F, 0x1CD34C89},
       {bits(-1.5f), bits(-1.0f), 0x3DD70A3E}},  // 0.35 x 0.3 computed in float
      {"unknown_category",
       561,
       1024,
       1,
       1,
       0x033,
       28,
       0,
       0,
       0,
       0x00C0FFEE,
       {0x4E77F2F4},
       {bits(0.8f), bits(0.0f), bits(0.0f)}},
  };
  return k;
}

TEST(SwsSamples, TheGeneratorMakesExactlyTheKnownSamples) {
  std::vector<std::string> names;
  for (const Known& k : known()) names.push_back(k.name);
  EXPECT_EQ(test::sample_names(), names);
}

TEST(SwsSamples, EachDecodesToItsKnownShapeWithoutWarnings) {
  for (const Known& k : known()) {
    SCOPED_TRACE(k.name);
    const Mesh m = test::sample_mesh(k.name);
    const CompiledData& d = m.compiled;
    EXPECT_EQ(vertex_count(d), k.vertices);
    EXPECT_EQ(d.indices.size(), 3u * k.triangles);
    EXPECT_EQ(d.range_count_a, k.ranges_a);
    EXPECT_EQ(d.range_count_b, k.ranges_b);
    EXPECT_EQ(d.flags, k.flags);
    EXPECT_EQ(d.stride, k.stride);
    EXPECT_EQ(d.extra_streams, k.extra_streams);
    EXPECT_EQ(m.bones.size(), k.bones);
    EXPECT_EQ(m.submeshes.size(), k.submeshes);
    EXPECT_EQ(m.category, k.category);
    EXPECT_EQ(m.material_ids, k.materials);

    Result<Decoded> r = test::decode_copy(test::sample_bytes(k.name));
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    const ir::Mesh& ir = r->mesh;
    EXPECT_TRUE(ir.warnings.empty()) << ir.warnings.front().to_string();
    EXPECT_EQ(ir.vertex_count, k.vertices);
    EXPECT_EQ(ir.indices.size(), 3u * k.triangles);
    EXPECT_EQ(ir.primitives.size(), k.ranges_a);
    EXPECT_EQ(ir.materials.size(), k.materials.size());
    EXPECT_EQ(ir.morph_targets.size(), k.extra_streams);
    EXPECT_EQ(ir.skin.has_value(), k.bones > 0);
    const ir::Attribute* pos = ir.find("POSITION");
    ASSERT_NE(pos, nullptr);
    for (int c = 0; c < 3; ++c) EXPECT_EQ(bits(pos->f32[c]), k.first_position_bits[c]) << c;
  }
}

TEST(SwsSamples, CommittedFilesEqualAFreshGeneration) {
  for (const std::string& name : test::sample_names()) {
    const std::string path = std::string(F2G_SOURCE_DIR) + "/samples/sws/" + name + ".mesh";
    std::ifstream f(path, std::ios::binary);
    ASSERT_TRUE(f.good()) << path;
    const std::vector<uint8_t> committed((std::istreambuf_iterator<char>(f)), {});
    EXPECT_EQ(committed, test::sample_bytes(name)) << path << " differs: run forge2gltf-samples";
  }
}

TEST(SwsSamples, SizesAndVertexCountsStayModest) {
  for (const std::string& name : test::sample_names()) {
    EXPECT_LT(test::sample_bytes(name).size(), 200u * 1024) << name;
    const uint32_t n = vertex_count(test::sample_mesh(name).compiled);
    EXPECT_GE(n, 100u) << name;
    EXPECT_LE(n, 5000u) << name;
  }
}

TEST(SwsSamples, TrianglesAreWoundCounterClockwiseAboutTheirNormals) {
  for (const std::string& name : test::sample_names()) {
    Result<Decoded> r = test::decode_copy(test::sample_bytes(name));
    ASSERT_TRUE(r.ok());
    const ir::Mesh& m = r->mesh;
    const ir::Attribute& p = *m.find("POSITION");
    const ir::Attribute& n = *m.find("NORMAL");
    size_t agree = 0;
    for (size_t t = 0; t < m.indices.size(); t += 3) {
      const float* a = &p.f32[3 * m.indices[t]];
      const float* b = &p.f32[3 * m.indices[t + 1]];
      const float* c = &p.f32[3 * m.indices[t + 2]];
      const double u[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
      const double v[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
      const double g[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                           u[0] * v[1] - u[1] * v[0]};
      double s = 0;
      for (int k = 0; k < 3; ++k)
        for (uint32_t i : {m.indices[t], m.indices[t + 1], m.indices[t + 2]})
          s += g[k] * n.f32[3 * i + k];
      agree += s > 0;
    }
    EXPECT_EQ(agree, m.indices.size() / 3) << name;
  }
}

TEST(SwsSamples, SkinnedPalettesMapSlotsToDifferentBonesPerRange) {
  const Mesh m = test::sample_mesh("skinned_palettes");
  const auto& p = m.compiled.palettes;
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0].bones, (std::vector<uint8_t>{4, 3, 2, 1, 0}));
  EXPECT_EQ(p[1].bones, (std::vector<uint8_t>{7, 6, 5, 4, 3, 2, 1}));
  EXPECT_EQ(p[2].bones, (std::vector<uint8_t>{8, 7, 6, 5, 4}));
  EXPECT_LT(m.compiled.range_count_b, m.compiled.range_count_a);
}

TEST(SwsSamples, SkinnedWeightsAreOneToFourSummingTo255) {
  Result<Decoded> r = test::decode_copy(test::sample_bytes("skinned_palettes"));
  ASSERT_TRUE(r.ok());
  const ir::Attribute& w = *r->mesh.find("WEIGHTS_0");
  std::set<int> influence_counts;
  for (size_t v = 0; v < w.vertex_count(); ++v) {
    int sum = 0, used = 0;
    for (int k = 0; k < 4; ++k) {
      sum += w.u8[4 * v + k];
      used += w.u8[4 * v + k] != 0;
    }
    ASSERT_EQ(sum, 255) << v;
    ASSERT_GE(used, 1);
    influence_counts.insert(used);
  }
  EXPECT_GT(influence_counts.size(), 1u);  // smooth: varying numbers of influences
}

TEST(SwsSamples, SkinnedBonesAreRigidInverseBindsOnTheTubesSpine) {
  Result<Decoded> r = test::decode_copy(test::sample_bytes("skinned_palettes"));
  ASSERT_TRUE(r.ok());
  const ir::Mesh& m = r->mesh;
  ASSERT_TRUE(m.skin.has_value());
  std::vector<std::array<double, 3>> origin;
  for (const ir::Bone& b : m.skin->bones) {
    const auto& a = b.inverse_bind;  // column-major
    for (int i = 0; i < 3; ++i) {
      EXPECT_EQ(a[size_t(4 * i + 3)], 0.0f);
      for (int j = 0; j < 3; ++j) {
        double dotp = 0;
        for (int k = 0; k < 3; ++k) dotp += double(a[size_t(4 * i + k)]) * a[size_t(4 * j + k)];
        EXPECT_NEAR(dotp, i == j ? 1.0 : 0.0, 1e-6);
      }
    }
    EXPECT_EQ(a[15], 1.0f);
    // The bone's world origin: -R^T t of the inverse [R | t].
    std::array<double, 3> o{};
    for (int k = 0; k < 3; ++k)
      for (int i = 0; i < 3; ++i) o[size_t(k)] -= double(a[size_t(4 * k + i)]) * a[size_t(12 + i)];
    // The spine is a quarter arc of radius 2 about (2, 0, 0) in the XZ plane.
    EXPECT_NEAR(std::hypot(o[0] - 2.0, o[2]), 2.0, 1e-4);
    EXPECT_NEAR(o[1], 0.0, 1e-6);
    origin.push_back(o);
  }
  // Each vertex's heaviest bone lies within a bone spacing of it: weights follow the bones.
  const ir::Attribute& p = *m.find("POSITION");
  const ir::Attribute& j = *m.find("JOINTS_0");
  const ir::Attribute& w = *m.find("WEIGHTS_0");
  for (size_t v = 0; v < p.vertex_count(); ++v) {
    int best = 0;
    for (int k = 1; k < 4; ++k)
      if (w.u8[4 * v + k] > w.u8[4 * v + best]) best = k;
    const auto& o = origin[j.u8[4 * v + best]];
    const double dist =
        std::hypot(p.f32[3 * v] - o[0], p.f32[3 * v + 1] - o[1], p.f32[3 * v + 2] - o[2]);
    ASSERT_LT(dist, 0.45) << "vertex " << v;
  }
}

// Records every check outcome.
struct Recorder : DecodeObserver {
  std::map<std::string, std::pair<int, int>> outcomes;  // name -> (held, broken)
  std::map<std::string, int> fields;
  void on_check(const CheckDef& def, bool held, const ir::Diagnostic&) override {
    (held ? outcomes[def.name].first : outcomes[def.name].second)++;
  }
  void on_field(const char* name, double) override { fields[name]++; }
};

TEST(SwsSamples, MorphSubMeshesSatisfyEverySubMeshRelation) {
  const Mesh m = test::sample_mesh("morph_submeshes");
  ASSERT_EQ(m.submeshes.size(), 2u);
  const SubMesh& top = m.submeshes[0].submesh;
  const SubMesh& skirt = m.submeshes[1].submesh;
  EXPECT_EQ(top.morph_channels.size(), 2u);
  EXPECT_EQ(skirt.morph_channels.size(), 1u);
  EXPECT_EQ(top.uv_channels.size(), 2u);
  EXPECT_EQ(skirt.uv_channels.size(), 1u);
  EXPECT_EQ(top.colours.size(), top.positions.size());
  EXPECT_TRUE(skirt.colours.empty());
  for (const SubMesh* s : {&top, &skirt}) {
    ASSERT_EQ(s->copy.size(), 1u);
    EXPECT_EQ(s->copy[0].tangents.size(), s->positions.size());
    EXPECT_EQ(s->copy[0].binormals.size(), s->positions.size());
  }

  Recorder rec;
  DecodeOptions o;
  o.observer = &rec;
  Result<Decoded> r = test::decode_copy(test::sample_bytes("morph_submeshes"), o);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  for (const CheckDef* def : checks()) {
    const std::string name = def->name;
    if (name.find("submesh") == std::string::npos && name.find("morph") == std::string::npos &&
        name.find("uv_channel") == std::string::npos)
      continue;
    EXPECT_GT(rec.outcomes[name].first, 0) << name << " never evaluated";
    EXPECT_EQ(rec.outcomes[name].second, 0) << name << " broken";
  }
  EXPECT_EQ(rec.fields["sws.category"], 1);
  EXPECT_EQ(rec.fields["sws.submesh_face_byte"], 2 * 272);  // originals and copies
}

TEST(SwsSamples, EveryCheckHoldsOnEverySample) {
  for (const std::string& name : test::sample_names()) {
    Recorder rec;
    DecodeOptions o;
    o.observer = &rec;
    ASSERT_TRUE(test::decode_copy(test::sample_bytes(name), o).ok()) << name;
    for (const auto& [check, counts] : rec.outcomes)
      EXPECT_EQ(counts.second, 0) << name << ": " << check;
  }
}

}  // namespace
}  // namespace f2g::sws
