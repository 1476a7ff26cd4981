// gltf_writer/read/scene_read: the general reader import uses. Every sample's glTF as convert
// writes it (plain, .gltf + .bin, --quantize, --compress) comes back as the decoded mesh:
// positions and UVs bit for bit (within the quantisation step for --quantize), the stored
// triangle order, material and joint names, target names and absolute target positions; and
// hand-made glTFs exercise what convert never writes (sparse, interleaved, mirrored nodes,
// unknown required extensions, hostile accessors).
#include "gltf_writer/read/scene_read.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <string>

#include "formats/registry.h"
#include "gltf_writer/compact/compact.h"
#include "gltf_writer/write/write.h"
#include "tests/support/files.h"
#include "tests/support/sample_files.h"

namespace f2g::gltf {
namespace {

using test::sample_mesh_paths;

std::vector<uint8_t> bytes_of(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

ir::Mesh decoded(const std::filesystem::path& p) {
  const std::vector<uint8_t> b = bytes_of(p);
  DecodeOptions o;
  o.want_structure = false;
  Result<Decoded> d = decode(b.data(), b.size(), o);
  EXPECT_TRUE(d.ok()) << p;
  return d ? d->mesh : ir::Mesh{};
}

std::string name_of(const std::filesystem::path& p) {
  return p.parent_path().filename().string() + "/" + p.stem().string();
}

// Compares what the scene holds with the decoded mesh; `tolerance` 0 means bit for bit.
void expect_same(const ir::Mesh& want, const Scene& got, double tolerance,
                 const std::string& what) {
  ASSERT_EQ(got.mesh.vertex_count, want.vertex_count) << what;
  const ir::Attribute* wp = want.find("POSITION");
  const ir::Attribute* gp = got.mesh.find("POSITION");
  ASSERT_TRUE(wp && gp) << what;
  size_t off = 0;
  for (size_t i = 0; i < wp->f32.size(); ++i) {
    if (tolerance == 0 ? std::memcmp(&wp->f32[i], &gp->f32[i], 4) != 0
                       : !(std::fabs(wp->f32[i] - gp->f32[i]) <= tolerance))
      ++off;
  }
  EXPECT_EQ(off, 0u) << what << ": POSITION values off";
  if (const ir::Attribute* wu = want.find("TEXCOORD_0");
      wu && wu->type == ir::Scalar::F32 && tolerance == 0) {
    const ir::Attribute* gu = got.mesh.find("TEXCOORD_0");
    ASSERT_TRUE(gu) << what;
    EXPECT_EQ(std::memcmp(wu->f32.data(), gu->f32.data(), wu->f32.size() * 4), 0) << what;
  }
  // Triangles: every drawable primitive's indices, in stored order.
  std::vector<uint32_t> want_indices;
  for (const ir::Primitive& p : want.primitives)
    if (p.index_count >= 3)
      want_indices.insert(want_indices.end(), want.indices.begin() + p.first_index,
                          want.indices.begin() + p.first_index + p.index_count / 3 * 3);
  EXPECT_EQ(got.mesh.indices, want_indices) << what;
  // Materials by name; joints by name; targets by name and absolute positions.
  ASSERT_EQ(got.materials.size(), want.materials.size()) << what;
  for (size_t i = 0; i < want.materials.size(); ++i)
    EXPECT_EQ(got.materials[i].name, want.materials[i].name) << what;
  if (want.skin) {
    std::set<std::string> bones;
    for (const ir::Bone& b : want.skin->bones) bones.insert(b.name);
    for (const SceneJoint& j : got.joints)
      EXPECT_TRUE(bones.count(j.name)) << what << " " << j.name;
  }
  // Influences: each weighted lane of JOINTS_0 names the same bone, with the same weight.
  const ir::Attribute *wj = want.find("JOINTS_0"), *ww = want.find("WEIGHTS_0");
  if (want.skin && wj && ww && tolerance == 0) {
    const ir::Attribute *gj = got.mesh.find("JOINTS_0"), *gw = got.mesh.find("WEIGHTS_0");
    ASSERT_TRUE(gj && gw && gj->width == wj->width) << what;
    size_t lanes = 0, wrong = 0;
    for (uint32_t v = 0; v < want.vertex_count; ++v)
      for (size_t c = 0; c < wj->width; ++c) {
        if (!(ww->get(v, c) > 0)) continue;
        ++lanes;
        const size_t want_bone = size_t(wj->get(v, c)), got_joint = size_t(gj->get(v, c));
        const bool same = want_bone < want.skin->bones.size() && got_joint < got.joints.size() &&
                          want.skin->bones[want_bone].name == got.joints[got_joint].name &&
                          float(ww->get(v, c)) == float(gw->get(v, c));
        wrong += !same;
      }
    EXPECT_GT(lanes, 0u) << what;
    EXPECT_EQ(wrong, 0u) << what << ": influences off";
  }
  ASSERT_EQ(got.target_names.size(), want.morph_targets.size()) << what;
  for (size_t t = 0; t < want.morph_targets.size(); ++t) {
    EXPECT_EQ(got.target_names[t], want.morph_targets[t].name) << what;
    if (tolerance == 0) {
      EXPECT_EQ(got.mesh.morph_targets[t].positions, want.morph_targets[t].positions) << what;
    }
  }
  EXPECT_TRUE(got.exact_frame || tolerance > 0) << what;
}

TEST(SceneRead, EverySamplesGlbComesBackBitForBit) {
  size_t n = 0;
  for (const auto& path : sample_mesh_paths()) {
    const ir::Mesh m = decoded(path);
    ir::Result<Written> w = write(m);
    ASSERT_TRUE(w.ok()) << path;
    ir::Result<Scene> s = read_scene_glb(w->glb.data(), w->glb.size());
    ASSERT_TRUE(s.ok()) << path << ": " << s.error().to_string();
    expect_same(m, *s, 0, name_of(path));
    ++n;
  }
  EXPECT_EQ(n, 32u);
}

TEST(SceneRead, EverySamplesGltfAndBinComeBackBitForBit) {
  for (const auto& path : sample_mesh_paths()) {
    const ir::Mesh m = decoded(path);
    WriteOptions o;
    o.binary = false;
    o.bin_uri = "mesh data.bin";  // percent-encoded in the uri
    ir::Result<Written> w = write(m, o);
    ASSERT_TRUE(w.ok()) << path;
    std::string asked;
    ReadUri read = [&](const std::string& uri, std::vector<uint8_t>& out, std::string&) {
      asked = uri;
      out = w->bin;
      return true;
    };
    ir::Result<Scene> s = read_scene_gltf(w->json, read);
    ASSERT_TRUE(s.ok()) << path << ": " << s.error().to_string();
    expect_same(m, *s, 0, name_of(path));
    EXPECT_EQ(asked, "mesh data.bin");
  }
}

TEST(SceneRead, CompressedAndQuantizedGlbsComeBack) {
  for (const auto& path : sample_mesh_paths()) {
    const ir::Mesh m = decoded(path);
    ir::Result<Written> w = write(m);
    ASSERT_TRUE(w.ok());
    ir::Result<std::vector<uint8_t>> compressed = compact_glb(w->glb, {false, true});
    ASSERT_TRUE(compressed.ok());
    ir::Result<Scene> c = read_scene_glb(compressed->data(), compressed->size());
    ASSERT_TRUE(c.ok()) << path << ": " << c.error().to_string();
    expect_same(m, *c, 0, name_of(path) + " --compress");
    ir::Result<std::vector<uint8_t>> quantized = compact_glb(w->glb, {true, true});
    ASSERT_TRUE(quantized.ok());
    ir::Result<Scene> q = read_scene_glb(quantized->data(), quantized->size());
    ASSERT_TRUE(q.ok()) << path << ": " << q.error().to_string();
    double extent = 0;
    for (float x : m.find("POSITION")->f32) extent = std::max(extent, double(std::fabs(x)));
    expect_same(m, *q, extent * kPositionToleranceOfRange + 1e-6, name_of(path) + " --quantize");
  }
}

// ---- hand-made glTF ----------------------------------------------------------------------

// A .gltf of one triangle: positions (3 x VEC3 float) then u16 indices, base64 in a data uri.
struct Tiny {
  ir::Json gltf;
  std::vector<uint8_t> bin;
};

std::string base64(const std::vector<uint8_t>& b) {
  static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string s;
  for (size_t i = 0; i < b.size(); i += 3) {
    uint32_t v = uint32_t(b[i]) << 16 | (i + 1 < b.size() ? uint32_t(b[i + 1]) << 8 : 0) |
                 (i + 2 < b.size() ? b[i + 2] : 0);
    s += k[v >> 18 & 63];
    s += k[v >> 12 & 63];
    s += i + 1 < b.size() ? k[v >> 6 & 63] : '=';
    s += i + 2 < b.size() ? k[v & 63] : '=';
  }
  return s;
}

template <class T>
void put(std::vector<uint8_t>& b, T v) {
  const size_t at = b.size();
  b.resize(at + sizeof v);
  std::memcpy(b.data() + at, &v, sizeof v);
}

Tiny tiny() {
  Tiny t;
  for (float f : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 1.f, 0.f}) put(t.bin, f);
  for (uint16_t i : {0, 1, 2}) put(t.bin, i);
  put(t.bin, uint16_t(0));
  ir::Json prim = {{"attributes", {{"POSITION", 0}}}, {"indices", 1}, {"material", 0}};
  ir::Json mesh = {{"primitives", ir::Json::array({prim})}};
  ir::Json node = {{"mesh", 0}, {"name", "n"}};
  ir::Json positions = {{"bufferView", 0}, {"componentType", 5126}, {"count", 3},
                        {"type", "VEC3"},  {"min", {0, 0, 0}},      {"max", {1, 1, 0}}};
  ir::Json indices = {{"bufferView", 1}, {"componentType", 5123}, {"count", 3}, {"type", "SCALAR"}};
  t.gltf = ir::Json::object();
  t.gltf["asset"] = {{"version", "2.0"}};
  t.gltf["scene"] = 0;
  t.gltf["scenes"] = ir::Json::array({ir::Json{{"nodes", {0}}}});
  t.gltf["nodes"] = ir::Json::array({node});
  t.gltf["meshes"] = ir::Json::array({mesh});
  t.gltf["materials"] = ir::Json::array({ir::Json{{"name", "0x0000000000000042.001"}}});
  t.gltf["accessors"] = ir::Json::array({positions, indices});
  t.gltf["bufferViews"] =
      ir::Json::array({ir::Json{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", 36}},
                       ir::Json{{"buffer", 0}, {"byteOffset", 36}, {"byteLength", 6}}});
  t.gltf["buffers"] = ir::Json::array({ir::Json{{"byteLength", t.bin.size()}}});
  return t;
}

ir::Result<Scene> read(Tiny t) {
  t.gltf["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64(t.bin);
  return read_scene_gltf(t.gltf.dump(),
                         [](const std::string&, std::vector<uint8_t>&, std::string& e) {
                           e = "no files";
                           return false;
                         });
}

std::vector<float> positions(const Scene& s) { return s.mesh.find("POSITION")->f32; }

TEST(SceneRead, YUpComesBackAsZUpExactly) {
  ir::Result<Scene> s = read(tiny());
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  // (x, y, z) Y-up -> (x, -z, y) Z-up: (0,1,0) becomes (0,0,1); -0 for the zero z's.
  EXPECT_EQ(positions(*s), (std::vector<float>{0, -0.f, 0, 1, -0.f, 0, 0, -0.f, 1}));
  EXPECT_EQ(s->mesh.indices, (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(s->materials[0].name, "0x0000000000000042.001");
  EXPECT_TRUE(s->exact_frame);
}

// Indices of every unsigned type, packed or strided, read in place: the same triangle, and a
// value past the vertices named with its place (the view and the doubles read alike).
TEST(SceneRead, IndicesOfEveryUnsignedTypeAndStrideReadAlike) {
  struct Case {
    int type;
    size_t size, stride;
  };
  for (const Case k : {Case{5121, 1, 0}, Case{5121, 1, 4}, Case{5123, 2, 0}, Case{5123, 2, 6},
                       Case{5125, 4, 0}, Case{5125, 4, 8}}) {
    for (const uint32_t last : {2u, 3u}) {
      Tiny t = tiny();
      t.bin.resize(36);  // the positions; the indices follow, one per `stride` bytes
      const size_t step = k.stride ? k.stride : k.size;
      t.bin.resize(36 + 2 * step + k.size, 0xEE);
      const uint32_t values[] = {0, 1, last};
      for (size_t i = 0; i < 3; ++i) std::memcpy(t.bin.data() + 36 + i * step, &values[i], k.size);
      while (t.bin.size() % 4) t.bin.push_back(0);
      t.gltf["accessors"][1]["componentType"] = k.type;
      t.gltf["bufferViews"][1]["byteLength"] = 2 * step + k.size;
      if (k.stride) t.gltf["bufferViews"][1]["byteStride"] = k.stride;
      t.gltf["buffers"][0]["byteLength"] = t.bin.size();
      const ir::Result<Scene> s = read(t);
      const std::string what = std::to_string(k.type) + " stride " + std::to_string(k.stride);
      if (last == 2) {
        ASSERT_TRUE(s.ok()) << what << ": " << s.error().to_string();
        EXPECT_EQ(s->mesh.indices, (std::vector<uint32_t>{0, 1, 2})) << what;
      } else {
        ASSERT_FALSE(s.ok()) << what;
        EXPECT_EQ(s.error().code, "IMPORT_GLTF_PRIMITIVE") << what;
        EXPECT_EQ(s.error().message, "index 3 at 2 >= 3 vertices") << what;
        EXPECT_EQ(s.error().path, "/meshes/0/primitives/0/indices") << what;
      }
    }
  }
}

TEST(SceneRead, AMirroringNodeFlipsTheWinding) {
  Tiny t = tiny();
  t.gltf["nodes"][0]["scale"] = {-1, 1, 1};
  ir::Result<Scene> s = read(t);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->mesh.indices, (std::vector<uint32_t>{0, 2, 1}));
  EXPECT_EQ(s->mirrored_primitives, 1u);
  EXPECT_EQ(positions(*s)[3], -1.f);
}

TEST(SceneRead, NodeTransformsAreBakedThroughTheHierarchy) {
  Tiny t = tiny();
  t.gltf["nodes"] =
      ir::Json::array({ir::Json{{"children", {1}}, {"translation", {0, 0, 5}}, {"name", "root"}},
                       ir::Json{{"mesh", 0}, {"scale", {2, 2, 2}}, {"name", "n"}}});
  ir::Result<Scene> s = read(t);
  ASSERT_TRUE(s.ok());
  // Y-up (2, 0, 5) for vertex 1 -> Z-up (2, -5, 0).
  EXPECT_FLOAT_EQ(positions(*s)[3], 2);
  EXPECT_FLOAT_EQ(positions(*s)[4], -5);
  EXPECT_FLOAT_EQ(positions(*s)[5], 0);
}

TEST(SceneRead, SparseAccessorsSubstitute) {
  Tiny t = tiny();
  // sparse: element 2 replaced by (0, 3, 0); indices u8 then values as floats.
  const size_t at = t.bin.size();
  put(t.bin, uint8_t(2));
  put(t.bin, uint8_t(0));
  put(t.bin, uint16_t(0));
  for (float f : {0.f, 3.f, 0.f}) put(t.bin, f);
  t.gltf["buffers"][0]["byteLength"] = t.bin.size();
  t.gltf["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", at}, {"byteLength", 1}});
  t.gltf["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", at + 4}, {"byteLength", 12}});
  t.gltf["accessors"][0]["sparse"] = {{"count", 1},
                                      {"indices", {{"bufferView", 2}, {"componentType", 5121}}},
                                      {"values", {{"bufferView", 3}}}};
  ir::Result<Scene> s = read(t);
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  EXPECT_FLOAT_EQ(positions(*s)[8], 3);  // z (Z-up) = y (Y-up)
}

TEST(SceneRead, InterleavedViewsAndNormalizedShortsRead) {
  Tiny t;
  // Interleaved: POSITION float3 + TEXCOORD_0 unorm16x2 (+2 pad) = stride 20.
  const float p[3][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const uint16_t uv[3][2] = {{0, 0}, {65535, 0}, {0, 32768}};
  for (int v = 0; v < 3; ++v) {
    for (float f : p[v]) put(t.bin, f);
    put(t.bin, uv[v][0]);
    put(t.bin, uv[v][1]);
    put(t.bin, uint32_t(0));
  }
  t.gltf = tiny().gltf;
  t.gltf["meshes"][0]["primitives"][0].erase("indices");
  t.gltf["meshes"][0]["primitives"][0]["attributes"]["TEXCOORD_0"] = 1;
  t.gltf["accessors"][1] = {{"bufferView", 0},    {"byteOffset", 12}, {"componentType", 5123},
                            {"normalized", true}, {"count", 3},       {"type", "VEC2"}};
  t.gltf["bufferViews"] =
      ir::Json::array({ir::Json{{"buffer", 0}, {"byteLength", 60}, {"byteStride", 20}}});
  t.gltf["buffers"][0]["byteLength"] = t.bin.size();
  ir::Result<Scene> s = read(t);
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  EXPECT_EQ(s->mesh.indices, (std::vector<uint32_t>{0, 1, 2}));  // non-indexed
  const ir::Attribute* u = s->mesh.find("TEXCOORD_0");
  ASSERT_TRUE(u);
  EXPECT_FLOAT_EQ(u->f32[2], 1.f);
  EXPECT_FLOAT_EQ(u->f32[5], float(32768.0 / 65535.0));
  EXPECT_FLOAT_EQ(positions(*s)[8], 1);
}

// Interleaved FLOAT views (another tool's layout: POSITION and TEXCOORD_0 in one 20-byte
// stride) come back bit for bit, -0, a subnormal and the largest float included; a NaN in the
// second row of TEXCOORD_0 fails at that attribute.
TEST(SceneRead, InterleavedFloatRowsComeBackBitForBit) {
  const float sub = std::numeric_limits<float>::denorm_min(), big = FLT_MAX;
  const float uv[3][2] = {{-0.0f, sub}, {big, -big}, {0.25f, 1 - 1e-7f}};
  const auto tiny_interleaved = [&](const float(*rows)[2]) {
    Tiny t;
    const float p[3][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    for (int v = 0; v < 3; ++v) {
      for (float f : p[v]) put(t.bin, f);
      for (int c = 0; c < 2; ++c) put(t.bin, rows[v][c]);
    }
    t.gltf = tiny().gltf;
    t.gltf["meshes"][0]["primitives"][0].erase("indices");
    t.gltf["meshes"][0]["primitives"][0]["attributes"]["TEXCOORD_0"] = 1;
    t.gltf["accessors"][1] = {{"bufferView", 0},
                              {"byteOffset", 12},
                              {"componentType", 5126},
                              {"count", 3},
                              {"type", "VEC2"}};
    t.gltf["bufferViews"] =
        ir::Json::array({ir::Json{{"buffer", 0}, {"byteLength", 60}, {"byteStride", 20}}});
    t.gltf["buffers"][0]["byteLength"] = t.bin.size();
    return t;
  };
  ir::Result<Scene> s = read(tiny_interleaved(uv));
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  const ir::Attribute* u = s->mesh.find("TEXCOORD_0");
  ASSERT_TRUE(u && u->f32.size() == 6);
  EXPECT_EQ(std::memcmp(u->f32.data(), uv, sizeof uv), 0);
  EXPECT_TRUE(std::signbit(u->f32[0]));
  EXPECT_FLOAT_EQ(positions(*s)[3], 1);

  float with_nan[3][2] = {{0, 0}, {0.5f, std::nanf("")}, {1, 1}};
  s = read(tiny_interleaved(with_nan));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "IMPORT_GLTF_VALUE");
  EXPECT_EQ(s.error().path, "/meshes/0/primitives/0/attributes/TEXCOORD_0");
}

TEST(SceneRead, RequiredDracoIsRefusedByName) {
  Tiny t = tiny();
  t.gltf["extensionsUsed"] = {"KHR_draco_mesh_compression"};
  t.gltf["extensionsRequired"] = {"KHR_draco_mesh_compression"};
  ir::Result<Scene> s = read(t);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "IMPORT_GLTF_EXTENSION");
  EXPECT_NE(s.error().message.find("KHR_draco_mesh_compression"), std::string::npos);
}

TEST(SceneRead, HostileAccessorsFailWithTheirJsonPointer) {
  struct Case {
    std::function<void(Tiny&)> edit;
    const char* code;
    const char* path;
  };
  const std::vector<Case> cases = {
      {[](Tiny& t) { t.gltf["accessors"][0]["count"] = 1000000; }, "IMPORT_GLTF_ACCESSOR",
       "/accessors/0"},
      {[](Tiny& t) { t.gltf["accessors"][0]["byteOffset"] = 4000000000u; }, "IMPORT_GLTF_ACCESSOR",
       "/accessors/0"},
      {[](Tiny& t) { t.gltf["bufferViews"][0]["byteLength"] = 1u << 31; }, "IMPORT_GLTF_ACCESSOR",
       "/accessors/0"},
      {[](Tiny& t) { std::memcpy(t.bin.data() + 36, "\x07\x00", 2); }, "IMPORT_GLTF_PRIMITIVE",
       "/meshes/0/primitives/0/indices"},
      {[](Tiny& t) {
         const float nan = std::nanf("");
         std::memcpy(t.bin.data() + 4, &nan, 4);
       },
       "IMPORT_GLTF_VALUE", "/meshes/0/primitives/0/attributes/POSITION"},
      {[](Tiny& t) { t.gltf["meshes"][0]["primitives"][0]["mode"] = 1; }, "IMPORT_GLTF_PRIMITIVE",
       "/meshes/0/primitives/0/mode"},
      {[](Tiny& t) { t.gltf["meshes"][0]["primitives"][0]["material"] = 9; },
       "IMPORT_GLTF_PRIMITIVE", "/meshes/0/primitives/0/material"},
      {[](Tiny& t) { t.gltf["nodes"][0].erase("mesh"); }, "IMPORT_GLTF_EMPTY", "/nodes"},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    Tiny t = tiny();
    cases[i].edit(t);
    ir::Result<Scene> s = read(t);
    ASSERT_FALSE(s.ok()) << i;
    EXPECT_EQ(s.error().code, cases[i].code) << i << ": " << s.error().to_string();
    EXPECT_EQ(s.error().path.rfind(cases[i].path, 0), 0u) << i << ": " << s.error().to_string();
  }
}

// The document loader (document.h) checks each property it reads for its glTF type and names
// it by its JSON pointer; convert never writes any of these.
TEST(SceneRead, MistypedOrMissingPropertiesFailWithTheirJsonPointer) {
  struct Case {
    std::function<void(Tiny&)> edit;
    const char* path;
  };
  const std::vector<Case> cases = {
      {[](Tiny& t) { t.gltf["accessors"][0]["count"] = "3"; }, "/accessors/0/count"},
      {[](Tiny& t) { t.gltf["accessors"][0]["count"] = 2.5; }, "/accessors/0/count"},
      {[](Tiny& t) { t.gltf["accessors"][0]["count"] = -3; }, "/accessors/0/count"},
      {[](Tiny& t) { t.gltf["accessors"][0].erase("type"); }, "/accessors/0/type"},
      {[](Tiny& t) { t.gltf["accessors"][1]["normalized"] = 1; }, "/accessors/1/normalized"},
      {[](Tiny& t) {
         t.gltf["nodes"][0]["matrix"] = {1, "0"};
       },
       "/nodes/0/matrix/1"},
      {[](Tiny& t) { t.gltf["nodes"][0]["children"] = 1; }, "/nodes/0/children"},
      {[](Tiny& t) { t.gltf["meshes"][0]["primitives"][0]["attributes"]["POSITION"] = -1; },
       "/meshes/0/primitives/0/attributes/POSITION"},
      {[](Tiny& t) { t.gltf["meshes"][0].erase("primitives"); }, "/meshes/0/primitives"},
      {[](Tiny& t) { t.gltf["bufferViews"][1] = 7; }, "/bufferViews/1"},
      {[](Tiny& t) { t.gltf.erase("asset"); }, "/asset"},
      {[](Tiny& t) { t.gltf["asset"].erase("version"); }, "/asset/version"},
      {[](Tiny& t) { t.gltf["buffers"][0]["byteLength"] = 4096; }, "/buffers/0/byteLength"},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    Tiny t = tiny();
    cases[i].edit(t);
    ir::Result<Scene> s = read(t);
    ASSERT_FALSE(s.ok()) << i;
    EXPECT_EQ(s.error().code, "IMPORT_GLTF_INVALID") << i << ": " << s.error().to_string();
    EXPECT_EQ(s.error().path, cases[i].path) << i << ": " << s.error().to_string();
  }
  // A float that is a whole number is one (JSON has no integer type of its own).
  Tiny t = tiny();
  t.gltf["accessors"][0]["count"] = 3.0;
  EXPECT_TRUE(read(t).ok());
}

// JSON allows a repeated key and leaves its meaning to the reader: the loader takes the last
// value, as a DOM does, and reads a primitive's attributes in key order, so the first bad one
// named is the first in that order, not in the text (texts nlohmann's dump never writes).
TEST(SceneRead, ARepeatedKeyCountsWithItsLastValueAndAttributesFailInKeyOrder) {
  const auto text_read = [](std::string from, const std::string& to) {
    Tiny t = tiny();
    t.gltf["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64(t.bin);
    std::string text = t.gltf.dump();
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    return read_scene_gltf(text, [](const std::string&, std::vector<uint8_t>&, std::string& e) {
      e = "no files";
      return false;
    });
  };
  const std::string attributes = R"("attributes":{"POSITION":0})";
  EXPECT_TRUE(text_read(attributes, R"("attributes":{"POSITION":"x","POSITION":0})").ok());
  EXPECT_TRUE(text_read(R"("count":3)", R"("count":"3","count":3)").ok());
  const ir::Result<Scene> last_bad =
      text_read(attributes, R"("attributes":{"POSITION":0,"POSITION":-1})");
  ASSERT_FALSE(last_bad.ok());
  EXPECT_EQ(last_bad.error().path, "/meshes/0/primitives/0/attributes/POSITION");
  const ir::Result<Scene> two_bad =
      text_read(attributes, R"("attributes":{"ZZZ":-1,"AAA":"x","POSITION":0})");
  ASSERT_FALSE(two_bad.ok());
  EXPECT_EQ(two_bad.error().code, "IMPORT_GLTF_INVALID");
  EXPECT_EQ(two_bad.error().path, "/meshes/0/primitives/0/attributes/AAA");
}

TEST(SceneRead, DataUrisAndEscapedFileNamesResolve) {
  Tiny t = tiny();
  t.gltf["buffers"][0]["uri"] = "data:application/gltf-buffer;base64,@@@@";
  ir::Result<Scene> s = read_scene_gltf(t.gltf.dump(), {});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().path, "/buffers/0/uri");
  t.gltf["buffers"][0]["uri"] = "a%20b%2Fc%zz.bin";  // %zz is no escape: kept as it is
  std::string asked;
  s = read_scene_gltf(t.gltf.dump(),
                      [&](const std::string& uri, std::vector<uint8_t>& out, std::string&) {
                        asked = uri;
                        out = t.bin;
                        return true;
                      });
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  EXPECT_EQ(asked, "a b/c%zz.bin");
  EXPECT_EQ(positions(*s)[3], 1.0f);
}

// A GLB of the tiny triangle, assembled here rather than by the writer.
std::vector<uint8_t> tiny_glb(Tiny t) {
  std::string json = t.gltf.dump();
  while (json.size() % 4) json += ' ';
  while (t.bin.size() % 4) t.bin.push_back(0);
  std::vector<uint8_t> g;
  g.insert(g.end(), {'g', 'l', 'T', 'F'});
  put(g, uint32_t(2));
  put(g, uint32_t(28 + json.size() + t.bin.size()));
  put(g, uint32_t(json.size()));
  put(g, uint32_t(0x4E4F534A));
  g.insert(g.end(), json.begin(), json.end());
  put(g, uint32_t(t.bin.size()));
  put(g, uint32_t(0x004E4942));
  g.insert(g.end(), t.bin.begin(), t.bin.end());
  return g;
}

TEST(SceneRead, GlbHeadersAndChunksFailAtTheirByte) {
  const std::vector<uint8_t> good = tiny_glb(tiny());
  ASSERT_TRUE(read_scene_glb(good.data(), good.size()).ok());
  struct Case {
    std::function<void(std::vector<uint8_t>&)> edit;
    uint64_t offset;
  };
  const std::vector<Case> cases = {
      {[](std::vector<uint8_t>& g) { g[4] = 1; }, 4},              // version 1
      {[](std::vector<uint8_t>& g) { g[8] += 4; }, 8},             // length past the file
      {[](std::vector<uint8_t>& g) { g[16] = 'X'; }, 16},          // first chunk not JSON
      {[](std::vector<uint8_t>& g) { g[13] = 0x7F; }, 12},         // JSON chunk too long
      {[](std::vector<uint8_t>& g) { g[20 + 1] = '#'; }, 20 + 1},  // not JSON, at its byte
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    std::vector<uint8_t> g = good;
    cases[i].edit(g);
    ir::Result<Scene> s = read_scene_glb(g.data(), g.size());
    ASSERT_FALSE(s.ok()) << i;
    EXPECT_EQ(s.error().code, "IMPORT_GLTF_INVALID") << i;
    EXPECT_EQ(s.error().offset, cases[i].offset) << i << ": " << s.error().to_string();
  }
  // No BIN chunk for buffer 0, and an external uri, which a .glb never reads.
  Tiny t = tiny();
  std::vector<uint8_t> g = tiny_glb(t);
  const uint32_t json_length = uint32_t(g[12]) | uint32_t(g[13]) << 8;
  g.resize(20 + json_length);
  const uint32_t length = uint32_t(g.size());
  std::memcpy(g.data() + 8, &length, 4);
  ir::Result<Scene> s = read_scene_glb(g.data(), g.size());
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().path, "/buffers/0") << s.error().to_string();
  t.gltf["buffers"][0]["uri"] = "mesh.bin";
  g = tiny_glb(t);
  s = read_scene_glb(g.data(), g.size());
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().path, "/buffers/0/uri");
}

// glTF allows indices and sparse indices of UNSIGNED_BYTE, UNSIGNED_SHORT and UNSIGNED_INT
// only; any other type is refused before a value is turned into a vertex number (a SHORT
// holding -32768 once reached uint32_t(-32768.0)).
TEST(SceneRead, SignedAndFloatIndexTypesAreRefusedBeforeAnyValueIsConverted) {
  struct Case {
    int component_type;
    uint16_t first;  // the first index's two bytes
    bool normalized;
  };
  for (const Case& c : {Case{5122, 0x8000, false}, Case{5122, 1, false}, Case{5120, 0, false},
                        Case{5123, 0, true}}) {
    Tiny t = tiny();
    t.gltf["accessors"][1]["componentType"] = c.component_type;
    if (c.normalized) t.gltf["accessors"][1]["normalized"] = true;
    std::memcpy(t.bin.data() + 36, &c.first, 2);
    ir::Result<Scene> s = read(t);
    ASSERT_FALSE(s.ok()) << c.component_type;
    EXPECT_EQ(s.error().code, "IMPORT_GLTF_INDEX_TYPE") << s.error().to_string();
    EXPECT_EQ(s.error().path, "/accessors/1/componentType");
  }
  // FLOAT indices: four bytes each.
  Tiny t = tiny();
  t.bin.resize(36);
  for (float f : {0.f, 1.f, 2.f}) put(t.bin, f);
  t.gltf["bufferViews"][1]["byteLength"] = 12;
  t.gltf["buffers"][0]["byteLength"] = t.bin.size();
  t.gltf["accessors"][1]["componentType"] = 5126;
  ir::Result<Scene> s = read(t);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "IMPORT_GLTF_INDEX_TYPE") << s.error().to_string();
}

TEST(SceneRead, SparseIndicesOfASignedTypeAreRefused) {
  Tiny t = tiny();
  const size_t at = t.bin.size();
  put(t.bin, int16_t(-1));
  put(t.bin, uint16_t(0));
  for (float f : {0.f, 3.f, 0.f}) put(t.bin, f);
  t.gltf["buffers"][0]["byteLength"] = t.bin.size();
  t.gltf["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", at}, {"byteLength", 2}});
  t.gltf["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", at + 4}, {"byteLength", 12}});
  t.gltf["accessors"][0]["sparse"] = {{"count", 1},
                                      {"indices", {{"bufferView", 2}, {"componentType", 5122}}},
                                      {"values", {{"bufferView", 3}}}};
  ir::Result<Scene> s = read(t);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "IMPORT_GLTF_INDEX_TYPE") << s.error().to_string();
  EXPECT_EQ(s.error().path, "/accessors/0/sparse/indices/componentType");
}

// The fuzzing finding, kept in fuzz/regressions/: a convert output whose first primitive's
// indices were made SHORT with -32768 among them.
TEST(SceneRead, TheSignedIndicesRegressionIsRefused) {
  const std::vector<uint8_t> b = bytes_of(std::filesystem::path(F2G_SOURCE_DIR) / "fuzz" /
                                          "regressions" / "import-signed-indices.glb");
  ASSERT_FALSE(b.empty());
  ir::Result<Scene> s = read_scene_glb(b.data(), b.size());
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "IMPORT_GLTF_INDEX_TYPE") << s.error().to_string();
  EXPECT_EQ(s.error().path, "/accessors/3/componentType");
}

TEST(SceneRead, ACyclicNodeHierarchyEndsAndReadsEachNodeOnce) {
  Tiny t = tiny();
  t.gltf["nodes"] = ir::Json::array({ir::Json{{"children", {1}}, {"mesh", 0}, {"name", "a"}},
                                     ir::Json{{"children", {0}}, {"mesh", 0}, {"name", "b"}}});
  ir::Result<Scene> s = read(t);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->mesh_nodes, 2u);
  EXPECT_EQ(s->mesh.vertex_count, 6u);
}

TEST(SceneRead, EveryPrefixOfASampleGlbFailsCleanly) {
  const ir::Mesh m = decoded(sample_mesh_paths().front());
  ir::Result<Written> w = write(m);
  ASSERT_TRUE(w.ok());
  for (size_t n = 0; n < w->glb.size(); n += std::max<size_t>(1, w->glb.size() / 997)) {
    std::vector<uint8_t> cut(w->glb.begin(), w->glb.begin() + n);
    ir::Result<Scene> s = read_scene_glb(cut.data(), cut.size());
    EXPECT_FALSE(s.ok()) << n;
    if (!s.ok()) {
      EXPECT_EQ(s.error().code.rfind("IMPORT_GLTF_", 0), 0u) << n;
    }
  }
}

}  // namespace
}  // namespace f2g::gltf
