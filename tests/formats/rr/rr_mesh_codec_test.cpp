// The byte grammar: strict read to the exact end, byte-exact re-encode, detection, offsets.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>

#include "formats/common/reader.h"
#include "formats/rr/mesh_codec.h"
#include "formats/rr/rr.h"
#include "tests/support/rr_test_support.h"

namespace f2g::rr {
namespace {

using test::sample_bytes;
using test::sample_names;

void put_u32(std::vector<uint8_t>& b, uint64_t at, uint32_t v) {
  std::memcpy(b.data() + at, &v, 4);
}

TEST(RrMeshCodec, EncodeOfParseIsByteExactForEverySample) {
  for (const std::string& name : sample_names()) {
    const std::vector<uint8_t> b = sample_bytes(name);
    Result<MeshFile> m = parse(b.data(), b.size());
    ASSERT_TRUE(m) << name << ": " << m.error().to_string();
    EXPECT_TRUE(encode(*m) == b) << name;
    Result<std::vector<uint8_t>> re = reencode(b.data(), b.size(), {});
    ASSERT_TRUE(re) << name;
    EXPECT_TRUE(*re == b) << name;
  }
}

TEST(RrMeshCodec, EveryByteOfEverySampleIsReadAsANamedField) {
  for (const std::string& name : sample_names()) {
    const std::vector<uint8_t> b = sample_bytes(name);
    FieldLog log;
    DecodeOptions o;
    o.field_log = &log;
    ASSERT_TRUE(test::decode_bytes(b, o)) << name;
    // Mark the covered bytes; every one must be.
    std::vector<bool> covered(b.size(), false);
    for (const FieldSpan& f : log)
      for (uint64_t i = f.offset; i < f.offset + f.size; ++i) covered[i] = true;
    for (size_t i = 0; i < b.size(); ++i) ASSERT_TRUE(covered[i]) << name << " byte " << i;
    const FieldSpan* marker = field_at(
        log, (b.size() > 0 && has_resource_header(b.data(), b.size()) ? kResourceHeaderSize : 0) +
                 marker_offset(uint32_t(parse(b.data(), b.size())->header.bones.size())));
    ASSERT_NE(marker, nullptr);
    EXPECT_EQ(marker->path, "mesh/compiled.marker") << name;
  }
}

TEST(RrMeshCodec, CompiledMarkerSitsAtMFromTheBoneCount) {
  for (const std::string& name : sample_names()) {
    const MeshFile m = test::sample_file(name);
    const uint64_t body = m.resource ? kResourceHeaderSize : 0;
    EXPECT_EQ(m.compiled.offset, body + 61 + 81 * m.header.bones.size()) << name;
    EXPECT_EQ(m.compiled.marker, kCompiledMeshClass);
  }
}

TEST(RrMeshCodec, ResourceHeaderShiftsEveryOffsetByTwelve) {
  MeshFile with = test::sample_file("split12_character");
  ASSERT_TRUE(with.resource.has_value());
  MeshFile without = with;
  without.resource.reset();
  with.compiled.marker = without.compiled.marker = 0x01020304;  // same break in both
  const std::vector<uint8_t> a = encode(with), b = encode(without);
  EXPECT_EQ(a.size(), b.size() + 12);
  Result<Decoded> da = test::decode_bytes(a), db = test::decode_bytes(b, test::forced_rr());
  ASSERT_FALSE(da);
  ASSERT_FALSE(db);
  EXPECT_EQ(da.error().code, "RR_BAD_MARKER");
  EXPECT_EQ(db.error().code, "RR_BAD_MARKER");
  EXPECT_EQ(da.error().path, "mesh/compiled.marker");
  EXPECT_EQ(da.error().offset, 12 + 61 + 81 * 6u);
  EXPECT_EQ(db.error().offset, 61 + 81 * 6u);
}

TEST(RrMeshCodec, WrongMarkerFailsWithCodePathAndOffset) {
  std::vector<uint8_t> b = sample_bytes("static16_terrain");  // bare, no bones: M = 61
  put_u32(b, 61, 0xFC9E1596);
  Result<Decoded> d = test::decode_bytes(b);
  ASSERT_FALSE(d);
  EXPECT_EQ(d.error().code, "RR_BAD_MARKER");
  EXPECT_EQ(d.error().path, "mesh/compiled.marker");
  EXPECT_EQ(d.error().offset, 61u);
  EXPECT_NE(d.error().message.find("0xFC9E1596"), std::string::npos);
}

TEST(RrMeshCodec, TrailingByteIsAnError) {
  std::vector<uint8_t> b = sample_bytes("inline_rocks");
  b.push_back(0);
  Result<Decoded> d = test::decode_bytes(b);
  ASSERT_FALSE(d);
  EXPECT_EQ(d.error().code, "RR_TRAILING_BYTES");
  EXPECT_EQ(d.error().offset, b.size() - 1);
  EXPECT_EQ(d.error().path, "mesh");
}

TEST(RrMeshCodec, CountsOfFFFFFFFFFailBeforeAllocating) {
  struct Case {
    std::string sample;
    std::function<uint64_t(const MeshFile&)> at;  // where the count is stored
    std::string path;
  };
  const std::vector<Case> cases = {
      {"static16_terrain", [](const MeshFile&) { return uint64_t(16); }, "mesh/header.bone_count"},
      {"static24_props", [](const MeshFile& m) { return m.ranged->offset + 46; },
       "mesh/ranged.range_count"},
      {"static24_props", [](const MeshFile& m) { return m.ranged->streams[0].offset; },
       "mesh/ranged.primary"},
      {"inline_rocks", [](const MeshFile& m) { return m.mesh_data.declaration_offset + 6; },
       "mesh/mesh_data.object_count"},
      {"inline_rocks", [](const MeshFile& m) { return m.materials.descriptor_count_offset; },
       "mesh/materials.descriptor_count"},
      {"split24_bike", [](const MeshFile& m) { return m.materials.reference_count_offset; },
       "mesh/materials.reference_count"},
  };
  for (const Case& c : cases) {
    std::vector<uint8_t> b = sample_bytes(c.sample);
    const uint64_t at = c.at(test::sample_file(c.sample));
    put_u32(b, at, 0xFFFFFFFF);
    Result<Decoded> d = test::decode_bytes(b, test::forced_rr());
    ASSERT_FALSE(d) << c.path;
    EXPECT_EQ(d.error().code, "RR_COUNT_TOO_LARGE") << c.path;
    EXPECT_EQ(d.error().path, c.path);
    // The run's count is blamed where it is stored; a blob's length where its data starts.
    EXPECT_EQ(d.error().offset, c.path == "mesh/ranged.primary" ? at + 4 : at) << c.path;
  }
}

TEST(RrMeshCodec, LooksLikeFindsHeaderedAndBareBodies) {
  for (const std::string& name : sample_names()) {
    const std::vector<uint8_t> b = sample_bytes(name);
    EXPECT_TRUE(looks_like(b.data(), b.size())) << name;
  }
  const std::vector<uint8_t> bare = sample_bytes("static16_terrain");
  ASSERT_FALSE(has_resource_header(bare.data(), bare.size()));
  EXPECT_FALSE(looks_like(bare.data(), 64));  // the marker at 61 is cut
  EXPECT_TRUE(looks_like(bare.data(), 65));
  std::vector<uint8_t> huge = bare;
  put_u32(huge, 16, 0xFFFFFFFF);  // M would be 61 + 81 x 0xFFFFFFFF: no overflow, no read
  EXPECT_FALSE(looks_like(huge.data(), huge.size()));
  const uint8_t zeros[32] = {};
  EXPECT_FALSE(looks_like(zeros, sizeof zeros));
  EXPECT_FALSE(looks_like(zeros, 0));
  const std::vector<uint8_t> headered = sample_bytes("static24_props");
  EXPECT_TRUE(has_resource_header(headered.data(), headered.size()));
  EXPECT_TRUE(looks_like(headered.data(), 12));
}

TEST(RrMeshCodec, BareSampleAndHeaderedSampleAreBothPresent) {
  int with = 0, without = 0;
  for (const std::string& name : sample_names())
    (test::sample_file(name).resource ? with : without)++;
  EXPECT_EQ(with, 5);
  EXPECT_EQ(without, 4);
}

}  // namespace
}  // namespace f2g::rr
