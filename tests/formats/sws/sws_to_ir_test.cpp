// Normalisation of SWS meshes to the IR (docs/IR.md): attributes, indices, primitives,
// palettes resolved to global bones, bones, morph targets, materials, extras, warnings.
#include <gtest/gtest.h>

#include <cstring>

#include "formats/sws/mesh_builder.h"
#include "formats/sws/sws.h"
#include "tests/support/sws_test_util.h"

namespace f2g::sws {
namespace {

using test::codes;

ir::Mesh ir_of(const Mesh& m, const DecodeOptions& o = {}) {
  Result<Decoded> d = test::decode_mesh(m, o);
  EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().to_string());
  return d.ok() ? d->mesh : ir::Mesh{};
}

const ir::Diagnostic* find_warning(const ir::Mesh& m, const std::string& code) {
  for (const ir::Diagnostic& w : m.warnings)
    if (w.code == code) return &w;
  return nullptr;
}

// Byte `k` of element at `offset` of vertex `v` in stream `s`.
uint8_t& stream_byte(Mesh& m, uint32_t s, uint32_t v, uint32_t offset) {
  CompiledData& d = m.compiled;
  return d.streams[size_t(s) * d.vertex_bytes + size_t(v) * d.stride + offset];
}

TEST(SwsToIr, IndicesPrimitivesAndMaterialsFollowTheFirstPartition) {
  const Mesh m = test::sample_mesh("static_materials");
  const ir::Mesh ir = ir_of(m);
  EXPECT_EQ(ir.source.format, "sws");
  EXPECT_EQ(ir.source.layout, "compiled");
  EXPECT_EQ(ir.source.object_id, m.id);
  EXPECT_EQ(ir.index_size, 2);
  ASSERT_EQ(ir.indices.size(), m.compiled.indices.size());
  for (size_t i = 0; i < ir.indices.size(); ++i) ASSERT_EQ(ir.indices[i], m.compiled.indices[i]);
  ASSERT_EQ(ir.primitives.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    const Range& g = m.compiled.ranges_a[i];
    EXPECT_EQ(ir.primitives[i].material, i);
    EXPECT_EQ(ir.primitives[i].first_index, g.first_index);
    EXPECT_EQ(ir.primitives[i].index_count, 3 * g.triangle_count);
    EXPECT_EQ(ir.primitives[i].first_vertex, g.first_vertex);
    EXPECT_EQ(ir.primitives[i].vertex_count, g.vertex_count);
    EXPECT_EQ(ir.primitives[i].extras["unknown_0x14"], g.unknown_0x14);
  }
  ASSERT_EQ(ir.materials.size(), 3u);
  EXPECT_EQ(ir.materials[1].name, "0x7B4CAA7E");
  EXPECT_EQ(ir.materials[1].extras["id"], "0x7B4CAA7E");
}

TEST(SwsToIr, AttributesDecodeStreamZeroPerTheTable) {
  const Mesh m = test::sample_mesh("lit_two_uv");
  const ir::Mesh ir = ir_of(m);
  const uint8_t* v7 = m.compiled.streams.data() + 7 * m.compiled.stride;
  float pos[3];
  std::memcpy(pos, v7, 12);
  const ir::Attribute& p = *ir.find("POSITION");
  EXPECT_EQ(std::memcmp(&p.f32[21], pos, 12), 0);
  const ir::Attribute& n = *ir.find("NORMAL");  // docs/READING.md: b / 127 - 1
  for (int c = 0; c < 3; ++c) EXPECT_EQ(n.f32[21 + c], float(v7[12 + c]) / 127.0f - 1.0f);
  const ir::Attribute& col = *ir.find("COLOR_0");  // D3DCOLOR B, G, R, A -> R, G, B, A
  EXPECT_EQ(col.type, ir::Scalar::U8);
  EXPECT_TRUE(col.normalized);
  EXPECT_EQ(col.u8[28 + 0], v7[24 + 2]);
  EXPECT_EQ(col.u8[28 + 2], v7[24 + 0]);
  EXPECT_EQ(col.u8[28 + 3], v7[24 + 3]);
  float uv1[2];
  std::memcpy(uv1, v7 + 36, 8);
  EXPECT_EQ(ir.find("TEXCOORD_1")->f32[14], uv1[0]);
  // TANGENT w: sign of dot(cross(N, T), B); the sample's frame gives -1 everywhere.
  const ir::Attribute& t = *ir.find("TANGENT");
  ASSERT_EQ(t.width, 4);
  for (size_t v = 0; v < t.vertex_count(); ++v) ASSERT_EQ(t.f32[4 * v + 3], -1.0f) << v;
  ASSERT_NE(ir.find("_BINORMAL"), nullptr);
  // The constant w bytes of the ubyte4 vectors are kept in the extras.
  EXPECT_EQ(ir.extras["vertex_w_bytes"]["NORMAL"], 0);
  EXPECT_EQ(ir.find("_NORMAL_W"), nullptr);
}

TEST(SwsToIr, VaryingWBytesBecomeACustomAttribute) {
  Mesh m = test::sample_mesh("static_materials");
  stream_byte(m, 0, 5, 12 + 3) = 7;  // NORMAL w of vertex 5
  const ir::Mesh ir = ir_of(m);
  const ir::Attribute* w = ir.find("_NORMAL_W");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->f32[5], 7.0f);
  EXPECT_EQ(w->f32[4], 0.0f);
}

TEST(SwsToIr, PalettesResolveBlendIndicesToGlobalBones) {
  const Mesh m = test::sample_mesh("skinned_palettes");
  const ir::Mesh ir = ir_of(m);
  ASSERT_TRUE(ir.skin.has_value());
  const ir::Attribute& j = *ir.find("JOINTS_0");
  const ir::Attribute& w = *ir.find("WEIGHTS_0");
  EXPECT_EQ(j.type, ir::Scalar::U8);
  const CompiledData& d = m.compiled;
  for (size_t r = 0; r < d.ranges_a.size(); ++r) {
    const Range& g = d.ranges_a[r];
    for (uint32_t v = g.first_vertex; v < g.first_vertex + g.vertex_count; ++v)
      for (uint32_t k = 0; k < 4; ++k) {
        const uint8_t slot = d.streams[size_t(v) * d.stride + 24 + k];
        if (w.u8[4 * v + k] == 0) continue;
        ASSERT_EQ(j.u8[4 * v + k], d.palettes[r].bones[slot]) << "vertex " << v;
      }
  }
  // Slot 0 of range 0 is bone 4, of range 2 bone 8: not the identity.
  EXPECT_EQ(d.palettes[0].bones[0], 4);
  EXPECT_EQ(d.palettes[2].bones[0], 8);
}

TEST(SwsToIr, BonesKeepTheStoredMatrixAsInverseBind) {
  const Mesh m = test::sample_mesh("skinned_palettes");
  const ir::Mesh ir = ir_of(m);
  ASSERT_EQ(ir.skin->bones.size(), 9u);
  for (size_t i = 0; i < 9; ++i) {
    const ir::Bone& b = ir.skin->bones[i];
    EXPECT_EQ(b.id, m.bones[i].id);
    EXPECT_EQ(b.name_hash, m.bones[i].name_hash);
    EXPECT_EQ(std::memcmp(b.inverse_bind.data(), m.bones[i].matrix.data(), 64), 0);
    char name[40];
    std::snprintf(name, sizeof name, "bone_%zu_0x%08X", i, m.bones[i].name_hash);
    EXPECT_EQ(b.name, name);
    EXPECT_EQ(b.extras["id"], hex(m.bones[i].id, 8));
  }
}

TEST(SwsToIr, SingularBoneMatrixFallsBackToIdentityWithAWarning) {
  Mesh m = test::sample_mesh("skinned_palettes");
  m.bones[3].matrix.fill(0);
  const ir::Mesh ir = ir_of(m);
  const ir::Diagnostic* w = find_warning(ir, "SWS_BONE_MATRIX_SINGULAR");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->path, "mesh/bones[3].matrix");
  EXPECT_EQ(w->offset, 0x16u + 76 * 3 + 12);
  EXPECT_EQ(ir.skin->bones[3].inverse_bind[0], 1.0f);
  EXPECT_EQ(ir.skin->bones[3].inverse_bind[5], 1.0f);
  EXPECT_TRUE(ir.skin->bones[3].extras.contains("stored_matrix"));
}

TEST(SwsToIr, VertexInTwoRangesWithDisagreeingPalettesWarnsAndFirstWins) {
  Mesh m = test::sample_mesh("skinned_palettes");
  Range& second = m.compiled.ranges_a[1];
  const uint32_t shared = second.first_vertex - 4;  // range 1 now also spans 4 of range 0's
  second.first_vertex -= 4;
  const ir::Mesh ir = ir_of(m);
  const ir::Diagnostic* w = find_warning(ir, "SWS_PALETTE_CONFLICT");
  ASSERT_NE(w, nullptr) << ::testing::PrintToString(codes(ir.warnings));
  EXPECT_EQ(w->path, "mesh/compiled/palettes[1].bones");
  const CompiledData& d = m.compiled;
  const ir::Attribute& j = *ir.find("JOINTS_0");
  const uint8_t slot = d.streams[size_t(shared) * d.stride + 24];
  EXPECT_EQ(j.u8[4 * shared], d.palettes[0].bones[slot]);  // range 0's palette
  // The shifted range's indices now leave its span: an Observed relation, a warning; the
  // primitive's span widens to its indices and keeps the stored one in its extras.
  EXPECT_NE(find_warning(ir, "SWS_RANGE_INDEX_OUTSIDE_SPAN"), nullptr);
  const ir::Primitive& p = ir.primitives[1];
  EXPECT_EQ(p.extras["stored_first_vertex"], second.first_vertex);
  EXPECT_EQ(p.first_vertex, second.first_vertex);
  EXPECT_EQ(p.vertex_count, second.vertex_count + 4);
  for (uint32_t k = p.first_index; k < p.first_index + p.index_count; ++k)
    ASSERT_LT(ir.indices[k] - p.first_vertex, p.vertex_count);
}

TEST(SwsToIr, BlendIndexPastThePaletteWarnsAndUsesJointZero) {
  Mesh m = test::sample_mesh("skinned_palettes");
  ASSERT_NE(stream_byte(m, 0, 10, 28), 0);  // vertex 10's first weight is in use
  stream_byte(m, 0, 10, 24) = 200;
  const ir::Mesh ir = ir_of(m);
  const ir::Diagnostic* w = find_warning(ir, "SWS_BLEND_INDEX_OUTSIDE_PALETTE");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->path, "mesh/compiled/palettes[0].bones");
  EXPECT_EQ(ir.find("JOINTS_0")->u8[40], 0);
}

TEST(SwsToIr, WeightsNotSummingTo255Warn) {
  Mesh m = test::sample_mesh("skinned_palettes");
  stream_byte(m, 0, 2, 28) -= 1;
  const ir::Mesh ir = ir_of(m);
  const ir::Diagnostic* w = find_warning(ir, "SWS_BLEND_WEIGHTS_SUM");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->offset, 0x16u + 76 * 9 + 11 + 8 + 48 + 2 * 32 + 28);
}

TEST(SwsToIr, WithoutBonesBlendElementsStayCustomAttributes) {
  Mesh m = test::sample_mesh("skinned_palettes");
  m.bones.clear();
  for (Palette& p : m.compiled.palettes) p.bones.clear();
  update_derived(m);
  const ir::Mesh ir = ir_of(m);
  EXPECT_FALSE(ir.skin.has_value());
  EXPECT_EQ(ir.find("JOINTS_0"), nullptr);
  EXPECT_EQ(ir.find("WEIGHTS_0"), nullptr);
  EXPECT_NE(ir.find("_BLENDINDICES"), nullptr);
  EXPECT_NE(ir.find("_BLENDWEIGHT"), nullptr);
}

TEST(SwsToIr, MorphTargetsComeFromTheExtraStreamsNamedByChannelHashes) {
  const Mesh m = test::sample_mesh("morph_submeshes");
  const ir::Mesh ir = ir_of(m);
  ASSERT_EQ(ir.morph_targets.size(), 2u);
  EXPECT_EQ(ir.morph_targets[0].name, hex(m.submeshes[0].submesh.morph_channels[0].hash, 8));
  EXPECT_EQ(ir.morph_targets[1].name, hex(m.submeshes[0].submesh.morph_channels[1].hash, 8));
  const CompiledData& d = m.compiled;
  for (uint32_t k = 1; k <= 2; ++k) {
    const ir::MorphTarget& t = ir.morph_targets[k - 1];
    ASSERT_EQ(t.positions.size(), 3u * 205);
    ASSERT_EQ(t.normals.size(), 3u * 205);
    for (uint32_t v = 0; v < 205; ++v)
      ASSERT_EQ(std::memcmp(&t.positions[3 * v], &d.streams[k * d.vertex_bytes + v * d.stride], 12),
                0);
  }
  // Only the second target changes the colours (spec: some streams change UVs or colours).
  EXPECT_TRUE(ir.morph_targets[0].others.empty());
  ASSERT_EQ(ir.morph_targets[1].others.size(), 1u);
  EXPECT_EQ(ir.morph_targets[1].others[0].semantic, "COLOR_0");
  EXPECT_EQ(ir.morph_targets[1].extras["stream"], 2);
}

TEST(SwsToIr, MeshExtrasKeepTheSourceFieldsWithoutArrays) {
  const Mesh m = test::sample_mesh("morph_submeshes");
  const ir::Mesh ir = ir_of(m);
  const auto& x = ir.extras;
  EXPECT_EQ(x["category"], 7);
  EXPECT_EQ(x["generated"], 1);
  EXPECT_EQ(x["stored_11"], "0001000000000000000000");
  ASSERT_EQ(x["second_partition"].size(), 2u);
  EXPECT_EQ(x["second_partition"][1]["unknown_0x14"], m.compiled.ranges_b[1].unknown_0x14);
  EXPECT_EQ(x["palette_tail"].get<std::string>().size(), 2 * m.compiled.palette_tail.size());
  ASSERT_EQ(x["submeshes"].size(), 2u);
  EXPECT_EQ(x["submeshes"][0]["vertex_count"], 117);
  EXPECT_EQ(x["submeshes"][0]["range"], 0);
  EXPECT_EQ(x["submeshes"][1]["copy"]["counts"]["tangents"], 88);
  EXPECT_EQ(x["submeshes"][0]["morph_channels"][1]["hash"],
            hex(m.submeshes[0].submesh.morph_channels[1].hash, 8));
  EXPECT_LT(x.dump().size(), 4000u);
}

TEST(SwsToIr, BrokenObservedRelationsAreWarningsWithPaths) {
  Mesh m = test::sample_mesh("morph_submeshes");
  // Morph stream 1 at one vertex of range 1 (a skirt vertex no other shares a position with).
  stream_byte(m, 1, 118, 8) ^= 1;
  m.submeshes[0].submesh.colours[5] ^= 0x00010000u;  // a colour COLOR0 does not hold
  m.submeshes[0].submesh.copy[0].colours[5] ^= 0x00010000u;
  m.submeshes[1].submesh.face_bytes.pop_back();
  const ir::Mesh ir = ir_of(m);
  const ir::Diagnostic* morph = find_warning(ir, "SWS_MORPH_POSITIONS_MISMATCH");
  ASSERT_NE(morph, nullptr) << ::testing::PrintToString(codes(ir.warnings));
  EXPECT_EQ(morph->path, "mesh/submeshes[1]/morph_channels[0].positions");
  const ir::Diagnostic* col = find_warning(ir, "SWS_SUBMESH_COLOURS_MISMATCH");
  ASSERT_NE(col, nullptr);
  EXPECT_EQ(col->path, "mesh/submeshes[0].colours");
  const ir::Diagnostic* faces = find_warning(ir, "SWS_SUBMESH_FACE_BYTES_COUNT");
  ASSERT_NE(faces, nullptr);
  EXPECT_EQ(faces->path, "mesh/submeshes[1].face_bytes");
}

TEST(SwsToIr, StructureJsonListsTheSelectedElementsWithOffsets) {
  Result<Decoded> d = test::decode_copy(test::sample_bytes("skinned_palettes"));
  ASSERT_TRUE(d.ok());
  const auto& c = d->structure["compiled"];
  EXPECT_EQ(c["flags"], 0x1A3);
  EXPECT_EQ(c["flags_hex"], "0x1A3");
  ASSERT_EQ(c["elements"].size(), 5u);
  EXPECT_EQ(c["elements"][3]["element"], "BLENDINDICES");
  EXPECT_EQ(c["elements"][3]["offset"], 24);
  EXPECT_EQ(c["elements"][4]["offset"], 28);
  EXPECT_EQ(c["ranges_a"].size(), 3u);
  EXPECT_EQ(c["ranges_b"].size(), 1u);
  EXPECT_EQ(c["palettes"][1]["bones"].size(), 7u);
  EXPECT_EQ(d->structure["bones"].size(), 9u);
  EXPECT_EQ(d->structure["platform_version"], 16);
  EXPECT_EQ(d->structure["sdk_version"], 32);
  EXPECT_EQ(d->format, &sws::kFormat);
}

}  // namespace
}  // namespace f2g::sws
