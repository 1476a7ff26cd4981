// Done means 3 of `import`, through glTF: edits a glTF tool makes (node transforms, mirrors,
// other accessor types, sparse targets, a new material), each imported with import_mesh and
// decoded strictly, asserting the geometry that comes back. Another sample as donor (Done
// means 2) is import_cross_donor_test.cpp.
// The format rooms' own rebuild tests hold the edits that change topology (ranges split,
// palettes split, materials dropped, influences capped).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>
#include <set>

#include "converter/import/import.h"
#include "formats/registry.h"
#include "gltf_writer/write/write.h"
#include "tests/support/files.h"
#include "tests/support/gltf_import.h"
#include "tests/support/sample_files.h"

namespace f2g::import {
namespace {

using Json = nlohmann::json;

using Gltf = test::GltfDoc;

std::vector<uint8_t> sample(const std::string& name) {
  return test::read_bytes(std::string(F2G_SOURCE_DIR) + "/samples/" + name + ".mesh");
}

ir::Mesh decoded(const std::vector<uint8_t>& b) {
  Result<Decoded> d = decode(b.data(), b.size(), DecodeOptions{});
  EXPECT_TRUE(d.ok());
  return d ? d->mesh : ir::Mesh{};
}

Gltf gltf_of(const std::string& name) {
  std::optional<Gltf> g = test::gltf_doc(decoded(sample(name)));
  EXPECT_TRUE(g.has_value());
  return g ? *g : Gltf{};
}

ImportOutcome run(const Gltf& g, const std::vector<uint8_t>& donor, ImportOptions options = {}) {
  return test::import_doc(g, donor, options);
}

// Appends `bytes` to the BIN as a new buffer view; returns its index.
template <class T>
int add_view(Gltf& g, const std::vector<T>& values) {
  while (g.bin.size() % 4) g.bin.push_back(0);
  const size_t at = g.bin.size();
  g.bin.resize(at + values.size() * sizeof(T));
  std::memcpy(g.bin.data() + at, values.data(), values.size() * sizeof(T));
  g.json["buffers"][0]["byteLength"] = g.bin.size();
  g.json["bufferViews"].push_back(
      {{"buffer", 0}, {"byteOffset", at}, {"byteLength", values.size() * sizeof(T)}});
  return int(g.json["bufferViews"].size()) - 1;
}

const ir::Attribute& attribute(const ir::Mesh& m, const char* s) {
  const ir::Attribute* a = m.find(s);
  EXPECT_TRUE(a) << s;
  static const ir::Attribute none;
  return a ? *a : none;
}

// The triangles of a mesh as position triples per material (order and rotation aside).
std::multiset<std::vector<float>> triangles(const ir::Mesh& m) {
  std::multiset<std::vector<float>> out;
  const ir::Attribute& p = attribute(m, "POSITION");
  for (const ir::Primitive& pr : m.primitives)
    for (size_t i = pr.first_index; i + 3 <= size_t(pr.first_index) + pr.index_count; i += 3) {
      std::array<std::vector<float>, 3> c;
      for (int k = 0; k < 3; ++k)
        for (int x = 0; x < 3; ++x) c[k].push_back(p.f32[size_t(m.indices[i + k]) * 3 + x]);
      const size_t lead = size_t(std::min_element(c.begin(), c.end()) - c.begin());
      std::vector<float> t{float(pr.material)};
      for (int k = 0; k < 3; ++k)
        t.insert(t.end(), c[(lead + k) % 3].begin(), c[(lead + k) % 3].end());
      out.insert(t);
    }
  return out;
}

TEST(ImportEdits, ANodeTranslationMovesEveryVertexAndTheBoundsFollow) {
  const std::string name = "rr/static24_props";
  Gltf g = gltf_of(name);
  // The mesh node under the root that turns Z-up to Y-up: its translation is in the game's
  // frame, so (0, 0.5, 0) moves every vertex 0.5 along the game's Y.
  for (Json& n : g.json["nodes"])
    if (n.contains("mesh")) n["translation"] = {0, 0.5, 0};
  const ImportOutcome o = run(g, sample(name));
  ASSERT_FALSE(o.error) << o.error->to_string();
  const ir::Mesh back = decoded(o.bytes);
  const ir::Mesh donor = decoded(sample(name));
  // The order is the format's to choose (and vertices no triangle uses are dropped): every
  // written vertex is a donor vertex moved 0.5 along Y, within the recomputed quantisation step.
  const ir::Attribute& bp = attribute(back, "POSITION");
  const ir::Attribute& dp = attribute(donor, "POSITION");
  double worst = 0;
  for (uint32_t v = 0; v < back.vertex_count; ++v) {
    double best = 1e30;
    for (uint32_t d = 0; d < donor.vertex_count; ++d) {
      const double dy = double(dp.f32[d * 3 + 1]) + 0.5;
      best = std::min(best, std::max({std::fabs(double(bp.f32[v * 3]) - dp.f32[d * 3]),
                                      std::fabs(double(bp.f32[v * 3 + 1]) - dy),
                                      std::fabs(double(bp.f32[v * 3 + 2]) - dp.f32[d * 3 + 2])}));
    }
    worst = std::max(worst, best);
  }
  EXPECT_LT(worst, 1e-3);
  EXPECT_GE(back.vertex_count, donor.vertex_count - 2);
  EXPECT_EQ(o.summary["vertices_kept"], 0u);  // every vertex moved past half a step
  EXPECT_EQ(back.indices.size(), donor.indices.size());
}

TEST(ImportEdits, AMirroredNodeKeepsTheFacesOutward) {
  const std::string name = "grb/static_format12_crate";
  Gltf g = gltf_of(name);
  for (Json& n : g.json["nodes"])
    if (n.contains("mesh")) n["scale"] = {-1, 1, 1};
  const ImportOutcome o = run(g, sample(name));
  ASSERT_FALSE(o.error) << o.error->to_string();
  const ir::Mesh back = decoded(o.bytes);
  const ir::Mesh donor = decoded(sample(name));
  // Every donor triangle, mirrored in x and with its winding flipped, is in the result.
  std::multiset<std::vector<float>> want;
  const ir::Attribute& dp = attribute(donor, "POSITION");
  for (const ir::Primitive& pr : donor.primitives)
    for (size_t i = pr.first_index; i + 3 <= size_t(pr.first_index) + pr.index_count; i += 3) {
      ir::Mesh one;
      one.vertex_count = 3;
      std::vector<float> p;
      for (int k : {0, 2, 1})
        for (int x = 0; x < 3; ++x)
          p.push_back((x == 0 ? -1.f : 1.f) * dp.f32[size_t(donor.indices[i + k]) * 3 + x]);
      one.attributes.push_back(ir::f32_attribute("POSITION", 3, p));
      one.indices = {0, 1, 2};
      ir::Primitive q;
      q.material = pr.material;
      q.index_count = 3;
      one.primitives.push_back(q);
      for (const auto& t : triangles(one)) want.insert(t);
    }
  std::multiset<std::vector<float>> got = triangles(back);
  ASSERT_EQ(got.size(), want.size());
  size_t near = 0;
  auto w = want.begin();
  for (auto it = got.begin(); it != got.end(); ++it, ++w) {
    double d = 0;
    for (size_t k = 0; k < it->size(); ++k) d = std::max(d, std::fabs(double((*it)[k]) - (*w)[k]));
    near += d < 1e-3;
  }
  EXPECT_EQ(near, got.size());
}

TEST(ImportEdits, UnsignedShortJointsAndColoursComeBackByteIdentical) {
  const std::string name = "grw/skin8_colour_format3_cloth";
  Gltf g = gltf_of(name);
  for (Json& p : g.json["meshes"][0]["primitives"]) {
    for (const char* s : {"JOINTS_0", "COLOR_0"}) {
      if (!p["attributes"].contains(s)) continue;
      const int a = p["attributes"][s];
      Json& acc = g.json["accessors"][a];
      if (acc["componentType"] == 5123) continue;  // already u16
      const Json view = g.json["bufferViews"][acc["bufferView"].get<int>()];
      const size_t width = 4, count = acc["count"];
      const size_t stride = view.value("byteStride", width);
      std::vector<uint16_t> values;
      for (size_t i = 0; i < count; ++i)
        for (size_t c = 0; c < width; ++c) {
          const uint8_t b = g.bin[view.value("byteOffset", size_t(0)) +
                                  acc.value("byteOffset", size_t(0)) + i * stride + c];
          values.push_back(std::string(s) == "COLOR_0" ? uint16_t(b * 257) : b);
        }
      const int v = add_view(g, values);
      acc = {{"bufferView", v},
             {"componentType", 5123},
             {"count", count},
             {"type", "VEC4"},
             {"normalized", std::string(s) == "COLOR_0"}};
    }
  }
  const ImportOutcome o = run(g, sample(name));
  ASSERT_FALSE(o.error) << o.error->to_string();
  EXPECT_EQ(o.bytes, sample(name));
}

TEST(ImportEdits, ASparseMorphTargetComesBackByteIdentical) {
  const std::string name = "sws/morph_submeshes";
  Gltf g = gltf_of(name);
  // Target 0's POSITION deltas rewritten as a sparse accessor over a zero base.
  Json& prim = g.json["meshes"][0]["primitives"][0];
  const int a = prim["targets"][0]["POSITION"];
  Json acc = g.json["accessors"][a];
  const Json view = g.json["bufferViews"][acc["bufferView"].get<int>()];
  const size_t count = acc["count"];
  std::vector<uint32_t> at;
  std::vector<float> values;
  for (size_t i = 0; i < count; ++i) {
    float d[3];
    std::memcpy(d,
                g.bin.data() + view.value("byteOffset", size_t(0)) +
                    acc.value("byteOffset", size_t(0)) + i * 12,
                12);
    if (d[0] == 0 && d[1] == 0 && d[2] == 0) continue;
    at.push_back(uint32_t(i));
    values.insert(values.end(), d, d + 3);
  }
  ASSERT_GT(at.size(), 0u);
  ASSERT_LT(at.size(), count);  // a real sparse target: some deltas are zero
  const int iv = add_view(g, at), vv = add_view(g, values);
  Json sparse = {{"count", at.size()},
                 {"indices", {{"bufferView", iv}, {"componentType", 5125}}},
                 {"values", {{"bufferView", vv}}}};
  Json replaced = {{"componentType", 5126}, {"count", count}, {"type", "VEC3"}, {"sparse", sparse}};
  if (acc.contains("min")) replaced["min"] = acc["min"];
  if (acc.contains("max")) replaced["max"] = acc["max"];
  g.json["accessors"].push_back(replaced);
  const int sparse_accessor = int(g.json["accessors"].size()) - 1;
  for (Json& p : g.json["meshes"][0]["primitives"])
    if (p["targets"][0]["POSITION"] == a) p["targets"][0]["POSITION"] = sparse_accessor;
  const ImportOutcome o = run(g, sample(name));
  ASSERT_FALSE(o.error) << o.error->to_string();
  EXPECT_EQ(o.bytes, sample(name));
}

TEST(ImportEdits, ANewMaterialIsRefusedUntilMapped) {
  const std::string name = "rr/inline_rocks";
  Gltf g = gltf_of(name);
  g.json["materials"][0] = {{"name", "Rock.002"}};
  const ImportOutcome refused = run(g, sample(name));
  ASSERT_TRUE(refused.error);
  EXPECT_EQ(refused.error->code, "IMPORT_UNKNOWN_MATERIAL");
  const ir::Mesh donor = decoded(sample(name));
  EXPECT_NE(refused.error->message.find(donor.materials[0].name), std::string::npos);
  ImportOptions mapped;
  mapped.match.map_material["Rock.002"] = donor.materials[0].name;
  const ImportOutcome o = run(g, sample(name), mapped);
  ASSERT_FALSE(o.error) << o.error->to_string();
  EXPECT_EQ(o.bytes, sample(name));
}

// A tool that exports no normals (or no tangents) hands import a mesh whose NORMAL and
// TANGENT import computes: they are not what the file says, so the match leaves them out, and
// every vertex the edit did not touch keeps its bytes, the donor's normals with them. The
// same contract for every game: SWS's range-by-range match once compared the computed ones
// and wrote most vertices afresh.
TEST(ImportEdits, AGltfWithoutNormalsKeepsEveryDonorVertexInEveryGame) {
  size_t samples = 0;
  for (const auto& path : test::sample_mesh_paths()) {
    const std::vector<uint8_t> donor = test::read_bytes(path);
    std::optional<Gltf> g = test::gltf_doc(decoded(donor));
    ASSERT_TRUE(g.has_value()) << path;
    bool had_normals = false;
    for (Json& mesh : g->json["meshes"])
      for (Json& p : mesh["primitives"]) {
        for (const char* s : {"NORMAL", "TANGENT", "_TANGENT"})
          had_normals = p["attributes"].erase(s) > 0 || had_normals;
        if (p.contains("targets"))
          for (Json& t : p["targets"]) t.erase("NORMAL"), t.erase("TANGENT");
      }
    if (!had_normals) continue;
    ++samples;
    const ImportOutcome o = run(*g, donor);
    ASSERT_FALSE(o.error) << path << ": " << o.error->to_string();
    EXPECT_TRUE(o.summary.value("computed", Json::array()).dump().find("NORMAL") !=
                std::string::npos)
        << path << ": " << o.summary.dump();
    EXPECT_EQ(o.summary.value("vertices_new", -1), 0) << path << ": " << o.summary.dump();
    EXPECT_TRUE(o.bytes == donor) << path << ": " << o.summary.dump();
  }
  EXPECT_GE(samples, test::sample_mesh_paths().size() / 2);  // most samples store normals
}

}  // namespace
}  // namespace f2g::import
