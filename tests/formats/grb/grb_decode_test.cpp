// Every GRB/GRW sample decodes to known values, re-encodes byte for byte, and is detected as
// its own dialect; RR inputs keep detecting as RR.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "formats/common/classes.h"
#include "formats/common/error.h"
#include "formats/grb/vertex_codec.h"
#include "formats/registry.h"
#include "tests/support/grb_test_support.h"

namespace f2g::grb {
namespace {

struct Expected {
  const char* name;
  const char* layout;
  uint32_t vertices, indices, primitives, bones;
  uint8_t index_size;
  int uv_sets, colour_sets, joint_sets;
};

// From the generator's tubes (rings x segments per draw): soldier 6x12 + 5x10 + 4x8, prop
// 5x10 + 3x6, crate 4x4, tacvest 227x8 cut to 3,263 triangles.
const Expected kExpected[] = {
    {"grb/clustered_skinned_soldier", "clustered", 154, 744, 3, 12, 2, 1, 1, 1},
    {"grb/skin4_format0_submeshes", "clustered", 68, 312, 2, 6, 2, 1, 0, 1},
    {"grb/skin8_format2_tentacle", "clustered", 154, 744, 3, 8, 2, 1, 0, 2},
    {"grb/three_uv_format4_file_header", "clustered", 68, 312, 2, 5, 2, 3, 1, 1},
    {"grb/four_uv_format5_u32_indices", "clustered", 68, 312, 2, 5, 4, 4, 1, 1},
    {"grb/static_format10_rock", "clustered", 68, 312, 2, 0, 2, 1, 1, 0},
    {"grb/mesh_data_only_format11_foliage", "mesh_data", 68, 312, 2, 0, 2, 2, 2, 0},
    {"grb/static_format12_crate", "clustered", 16, 72, 1, 0, 2, 1, 0, 0},
    {"grb/static_format13_pipe", "clustered", 68, 312, 2, 0, 2, 2, 0, 0},
    {"grb/tacvest_walker_coat_lod0", "clustered", 1816, 9789, 1, 30, 2, 1, 1, 1},
    {"grw/clustered_skinned_ranger", "clustered", 154, 744, 3, 12, 2, 1, 0, 1},
    {"grw/skin8_format1_tentacle", "clustered", 154, 744, 3, 8, 2, 1, 0, 2},
    {"grw/three_uv_format2_backpack", "clustered", 68, 312, 2, 5, 2, 3, 1, 1},
    {"grw/skin8_colour_format3_cloth", "clustered", 154, 744, 3, 6, 2, 3, 1, 2},
    {"grw/static_format6_rock", "clustered", 68, 312, 2, 0, 2, 1, 1, 0},
    {"grw/mesh_data_only_format7_foliage", "mesh_data", 68, 312, 2, 0, 2, 2, 1, 0},
    {"grw/static_format8_u32_indices", "clustered", 68, 312, 2, 0, 4, 1, 0, 0},
    {"grw/static_format9_file_header_submeshes", "clustered", 68, 312, 2, 0, 2, 2, 0, 0},
};

int count_sets(const ir::Mesh& m, const char* prefix) {
  int n = 0;
  while (m.find(prefix + std::to_string(n))) ++n;
  return n;
}

class GrbDecode : public ::testing::TestWithParam<test::Sample> {};

TEST_P(GrbDecode, DecodesToKnownValuesWithoutWarnings) {
  const test::Sample& s = GetParam();
  const std::vector<uint8_t> b = test::sample_bytes(s.name);
  Result<Decoded> d = f2g::decode(b.data(), b.size(), DecodeOptions{});
  ASSERT_TRUE(d) << d.error().to_string();
  EXPECT_EQ(d->format, &format_of(s.dialect));
  const ir::Mesh& m = d->mesh;
  EXPECT_TRUE(m.warnings.empty()) << m.warnings.front().to_string();
  const Expected* e = nullptr;
  for (const Expected& x : kExpected)
    if (s.name == x.name) e = &x;
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(m.source.format, dialect_name(s.dialect));
  EXPECT_EQ(m.source.layout, e->layout);
  EXPECT_EQ(m.vertex_count, e->vertices);
  EXPECT_EQ(m.indices.size(), e->indices);
  EXPECT_EQ(m.index_size, e->index_size);
  EXPECT_EQ(m.primitives.size(), e->primitives);
  EXPECT_EQ(m.materials.size(), e->primitives);
  EXPECT_EQ(m.skin ? m.skin->bones.size() : 0u, e->bones);
  EXPECT_EQ(count_sets(m, "TEXCOORD_"), e->uv_sets);
  EXPECT_EQ(count_sets(m, "COLOR_"), e->colour_sets);
  EXPECT_EQ(count_sets(m, "JOINTS_"), e->joint_sets);
  EXPECT_TRUE(m.find("POSITION") && m.find("NORMAL"));
  // The binormal at 16 is kept as _BINORMAL exactly where the layout has one (P N T B).
  const uint8_t format = d->structure["vertex_format"];
  const VertexFormat& f = *builtin_vertex_formats(s.dialect).find(format);
  EXPECT_EQ(m.find("_BINORMAL") != nullptr, f.find("_BINORMAL") != nullptr);
  EXPECT_EQ(f.find("_BINORMAL") != nullptr, f.stride >= 32);
  // Materials are named after MeshInstancingData i's u64 id, "0x%016X".
  for (const ir::Material& mat : m.materials) {
    EXPECT_EQ(mat.name.size(), 18u);
    EXPECT_EQ(mat.extras["id"], mat.name);
  }
  // Every index inside its primitive's vertex range; primitives in stored order.
  uint32_t next = 0;
  for (const ir::Primitive& p : m.primitives) {
    EXPECT_EQ(p.first_index, next);
    next += p.index_count;
    for (uint32_t k = p.first_index; k < p.first_index + p.index_count; ++k) {
      ASSERT_GE(m.indices[k], p.first_vertex);
      ASSERT_LT(m.indices[k], p.first_vertex + p.vertex_count);
    }
  }
  EXPECT_EQ(next, m.indices.size());
}

TEST_P(GrbDecode, ReencodesByteForByte) {
  const test::Sample& s = GetParam();
  const std::vector<uint8_t> b = test::sample_bytes(s.name);
  Result<std::vector<uint8_t>> r = f2g::reencode(b.data(), b.size(), DecodeOptions{});
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_TRUE(*r == b);
  Result<MeshFile> m = parse(b.data(), b.size(), s.dialect);
  ASSERT_TRUE(m);
  EXPECT_TRUE(encode(*m) == b);
}

TEST_P(GrbDecode, OnlyItsOwnDialectReachesTheCompiledMesh) {
  const test::Sample& s = GetParam();
  const std::vector<uint8_t> b = test::sample_bytes(s.name);
  EXPECT_TRUE(reaches_compiled_mesh(b.data(), b.size(), s.dialect));
  const Dialect other = s.dialect == Dialect::Grb ? Dialect::Grw : Dialect::Grb;
  EXPECT_FALSE(reaches_compiled_mesh(b.data(), b.size(), other));
  EXPECT_FALSE(rr_reaches_compiled_mesh(b.data(), b.size()));
  // Forced to the other dialect, the strict read fails instead of guessing.
  EXPECT_FALSE(f2g::decode(b.data(), b.size(), test::forced(other)));
}

std::string sample_name(const ::testing::TestParamInfo<test::Sample>& p) {
  std::string n = p.param.name;
  for (char& c : n)
    if (c == '/') c = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Samples, GrbDecode, ::testing::ValuesIn(test::samples()), sample_name);

// Every RR sample (and every prefix of one) is refused by both GRB walks, so RR keeps reading
// what it read before GRB and GRW were registered ahead of it.
TEST(GrbDetection, RrSamplesAndTheirPrefixesStayRr) {
  namespace fs = std::filesystem;
  int files = 0;
  for (const auto& e : fs::directory_iterator(std::string(F2G_SOURCE_DIR) + "/samples/rr")) {
    const std::vector<uint8_t> b = f2g::test::read_bytes(e.path());
    ++files;
    for (size_t n = 0; n <= b.size(); ++n) {
      ASSERT_FALSE(reaches_compiled_mesh(b.data(), n, Dialect::Grb)) << e.path() << " " << n;
      ASSERT_FALSE(reaches_compiled_mesh(b.data(), n, Dialect::Grw)) << e.path() << " " << n;
    }
    Result<const Format*> f = detect(b.data(), b.size());
    ASSERT_TRUE(f);
    EXPECT_STREQ((*f)->name, "rr") << e.path();
  }
  EXPECT_EQ(files, 9);
}

TEST(GrbDetection, FileHeadersAreKeptAndReencoded) {
  for (const char* name : {"grb/three_uv_format4_file_header", "grb/static_format12_crate",
                           "grw/static_format9_file_header_submeshes"}) {
    const std::vector<uint8_t> b = test::sample_bytes(name);
    const PayloadStart start = payload_start(b.data(), b.size());
    ASSERT_TRUE(start.framed) << name;
    ASSERT_GT(start.offset, 0u) << name;
    Result<Decoded> d = f2g::decode(b.data(), b.size(), DecodeOptions{});
    ASSERT_TRUE(d) << d.error().to_string();
    EXPECT_EQ(d->structure["file_header"]["kind"], b[0]);
    if (b[0] == 1) {
      uint32_t n;
      std::memcpy(&n, &b[4], 4);
      EXPECT_GT(n, 0u);
      EXPECT_EQ(d->mesh.extras["file_header_entry_count"], n);
      EXPECT_EQ(d->structure["file_header"]["entries_length"], 12 * n);
    }
  }
}

// docs/READING.md "GRB/GRW Inputs": an archive record's gap (what unpacking tools write in
// front of the body) that is not a FileHeader of the kind byte's form: the payload is found
// behind it by the Mesh class, the gap kept byte for byte and named in extras and structure.
TEST(GrbDetection, ARecordGapOfAnyFormFramesThePayloadAndIsKept) {
  const std::vector<uint8_t> body = test::sample_bytes("grw/static_format6_rock");
  ASSERT_EQ(payload_start(body.data(), body.size()).offset, 0u);
  struct Case {
    std::vector<uint8_t> gap;
    const char* form;  // "" = the kind byte's own form
  };
  const std::vector<Case> cases = {
      {{0}, ""},                                  // the one NUL: a Short header
      {{0, 0, 0, 0, 0, 0, 0, 0}, "long"},         // 8 zeros: a Long header of kind 0, N = 0
      {{1, 2, 0, 0, 0, 0, 0, 0}, ""},             // kind 1, N = 0
      {{0xAA, 0xBB, 0xCC, 0xDD}, "gap"},          // 4 bytes: no header form at all
      {{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, "gap"}  // 11 zeros: N = 0 but 8 + 12 N != 11
  };
  for (const Case& k : cases) {
    std::vector<uint8_t> file = k.gap;
    file.insert(file.end(), body.begin(), body.end());
    const PayloadStart start = payload_start(file.data(), file.size());
    EXPECT_EQ(start.offset, k.gap.size());
    EXPECT_TRUE(start.framed);
    DecodeOptions o;
    Result<Decoded> d = f2g::decode(file.data(), file.size(), o);
    ASSERT_TRUE(d) << k.gap.size() << ": " << d.error().to_string();
    EXPECT_STREQ(d->format->name, "grw");
    EXPECT_EQ(d->structure["file_header"].value("form", ""), k.form) << k.gap.size();
    if (std::string(k.form) == "gap") {
      EXPECT_EQ(d->mesh.extras["file_header_gap"],
                hex_bytes(k.gap.data(), k.gap.size(), HexCase::Upper));
    }
    Result<std::vector<uint8_t>> again = f2g::reencode(file.data(), file.size(), o);
    ASSERT_TRUE(again) << again.error().to_string();
    EXPECT_EQ(*again, file) << k.gap.size();
    // The same bytes as an archive record, its gap size given: the same reading.
    o.payload_offset = k.gap.size();
    Result<Decoded> framed = f2g::decode(file.data(), file.size(), o);
    ASSERT_TRUE(framed) << framed.error().to_string();
    EXPECT_EQ(framed->structure, d->structure);
  }
}

// An archive record's gap decides nothing: a 200-byte gap, longer than a loose file's
// framing looks and holding the Mesh class word where that framing would take it, reads when
// the record says where its body starts.
TEST(GrbDetection, AGivenRecordGapIsTakenWhateverItHolds) {
  const std::vector<uint8_t> body = test::sample_bytes("grw/static_format6_rock");
  std::vector<uint8_t> file(200, 0x5A);
  std::memcpy(file.data() + 20, &kMeshClass, 4);
  file.insert(file.end(), body.begin(), body.end());
  DecodeOptions o;
  o.payload_offset = 200;
  Result<Decoded> d = f2g::decode(file.data(), file.size(), o);
  ASSERT_TRUE(d) << d.error().to_string();
  EXPECT_EQ(d->structure["file_header"]["form"], "gap");
  EXPECT_EQ(d->structure["file_header"]["entries_length"], 200);
  Result<std::vector<uint8_t>> again = f2g::reencode(file.data(), file.size(), o);
  ASSERT_TRUE(again) << again.error().to_string();
  EXPECT_EQ(*again, file);
  // Without the record, the file does not frame a payload.
  EXPECT_FALSE(f2g::decode(file.data(), file.size(), DecodeOptions{}));
}

// docs/READING.md "Position": the same static vertex is (-5604, 0, -15396, -2) in GRW and
// (5604, 0, 15396, 2) in GRB; Q = 2 gives (0.34205, 0, 0.93973) in both.
TEST(GrbVertices, TheReadingsWorkedPositionDecodesAlikeInBothDialects) {
  const VertexFormat& f = *builtin_vertex_formats(Dialect::Grb).find(12);
  for (const int16_t sign : {int16_t(-1), int16_t(1)}) {
    std::vector<uint8_t> vb(f.stride, 0);
    const int16_t p[4] = {int16_t(5604 * sign), 0, int16_t(15396 * sign), int16_t(2 * sign)};
    std::memcpy(vb.data(), p, 8);
    const std::vector<ir::Attribute> a = decode_vertices(f, vb.data(), 1, 2.0f, 1.0f);
    EXPECT_NEAR(a[0].f32[0], 0.34205, 5e-6);
    EXPECT_EQ(a[0].f32[1], 0.0f);
    EXPECT_NEAR(a[0].f32[2], 0.93973, 5e-6);
  }
}

// Element decoding: normal (b - 127) / 127, tangent w from the 4th byte, UV s / 32767 x UVQ,
// colour / 255, the skin lanes as stored (the reading's real vertex: one influence on bone 9).
TEST(GrbVertices, ElementsDecodeAsTheReadingSays) {
  const VertexFormat& f = *builtin_vertex_formats(Dialect::Grb).find(1);
  std::vector<uint8_t> vb(f.stride, 0);
  const uint8_t tail[] = {254,  127,  0, 9, 127, 254, 127,  200, 0, 0, 0, 0, 0xFF, 0x3F,
                          0x01, 0xC0, 9, 0, 0,   0,   0xff, 0,   0, 0, 7, 6, 6,    0xf9};
  std::memcpy(vb.data() + 8, tail, sizeof tail);
  const int16_t w = 32767;
  std::memcpy(vb.data() + 6, &w, 2);
  const std::vector<ir::Attribute> a = decode_vertices(f, vb.data(), 1, 1.0f, 4.0f);
  auto get = [&](const char* s) -> const ir::Attribute& {
    for (const ir::Attribute& x : a)
      if (x.semantic == s) return x;
    throw std::runtime_error(s);
  };
  EXPECT_EQ(get("NORMAL").f32, (std::vector<float>{1.0f, 0.0f, -1.0f}));
  EXPECT_EQ(get("_BINORMAL").f32, (std::vector<float>{-1.0f, -1.0f, -1.0f}));  // bytes 0
  EXPECT_EQ(get("TANGENT").f32, (std::vector<float>{0.0f, 1.0f, 0.0f, 1.0f}));
  const std::vector<float> uv = get("TEXCOORD_0").f32;
  EXPECT_FLOAT_EQ(uv[0], float(0x3FFF) / 32767.0f * 4.0f);
  EXPECT_FLOAT_EQ(uv[1], float(int16_t(0xC001)) / 32767.0f * 4.0f);
  EXPECT_EQ(get("JOINTS_0").u8, (std::vector<uint8_t>{9, 0, 0, 0}));
  EXPECT_EQ(get("WEIGHTS_0").u8, (std::vector<uint8_t>{255, 0, 0, 0}));
  EXPECT_EQ(get("COLOR_0").u8, (std::vector<uint8_t>{7, 6, 6, 0xf9}));
  EXPECT_TRUE(get("COLOR_0").normalized);
}

// Clustered indices are MinIndex + stored; MeshData-only ones are absolute.
TEST(GrbIndices, ClusteredAddMinIndexMeshDataOnlyDoNot) {
  for (const char* name :
       {"grb/clustered_skinned_soldier", "grb/mesh_data_only_format11_foliage"}) {
    const std::vector<uint8_t> b = test::sample_bytes(name);
    Result<MeshFile> m = parse(b.data(), b.size(), Dialect::Grb);
    ASSERT_TRUE(m);
    Result<Decoded> d = f2g::decode(b.data(), b.size(), DecodeOptions{});
    ASSERT_TRUE(d);
    const bool clustered = m->compiled.clustered.has_value();
    const Blob& ib =
        clustered ? m->compiled.clustered->index_buffer : m->compiled.mesh_data.index_buffer;
    const MeshPrimitive& last = m->compiled.mesh_data.standard.back();
    EXPECT_GT(last.min_index, 0u);
    uint16_t stored;
    std::memcpy(&stored, ib.bytes.data() + 2 * last.start_index, 2);
    EXPECT_EQ(d->mesh.indices[last.start_index], clustered ? stored + last.min_index : stored)
        << name;
  }
}

}  // namespace
}  // namespace f2g::grb
