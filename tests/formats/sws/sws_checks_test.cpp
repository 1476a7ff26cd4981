// Every Proven relation of the spec's SWS section, broken one at a time on a valid sample
// structure, gives its own error code at the right field path.
#include "formats/sws/sws_checks.h"

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <set>

#include "formats/sws/mesh_builder.h"
#include "formats/sws/sws.h"
#include "tests/support/sws_test_util.h"

namespace f2g::sws {
namespace {

struct Case {
  const char* name;
  const char* sample;
  std::function<void(Mesh&)> breaks;
  const char* code;
  const char* path;
};

void add_vertex_to_every_stream(Mesh& m) {
  CompiledData& d = m.compiled;
  std::vector<uint8_t> streams;
  for (uint32_t k = 0; k <= d.extra_streams; ++k) {
    const auto* s = d.streams.data() + size_t(k) * d.vertex_bytes;
    streams.insert(streams.end(), s, s + d.vertex_bytes);
    streams.insert(streams.end(), s, s + d.stride);  // a copy of vertex 0, in no range
  }
  d.streams = streams;
  d.vertex_bytes += d.stride;
  update_derived(m);
}

void nudge_position_x(Mesh& m, uint32_t vertex) {
  uint32_t bits;
  uint8_t* p = m.compiled.streams.data() + size_t(vertex) * m.compiled.stride;
  std::memcpy(&bits, p, 4);
  ++bits;
  std::memcpy(p, &bits, 4);
}

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"mesh_managed", "static_materials", [](Mesh& m) { m.managed = 2; }, "SWS_BAD_MANAGED",
       "mesh.managed"},
      {"mesh_class", "static_materials", [](Mesh& m) { m.class_id ^= 1; }, "SWS_BAD_MESH_CLASS",
       "mesh.class"},
      {"bone_class", "skinned_palettes", [](Mesh& m) { m.bones[2].class_id ^= 1; },
       "SWS_BAD_BONE_CLASS", "mesh/bones[2].class"},
      {"compiled_mesh_class", "static_materials", [](Mesh& m) { m.compiled_class ^= 1; },
       "SWS_BAD_COMPILED_MESH_CLASS", "mesh.compiled_class"},
      {"platform_version", "static_materials", [](Mesh& m) { m.platform_version = 17; },
       "SWS_BAD_PLATFORM_VERSION", "mesh.platform_version"},
      {"sdk_version", "static_materials", [](Mesh& m) { m.sdk_version = 31; },
       "SWS_BAD_SDK_VERSION", "mesh.sdk_version"},
      {"material_count", "static_materials", [](Mesh& m) { m.material_ids.push_back(1); },
       "SWS_MATERIAL_COUNT_MISMATCH", "mesh.material_count"},
      {"data_length", "static_materials", [](Mesh& m) { m.data_length += 40; },
       "SWS_DATA_LENGTH_MISMATCH", "mesh.data_length"},
      {"compiled_version", "static_materials", [](Mesh& m) { m.compiled.version = 15; },
       "SWS_BAD_COMPILED_VERSION", "mesh/compiled.version"},
      {"stride_all", "static_materials", [](Mesh& m) { m.compiled.stride_all += 1; },
       "SWS_STRIDE_ALL_MISMATCH", "mesh/compiled.stride_all"},
      {"vertex_bytes_all", "morph_submeshes", [](Mesh& m) { m.compiled.vertex_bytes_all -= 1; },
       "SWS_VERTEX_BYTES_ALL_MISMATCH", "mesh/compiled.vertex_bytes_all"},
      {"total", "static_materials", [](Mesh& m) { m.compiled.total += 24; }, "SWS_TOTAL_MISMATCH",
       "mesh/compiled.total"},
      {"vertex_bytes_whole", "static_materials",
       [](Mesh& m) {
         m.compiled.streams.pop_back();
         m.compiled.vertex_bytes -= 1;
         update_derived(m);
       },
       "SWS_VERTEX_BYTES_NOT_WHOLE", "mesh/compiled.vertex_bytes"},
      {"index_bytes_odd", "static_materials",
       [](Mesh& m) {
         m.compiled.index_bytes += 1;
         m.compiled.total += 1;
         m.data_length += 1;
       },
       "SWS_INDEX_BYTES_ODD", "mesh/compiled.index_bytes"},
      {"extra_streams_without_submeshes", "static_materials",
       [](Mesh& m) {
         m.compiled.extra_streams = 1;
         const std::vector<uint8_t> s = m.compiled.streams;
         m.compiled.streams.insert(m.compiled.streams.end(), s.begin(), s.end());
         update_derived(m);
       },
       "SWS_EXTRA_STREAMS_MISMATCH", "mesh/compiled.extra_streams"},
      {"extra_streams_morph_channels", "morph_submeshes",
       [](Mesh& m) { m.submeshes[0].submesh.morph_channels.pop_back(); },
       "SWS_EXTRA_STREAMS_MISMATCH", "mesh/compiled.extra_streams"},
      {"partition_b_larger", "static_materials",
       [](Mesh& m) {
         m.compiled.ranges_b.push_back(m.compiled.ranges_b[0]);
         update_derived(m);
       },
       "SWS_PARTITION_B_LARGER", "mesh/compiled.range_count_b"},
      {"primitive_type", "static_materials",
       [](Mesh& m) { m.compiled.ranges_a[1].primitive_type = 5; }, "SWS_BAD_PRIMITIVE_TYPE",
       "mesh/compiled/ranges[1].primitive_type"},
      {"range_span_outside_stream", "static_materials",
       [](Mesh& m) { m.compiled.ranges_a[2].vertex_count += 100000; }, "SWS_RANGE_OUT_OF_STREAM",
       "mesh/compiled/ranges[2].vertex_count"},
      {"range_index_outside_stream", "static_materials",
       [](Mesh& m) { m.compiled.indices[0] = 60000; }, "SWS_RANGE_OUT_OF_STREAM",
       "mesh/compiled/ranges[0].first_index"},
      {"range_outside_indices", "static_materials",
       [](Mesh& m) { m.compiled.ranges_a[0].first_index = 1000000; }, "SWS_RANGE_OUT_OF_INDICES",
       "mesh/compiled/ranges[0].triangle_count"},
      {"partition_a", "static_materials",
       [](Mesh& m) { m.compiled.ranges_a[0].triangle_count -= 1; }, "SWS_PARTITION_A_TRIANGLES",
       "mesh/compiled.ranges"},
      {"partition_b", "static_materials",
       [](Mesh& m) { m.compiled.ranges_b[2].triangle_count -= 1; }, "SWS_PARTITION_B_TRIANGLES",
       "mesh/compiled.ranges"},
      {"palette_marker", "static_materials", [](Mesh& m) { m.compiled.palettes[1].marker = 4; },
       "SWS_BAD_PALETTE_MARKER", "mesh/compiled/palettes[1].marker"},
      {"palette_version", "static_materials", [](Mesh& m) { m.compiled.palettes[1].version = 2; },
       "SWS_BAD_PALETTE_VERSION", "mesh/compiled/palettes[1].version"},
      {"palette_too_large", "skinned_palettes",
       [](Mesh& m) {
         m.compiled.palettes[0].bones.resize(33, 0);
         update_derived(m);
       },
       "SWS_PALETTE_TOO_LARGE", "mesh/compiled/palettes[0].entry_count"},
      {"palette_without_bones", "static_materials",
       [](Mesh& m) {
         m.compiled.palettes[0].bones = {0};
         update_derived(m);
       },
       "SWS_PALETTE_WITHOUT_BONES", "mesh/compiled/palettes[0].entry_count"},
      {"palette_vertex_count", "static_materials",
       [](Mesh& m) { m.compiled.palettes[1].vertex_count += 1; }, "SWS_PALETTE_VERTEX_COUNT",
       "mesh/compiled/palettes[1].vertex_count"},
      {"palette_bone", "skinned_palettes", [](Mesh& m) { m.compiled.palettes[2].bones[1] = 9; },
       "SWS_PALETTE_BONE_OUT_OF_RANGE", "mesh/compiled/palettes[2].bones"},
      {"submesh_pointer_tag", "morph_submeshes", [](Mesh& m) { m.submeshes[1].pointer_tag = 3; },
       "SWS_SUBMESH_POINTER_TAG", "mesh/submeshes[1].pointer_tag"},
      {"submesh_managed", "morph_submeshes", [](Mesh& m) { m.submeshes[0].submesh.managed = 0; },
       "SWS_BAD_SUBMESH_MANAGED", "mesh/submeshes[0].managed"},
      {"submesh_class", "morph_submeshes",
       [](Mesh& m) { m.submeshes[0].submesh.copy[0].class_id = 0; }, "SWS_BAD_SUBMESH_CLASS",
       "mesh/submeshes[0]/copy.class"},
      {"submesh_whole_triangles", "morph_submeshes",
       [](Mesh& m) { m.submeshes[1].submesh.indices.push_back(0); },
       "SWS_SUBMESH_INDICES_NOT_TRIANGLES", "mesh/submeshes[1].indices"},
      {"submesh_index", "morph_submeshes",
       [](Mesh& m) { m.submeshes[0].submesh.indices[4] = 5000; }, "SWS_SUBMESH_INDEX_OUT_OF_RANGE",
       "mesh/submeshes[0].indices"},
      {"submesh_empty_run", "morph_submeshes",
       [](Mesh& m) { m.submeshes[0].submesh.empty_run_b = 1; }, "SWS_SUBMESH_EMPTY_RUN_NOT_EMPTY",
       "mesh/submeshes[0].empty_run_b"},
      {"copy_pointer_tag", "morph_submeshes",
       [](Mesh& m) { m.submeshes[0].submesh.copy[0].copy_tag = 5; }, "SWS_BAD_POINTER_TAG",
       "mesh/submeshes[0]/copy.copy_tag"},
      {"uv_channels_none", "morph_submeshes",
       [](Mesh& m) { m.submeshes[1].submesh.copy[0].uv_channels.clear(); },
       "SWS_SUBMESH_UV_CHANNEL_COUNT", "mesh/submeshes[1]/copy.uv_channel_count"},
      {"uv_channels_four", "morph_submeshes",
       [](Mesh& m) {
         auto& u = m.submeshes[0].submesh.uv_channels;
         u.push_back(u[0]);
         u.push_back(u[1]);
       },
       "SWS_SUBMESH_UV_CHANNEL_COUNT", "mesh/submeshes[0].uv_channel_count"},
      {"morph_channels_four", "morph_submeshes",
       [](Mesh& m) {
         auto& c = m.submeshes[0].submesh.morph_channels;
         c.push_back(c[0]);
         c.push_back(c[1]);
       },
       "SWS_SUBMESH_MORPH_CHANNEL_COUNT", "mesh/submeshes[0].morph_channel_count"},
      {"copy_has_morphs", "morph_submeshes",
       [](Mesh& m) {
         SubMesh& s = m.submeshes[0].submesh;
         s.copy[0].morph_channels.push_back(s.morph_channels[0]);
         s.copy[0].has_morphs = 1;
       },
       "SWS_SUBMESH_COPY_HAS_MORPHS", "mesh/submeshes[0]/copy.morph_channel_count"},
      {"has_morphs_flag", "morph_submeshes", [](Mesh& m) { m.submeshes[1].submesh.has_morphs = 0; },
       "SWS_SUBMESH_HAS_MORPHS_FLAG", "mesh/submeshes[1].has_morphs"},
      {"uv_channel_class", "morph_submeshes",
       [](Mesh& m) { m.submeshes[1].submesh.uv_channels[0].class_id = 1; },
       "SWS_BAD_UV_CHANNEL_CLASS", "mesh/submeshes[1]/uv_channels[0].class"},
      {"uv_channel_uvs", "morph_submeshes",
       [](Mesh& m) { m.submeshes[0].submesh.uv_channels[1].uvs.pop_back(); },
       "SWS_UV_CHANNEL_COUNT", "mesh/submeshes[0]/uv_channels[1].uvs"},
      {"morph_channel_class", "morph_submeshes",
       [](Mesh& m) { m.submeshes[0].submesh.morph_channels[1].class_id = 0; },
       "SWS_BAD_MORPH_CHANNEL_CLASS", "mesh/submeshes[0]/morph_channels[1].class"},
      {"morph_channel_id", "morph_submeshes",
       [](Mesh& m) { m.submeshes[1].submesh.morph_channels[0].id = 0; },
       "SWS_MORPH_CHANNEL_ID_ZERO", "mesh/submeshes[1]/morph_channels[0].id"},
      {"submesh_material", "morph_submeshes",
       [](Mesh& m) { m.submeshes[1].submesh.material_id = 0x1234; },
       "SWS_SUBMESH_MATERIAL_NOT_IN_RANGES", "mesh/submeshes[1].material_id"},
      {"vertex_sum", "morph_submeshes", add_vertex_to_every_stream, "SWS_SUBMESH_VERTEX_SUM",
       "mesh/compiled.vertex_bytes"},
      {"submesh_positions", "morph_submeshes", [](Mesh& m) { nudge_position_x(m, 3); },
       "SWS_SUBMESH_POSITIONS_MISMATCH", "mesh/submeshes[0].positions"},
      {"submesh_triangles", "morph_submeshes",
       [](Mesh& m) {
         CompiledData& d = m.compiled;
         const uint32_t fi = d.ranges_a[1].first_index;
         d.indices[fi] = d.indices[fi + 4] != d.indices[fi] ? d.indices[fi + 4] : d.indices[fi + 5];
       },
       "SWS_SUBMESH_TRIANGLES_MISMATCH", "mesh/submeshes[1].indices"},
      {"vertex_format_unknown_bits", "static_materials", [](Mesh& m) { m.compiled.flags |= 0x200; },
       "SWS_VERTEX_FORMAT_UNKNOWN_BITS", "mesh/compiled.flags"},
      {"vertex_format_stride", "static_materials", [](Mesh& m) { m.compiled.flags |= 0x40; },
       "SWS_VERTEX_FORMAT_STRIDE_MISMATCH", "mesh/compiled.flags"},
  };
  return all;
}

class SwsProvenRelation : public ::testing::TestWithParam<Case> {};

TEST_P(SwsProvenRelation, BrokenAloneGivesItsCodeAndPath) {
  const Case& c = GetParam();
  Mesh m = test::sample_mesh(c.sample);
  c.breaks(m);
  Result<Decoded> d = test::decode_mesh(m);
  ASSERT_FALSE(d.ok()) << c.name;
  EXPECT_EQ(d.error().code, c.code) << d.error().to_string();
  EXPECT_EQ(d.error().path, c.path) << d.error().to_string();
  EXPECT_FALSE(d.error().message.empty());
}

INSTANTIATE_TEST_SUITE_P(Each, SwsProvenRelation, ::testing::ValuesIn(cases()),
                         [](const auto& p) { return std::string(p.param.name); });

TEST(SwsChecks, EveryProvenRelationHasABreakingCase) {
  std::set<std::string> tested;
  for (const Case& c : cases()) tested.insert(c.code);
  for (const CheckDef* def : checks())
    if (def->severity == Severity::Proven) {
      EXPECT_TRUE(tested.count(def->code)) << def->name;
    }
}

TEST(SwsChecks, NamesAndCodesAreUniqueAndPrefixed) {
  std::set<std::string> names, codes;
  for (const CheckDef* def : checks()) {
    EXPECT_TRUE(names.insert(def->name).second) << def->name;
    EXPECT_TRUE(codes.insert(def->code).second) << def->code;
    EXPECT_EQ(std::string(def->name).rfind("sws.", 0), 0u);
    EXPECT_EQ(std::string(def->code).rfind("SWS_", 0), 0u);
  }
}

TEST(SwsChecks, ErrorsCarryTheByteOffsetOfTheField) {
  Mesh m = test::sample_mesh("skinned_palettes");
  m.bones[2].class_id ^= 1;
  Result<Decoded> d = test::decode_mesh(m);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error().offset, 0x16u + 76 * 2 + 4);  // spec: MeshBone 0x4, third bone
  EXPECT_NE(d.error().message.find("0x9EF0E7A0"), std::string::npos) << d.error().message;
}

}  // namespace
}  // namespace f2g::sws

namespace f2g::sws {
namespace {

// docs/READING.md "Palettes": palettes are read back to back. The same palettes stored one
// per 40-byte slot fail at palette 1's marker, and the message names the slot reading.
TEST(SwsChecks, PalettesStoredOnePerSlotAreNamedByTheMarkerError) {
  std::vector<uint8_t> bytes = test::sample_bytes("skinned_palettes");
  const Mesh m = test::sample_mesh("skinned_palettes");
  ASSERT_GE(m.compiled.palettes.size(), 2u);
  FieldLog log;
  DecodeOptions logged;
  logged.field_log = &log;
  ASSERT_TRUE(test::decode_copy(bytes, logged).ok());
  uint64_t start = 0;
  for (const FieldSpan& f : log)
    if (f.path == "mesh/compiled/palettes[0].marker") start = f.offset;
  ASSERT_GT(start, 0u);
  const size_t slots = m.compiled.palettes.size();
  std::vector<uint8_t> slotted(40 * slots, 0);
  uint64_t at = start;
  for (size_t i = 0; i < slots; ++i) {
    const size_t len = 7 + m.compiled.palettes[i].bones.size();
    std::memcpy(slotted.data() + 40 * i, bytes.data() + at, len);
    at += len;
  }
  std::memcpy(bytes.data() + start, slotted.data(), slotted.size());

  Result<Decoded> d = test::decode_copy(bytes);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error().code, "SWS_BAD_PALETTE_MARKER");
  EXPECT_EQ(d.error().path, "mesh/compiled/palettes[1].marker");
  EXPECT_EQ(d.error().offset, start + 7 + m.compiled.palettes[0].bones.size());
  EXPECT_NE(d.error().message.find("marker 0, expected 3; a 3 stands at this palette's 40-byte "
                                   "slot"),
            std::string::npos)
      << d.error().message;
}

TEST(SwsChecks, AWrongMarkerWithoutASlotMarkerSaysOnlyWhatItFound) {
  Mesh m = test::sample_mesh("static_materials");
  m.compiled.palettes[1].marker = 4;
  Result<Decoded> d = test::decode_mesh(m);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error().code, "SWS_BAD_PALETTE_MARKER");
  EXPECT_EQ(d.error().message.find("slot"), std::string::npos) << d.error().message;
}

}  // namespace
}  // namespace f2g::sws
