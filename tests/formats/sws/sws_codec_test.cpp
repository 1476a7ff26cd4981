// The SWS codec on bytes: round trips, strictness (prefixes, trailing bytes, huge counts),
// field paths and offsets.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>

#include "formats/common/writer.h"
#include "formats/sws/codec_parts.h"
#include "formats/sws/mesh_builder.h"
#include "formats/sws/mesh_codec.h"
#include "formats/sws/sws.h"
#include "tests/support/sws_test_util.h"

namespace f2g::sws {
namespace {

using test::sample_bytes;
using test::sample_mesh;
using test::sample_names;

Result<Mesh> structure_of(const std::vector<uint8_t>& b) {
  std::unique_ptr<uint8_t[]> heap(new uint8_t[b.size() ? b.size() : 1]);
  if (!b.empty()) std::memcpy(heap.get(), b.data(), b.size());
  return decode_structure(heap.get(), b.size(), {});
}

TEST(SwsCodec, EncodeOfDecodeReproducesEverySampleByteForByte) {
  for (const std::string& name : sample_names()) {
    const std::vector<uint8_t>& b = sample_bytes(name);
    Result<Mesh> m = structure_of(b);
    ASSERT_TRUE(m.ok()) << name << ": " << m.error().to_string();
    EXPECT_EQ(encode(*m), b) << name;
    Result<std::vector<uint8_t>> again = reencode(b.data(), b.size(), {});
    ASSERT_TRUE(again.ok()) << name;
    EXPECT_EQ(*again, b) << name;
  }
}

TEST(SwsCodec, DecodeOfEncodeKeepsEveryStoredField) {
  Mesh m = sample_mesh("morph_submeshes");
  m.submeshes[0].submesh.unknown_0x9 = 0xAB;  // Unknown fields are kept
  m.submeshes[0].submesh.copy[0].unknown_last = 0x12345678;
  m.submeshes[0].submesh.uv_channels[1].unknown_0xc = 9;
  m.compiled.unknown_0x1c = 77;
  m.compiled.ranges_b[1].unknown_0x14 = 0xCAFE;
  m.compiled.palettes[0].unknown_0x3 = 41;
  m.stored_11[10] = 5;
  Result<Mesh> back = structure_of(encode(m));
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back->submeshes[0].submesh.unknown_0x9, 0xABu);
  EXPECT_EQ(back->submeshes[0].submesh.copy[0].unknown_last, 0x12345678u);
  EXPECT_EQ(back->submeshes[0].submesh.uv_channels[1].unknown_0xc, 9);
  EXPECT_EQ(back->compiled.unknown_0x1c, 77u);
  EXPECT_EQ(back->compiled.ranges_b[1].unknown_0x14, 0xCAFEu);
  EXPECT_EQ(back->compiled.palettes[0].unknown_0x3, 41);
  EXPECT_EQ(back->stored_11[10], 5);
  EXPECT_EQ(encode(*back), encode(m));
}

TEST(SwsCodec, EveryPrefixOfEverySampleFailsCleanlyAndOnlyTheWholeSucceeds) {
  for (const std::string& name : sample_names()) {
    const std::vector<uint8_t>& b = sample_bytes(name);
    for (size_t n = 0; n < b.size(); ++n) {
      std::unique_ptr<uint8_t[]> heap(new uint8_t[n ? n : 1]);
      std::memcpy(heap.get(), b.data(), n);
      Result<Mesh> m = decode_structure(heap.get(), n, {});
      ASSERT_FALSE(m.ok()) << name << " prefix " << n;
      ASSERT_EQ(m.error().code.rfind("SWS_", 0), 0u) << m.error().code;
    }
    EXPECT_TRUE(structure_of(b).ok()) << name;
  }
}

TEST(SwsCodec, PrefixFailuresNameTheFieldAndItsOffset) {
  const std::vector<uint8_t>& b = sample_bytes("static_materials");
  // Cut inside the compiled header's flags word: 22 + 11 + 4 + 4 = 41 is Data[0].
  const std::vector<uint8_t> cut(b.begin(), b.begin() + 41 + 0x22);
  Result<Mesh> m = structure_of(cut);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().code, "SWS_TRUNCATED");
  EXPECT_EQ(m.error().path, "mesh/compiled.flags");
  EXPECT_EQ(m.error().offset, 41u + 0x20);
}

TEST(SwsCodec, AppendedByteIsTrailingBytes) {
  for (const std::string& name : sample_names()) {
    std::vector<uint8_t> b = sample_bytes(name);
    b.push_back(0);
    Result<Mesh> m = structure_of(b);
    ASSERT_FALSE(m.ok()) << name;
    EXPECT_EQ(m.error().code, "SWS_TRAILING_BYTES") << name;
    EXPECT_EQ(m.error().offset, b.size() - 1) << name;
    Result<Decoded> d = test::decode_copy(b);
    ASSERT_FALSE(d.ok());
    EXPECT_EQ(d.error().code, "SWS_TRAILING_BYTES");
  }
}

// Overwrites the u32 at `at` with 0xFFFFFFFF and decodes.
Error with_max_u32(std::vector<uint8_t> b, size_t at) {
  const uint32_t v = 0xFFFFFFFFu;
  std::memcpy(&b[at], &v, 4);
  Result<Mesh> m = structure_of(b);
  EXPECT_FALSE(m.ok()) << "offset " << at;
  return m.ok() ? Error{} : m.error();
}

TEST(SwsCodec, MaximalCountsFailWithoutHugeAllocations) {
  const std::vector<uint8_t>& stat = sample_bytes("static_materials");
  // spec: Mesh 0xE SubMesh count, 0x12 bone count (no SubMeshes, no bones)
  EXPECT_EQ(with_max_u32(stat, 0xE).code, "SWS_COUNT_TOO_LARGE");
  EXPECT_EQ(with_max_u32(stat, 0x12).code, "SWS_COUNT_TOO_LARGE");
  const size_t data = 41;  // 33 + 4 + 4 with no bones
  const std::pair<size_t, const char*> header[] = {{data + 0x4, "SWS_EXTRA_STREAMS_MISMATCH"},
                                                   {data + 0x8, "SWS_STRIDE_ALL_MISMATCH"},
                                                   {data + 0xC, "SWS_VERTEX_BYTES_ALL_MISMATCH"},
                                                   {data + 0x10, "SWS_STRIDE_ALL_MISMATCH"},
                                                   {data + 0x14, "SWS_VERTEX_BYTES_ALL_MISMATCH"},
                                                   {data + 0x18, "SWS_TOTAL_MISMATCH"},
                                                   {data + 0x24, "SWS_TOTAL_MISMATCH"},
                                                   {data + 0x28, "SWS_TOTAL_MISMATCH"},
                                                   {data + 0x2C, "SWS_TOTAL_MISMATCH"},
                                                   {data - 4, "SWS_DATA_LENGTH_MISMATCH"}};
  for (const auto& [at, code] : header) EXPECT_EQ(with_max_u32(stat, at).code, code) << at;
  // The material count, last run of the body.
  const Mesh m = sample_mesh("static_materials");
  EXPECT_EQ(with_max_u32(stat, stat.size() - 4 - 4 * m.material_ids.size()).code,
            "SWS_COUNT_TOO_LARGE");

  // Every run of a SubMesh: the first run count, the UV channel count, the morph count.
  const std::vector<uint8_t>& morph = sample_bytes("morph_submeshes");
  EXPECT_EQ(with_max_u32(morph, 0x12 + 1 + 0xD).code, "SWS_COUNT_TOO_LARGE");
  const Mesh mm = sample_mesh("morph_submeshes");
  const size_t source_run = 0x12 + 1 + 0xD + 4 + 2 * mm.submeshes[0].submesh.indices.size();
  const Error big = with_max_u32(morph, source_run);
  EXPECT_TRUE(big.code == "SWS_COUNT_TOO_LARGE") << big.to_string();
}

TEST(SwsCodec, HugeStoredCountsConsistentWithEachOtherStillFailCleanly) {
  // A header whose words agree with each other but claim gigabytes: the streams cannot fit.
  Mesh m = sample_mesh("static_materials");
  m.compiled.vertex_bytes = 0xFFFFFFF0u - (0xFFFFFFF0u % m.compiled.stride);
  update_derived(m);
  Result<Mesh> r = structure_of(encode(m));
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(r.error().code == "SWS_COUNT_TOO_LARGE" || r.error().code == "SWS_TOTAL_MISMATCH" ||
              r.error().code == "SWS_DATA_LENGTH_MISMATCH")
      << r.error().to_string();
}

TEST(SwsCodec, FieldLogCoversEveryByteWithAPath) {
  const std::vector<uint8_t>& b = sample_bytes("skinned_palettes");
  FieldLog log;
  DecodeOptions o;
  o.field_log = &log;
  ASSERT_TRUE(decode_structure(b.data(), b.size(), o).ok());
  uint64_t covered = 0;
  for (const FieldSpan& f : log) covered += f.size;
  EXPECT_EQ(covered, b.size());
  ASSERT_NE(field_at(log, 0x16 + 76 * 2 + 8), nullptr);
  EXPECT_EQ(field_at(log, 0x16 + 76 * 2 + 8)->path, "mesh/bones[2].name_hash");
  ASSERT_NE(field_at(log, b.size() - 1), nullptr);
  EXPECT_EQ(field_at(log, b.size() - 1)->path, "mesh.material_ids");
}

TEST(SwsCodec, LooksLikeNeedsTheMeshClassAtByteFive) {
  const std::vector<uint8_t>& b = sample_bytes("static_materials");
  EXPECT_TRUE(looks_like(b.data(), b.size()));
  EXPECT_TRUE(looks_like(b.data(), 9));
  EXPECT_FALSE(looks_like(b.data(), 8));
  std::vector<uint8_t> other = b;
  other[5] ^= 1;
  EXPECT_FALSE(looks_like(other.data(), other.size()));
}

TEST(SwsCodec, EmptyInputIsTruncatedAtTheManagedByte) {
  Result<Mesh> m = decode_structure(nullptr, 0, {});
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().code, "SWS_TRUNCATED");
  EXPECT_EQ(m.error().path, "mesh.managed");
  EXPECT_EQ(m.error().offset, 0u);
}

TEST(SwsCodec, NestedCopiesBeyondTheLimitAreRefused) {
  Mesh m = sample_mesh("morph_submeshes");
  SubMesh* s = &m.submeshes[0].submesh.copy[0];
  for (int depth = 1; depth <= kMaxCopyDepth; ++depth) {
    SubMesh inner = *s;
    inner.copy.clear();
    s->copy_tag = kPointerInline;
    s->copy.push_back(inner);
    s = &s->copy[0];
  }
  Result<Mesh> r = structure_of(encode(m));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "SWS_SUBMESH_TOO_DEEP");
}

}  // namespace
}  // namespace f2g::sws
