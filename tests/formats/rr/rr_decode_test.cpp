// Decoding the samples to the IR: counts, formats, primitives, materials, skin, positions,
// indices, stale counts and the structure `info` shows.
#include <gtest/gtest.h>

#include <cstring>

#include "formats/common/error.h"
#include "formats/rr/rr.h"
#include "tests/support/rr_test_support.h"

namespace f2g::rr {
namespace {

// The generator's ids, computed independently: FNV-1a then a splitmix64 finaliser; CRC-32.
uint64_t id_of(const std::string& name) {
  uint64_t h = 0xCBF29CE484222325ull;
  for (unsigned char ch : name) h = (h ^ ch) * 0x100000001B3ull;
  h ^= h >> 30;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 27;
  h *= 0x94D049BB133111EBull;
  return h ^ (h >> 31);
}
uint32_t crc32_of(const std::string& s) {
  uint32_t c = 0xFFFFFFFFu;
  for (unsigned char ch : s) {
    c ^= ch;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
  }
  return ~c;
}

struct Expect {
  std::string name, layout, format;
  uint8_t kind;
  std::string strides;
  uint32_t vertices, triangles;
  std::vector<uint32_t> part_vertices, part_triangles;
  size_t bones;
  uint8_t index_size;
  bool header;
  std::string first_material;
};

const std::vector<Expect>& expectations() {
  static const std::vector<Expect> e = {
      {"static16_terrain",
       "ranged",
       "static16",
       11,
       "16,0,0",
       1341,
       2432,
       {1089, 187, 65},
       {2048, 288, 96},
       0,
       2,
       false,
       "MAT_Terrain_Grass"},
      {"static24_props",
       "ranged",
       "static24",
       2,
       "24,0,0",
       576,
       876,
       {227, 325, 24},
       {336, 528, 12},
       0,
       2,
       true,
       "MAT_Barrel_Oak"},
      {"static28_dynamic_copies",
       "ranged",
       "static28",
       3,
       "28,0,0",
       197,
       316,
       {153, 44},
       {256, 60},
       0,
       2,
       false,
       "MAT_Flag_Cloth"},
      {"split12_character",
       "ranged",
       "split12",
       0,
       "12,12,8",
       660,
       1088,
       {187, 187, 286},
       {320, 288, 480},
       6,
       2,
       true,
       "MAT_Rider_Jacket"},
      {"split24_bike",
       "ranged",
       "split24",
       1,
       "24,12,8",
       519,
       840,
       {225, 225, 69},
       {384, 384, 72},
       3,
       2,
       false,
       "MAT_Bike_Tyre"},
      {"split12_skin8_tentacle",
       "ranged",
       "split12_skin8",
       0,
       "12,12,16",
       774,
       1380,
       {697, 77},
       {1280, 100},
       10,
       2,
       true,
       "MAT_Tentacle_Skin"},
      {"inline_rocks",
       "inline",
       "static24",
       2,
       "24,0,0",
       561,
       864,
       {187, 187, 187},
       {288, 288, 288},
       0,
       2,
       true,
       "MAT_Rock_0"},
      {"inline_u32_indices",
       "inline",
       "static24",
       2,
       "24,0,0",
       760,
       1348,
       {625, 135},
       {1152, 196},
       0,
       4,
       false,
       "MAT_Terrain_Meadow"},
      {"stale_counts_wireframe_wall",
       "ranged",
       "static24",
       2,
       "24,0,0",
       2490,
       1992,
       {2490},
       {1992},
       0,
       2,
       true,
       "MAT_GFX_WireFrame"},
  };
  return e;
}

TEST(RrDecode, EverySampleHasItsCountsFormatAndParts) {
  ASSERT_EQ(expectations().size(), test::sample_names().size());
  for (const Expect& x : expectations()) {
    SCOPED_TRACE(x.name);
    const std::vector<uint8_t> b = test::sample_bytes(x.name);
    Result<Decoded> d = test::decode_bytes(b);
    ASSERT_TRUE(d) << d.error().to_string();
    const ir::Mesh& m = d->mesh;
    EXPECT_EQ(d->format, &rr::kFormat);
    EXPECT_EQ(m.source.format, "rr");
    EXPECT_EQ(m.source.layout, x.layout);
    EXPECT_EQ(m.extras["vertex_format"], x.format);
    EXPECT_EQ(m.extras["vertex_format_kind"], x.kind);
    EXPECT_EQ(m.extras["strides"], x.strides);
    EXPECT_EQ(m.vertex_count, x.vertices);
    EXPECT_EQ(m.indices.size(), 3u * x.triangles);
    EXPECT_EQ(m.index_size, x.index_size);
    ASSERT_EQ(m.primitives.size(), x.part_vertices.size());
    uint32_t first_vertex = 0, first_index = 0;
    for (size_t i = 0; i < m.primitives.size(); ++i) {
      const ir::Primitive& p = m.primitives[i];
      EXPECT_EQ(p.material, i);
      EXPECT_EQ(p.first_vertex, first_vertex);
      EXPECT_EQ(p.vertex_count, x.part_vertices[i]);
      EXPECT_EQ(p.first_index, first_index);
      EXPECT_EQ(p.index_count, 3 * x.part_triangles[i]);
      for (uint32_t k = p.first_index; k < p.first_index + p.index_count; ++k) {
        ASSERT_GE(m.indices[k], p.first_vertex);
        ASSERT_LT(m.indices[k], p.first_vertex + p.vertex_count);
      }
      first_vertex += p.vertex_count;
      first_index += p.index_count;
    }
    ASSERT_EQ(m.materials.size(), m.primitives.size());
    EXPECT_EQ(m.materials[0].name, hex(id_of(x.first_material), 16));
    EXPECT_EQ(m.materials[0].extras["id"], m.materials[0].name);
    EXPECT_EQ(m.skin.has_value(), x.bones > 0);
    if (m.skin) {
      EXPECT_EQ(m.skin->bones.size(), x.bones);
    }
    EXPECT_EQ(d->structure["resource"].is_null(), !x.header);
    EXPECT_EQ(m.source.object_id,
              x.header ? id_of("resource:" + std::string(x.name == "stale_counts_wireframe_wall"
                                                             ? "GFX_WireFrame_Wall_01_LOD0"
                                                             : x.name))
                       : 0u);
    EXPECT_EQ(m.extras["platform_version"], 31);
  }
}

TEST(RrDecode, StaticPositionsAreStoredS16TimesTheQuantizationFactor) {
  const std::vector<uint8_t> b = test::sample_bytes("static16_terrain");
  const MeshFile f = test::sample_file("static16_terrain");
  Result<Decoded> d = test::decode_bytes(b);
  ASSERT_TRUE(d);
  const float qf = f.materials.quantization_factor;
  EXPECT_EQ(qf, 12.0f / 32767.0f);  // the largest coordinate, the terrain's corner, maps to 32767
  const ir::Attribute* pos = d->mesh.find("POSITION");
  ASSERT_NE(pos, nullptr);
  const std::vector<uint8_t>& primary = f.ranged->streams[0].bytes;
  for (size_t v : {size_t(0), size_t(700), size_t(1340)})
    for (int c = 0; c < 3; ++c) {
      int16_t s;
      std::memcpy(&s, primary.data() + 16 * v + 2 * c, 2);
      EXPECT_EQ(pos->f32[3 * v + c], float(s) * qf);
    }
  EXPECT_NEAR(pos->f32[0], -12.0f, qf);  // the terrain's first corner
  EXPECT_NEAR(pos->f32[1], -12.0f, qf);
  EXPECT_EQ(d->mesh.find("TANGENT"), nullptr);  // static16 has none
  EXPECT_NE(d->mesh.find("TEXCOORD_0"), nullptr);
}

TEST(RrDecode, SplitPositionsAreTheStoredFloats) {
  const MeshFile f = test::sample_file("split24_bike");
  Result<Decoded> d = test::decode_bytes(test::sample_bytes("split24_bike"));
  ASSERT_TRUE(d);
  const ir::Attribute* pos = d->mesh.find("POSITION");
  float stored[3];
  std::memcpy(stored, f.ranged->streams[1].bytes.data(), 12);
  EXPECT_EQ(pos->f32[0], stored[0]);
  EXPECT_FLOAT_EQ(pos->f32[0], 0.55f + 0.31f + 0.035f);  // front tyre, outermost point
  EXPECT_FLOAT_EQ(pos->f32[2], 0.34f);
  for (const char* s : {"NORMAL", "TANGENT", "COLOR_0", "TEXCOORD_0", "TEXCOORD_1", "TEXCOORD_2",
                        "JOINTS_0", "WEIGHTS_0"})
    EXPECT_NE(d->mesh.find(s), nullptr) << s;
}

TEST(RrDecode, RangedIndicesAddTheRangeVertexBaseInlineOnesAreAbsolute) {
  const MeshFile ranged = test::sample_file("static24_props");
  Result<Decoded> dr = test::decode_bytes(test::sample_bytes("static24_props"));
  ASSERT_TRUE(dr);
  for (const ir::Primitive& p : dr->mesh.primitives)
    for (uint32_t k = p.first_index; k < p.first_index + p.index_count; ++k) {
      uint16_t stored;
      std::memcpy(&stored, ranged.ranged->streams[3].bytes.data() + 2 * k, 2);
      ASSERT_EQ(dr->mesh.indices[k], stored + p.first_vertex);
    }
  EXPECT_GT(dr->mesh.primitives[1].first_vertex, 0u);

  const MeshFile in = test::sample_file("inline_u32_indices");
  Result<Decoded> di = test::decode_bytes(test::sample_bytes("inline_u32_indices"));
  ASSERT_TRUE(di);
  EXPECT_EQ(in.mesh_data.index_width, 1);
  ASSERT_EQ(in.mesh_data.runs[3].bytes.size(), 4 * di->mesh.indices.size());
  for (size_t k = 0; k < di->mesh.indices.size(); ++k) {
    uint32_t stored;
    std::memcpy(&stored, in.mesh_data.runs[3].bytes.data() + 4 * k, 4);
    ASSERT_EQ(di->mesh.indices[k], stored);
  }
  EXPECT_EQ(di->mesh.indices[di->mesh.primitives[1].first_index],
            di->mesh.primitives[1].first_vertex);
}

TEST(RrDecode, BonesCarryTheirHashAndTheStoredMatrixAsInverseBind) {
  Result<Decoded> d = test::decode_bytes(test::sample_bytes("split12_character"));
  ASSERT_TRUE(d);
  const ir::Skin& skin = *d->mesh.skin;
  EXPECT_EQ(skin.bones[0].name_hash, crc32_of("Hips"));
  EXPECT_EQ(skin.bones[5].name_hash, crc32_of("Head"));
  char name[32];
  std::snprintf(name, sizeof name, "bone_0_0x%08X", crc32_of("Hips"));
  EXPECT_EQ(skin.bones[0].name, name);
  EXPECT_EQ(skin.bones[0].id, id_of("bone:Hips"));
  EXPECT_EQ(skin.bones[0].extras["name_hash"], hex(crc32_of("Hips"), 8));
  const std::array<float, 16> hips{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -0.9f, 1};
  EXPECT_EQ(skin.bones[0].inverse_bind, hips);
  const ir::Attribute* w = d->mesh.find("WEIGHTS_0");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(d->mesh.find("JOINTS_1"), nullptr);
  for (size_t v = 0; v < d->mesh.vertex_count; ++v)
    ASSERT_EQ(w->u8[4 * v] + w->u8[4 * v + 1] + w->u8[4 * v + 2] + w->u8[4 * v + 3], 255) << v;
}

TEST(RrDecode, EightInfluencesBecomeTwoJointAndWeightSets) {
  Result<Decoded> d = test::decode_bytes(test::sample_bytes("split12_skin8_tentacle"));
  ASSERT_TRUE(d);
  const ir::Mesh& m = *&d->mesh;
  const ir::Attribute *j0 = m.find("JOINTS_0"), *j1 = m.find("JOINTS_1");
  const ir::Attribute *w0 = m.find("WEIGHTS_0"), *w1 = m.find("WEIGHTS_1");
  ASSERT_TRUE(j0 && j1 && w0 && w1);
  size_t vertices_using_more_than_four = 0;
  for (size_t v = 0; v < m.vertex_count; ++v) {
    int sum = 0, used = 0;
    for (int k = 0; k < 4; ++k) {
      sum += w0->u8[4 * v + k] + w1->u8[4 * v + k];
      used += (w0->u8[4 * v + k] > 0) + (w1->u8[4 * v + k] > 0);
      ASSERT_LT(j0->u8[4 * v + k], 10);
      ASSERT_LT(j1->u8[4 * v + k], 10);
    }
    ASSERT_EQ(sum, 255) << v;
    vertices_using_more_than_four += used > 4;
  }
  EXPECT_GT(vertices_using_more_than_four, m.vertex_count / 2);
  EXPECT_EQ(m.skin->bones[3].inverse_bind[14], -0.75f);
  EXPECT_EQ(m.extras["bones_per_vertex"], 8);
}

TEST(RrDecode, StaleDeclaredCountsWarnAndTheBuffersRule) {
  Result<Decoded> d = test::decode_bytes(test::sample_bytes("stale_counts_wireframe_wall"));
  ASSERT_TRUE(d) << d.error().to_string();
  ASSERT_EQ(d->mesh.warnings.size(), 1u);
  const ir::Diagnostic& w = d->mesh.warnings[0];
  EXPECT_EQ(w.code, "RR_STALE_COUNT");
  EXPECT_EQ(w.path, "mesh/mesh_data/objects[0].vertex_count");
  EXPECT_NE(w.message.find("8845"), std::string::npos) << w.message;
  EXPECT_NE(w.message.find("2490"), std::string::npos) << w.message;
  EXPECT_EQ(d->mesh.vertex_count, 2490u);
  EXPECT_EQ(d->mesh.primitives[0].vertex_count, 2490u);
  EXPECT_EQ(d->mesh.primitives[0].index_count, 3u * 1992);
  EXPECT_EQ(d->mesh.primitives[0].extras["declared_vertex_count"], 8845);
  const nlohmann::json& o = d->structure["mesh_data"]["objects"][0];
  EXPECT_EQ(o["declared_vertex_count"], 8845);
  EXPECT_EQ(o["actual_vertex_count"], 2490);
  EXPECT_EQ(o["declared_triangle_count"], 5593);
  EXPECT_EQ(o["actual_triangle_count"], 1992);
  EXPECT_EQ(d->structure["materials"]["descriptors"][0]["vertex_count"], 8845);
  EXPECT_EQ(d->structure["ranged"]["ranges"][0]["actual_vertex_count"], 2490);
  EXPECT_EQ(d->structure["counts"]["triangles"], 1992);
}

TEST(RrDecode, InlineLastObjectPastTheBuffersIsCutToThemWithAWarning) {
  MeshFile f = test::sample_file("inline_rocks");
  f.mesh_data.objects[2].vertex_count += 50;
  f.mesh_data.objects[2].triangle_count += 20;
  f.materials.descriptors[2].vertex_count += 50;  // declared in both, as in the spec
  Result<Decoded> d = test::decode_bytes(encode(f));
  ASSERT_TRUE(d) << d.error().to_string();
  ASSERT_EQ(d->mesh.warnings.size(), 1u);
  EXPECT_EQ(d->mesh.warnings[0].code, "RR_STALE_COUNT");
  EXPECT_EQ(d->mesh.warnings[0].path, "mesh/mesh_data/objects[2].vertex_count");
  EXPECT_EQ(d->mesh.primitives[2].vertex_count, 187u);
  EXPECT_EQ(d->mesh.primitives[2].index_count, 3u * 288);
  EXPECT_EQ(d->structure["mesh_data"]["objects"][2]["clamped_to_buffers"], true);
  EXPECT_EQ(d->structure["mesh_data"]["objects"][2]["declared_vertex_count"], 237);
  // A middle object past its share cannot be cut: the objects no longer tile.
  f = test::sample_file("inline_rocks");
  f.mesh_data.objects[1].vertex_count += 1;
  Result<Decoded> bad = test::decode_bytes(encode(f));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, "RR_OBJECTS_NOT_TILING");
  EXPECT_EQ(bad.error().path, "mesh/mesh_data/objects[2].vertex_base");
}

TEST(RrDecode, SingularBoneMatrixBecomesIdentityAndIsKept) {
  MeshFile f = test::sample_file("split24_bike");
  f.header.bones[2].matrix.fill(0);
  Result<Decoded> d = test::decode_bytes(encode(f));
  ASSERT_TRUE(d);
  const ir::Bone& b = d->mesh.skin->bones[2];
  const std::array<float, 16> identity{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  EXPECT_EQ(b.inverse_bind, identity);
  ASSERT_TRUE(b.extras.contains("stored_matrix"));
  EXPECT_EQ(b.extras["stored_matrix"].size(), 16u);
  ASSERT_EQ(d->mesh.warnings.size(), 1u);
  EXPECT_EQ(d->mesh.warnings[0].code, "RR_BONE_MATRIX_NOT_INVERTIBLE");
  EXPECT_FALSE(d->mesh.skin->bones[1].extras.contains("stored_matrix"));
}

bool has_array(const nlohmann::json& j) {
  if (j.is_array()) return true;
  if (j.is_object())
    for (const auto& kv : j.items())
      if (has_array(kv.value())) return true;
  return false;
}

TEST(RrDecode, ExtrasKeepStoredFieldsWithoutArrays) {
  Result<Decoded> d = test::decode_bytes(test::sample_bytes("static28_dynamic_copies"));
  ASSERT_TRUE(d);
  const nlohmann::json& e = d->mesh.extras;
  EXPECT_FALSE(has_array(e)) << e.dump();
  EXPECT_EQ(e["descriptor_mask"], 2);
  EXPECT_EQ(e["max_culling_distance"], 660.0f);
  EXPECT_EQ(e["user_category"], 3);
  EXPECT_EQ(e["trailer_bools"], "01000000000000000000000000000000");
  EXPECT_EQ(e["header_stored_bytes"], "0000000000000000");
  EXPECT_EQ(e["clustered_version"], 2);
  EXPECT_EQ(e["cpu_copy_lengths"], "5516,0,0,1896");
  for (const ir::Primitive& p : d->mesh.primitives) EXPECT_FALSE(has_array(p.extras));
}

TEST(RrDecode, StructureShowsEveryStoredField) {
  Result<Decoded> d = test::decode_bytes(test::sample_bytes("split12_character"));
  ASSERT_TRUE(d);
  const nlohmann::json& s = d->structure;
  EXPECT_EQ(s["layout"], "ranged");
  EXPECT_EQ(s["header"]["bone_count"], 6);
  EXPECT_EQ(s["header"]["bones"][0]["class"], "0x9EF0E7A1");
  EXPECT_EQ(s["header"]["bones"][0]["matrix"].size(), 16u);
  EXPECT_EQ(s["compiled"]["marker"], "0xFC9E1595");
  EXPECT_EQ(s["compiled"]["offset"], 12 + 61 + 81 * 6);
  EXPECT_EQ(s["ranged"]["version"], 2);
  EXPECT_EQ(s["ranged"]["ranges"][1]["class"], "0x07B19A87");
  EXPECT_EQ(s["ranged"]["ranges"][1]["cluster_count"], 1);
  EXPECT_EQ(s["ranged"]["primitive_desc_length"], 96);
  EXPECT_EQ(s["ranged"]["skin"]["length"], 660 * 8);
  EXPECT_EQ(s["mesh_data_head"]["class"], "0x0645ABB5");
  EXPECT_EQ(s["mesh_data"]["bones_per_vertex"], 4);
  EXPECT_EQ(s["materials"]["references"][2]["class"], "0x9F1640AF");
  EXPECT_EQ(s["materials"]["references"][2]["handle"],
            s["materials"]["descriptors"][2]["material_id"]);
  EXPECT_EQ(s["materials"]["trailer"]["bools"].size(), 16u);
  EXPECT_EQ(s["materials"]["trailer"]["stored_bytes"].size(), 6u);
  EXPECT_EQ(s["vertex_format"]["name"], "split12");
  EXPECT_EQ(s["counts"]["index_size"], 2);
}

TEST(RrDecode, NameAndPathComeFromTheOptions) {
  DecodeOptions o;
  o.name = "rocks";
  o.source_path = "in/rocks.mesh";
  Result<Decoded> d = test::decode_bytes(test::sample_bytes("inline_rocks"), o);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->mesh.name, "rocks");
  EXPECT_EQ(d->mesh.source.path, "in/rocks.mesh");
  EXPECT_TRUE(d->mesh.z_up);
}

}  // namespace
}  // namespace f2g::rr
