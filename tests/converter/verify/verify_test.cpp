// verify::compare on IR meshes built here: every deliberate corruption is caught and named
// with its attribute, and what the writer legitimately changes (unit normals, renormalised
// weights, unreachable morph values) is not a mismatch.
#include "converter/verify/verify.h"

#include <gtest/gtest.h>

#include <cmath>

#include "gltf_writer/write/morph_delta.h"

namespace f2g::verify {
namespace {

float ubyte_unit(int b) { return b / 127.0f - 1.0f; }  // SWS ubyte4 decode

ir::Attribute make_attr(const char* semantic, ir::Scalar type, uint8_t width,
                        bool normalized = false) {
  ir::Attribute a;
  a.semantic = semantic, a.type = type, a.width = width, a.normalized = normalized;
  return a;
}

// 7 vertices, two draw ranges, every kind of attribute, a 3-bone skin, one morph target.
ir::Mesh make_mesh() {
  ir::Mesh m;
  m.vertex_count = 7;
  ir::Attribute pos = make_attr("POSITION", ir::Scalar::F32, 3);
  ir::Attribute nrm = make_attr("NORMAL", ir::Scalar::F32, 3);
  ir::Attribute tan = make_attr("TANGENT", ir::Scalar::F32, 4);
  ir::Attribute uv = make_attr("TEXCOORD_0", ir::Scalar::F32, 2);
  ir::Attribute col = make_attr("COLOR_0", ir::Scalar::U8, 4, true);
  ir::Attribute bin = make_attr("_BINORMAL", ir::Scalar::F32, 3);
  ir::Attribute joints = make_attr("JOINTS_0", ir::Scalar::U8, 4);
  ir::Attribute weights = make_attr("WEIGHTS_0", ir::Scalar::U8, 4, true);
  for (int v = 0; v < 7; ++v) {
    pos.f32.insert(pos.f32.end(), {0.25f * v, 1.5f - 0.1f * v, 3.0f + v});
    nrm.f32.insert(nrm.f32.end(), {ubyte_unit(200 + v), ubyte_unit(127 - 3 * v), ubyte_unit(60)});
    tan.f32.insert(tan.f32.end(),
                   {ubyte_unit(30), ubyte_unit(220 - v), ubyte_unit(127), v % 2 ? -1.0f : 1.0f});
    uv.f32.insert(uv.f32.end(), {0.125f * v, 1.0f - 0.0625f * v});
    col.u8.insert(col.u8.end(), {uint8_t(10 * v), 200, 30, 255});
    bin.f32.insert(bin.f32.end(), {ubyte_unit(10), ubyte_unit(127), ubyte_unit(250 - v)});
    joints.u8.insert(joints.u8.end(), {0, uint8_t(1 + v % 2), 0, 0});
    weights.u8.insert(weights.u8.end(), {128, 127, 0, 0});
  }
  m.attributes = {pos, nrm, tan, uv, col, bin, joints, weights};
  m.indices = {0, 1, 2, 0, 2, 3, 4, 5, 6};
  ir::Primitive p0;
  p0.material = 0, p0.first_index = 0, p0.index_count = 6, p0.first_vertex = 0, p0.vertex_count = 4;
  ir::Primitive p1;
  p1.material = 1, p1.first_index = 6, p1.index_count = 3, p1.first_vertex = 4, p1.vertex_count = 3;
  m.primitives = {p0, p1};
  ir::Skin skin;
  for (int b = 0; b < 3; ++b) {
    ir::Bone bone;
    bone.id = 0x100 + b;
    bone.name_hash = 0xABC00 + b;
    bone.name = "bone_" + std::to_string(b);
    bone.inverse_bind = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5f * b, -1.25f, 2.0f, 1};
    skin.bones.push_back(bone);
  }
  m.skin = skin;
  ir::MorphTarget t;
  t.name = "0xDEADBEEF";
  for (int v = 0; v < 7; ++v) {
    t.positions.insert(t.positions.end(),
                       {pos.f32[3 * v] + 0.5f, pos.f32[3 * v + 1], pos.f32[3 * v + 2] - 0.75f});
    t.normals.insert(t.normals.end(), {ubyte_unit(127), ubyte_unit(127), ubyte_unit(254)});
  }
  m.morph_targets = {t};
  for (uint32_t id : {0x10u, 0x11u}) {
    ir::Material mat;
    char name[16];
    std::snprintf(name, sizeof name, "0x%08X", id);
    mat.name = name;
    mat.extras = {{"id", name}};
    m.materials.push_back(mat);
  }
  return m;
}

ir::Attribute& attr(ir::Mesh& m, const char* semantic) { return *m.find(semantic); }

// What the writer + reader legitimately give back: unit NORMAL/TANGENT and target normals
// (normalised in double, rounded once, as gltf::unit_vector does).
void normalise(std::vector<float>& values, int width) {
  for (size_t i = 0; i + 2 < values.size(); i += width) {
    const double x = values[i], y = values[i + 1], z = values[i + 2];
    const double len = std::sqrt(x * x + y * y + z * z);
    values[i] = float(x / len), values[i + 1] = float(y / len), values[i + 2] = float(z / len);
  }
}

ir::Mesh as_written(const ir::Mesh& e) {
  ir::Mesh a = e;
  normalise(attr(a, "NORMAL").f32, 3);
  normalise(attr(a, "TANGENT").f32, 4);
  normalise(a.morph_targets[0].normals, 3);
  return a;
}

const Mismatch* first_of(const VerifyReport& r, const std::string& attribute) {
  for (const Mismatch& m : r.mismatches)
    if (m.attribute == attribute) return &m;
  return nullptr;
}

// Only `attribute` has mismatches, `count` of them.
void expect_only(const VerifyReport& r, const std::string& attribute, uint64_t count) {
  EXPECT_FALSE(r.ok());
  for (const Row& row : r.rows) {
    if (row.attribute == attribute)
      EXPECT_EQ(row.mismatched, count) << attribute;
    else
      EXPECT_EQ(row.mismatched, 0u) << row.attribute << " also mismatched";
  }
  ASSERT_NE(r.row(attribute), nullptr) << "no row " << attribute;
}

TEST(VerifyCompare, IdenticalMeshesPassWithEveryRowExact) {
  const ir::Mesh m = make_mesh();
  const VerifyReport r = compare(m, m);
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(r.mismatches.empty());
  for (const Row& row : r.rows) {
    EXPECT_GT(row.compared, 0u) << row.attribute;
    EXPECT_EQ(row.exact, row.compared) << row.attribute;
    EXPECT_EQ(row.max_error, 0.0) << row.attribute;
  }
  for (const char* name : {"vertices",
                           "primitives",
                           "index_count",
                           "index_buffer",
                           "index_size",
                           "primitive_ranges",
                           "bones",
                           "targets",
                           "materials",
                           "indices",
                           "POSITION",
                           "NORMAL",
                           "TANGENT",
                           "TEXCOORD_0",
                           "COLOR_0",
                           "_BINORMAL",
                           "JOINTS",
                           "WEIGHTS",
                           "inverse_bind",
                           "bone_ids",
                           "bone_names",
                           "target_names",
                           "targets[0].POSITION",
                           "targets[0].NORMAL",
                           "material_ids",
                           "material_names",
                           "primitive_materials",
                           "source",
                           "extras"})
    EXPECT_NE(r.row(name), nullptr) << name;
  EXPECT_EQ(r.row("POSITION")->compared, 7u);
  EXPECT_EQ(r.row("indices")->compared, 9u);
  EXPECT_EQ(r.row("WEIGHTS")->compared, 14u);  // two bones on each of 7 vertices
  EXPECT_EQ(r.row("inverse_bind")->compared, 3u);
}

TEST(VerifyCompare, WrittenUnitNormalsCountAsExact) {
  const ir::Mesh e = make_mesh();
  const VerifyReport r = compare(e, as_written(e));
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.row("NORMAL")->exact, 7u);
  EXPECT_EQ(r.row("TANGENT")->exact, 7u);
  EXPECT_EQ(r.row("targets[0].NORMAL")->exact, 7u);
  EXPECT_LE(r.row("NORMAL")->max_error, kUnitExact);
}

TEST(VerifyCompare, PositionOneUlpOffIsNamedWithPrimitiveAndVertex) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  float& y = attr(a, "POSITION").f32[3 * 5 + 1];
  y = std::nextafter(y, 10.0f);
  const VerifyReport r = compare(e, a);
  expect_only(r, "POSITION", 1);
  const Mismatch* m = first_of(r, "POSITION");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->primitive, 1);
  EXPECT_EQ(m->index_kind, "vertex");
  EXPECT_EQ(m->index, 5u);
  EXPECT_EQ(m->expected, "(1.25, 1, 8)");
  EXPECT_EQ(m->found, "(1.25, 1.00000012, 8)");
  EXPECT_FLOAT_EQ(r.row("POSITION")->max_error, std::ldexp(1.0f, -23));
}

TEST(VerifyCompare, ChangedIndexIsNamedWithPrimitiveAndCorner) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  a.indices[4] = 1;  // primitive 0, corner 4: was 2
  const VerifyReport r = compare(e, a);
  expect_only(r, "indices", 1);
  const Mismatch* m = first_of(r, "indices");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->primitive, 0);
  EXPECT_EQ(m->index_kind, "corner");
  EXPECT_EQ(m->index, 4u);
  EXPECT_EQ(m->expected, "2");
  EXPECT_EQ(m->found, "1");
}

TEST(VerifyCompare, ReorderedTriangleIsCaught) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  std::swap(a.indices[0], a.indices[1]);  // same triangle, other winding
  expect_only(compare(e, a), "indices", 2);
}

TEST(VerifyCompare, WeightChangedByMoreThanAStepIsAWeightsMismatch) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  auto& w = attr(a, "WEIGHTS_0").u8;
  w[4 * 2] = 130, w[4 * 2 + 1] = 125;  // vertex 2: 128/127 -> 130/125, two steps each
  const VerifyReport r = compare(e, a);
  expect_only(r, "WEIGHTS", 2);
  const Mismatch* m = first_of(r, "WEIGHTS");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->primitive, 0);
  EXPECT_EQ(m->index, 2u);
  EXPECT_EQ(m->expected, "0x00000100: 0.501960784");  // 128/255, normalised stored weight
  EXPECT_EQ(m->found, "0x00000100: 0.509803922");     // 130/255
  EXPECT_NEAR(r.row("WEIGHTS")->max_error, 2 / 255.0, 1e-12);
}

TEST(VerifyCompare, RenormalisedWeightsWithinOneStepPass) {
  ir::Mesh e = make_mesh();
  auto& we = attr(e, "WEIGHTS_0").u8;
  we[0] = 129, we[1] = 127;  // stored sum 256: the writer makes it 255
  ir::Mesh a = as_written(e);
  auto& wa = attr(a, "WEIGHTS_0").u8;
  wa[0] = 128, wa[1] = 127;
  const VerifyReport r = compare(e, a);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.row("WEIGHTS")->within_tolerance, 2u);
  EXPECT_LE(r.row("WEIGHTS")->max_error, kWeightTolerance);
}

TEST(VerifyCompare, RepeatedJointsAndZeroWeightsAreMergedLikeTheWriter) {
  ir::Mesh e = make_mesh();
  auto& je = attr(e, "JOINTS_0").u8;
  auto& we = attr(e, "WEIGHTS_0").u8;
  je[0] = 2, je[1] = 2, je[2] = 1;  // vertex 0: bone 2 twice, bone 1 with weight 0
  we[0] = 100, we[1] = 155, we[2] = 0;
  ir::Mesh a = as_written(e);
  auto& ja = attr(a, "JOINTS_0").u8;
  auto& wa = attr(a, "WEIGHTS_0").u8;
  ja[0] = 2, ja[1] = 0, ja[2] = 0;  // merged: bone 2 = 255, zero-weight joints -> 0
  wa[0] = 255, wa[1] = 0, wa[2] = 0;
  const VerifyReport r = compare(e, a);
  EXPECT_TRUE(r.ok()) << (r.mismatches.empty() ? "" : r.mismatches[0].found);
  EXPECT_EQ(r.row("JOINTS")->exact, 7u);
}

TEST(VerifyCompare, JointMovedToAnotherBoneIsAJointsMismatch) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  attr(a, "JOINTS_0").u8[4 * 3 + 1] = 1;  // vertex 3: bone 2 -> bone 1
  const VerifyReport r = compare(e, a);
  expect_only(r, "JOINTS", 1);
  const Mismatch* m = first_of(r, "JOINTS");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->index, 3u);
  EXPECT_EQ(m->expected, "{0x00000100: 0.501960784, 0x00000102: 0.498039216}");
  EXPECT_EQ(m->found, "{0x00000100: 0.501960784, 0x00000101: 0.498039216}");
}

TEST(VerifyCompare, JointsAreComparedThroughBoneIdsNotSlots) {
  // The written skin lists bones in another order: same influences, same ids.
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  std::swap(a.skin->bones[1], a.skin->bones[2]);
  for (size_t v = 0; v < 7; ++v) {
    uint8_t& j = attr(a, "JOINTS_0").u8[4 * v + 1];
    j = j == 1 ? 2 : 1;
  }
  const VerifyReport r = compare(e, a);
  EXPECT_EQ(r.row("JOINTS")->mismatched, 0u);
  EXPECT_EQ(r.row("WEIGHTS")->mismatched, 0u);
  EXPECT_GT(r.row("bone_ids")->mismatched, 0u);  // the order itself is still reported
}

TEST(VerifyCompare, VertexWithoutStoredWeightAcceptsThePlaceholder) {
  ir::Mesh e = make_mesh();
  auto& we = attr(e, "WEIGHTS_0").u8;
  we[4 * 6] = 0, we[4 * 6 + 1] = 0;
  ir::Mesh a = as_written(e);
  auto& wa = attr(a, "WEIGHTS_0").u8;
  wa[4 * 6] = 255, wa[4 * 6 + 1] = 0;
  const VerifyReport r = compare(e, a);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.row("JOINTS")->within_tolerance, 1u);
}

TEST(VerifyCompare, TargetValueOneUlpOffIsNamed) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  float& x = a.morph_targets[0].positions[3 * 4];
  x = std::nextafter(x, -10.0f);
  const VerifyReport r = compare(e, a);
  expect_only(r, "targets[0].POSITION", 1);
  const Mismatch* m = first_of(r, "targets[0].POSITION");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->index, 4u);
  EXPECT_EQ(m->primitive, 1);
}

TEST(VerifyCompare, UnreachableTargetAtNearestValueIsCountedNotMismatched) {
  ir::Mesh e = make_mesh();
  // Base 1000, target 1e-3: no float32 delta lands on it (deltas near -1000 step by 6e-5).
  attr(e, "POSITION").f32[0] = 1000.0f;
  e.morph_targets[0].positions[0] = 1e-3f;
  const gltf::MorphDelta d = gltf::morph_delta(1000.0f, 1e-3f);
  ASSERT_FALSE(d.exact);
  ir::Mesh a = as_written(e);
  a.morph_targets[0].positions[0] = d.reached;
  VerifyReport r = compare(e, a);
  EXPECT_TRUE(r.ok());
  const Row* row = r.row("targets[0].POSITION");
  EXPECT_EQ(row->nearest, 1u);
  EXPECT_EQ(row->exact, 6u);
  EXPECT_DOUBLE_EQ(row->max_error, std::fabs(double(d.reached) - double(1e-3f)));
  EXPECT_GT(row->max_error, 0.0);

  // Any other value is a mismatch, even a reachable one farther away.
  a.morph_targets[0].positions[0] = std::nextafter(d.reached, 1.0f) + 1e-4f;
  r = compare(e, a);
  expect_only(r, "targets[0].POSITION", 1);
}

TEST(VerifyCompare, TargetNormalsAreDirections) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  a.morph_targets[0].normals[3 * 2] = 0.2f;  // vertex 2: (0, 0, 1) -> (0.2, 0, 1)
  const VerifyReport r = compare(e, a);
  expect_only(r, "targets[0].NORMAL", 1);
}

TEST(VerifyCompare, TargetNameChangeIsNamed) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  a.morph_targets[0].name = "morph_0";
  expect_only(compare(e, a), "target_names", 1);
}

TEST(VerifyCompare, MaterialIdChangeIsNamedWithMaterialIndex) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  a.materials[1].extras["id"] = "0x00000099";
  const VerifyReport r = compare(e, a);
  EXPECT_EQ(r.row("material_ids")->mismatched, 1u);
  const Mismatch* m = first_of(r, "material_ids");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->index_kind, "material");
  EXPECT_EQ(m->index, 1u);
  EXPECT_EQ(m->expected, "\"0x00000011\"");
  EXPECT_EQ(m->found, "\"0x00000099\"");
  // Primitive 1 draws that material: its assignment names the changed id too.
  EXPECT_EQ(r.row("primitive_materials")->mismatched, 1u);
}

TEST(VerifyCompare, PrimitiveMaterialAssignmentIsChecked) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  a.primitives[1].material = 0;
  expect_only(compare(e, a), "primitive_materials", 1);
}

TEST(VerifyCompare, UvChangeIsNamed) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  attr(a, "TEXCOORD_0").f32[2 * 1 + 1] += 1.0f / 1024;
  const VerifyReport r = compare(e, a);
  expect_only(r, "TEXCOORD_0", 1);
  EXPECT_EQ(first_of(r, "TEXCOORD_0")->index, 1u);
}

// Bit for bit means bit for bit: -0 for +0 differs by 0 but is still a mismatch, and the
// quantisation tolerance applies only where one is given.
TEST(VerifyCompare, SignOfZeroIsAMismatchWithoutATolerance) {
  const ir::Mesh e = make_mesh();  // vertex 0's u is +0
  ir::Mesh a = as_written(e);
  attr(a, "TEXCOORD_0").f32[0] = -0.0f;
  expect_only(compare(e, a), "TEXCOORD_0", 1);
  Tolerances t;
  t.texcoord = 1e-6;
  const VerifyReport r = compare(e, a, t);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.row("TEXCOORD_0")->within_tolerance, 1u);
}

TEST(VerifyCompare, ColourChangeIsNamedWithStoredBytes) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  attr(a, "COLOR_0").u8[4 * 6 + 2] = 31;
  const VerifyReport r = compare(e, a);
  expect_only(r, "COLOR_0", 1);
  EXPECT_EQ(first_of(r, "COLOR_0")->expected, "(60, 200, 30, 255)");
  EXPECT_EQ(first_of(r, "COLOR_0")->found, "(60, 200, 31, 255)");
  EXPECT_NEAR(r.row("COLOR_0")->max_error, 1 / 255.0, 1e-12);
}

TEST(VerifyCompare, CustomAttributeIsComparedExactly) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  normalise(attr(a, "_BINORMAL").f32, 3);  // not the writer's to change
  EXPECT_EQ(compare(e, a).row("_BINORMAL")->mismatched, 7u);
}

// Rotates the unit normal of vertex v about z by `angle` radians.
void rotate_normal(ir::Mesh& a, size_t v, double angle) {
  float* n = &attr(a, "NORMAL").f32[3 * v];
  const double x = n[0], y = n[1];
  n[0] = float(x * std::cos(angle) - y * std::sin(angle));
  n[1] = float(x * std::sin(angle) + y * std::cos(angle));
}

TEST(VerifyCompare, NormalRotatedBeyondOneStepIsAMismatch) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  rotate_normal(a, 3, 3.0 / 127);  // about three steps of the largest component change
  const VerifyReport r = compare(e, a);
  expect_only(r, "NORMAL", 1);
  EXPECT_EQ(first_of(r, "NORMAL")->index, 3u);
  EXPECT_GT(r.row("NORMAL")->max_error, kUnitTolerance);
}

TEST(VerifyCompare, NormalWithinOneStepIsWithinTolerance) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  rotate_normal(a, 3, 0.5 / 127);  // what an int8 quantisation may do
  const VerifyReport r = compare(e, a);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.row("NORMAL")->within_tolerance, 1u);
  EXPECT_EQ(r.row("NORMAL")->exact, 6u);
  EXPECT_GT(r.row("NORMAL")->max_error, kUnitExact);
  EXPECT_LE(r.row("NORMAL")->max_error, kUnitTolerance);
}

TEST(VerifyCompare, ZeroNormalAcceptsTheWritersFallback) {
  ir::Mesh e = make_mesh();
  float* n = &attr(e, "NORMAL").f32[0];
  n[0] = n[1] = n[2] = 0;  // bytes 127, 127, 127 in RR's (b - 127)/127
  ir::Mesh a = as_written(e);
  float* f = &attr(a, "NORMAL").f32[0];
  f[0] = 0, f[1] = 0, f[2] = 1;
  const VerifyReport r = compare(e, a);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.row("NORMAL")->within_tolerance, 1u);
  f[2] = 2;  // not a unit vector
  EXPECT_EQ(compare(e, a).row("NORMAL")->mismatched, 1u);
}

TEST(VerifyCompare, TangentSignIsExact) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  attr(a, "TANGENT").f32[4 * 2 + 3] = -1.0f;  // was +1
  expect_only(compare(e, a), "TANGENT", 1);
}

TEST(VerifyCompare, InverseBindOneUlpOffNamesBoneAndElement) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  a.skin->bones[2].inverse_bind[13] = std::nextafter(-1.25f, 0.0f);
  const VerifyReport r = compare(e, a);
  expect_only(r, "inverse_bind", 1);
  const Mismatch* m = first_of(r, "inverse_bind");
  EXPECT_EQ(m->index_kind, "bone");
  EXPECT_EQ(m->index, 2u);
  EXPECT_EQ(m->expected, "m[13] = -1.25");
  EXPECT_EQ(m->found, "m[13] = -1.24999988");
}

TEST(VerifyCompare, BoneNameAndHashAreChecked) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  a.skin->bones[0].name = "Bone";
  a.skin->bones[1].name_hash = 0;
  const VerifyReport r = compare(e, a);
  EXPECT_EQ(r.row("bone_names")->mismatched, 1u);
  EXPECT_EQ(r.row("bone_ids")->mismatched, 1u);
  EXPECT_EQ(r.mismatched(), 2u);
}

TEST(VerifyCompare, CountDifferencesAreNamed) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  a.morph_targets.clear();
  a.materials.pop_back();
  const VerifyReport r = compare(e, a);
  EXPECT_EQ(r.row("targets")->mismatched, 1u);
  EXPECT_EQ(r.row("materials")->mismatched, 1u);
  EXPECT_EQ(r.row("target_names")->mismatched, 1u);
  EXPECT_FALSE(r.ok());
}

TEST(VerifyCompare, MissingAndExtraAttributesAreNamed) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  attr(a, "TEXCOORD_0").semantic = "TEXCOORD_1";
  const VerifyReport r = compare(e, a);
  EXPECT_EQ(r.row("TEXCOORD_0")->mismatched, 1u);
  EXPECT_EQ(r.row("TEXCOORD_1")->mismatched, 1u);
  const Mismatch* m = first_of(r, "TEXCOORD_0");
  EXPECT_EQ(m->index_kind, "attribute");
  EXPECT_EQ(m->expected, "7 vertices of width 2");
  EXPECT_EQ(m->found, "absent");
}

TEST(VerifyCompare, DrawRangeChangeIsNamed) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  a.primitives[1].vertex_count = 2;
  const VerifyReport r = compare(e, a);
  expect_only(r, "primitive_ranges", 1);
  EXPECT_EQ(first_of(r, "primitive_ranges")->found, "indices 6+3, vertices 4+2");
}

TEST(VerifyCompare, DroppedStoredFieldIsAnExtrasMismatch) {
  ir::Mesh e = make_mesh();
  e.primitives[1].extras = {{"unknown_0x14", 12345}};
  e.extras = {{"category", 7}};
  ir::Mesh a = as_written(e);
  a.primitives[1].extras = ir::Json::object();
  const VerifyReport r = compare(e, a);
  expect_only(r, "extras", 1);
  const Mismatch* m = first_of(r, "extras");
  EXPECT_EQ(m->primitive, 1);
  EXPECT_EQ(m->index_kind, "primitive");
  EXPECT_EQ(m->expected, "{\"unknown_0x14\":12345}");
  EXPECT_EQ(m->found, "{}");
}

TEST(VerifyCompare, SourceIdentityIsChecked) {
  ir::Mesh e = make_mesh();
  e.source.format = "sws", e.source.layout = "compiled", e.source.object_id = 0x1234;
  ir::Mesh a = as_written(e);
  a.source.object_id = 0x1235;
  const VerifyReport r = compare(e, a);
  expect_only(r, "source", 1);
  EXPECT_EQ(first_of(r, "source")->expected, "sws compiled 0x00001234");
}

TEST(VerifyCompare, ListsTheFirstTenMismatchesButCountsAll) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  for (float& f : attr(a, "POSITION").f32) f += 1;
  for (float& f : a.morph_targets[0].positions) f += 1;
  const VerifyReport r = compare(e, a);
  EXPECT_EQ(r.row("POSITION")->mismatched, 7u);
  EXPECT_NEAR(r.row("POSITION")->max_error, 1.0, 1e-6);  // float32 rounding of x + 1
  size_t listed = 0;
  for (const Mismatch& m : r.mismatches) listed += m.attribute == "POSITION";
  EXPECT_EQ(listed, 7u);

  ir::Mesh big_e = e, big_a = a;
  big_e.vertex_count = big_a.vertex_count = 30;
  attr(big_e, "POSITION").f32.assign(90, 0.5f);
  attr(big_a, "POSITION").f32.assign(90, 0.75f);
  const VerifyReport big = compare(big_e, big_a);
  EXPECT_EQ(big.row("POSITION")->mismatched, 30u);
  listed = 0;
  for (const Mismatch& m : big.mismatches) listed += m.attribute == "POSITION";
  EXPECT_EQ(listed, kMaxMismatches);
}

TEST(VerifyReportError, AMatchingOutputComparesEveryValueAndIsNoError) {
  const ir::Mesh e = make_mesh();
  const VerifyReport r = compare(e, as_written(e));
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.mismatched(), 0u);
  EXPECT_TRUE(r.mismatches.empty());
  ASSERT_NE(r.row("POSITION"), nullptr);
  EXPECT_EQ(r.row("POSITION")->compared, 7u);  // one per vertex
  EXPECT_EQ(r.row("POSITION")->exact, 7u);
  ASSERT_NE(r.row("indices"), nullptr);
  EXPECT_EQ(r.row("indices")->compared, 9u);
  EXPECT_FALSE(report_error(r));
}

TEST(VerifyReportError, NamesTheCountAndTheFirstMismatch) {
  const ir::Mesh e = make_mesh();
  ir::Mesh a = as_written(e);
  attr(a, "POSITION").f32[3 * 5 + 1] = 2.0f;
  attr(a, "TEXCOORD_0").f32[0] = 0.5f;
  const std::optional<ir::Diagnostic> err = report_error(compare(e, a));
  ASSERT_TRUE(err);
  EXPECT_EQ(err->code, "VERIFY_MISMATCH");
  EXPECT_EQ(err->path, "verify/POSITION");
  EXPECT_EQ(err->message,
            "2 values of the glTF differ from the input; first: POSITION vertex 5 of primitive "
            "1: expected (1.25, 1, 8), found (1.25, 2, 8)");
}

TEST(VerifyReportError, ReadErrorIsPassedThrough) {
  VerifyReport r;
  r.error = ir::Diagnostic{"GLTF_READ_INVALID", "bad magic", "", 0};
  ASSERT_TRUE(report_error(r));
  EXPECT_EQ(report_error(r)->code, "GLTF_READ_INVALID");
}

}  // namespace
}  // namespace f2g::verify
