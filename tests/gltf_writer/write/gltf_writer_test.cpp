// The writer's output re-read with plain tinygltf: layout, values bit for bit, node structure.
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <Eigen/Dense>
#include <chrono>
#include <cmath>
#include <cstring>

#include "gltf_writer/write/glb.h"
#include "gltf_writer/write/write.h"
#include "tests/support/gltf_synthetic.h"

namespace f2g::gltf {
namespace {

tinygltf::Model load(const Written& w) {
  tinygltf::TinyGLTF loader;
  tinygltf::Model model;
  std::string err, warn;
  EXPECT_TRUE(loader.LoadBinaryFromMemory(&model, &err, &warn, w.glb.data(),
                                          static_cast<unsigned>(w.glb.size()), ""))
      << err;
  return model;
}

Written write_ok(const ir::Mesh& m, const WriteOptions& o = {}) {
  auto r = write(m, o);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
  return r.ok() ? *r : Written{};
}

// Raw bytes of accessor elements (tight copy), honouring byteStride.
std::vector<uint8_t> raw(const tinygltf::Model& m, int accessor) {
  const tinygltf::Accessor& a = m.accessors[accessor];
  const tinygltf::BufferView& v = m.bufferViews[a.bufferView];
  const size_t elem =
      tinygltf::GetComponentSizeInBytes(a.componentType) * tinygltf::GetNumComponentsInType(a.type);
  const size_t stride = v.byteStride ? v.byteStride : elem;
  std::vector<uint8_t> out(a.count * elem);
  for (size_t i = 0; i < a.count; ++i)
    std::memcpy(out.data() + i * elem,
                m.buffers[v.buffer].data.data() + v.byteOffset + a.byteOffset + i * stride, elem);
  return out;
}

template <class T>
std::vector<T> values(const tinygltf::Model& m, int accessor) {
  const std::vector<uint8_t> r = raw(m, accessor);
  std::vector<T> out(r.size() / sizeof(T));
  std::memcpy(out.data(), r.data(), r.size());
  return out;
}

std::vector<uint8_t> bytes_of(const std::vector<float>& f) {
  std::vector<uint8_t> b(f.size() * 4);
  std::memcpy(b.data(), f.data(), b.size());
  return b;
}

const tinygltf::Primitive& prim(const tinygltf::Model& m, size_t i) {
  return m.meshes[0].primitives[i];
}

TEST(GltfWriter, StaticMultiPrimitiveKeepsValuesBitForBit) {
  const ir::Mesh mesh = test::static_multi();
  const Written w = write_ok(mesh);
  ASSERT_FALSE(w.glb.empty());
  EXPECT_TRUE(w.json.empty());
  const tinygltf::Model m = load(w);
  ASSERT_EQ(m.meshes.size(), 1u);
  ASSERT_EQ(m.meshes[0].primitives.size(), 3u);
  const auto& attrs = prim(m, 0).attributes;
  for (size_t p = 1; p < 3; ++p) EXPECT_EQ(prim(m, p).attributes, attrs);  // shared accessors
  EXPECT_EQ(raw(m, attrs.at("POSITION")), bytes_of(mesh.find("POSITION")->f32));
  EXPECT_EQ(raw(m, attrs.at("TEXCOORD_0")), bytes_of(mesh.find("TEXCOORD_0")->f32));
  EXPECT_EQ(raw(m, attrs.at("COLOR_0")), mesh.find("COLOR_0")->u8);
  EXPECT_EQ(raw(m, attrs.at("_BINORMAL")), bytes_of(mesh.find("_BINORMAL")->f32));
  EXPECT_EQ(raw(m, attrs.at("_FLAGS")), mesh.find("_FLAGS")->u8);
  EXPECT_TRUE(m.accessors[attrs.at("COLOR_0")].normalized);
  EXPECT_EQ(m.bufferViews[m.accessors[attrs.at("_FLAGS")].bufferView].byteStride, 4u);

  // Indices: u16, one shared view, each primitive a slice in stored order.
  const int iv = m.accessors[prim(m, 0).indices].bufferView;
  for (size_t p = 0; p < 3; ++p) {
    const tinygltf::Accessor& a = m.accessors[prim(m, p).indices];
    EXPECT_EQ(a.componentType, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT);
    EXPECT_EQ(a.bufferView, iv);
    EXPECT_EQ(a.byteOffset, mesh.primitives[p].first_index * 2u);
    EXPECT_EQ(a.count, mesh.primitives[p].index_count);
    EXPECT_EQ(prim(m, p).material, int(mesh.primitives[p].material));
    EXPECT_EQ(prim(m, p).mode, TINYGLTF_MODE_TRIANGLES);
    const std::vector<uint16_t> got = values<uint16_t>(m, prim(m, p).indices);
    for (size_t i = 0; i < got.size(); ++i)
      ASSERT_EQ(got[i], mesh.indices[mesh.primitives[p].first_index + i]);
  }
  EXPECT_EQ(m.bufferViews[iv].target, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
  EXPECT_EQ(m.bufferViews[m.accessors[attrs.at("POSITION")].bufferView].target,
            TINYGLTF_TARGET_ARRAY_BUFFER);

  ASSERT_EQ(m.materials.size(), 2u);
  EXPECT_EQ(m.materials[1].name, "0x0000BBBB");
}

TEST(GltfWriter, PositionBoundsAreExactAndOffsetsAligned) {
  const Written w = write_ok(test::morph2());
  const tinygltf::Model m = load(w);
  const int pos = prim(m, 0).attributes.at("POSITION");
  const std::vector<float> p = values<float>(m, pos);
  for (int c = 0; c < 3; ++c) {
    float lo = p[c], hi = p[c];
    for (size_t i = c; i < p.size(); i += 3) lo = std::min(lo, p[i]), hi = std::max(hi, p[i]);
    EXPECT_EQ(float(m.accessors[pos].minValues[c]), lo);
    EXPECT_EQ(float(m.accessors[pos].maxValues[c]), hi);
    EXPECT_EQ(m.accessors[pos].minValues[c], double(lo));  // exact in JSON
  }
  const int target = prim(m, 0).targets[1].at("POSITION");
  EXPECT_EQ(m.accessors[target].minValues.size(), 3u);
  for (const tinygltf::BufferView& v : m.bufferViews) EXPECT_EQ(v.byteOffset % 4, 0u);
  for (const tinygltf::Accessor& a : m.accessors)
    EXPECT_EQ(a.byteOffset % tinygltf::GetComponentSizeInBytes(a.componentType), 0u);
}

TEST(GltfWriter, NormalsAreUnitAndTangentWIsSign) {
  const tinygltf::Model m = load(write_ok(test::static_multi()));
  const std::vector<float> n = values<float>(m, prim(m, 0).attributes.at("NORMAL"));
  for (size_t i = 0; i < n.size(); i += 3)
    ASSERT_NEAR(
        std::sqrt(double(n[i]) * n[i] + double(n[i + 1]) * n[i + 1] + double(n[i + 2]) * n[i + 2]),
        1.0, 1e-6);
  const std::vector<float> t = values<float>(m, prim(m, 0).attributes.at("TANGENT"));
  for (size_t i = 3; i < t.size(); i += 4) ASSERT_TRUE(t[i] == 1.0f || t[i] == -1.0f);
}

TEST(GltfWriter, UnskinnedMeshHangsUnderTheRotatedRoot) {
  const tinygltf::Model m = load(write_ok(test::static_multi()));
  ASSERT_EQ(m.scenes.size(), 1u);
  EXPECT_EQ(m.scenes[0].name, "static_multi");
  ASSERT_EQ(m.scenes[0].nodes, std::vector<int>{0});
  const tinygltf::Node& root = m.nodes[0];
  EXPECT_EQ(root.name, "static_multi_root");
  EXPECT_EQ(root.children, std::vector<int>{1});
  ASSERT_EQ(root.rotation.size(), 4u);
  // -90 degrees about X takes +Z (source up) to +Y (glTF up)
  const Eigen::Quaterniond q(root.rotation[3], root.rotation[0], root.rotation[1],
                             root.rotation[2]);
  EXPECT_TRUE((q * Eigen::Vector3d::UnitZ()).isApprox(Eigen::Vector3d::UnitY(), 1e-12));
  EXPECT_EQ(m.nodes[1].name, "static_multi");
  EXPECT_EQ(m.nodes[1].mesh, 0);
  EXPECT_EQ(m.nodes[1].skin, -1);
}

TEST(GltfWriter, SkinnedMeshAtSceneRootJointsUnderRoot) {
  const ir::Mesh mesh = test::skinned8();
  const tinygltf::Model m = load(write_ok(mesh));
  EXPECT_EQ(m.scenes[0].nodes, (std::vector<int>{0, 1}));
  EXPECT_EQ(m.nodes[1].skin, 0);
  EXPECT_EQ(m.nodes[0].children, (std::vector<int>{2, 3, 4, 5, 6, 7}));
  ASSERT_EQ(m.skins.size(), 1u);
  EXPECT_EQ(m.skins[0].joints, (std::vector<int>{2, 3, 4, 5, 6, 7}));
  const std::vector<float> ibm = values<float>(m, m.skins[0].inverseBindMatrices);
  ASSERT_EQ(ibm.size(), 6u * 16);
  for (size_t b = 0; b < 6; ++b) {
    EXPECT_EQ(m.nodes[2 + b].name, mesh.skin->bones[b].name);
    EXPECT_EQ(0, std::memcmp(&ibm[b * 16], mesh.skin->bones[b].inverse_bind.data(), 64));
  }
  EXPECT_EQ(m.bufferViews[m.accessors[m.skins[0].inverseBindMatrices].bufferView].target, 0);

  // world(joint) x IBM = root rotation: the rest pose puts skinned vertices where the
  // unskinned mesh would be.
  const tinygltf::Node& root = m.nodes[0];
  const Eigen::Quaterniond rq(root.rotation[3], root.rotation[0], root.rotation[1],
                              root.rotation[2]);
  Eigen::Matrix4d r = Eigen::Matrix4d::Identity();
  r.topLeftCorner<3, 3>() = rq.toRotationMatrix();
  for (size_t b = 0; b < 6; ++b) {
    const tinygltf::Node& j = m.nodes[2 + b];
    Eigen::Affine3d local = Eigen::Affine3d::Identity();
    if (!j.translation.empty())
      local.translate(Eigen::Vector3d(j.translation[0], j.translation[1], j.translation[2]));
    if (!j.rotation.empty())
      local.rotate(Eigen::Quaterniond(j.rotation[3], j.rotation[0], j.rotation[1], j.rotation[2]));
    if (!j.scale.empty()) local.scale(Eigen::Vector3d(j.scale[0], j.scale[1], j.scale[2]));
    const Eigen::Matrix4d world_ibm =
        r * local.matrix() * Eigen::Map<const Eigen::Matrix4f>(&ibm[b * 16]).cast<double>();
    EXPECT_LT((world_ibm - r).cwiseAbs().maxCoeff(), 1e-5) << b;
  }
}

TEST(GltfWriter, SkinAttributesAreCleanU8) {
  const tinygltf::Model m = load(write_ok(test::skinned8()));
  const auto& attrs = prim(m, 0).attributes;
  const std::vector<uint8_t> w0 = raw(m, attrs.at("WEIGHTS_0")), w1 = raw(m, attrs.at("WEIGHTS_1"));
  const std::vector<uint8_t> j0 = raw(m, attrs.at("JOINTS_0")), j1 = raw(m, attrs.at("JOINTS_1"));
  for (size_t v = 0; v < w0.size() / 4; ++v) {
    int sum = 0;
    std::vector<int> used;
    for (int c = 0; c < 8; ++c) {
      const int w = c < 4 ? w0[v * 4 + c] : w1[v * 4 + c - 4];
      const int j = c < 4 ? j0[v * 4 + c] : j1[v * 4 + c - 4];
      sum += w;
      if (w == 0) {
        EXPECT_EQ(j, 0);
      } else {
        EXPECT_EQ(std::count(used.begin(), used.end(), j), 0) << "joint repeated";
        used.push_back(j);
      }
    }
    EXPECT_EQ(sum, 255) << v;
  }
  EXPECT_TRUE(m.accessors[attrs.at("WEIGHTS_1")].normalized);
}

TEST(GltfWriter, SkinWarningsAreCounted) {
  const Written w = write_ok(test::skinned8());
  std::vector<std::string> codes;
  for (const auto& d : w.warnings) codes.push_back(d.code);
  EXPECT_NE(std::find(codes.begin(), codes.end(), "GLTF_ZERO_WEIGHTS"), codes.end());
  EXPECT_NE(std::find(codes.begin(), codes.end(), "GLTF_WEIGHTS_RENORMALISED"), codes.end());
}

TEST(GltfWriter, MorphTargetsAreExactDeltasWithNames) {
  const ir::Mesh mesh = test::morph2();
  const Written w = write_ok(mesh);
  EXPECT_EQ(w.unreachable_morph_values, 1u);  // 1e-30 over a base of 0.25
  const tinygltf::Model m = load(w);
  ASSERT_EQ(m.meshes[0].weights, (std::vector<double>{0, 0}));
  for (size_t p = 0; p < 2; ++p) ASSERT_EQ(prim(m, p).targets.size(), 2u);
  const std::vector<float> base = values<float>(m, prim(m, 0).attributes.at("POSITION"));
  for (size_t k = 0; k < 2; ++k) {
    const std::vector<float> d = values<float>(m, prim(m, 0).targets[k].at("POSITION"));
    size_t off = 0;
    for (size_t i = 0; i < d.size(); ++i) {
      volatile float sum = base[i] + d[i];
      off += sum != mesh.morph_targets[k].positions[i];
    }
    EXPECT_EQ(off, k == 1 ? 1u : 0u);
    EXPECT_EQ(prim(m, 0).targets[k].count("NORMAL"), 1u);
    EXPECT_EQ(prim(m, 0).targets[k].count("TEXCOORD_0"), 1u);
    EXPECT_EQ(prim(m, 0).targets[k].count("COLOR_0"), 1u);
  }
  tinygltf::TinyGLTF loader;
  loader.SetStoreOriginalJSONForExtrasAndExtensions(true);
  tinygltf::Model raw_model;
  std::string err, warn;
  ASSERT_TRUE(loader.LoadBinaryFromMemory(&raw_model, &err, &warn, w.glb.data(),
                                          unsigned(w.glb.size()), ""));
  const auto extras = nlohmann::json::parse(raw_model.meshes[0].extras_json_string);
  EXPECT_EQ(extras["targetNames"], (nlohmann::json{"0xDEADBEEF", "morph_1"}));
  EXPECT_EQ(extras["note"], "synthetic");
  EXPECT_EQ(extras["big"], 18446744073709551615ull);  // extras kept exactly, u64 included
  EXPECT_EQ(extras["source"]["objectId"], "0x0000000000001234");
}

TEST(GltfWriter, LargeIndicesAreU32) {
  const ir::Mesh mesh = test::big_u32();
  const tinygltf::Model m = load(write_ok(mesh));
  const tinygltf::Accessor& a = m.accessors[prim(m, 1).indices];
  EXPECT_EQ(a.componentType, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT);
  EXPECT_EQ(a.byteOffset, 3000u * 4);
  const std::vector<uint32_t> got = values<uint32_t>(m, prim(m, 1).indices);
  EXPECT_TRUE(std::equal(got.begin(), got.end(), mesh.indices.begin() + 3000));
  EXPECT_EQ(*std::max_element(got.begin(), got.end()), 69999u);
}

TEST(GltfWriter, GltfWithExternalBinPercentEncodesTheUri) {
  WriteOptions o;
  o.binary = false;
  o.bin_uri = "my mesh#1.bin";
  const Written w = write_ok(test::static_multi(), o);
  EXPECT_TRUE(w.glb.empty());
  ASSERT_FALSE(w.bin.empty());
  const auto j = nlohmann::json::parse(w.json);
  EXPECT_EQ(j["buffers"][0]["uri"], "my%20mesh%231.bin");
  EXPECT_EQ(j["buffers"][0]["byteLength"], w.bin.size());
  EXPECT_EQ(w.bin.size() % 4, 0u);
}

TEST(GltfWriter, GlbContainerIsPaddedAndComplete) {
  const Written w = write_ok(test::static_multi());
  uint32_t header[5];
  std::memcpy(header, w.glb.data(), 20);
  EXPECT_EQ(header[0], 0x46546C67u);
  EXPECT_EQ(header[1], 2u);
  EXPECT_EQ(header[2], w.glb.size());
  EXPECT_EQ(header[3] % 4, 0u);
  EXPECT_EQ(header[4], 0x4E4F534Au);
  uint32_t bin[2];
  std::memcpy(bin, w.glb.data() + 20 + header[3], 8);
  EXPECT_EQ(bin[1], 0x004E4942u);
  EXPECT_GT(bin[0], 0u);
  EXPECT_EQ(20 + header[3] + 8 + bin[0], w.glb.size());
  // every node and the scene are named (tinygltf writes null otherwise)
  const auto j =
      nlohmann::json::parse(std::string(w.glb.begin() + 20, w.glb.begin() + 20 + header[3]));
  for (const auto& n : j["nodes"]) EXPECT_TRUE(n["name"].is_string());
  EXPECT_TRUE(j["scenes"][0]["name"].is_string());
}

// The u32 header length (sec. 4.4.3.1) bounds the whole GLB: JSON padded to 4, chunk headers.
TEST(GltfWriter, GlbSizeCountsHeadersAndPaddingAgainstTheU32Limit) {
  EXPECT_EQ(glb_size(5, 0), 12u + 8u + 8u);  // no BIN chunk at all
  EXPECT_EQ(glb_size(8, 4), 12u + 8u + 8u + 8u + 4u);
  EXPECT_EQ(glb_size(4, 0xFFFFFFFFu - 32), kMaxGlbBytes);  // exactly the largest GLB
  EXPECT_GT(glb_size(5, 0xFFFFFFFFu - 32), kMaxGlbBytes);  // one JSON byte pads to 4 more
  const Written w = write_ok(test::static_multi());
  uint32_t json_len = 0;
  std::memcpy(&json_len, w.glb.data() + 12, 4);
  EXPECT_EQ(glb_size(json_len, w.glb.size() - 28 - json_len), w.glb.size());
}

TEST(GltfWriter, EdgeCasesStayValidGltf) {
  const Written w = write_ok(test::edge_cases());
  const tinygltf::Model m = load(w);
  const auto& attrs = prim(m, 0).attributes;
  EXPECT_EQ(attrs.count("_TANGENT"), 1u);
  EXPECT_EQ(attrs.count("TANGENT"), 0u);
  EXPECT_EQ(attrs.count("_TEXCOORD_1"), 1u);
  ASSERT_EQ(m.meshes[0].primitives.size(), 2u);           // the empty one moved to extras
  EXPECT_EQ(m.accessors[prim(m, 0).indices].count, 18u);  // 20 - 2 trailing
  EXPECT_EQ(m.accessors[prim(m, 0).indices].componentType, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT);
  EXPECT_EQ(prim(m, 0).material, -1);        // no materials
  EXPECT_TRUE(m.nodes[0].rotation.empty());  // not Z-up
  EXPECT_EQ(m.accessors[attrs.at("JOINTS_0")].componentType,
            TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT);
  const std::vector<float> ibm = values<float>(m, m.skins[0].inverseBindMatrices);
  EXPECT_EQ(ibm[7 * 16 + 3], 0.0f);  // fixed last row
  EXPECT_TRUE(m.nodes[2 + 9].translation.empty() && m.nodes[2 + 9].rotation.empty());  // singular
  std::vector<std::string> codes;
  for (const auto& d : w.warnings) codes.push_back(d.code);
  for (const char* c :
       {"GLTF_ATTRIBUTE_RENAMED", "GLTF_EMPTY_PRIMITIVE", "GLTF_TRAILING_INDICES",
        "GLTF_IBM_NOT_AFFINE", "GLTF_IBM_NOT_INVERTIBLE", "GLTF_TANGENT_W", "GLTF_ZERO_TANGENT"})
    EXPECT_NE(std::find(codes.begin(), codes.end(), c), codes.end()) << c;
}

TEST(GltfWriter, InvalidIrIsAnErrorNamingTheProblem) {
  ir::Mesh m = test::static_multi();
  m.attributes.erase(m.attributes.begin());  // POSITION
  EXPECT_EQ(write(m).error().code, "GLTF_NO_POSITION");

  m = test::static_multi();
  m.indices[40] = m.vertex_count;
  auto r = write(m);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "GLTF_INDEX_OUT_OF_RANGE");
  EXPECT_EQ(r.error().path, "mesh/primitives[1]");

  m = test::static_multi();
  m.find("TEXCOORD_0")->f32.pop_back();
  EXPECT_EQ(write(m).error().code, "GLTF_ATTRIBUTE_SIZE");

  m = test::static_multi();
  m.find("POSITION")->f32[5] = std::nanf("");
  EXPECT_EQ(write(m).error().code, "GLTF_NON_FINITE_VALUE");

  m = test::static_multi();
  m.primitives[0].material = 7;
  EXPECT_EQ(write(m).error().code, "GLTF_MATERIAL_OUT_OF_RANGE");

  m = test::skinned8();
  m.skin.reset();
  EXPECT_EQ(write(m).error().code, "GLTF_JOINTS_WITHOUT_SKIN");

  m = test::static_multi();
  m.find("COLOR_0")->normalized = false;
  EXPECT_EQ(write(m).error().code, "GLTF_ATTRIBUTE_FORMAT");

  m = test::static_multi();
  m.attributes.back().semantic = "BINORMAL";
  EXPECT_EQ(write(m).error().code, "GLTF_UNKNOWN_SEMANTIC");

  m = test::static_multi();
  for (auto& p : m.primitives) p.index_count = 2;
  EXPECT_EQ(write(m).error().code, "GLTF_NO_PRIMITIVES");

  m = test::morph2();
  m.morph_targets[1].positions.resize(3);
  EXPECT_EQ(write(m).error().code, "GLTF_MORPH_TARGET_SIZE");

  WriteOptions gltf;
  gltf.binary = false;
  EXPECT_EQ(write(test::static_multi(), gltf).error().code, "GLTF_NO_BIN_URI");
}

TEST(GltfWriter, Writes50kVerticesQuickly) {
  const ir::Mesh mesh = test::grid(50000);
  ASSERT_GE(mesh.vertex_count, 50000u);
  const auto start = std::chrono::steady_clock::now();
  const Written w = write_ok(mesh);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  RecordProperty("write_ms", std::to_string(ms));
  std::printf("wrote %u vertices, %zu bytes in %.1f ms\n", mesh.vertex_count, w.glb.size(), ms);
  EXPECT_LT(ms, 5000);  // generous: shared machine
}

}  // namespace
}  // namespace f2g::gltf
