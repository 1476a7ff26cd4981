// compact_glb / expand_glb (gltf_writer/compact/compact.h): what each option writes, and that
// expand_glb gives back the original within the stated tolerances (indices, skins, extras
// exact).
#include "gltf_writer/compact/compact.h"

#include <gtest/gtest.h>

#include <cstring>

#include "tests/support/compact_meshes.h"
#include "tests/support/gltf_synthetic.h"

namespace f2g::gltf {
namespace {

using namespace compact_test;
using nlohmann::json;

constexpr CompactOptions kQuantize{true, false};
constexpr CompactOptions kCompress{false, true};
constexpr CompactOptions kBoth{true, true};

std::vector<uint8_t> compacted(const std::vector<uint8_t>& glb, CompactOptions o) {
  auto c = compact_glb(glb, o);
  EXPECT_TRUE(c) << (c ? "" : c.error().to_string());
  return c ? *c : std::vector<uint8_t>{};
}

std::vector<uint8_t> expanded(const std::vector<uint8_t>& glb) {
  auto e = expand_glb(glb);
  EXPECT_TRUE(e) << (e ? "" : e.error().to_string());
  return e ? *e : std::vector<uint8_t>{};
}

bool lists(const json& gltf, const char* list, const char* extension) {
  if (!gltf.contains(list)) return false;
  for (const json& e : gltf[list])
    if (e == extension) return true;
  return false;
}

const json& accessor_of(const json& gltf, const char* semantic) {
  return gltf["accessors"][gltf["meshes"][0]["primitives"][0]["attributes"][semantic].get<int>()];
}

TEST(CompactTest, QuantizeWritesShortPositionsByteNormalsAndRequiresTheExtension) {
  const json g = json_of(compacted(write_glb(static_far()), kQuantize));
  EXPECT_TRUE(lists(g, "extensionsUsed", "KHR_mesh_quantization"));
  EXPECT_TRUE(lists(g, "extensionsRequired", "KHR_mesh_quantization"));
  EXPECT_EQ(accessor_of(g, "POSITION")["componentType"], 5122);
  EXPECT_FALSE(accessor_of(g, "POSITION").contains("normalized"));
  EXPECT_EQ(accessor_of(g, "NORMAL")["componentType"], 5120);
  EXPECT_EQ(accessor_of(g, "NORMAL")["normalized"], true);
  EXPECT_EQ(accessor_of(g, "TANGENT")["componentType"], 5120);
  EXPECT_EQ(accessor_of(g, "TEXCOORD_0")["componentType"], 5123);  // in [0, 1]
  EXPECT_EQ(accessor_of(g, "TEXCOORD_1")["componentType"], 5126);  // outside [-1, 1]: float
  EXPECT_EQ(accessor_of(g, "COLOR_0")["componentType"], 5121);     // as written
  // Unskinned: the dequantisation is the mesh node's transform, centred on the mesh.
  const json& node = g["nodes"][1];
  ASSERT_TRUE(node.contains("translation") && node.contains("scale"));
  EXPECT_NEAR(node["translation"][0].get<double>(), 815.25, 0.01);
  const double s = node["scale"][0].get<double>();
  EXPECT_EQ(s, std::ldexp(1.0, std::ilogb(s))) << "a power of two";
  EXPECT_EQ(accessor_of(g, "POSITION")["extras"]["dequantization"]["scale"].get<double>(), s);
}

// verify takes its POSITION tolerance from the scale expand_glb reports: the one recorded.
TEST(CompactTest, ExpandReportsWhatItFoundAndTheRecordedPositionScale) {
  const std::vector<uint8_t> glb = write_glb(static_far());
  for (const CompactOptions o : {kQuantize, kCompress, kBoth}) {
    const std::vector<uint8_t> c = compacted(glb, o);
    ExpandInfo info;
    ASSERT_TRUE(expand_glb(c, &info));
    EXPECT_EQ(info.found.quantize, o.quantize);
    EXPECT_EQ(info.found.compress, o.compress);
    if (o.quantize) {
      const json g = json_of(compacted(glb, kQuantize));
      EXPECT_EQ(info.position_scale,
                accessor_of(g, "POSITION")["extras"]["dequantization"]["scale"].get<double>());
      EXPECT_GT(info.position_scale, 0);
    } else {
      EXPECT_EQ(info.position_scale, 0);
    }
  }
  ExpandInfo plain{{true, true}, 1};
  ASSERT_TRUE(expand_glb(glb, &plain));
  EXPECT_FALSE(plain.found.quantize || plain.found.compress);
  EXPECT_EQ(plain.position_scale, 0);
}

TEST(CompactTest, QuantizeThenExpandIsWithinToleranceOfStaticMesh) {
  const std::vector<uint8_t> glb = write_glb(static_far());
  expect_close(read(glb), read(expanded(compacted(glb, kQuantize))), false);
}

TEST(CompactTest, SkinnedPositionsFoldIntoInverseBindsAndExpandRestoresThemExactly) {
  const std::vector<uint8_t> glb = write_glb(skinned());
  const std::vector<uint8_t> q = compacted(glb, kQuantize);
  const json g = json_of(q), before = json_of(glb);
  const json& skinned_node = g["nodes"][1];
  ASSERT_TRUE(skinned_node.contains("skin"));
  EXPECT_FALSE(skinned_node.contains("translation")) << "a skinned node's transform is ignored";
  EXPECT_FALSE(skinned_node.contains("scale"));
  EXPECT_EQ(accessor_of(g, "POSITION")["componentType"], 5122);
  EXPECT_EQ(g["nodes"], before["nodes"]) << "joint nodes unchanged";
  expect_close(read(glb), read(expanded(q)), false);  // inverse binds compared bit for bit
}

TEST(CompactTest, MorphTargetsStayWithinToleranceAfterQuantize) {
  const std::vector<uint8_t> glb = write_glb(morphed());
  const json g = json_of(compacted(glb, kQuantize));
  EXPECT_EQ(accessor_of(g, "TEXCOORD_0")["componentType"], 5122);  // [-1, 1]: SHORT normalized
  const int target = g["meshes"][0]["primitives"][0]["targets"][0]["POSITION"];
  EXPECT_EQ(g["accessors"][target]["componentType"], 5126);
  expect_close(read(glb), read(expanded(compacted(glb, kQuantize))), false);
  expect_close(read(glb), read(expanded(compacted(glb, kBoth))), false);
}

TEST(CompactTest, QuantizeIsLosslessWhenPositionsAreAlreadyOnTheSourceGrid) {
  const float f = 0.00123f;
  const std::vector<uint8_t> glb = write_glb(quantised_source(f));
  const std::vector<uint8_t> q = compacted(glb, kQuantize);
  EXPECT_EQ(json_of(q)["nodes"][1]["scale"][0].get<float>(), f);
  const ir::Mesh back = read(expanded(q));
  const ir::Mesh want = read(glb);
  EXPECT_EQ(std::memcmp(back.find("POSITION")->f32.data(), want.find("POSITION")->f32.data(),
                        want.find("POSITION")->f32.size() * 4),
            0);
}

TEST(CompactTest, CompressAloneIsExact) {
  for (const ir::Mesh& m : {static_far(), skinned(), morphed(), odd_indices()}) {
    SCOPED_TRACE(m.name);
    const std::vector<uint8_t> glb = write_glb(m);
    const std::vector<uint8_t> c = compacted(glb, kCompress);
    const json g = json_of(c);
    EXPECT_TRUE(lists(g, "extensionsRequired", "EXT_meshopt_compression"));
    EXPECT_FALSE(lists(g, "extensionsUsed", "KHR_mesh_quantization"));
    ASSERT_EQ(g["buffers"].size(), 2u);
    EXPECT_EQ(g["buffers"][1]["extensions"]["EXT_meshopt_compression"]["fallback"], true);
    EXPECT_FALSE(g["buffers"][1].contains("uri"));
    expect_close(read(glb), read(expanded(c)), true);
  }
}

TEST(CompactTest, CompressionKeepsQuantizedDataByteForByte) {
  for (const ir::Mesh& m : {static_far(), skinned(), morphed()}) {
    SCOPED_TRACE(m.name);
    const std::vector<uint8_t> glb = write_glb(m);
    expect_close(read(expanded(compacted(glb, kQuantize))), read(expanded(compacted(glb, kBoth))),
                 true);
  }
}

TEST(CompactTest, IndexViewsUseTheOrderKeepingIndicesMode) {
  const json g = json_of(compacted(write_glb(odd_indices()), kBoth));
  const int acc = g["meshes"][0]["primitives"][0]["indices"];
  const json& view = g["bufferViews"][g["accessors"][acc]["bufferView"].get<int>()];
  ASSERT_TRUE(view.contains("extensions"));
  EXPECT_EQ(view["extensions"]["EXT_meshopt_compression"]["mode"], "INDICES");
  EXPECT_EQ(view["extensions"]["EXT_meshopt_compression"]["count"], 13);
}

TEST(CompactTest, CompressedQuantizedOutputIsSmallest) {
  const std::vector<uint8_t> glb = write_glb(static_far(120, 90));
  const size_t q = compacted(glb, kQuantize).size(), c = compacted(glb, kCompress).size(),
               both = compacted(glb, kBoth).size();
  // 72 bytes a vertex (with indices) become 44: TEXCOORD_1 is outside [-1, 1] and stays float.
  EXPECT_LT(q, glb.size() * 2 / 3) << "quantize: " << q << " of " << glb.size();
  EXPECT_LT(c, glb.size());
  EXPECT_LT(both, q);
  EXPECT_LT(both, glb.size() * 4 / 10) << "compress: " << both << " of " << glb.size();
}

TEST(CompactTest, WriterSyntheticMeshesRoundTripInEveryForm) {
  for (const ir::Mesh& m : {test::static_multi(), test::skinned8(), test::morph2(),
                            test::edge_cases(), test::big_u32()}) {
    SCOPED_TRACE(m.name);
    const std::vector<uint8_t> glb = write_glb(m);
    const ir::Mesh want = read(glb);
    expect_close(want, read(expanded(compacted(glb, kQuantize))), false);
    expect_close(want, read(expanded(compacted(glb, kBoth))), false);
    expect_close(want, read(expanded(compacted(glb, kCompress))), true);
  }
}

TEST(CompactTest, NothingAskedOrNothingToExpandLeavesTheBytesAlone) {
  const std::vector<uint8_t> glb = write_glb(static_far());
  EXPECT_EQ(compacted(glb, {}), glb);
  EXPECT_EQ(expanded(glb), glb);
}

TEST(CompactTest, RejectsWhatIsNotAGlbOrIsAlreadyCompressed) {
  const std::vector<uint8_t> junk = {'n', 'o', 't', ' ', 'a', ' ', 'g', 'l', 'b'};
  auto c = compact_glb(junk, kBoth);
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().code, "GLTF_COMPACT_INVALID");
  auto e = expand_glb(junk);
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().code, "GLTF_EXPAND_INVALID");
  auto twice = compact_glb(compacted(write_glb(static_far()), kCompress), kCompress);
  ASSERT_FALSE(twice);
  EXPECT_EQ(twice.error().code, "GLTF_COMPACT_INVALID");
}

TEST(CompactTest, ExpandReportsMeshoptDataThatDoesNotDecode) {
  std::vector<uint8_t> c = compacted(write_glb(static_far()), kCompress);
  // The first compressed view starts the BIN chunk with its 0xA0 header byte: break it.
  uint32_t json_len;
  std::memcpy(&json_len, c.data() + 12, 4);
  const size_t bin = 20 + json_len + 8;
  ASSERT_EQ(c[bin], 0xA0);
  c[bin] = 0;
  auto e = expand_glb(c);
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().code, "GLTF_EXPAND_DECODE");
  EXPECT_NE(e.error().path.find("EXT_meshopt_compression"), std::string::npos);
}

// `glb` with its JSON chunk replaced by `j` (the BIN chunk kept as it is).
std::vector<uint8_t> with_json(const std::vector<uint8_t>& glb, const json& j) {
  uint32_t json_len;
  std::memcpy(&json_len, glb.data() + 12, 4);
  std::string text = j.dump();
  text.resize((text.size() + 3) & ~size_t(3), ' ');
  std::vector<uint8_t> out(glb.begin(), glb.begin() + 20);
  out.insert(out.end(), text.begin(), text.end());
  out.insert(out.end(), glb.begin() + 20 + json_len, glb.end());
  const uint32_t total = uint32_t(out.size()), len = uint32_t(text.size());
  std::memcpy(out.data() + 8, &total, 4);
  std::memcpy(out.data() + 12, &len, 4);
  return out;
}

// A compressed view that declares 1 GB from a few hundred bytes is refused by that ratio
// before anything is allocated for it (meshopt data cannot expand more than ~64 times).
TEST(CompactTest, ExpandRefusesAViewDeclaringMoreThanMeshoptCanDecodeTo) {
  const std::vector<uint8_t> c = compacted(write_glb(static_far()), kCompress);
  json j = json_of(c);
  bool edited = false;
  for (json& v : j["bufferViews"]) {
    if (!v.contains("extensions")) continue;
    json& ext = v["extensions"]["EXT_meshopt_compression"];
    const uint64_t stride = ext["byteStride"];
    ext["count"] = (uint64_t(1) << 30) / stride;
    v["byteLength"] = ext["count"].get<uint64_t>() * stride;
    edited = true;
    break;
  }
  ASSERT_TRUE(edited);
  auto e = expand_glb(with_json(c, j));
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().code, "GLTF_EXPAND_INVALID");
  EXPECT_NE(e.error().message.find("more than meshopt data can expand to"), std::string::npos)
      << e.error().message;
}

}  // namespace
}  // namespace f2g::gltf
