// formats/common/incoming_checks: the one check of the incoming mesh every rebuild runs. Where
// the games' own checks used to differ, the contract of formats/common/rebuild.h decides, and
// each such case is pinned here: the widths, the order, NaN weights, empty meshes.
#include "formats/common/incoming_checks.h"

#include <gtest/gtest.h>

#include <cmath>

namespace f2g {
namespace {

// A quad as converter/import hands it over: POSITION, NORMAL, TANGENT, TEXCOORD_0, one
// primitive on material 0, skinned to bones 0 and 1.
ir::Mesh quad() {
  ir::Mesh m;
  m.vertex_count = 4;
  m.attributes.push_back(ir::f32_attribute("POSITION", 3, {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0}));
  m.attributes.push_back(ir::f32_attribute("NORMAL", 3, {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1}));
  m.attributes.push_back(
      ir::f32_attribute("TANGENT", 4, {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1}));
  m.attributes.push_back(ir::f32_attribute("TEXCOORD_0", 2, {0, 0, 1, 0, 1, 1, 0, 1}));
  ir::Attribute j;
  j.semantic = "JOINTS_0";
  j.type = ir::Scalar::U16;
  j.width = 4;
  j.u16 = {0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
  m.attributes.push_back(j);
  m.attributes.push_back(ir::f32_attribute(
      "WEIGHTS_0", 4, {0.5f, 0.5f, 0, 0, 0.5f, 0.5f, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}));
  m.indices = {0, 1, 2, 0, 2, 3};
  ir::Primitive p;
  p.index_count = 6;
  p.vertex_count = 4;
  m.primitives.push_back(p);
  return m;
}

IncomingLimits limits() {
  IncomingLimits l;
  l.materials = 2;
  l.skinned = true;
  l.bones = 2;
  return l;
}

std::string code(const ir::Mesh& m, const IncomingLimits& l = limits()) {
  const std::optional<Error> e = check_incoming_mesh(m, l);
  return e ? e->code : "ok";
}

std::string message(const ir::Mesh& m, const IncomingLimits& l = limits()) {
  const std::optional<Error> e = check_incoming_mesh(m, l);
  return e ? e->message : "";
}

std::string path(const ir::Mesh& m, const IncomingLimits& l = limits()) {
  const std::optional<Error> e = check_incoming_mesh(m, l);
  return e ? e->path : "";
}

void replace(ir::Mesh& m, ir::Attribute a) { *m.find(a.semantic) = std::move(a); }

void erase(ir::Mesh& m, const std::string& semantic) {
  for (size_t i = 0; i < m.attributes.size(); ++i)
    if (m.attributes[i].semantic == semantic) m.attributes.erase(m.attributes.begin() + long(i));
}

TEST(IncomingChecks, TheContractMeshPasses) { EXPECT_EQ(code(quad()), "ok"); }

TEST(IncomingChecks, WidthsAreTheContractsForEveryGame) {
  // GRB once took a TANGENT of 3 (it asked for "at least 3"); the contract's is xyzw.
  ir::Mesh m = quad();
  replace(m, ir::f32_attribute("TANGENT", 3, std::vector<float>(12, 0.5f)));
  EXPECT_EQ(code(m), "IMPORT_ATTRIBUTE_SIZE");
  EXPECT_EQ(path(m), "mesh/attributes/TANGENT");
  m = quad();
  replace(m, ir::f32_attribute("TEXCOORD_0", 3, std::vector<float>(12, 0.5f)));
  EXPECT_EQ(code(m), "IMPORT_ATTRIBUTE_SIZE");
  // COLOR_n: rgb or rgba.
  m = quad();
  m.attributes.push_back(ir::f32_attribute("COLOR_0", 3, std::vector<float>(12, 1)));
  EXPECT_EQ(code(m), "ok");
  m.attributes.back() = ir::f32_attribute("COLOR_0", 2, std::vector<float>(8, 1));
  EXPECT_EQ(code(m), "IMPORT_ATTRIBUTE_SIZE");
  // A semantic outside the contract: any width but 0, unless the format names its width.
  m = quad();
  m.attributes.push_back(ir::f32_attribute("_BINORMAL", 2, std::vector<float>(8, 0)));
  EXPECT_EQ(code(m), "ok");
  IncomingLimits grb = limits();
  grb.widths = {{"_BINORMAL", 3}};
  EXPECT_EQ(code(m, grb), "IMPORT_ATTRIBUTE_SIZE");
  m.attributes.back().width = 0;
  EXPECT_EQ(code(m), "IMPORT_ATTRIBUTE_SIZE");
}

TEST(IncomingChecks, PositionIsLookedForFirstAndItsWidthIsASizeProblem) {
  // SWS once said NO_POSITION for a POSITION of 2 components, RR checked sizes before
  // looking for POSITION at all; now a missing POSITION is found first, a wrong one is a size.
  ir::Mesh m = quad();
  replace(m, ir::f32_attribute("POSITION", 2, std::vector<float>(8, 0)));
  EXPECT_EQ(code(m), "IMPORT_ATTRIBUTE_SIZE");
  m = quad();
  erase(m, "POSITION");
  m.find("NORMAL")->f32.pop_back();
  EXPECT_EQ(code(m), "IMPORT_NO_POSITION");
  EXPECT_EQ(code(ir::Mesh{}), "IMPORT_NO_POSITION");
}

TEST(IncomingChecks, CountsAreCheckedBeforeAnythingIsIndexed) {
  ir::Mesh m = quad();
  m.vertex_count = 0xFFFFFFFFu;
  EXPECT_EQ(code(m), "IMPORT_ATTRIBUTE_SIZE");
  m = quad();
  m.indices[4] = 4;
  EXPECT_EQ(code(m), "IMPORT_INDEX_OUT_OF_RANGE");
  EXPECT_EQ(path(m), "mesh/indices[4]");
  m = quad();
  m.primitives[0].first_index = 0xFFFFFFF0u;
  EXPECT_EQ(code(m), "IMPORT_PRIMITIVE_RANGE");
  m = quad();
  m.primitives[0].index_count = 5;
  EXPECT_EQ(code(m), "IMPORT_PRIMITIVE_RANGE");
  EXPECT_EQ(path(m), "mesh/primitives[0]");
  m = quad();
  m.primitives[0].material = 2;
  EXPECT_EQ(code(m), "IMPORT_MATERIAL_OUT_OF_RANGE");
  EXPECT_EQ(path(m), "mesh/primitives[0]/material");
}

TEST(IncomingChecks, AMeshWithoutTrianglesIsRefusedForEveryGame) {
  // SWS once let it through to its planner.
  ir::Mesh m = quad();
  m.primitives[0].index_count = 0;
  EXPECT_EQ(code(m), "IMPORT_NO_TRIANGLES");
  m.primitives.clear();
  EXPECT_EQ(code(m), "IMPORT_NO_TRIANGLES");
}

TEST(IncomingChecks, EveryFloatIsFiniteWeightsIncluded) {
  ir::Mesh m = quad();
  m.find("NORMAL")->f32[5] = INFINITY;
  EXPECT_EQ(code(m), "IMPORT_NOT_FINITE");
  EXPECT_EQ(path(m), "mesh/attributes/NORMAL");
  // SWS once called a NaN weight IMPORT_SWS_BAD_WEIGHT: a NaN is a NaN whatever it weighs.
  m = quad();
  m.find("WEIGHTS_0")->f32[2] = std::nanf("");
  EXPECT_EQ(code(m), "IMPORT_NOT_FINITE");
  m = quad();
  m.find("WEIGHTS_0")->f32[2] = -0.25f;
  EXPECT_EQ(code(m), "IMPORT_BAD_WEIGHT");
  EXPECT_EQ(path(m), "mesh/attributes/WEIGHTS_0");
}

TEST(IncomingChecks, WeightedJointsAreDonorBonesTheIndexReaches) {
  ir::Mesh m = quad();
  m.find("JOINTS_0")->u16[0] = 2;  // weighted 0.5, the donor has 2 bones
  EXPECT_EQ(code(m), "IMPORT_JOINT_OUT_OF_RANGE");
  EXPECT_EQ(path(m), "mesh/attributes/JOINTS_0");
  m = quad();
  m.find("JOINTS_0")->u16[3] = 300;  // weight 0: no bone named
  EXPECT_EQ(code(m), "ok");
  // A donor of 300 bones whose format stores u8 joints: bone 256 cannot be named.
  IncomingLimits many = limits();
  many.bones = 300;
  m = quad();
  m.find("JOINTS_0")->u16[0] = 256;
  EXPECT_EQ(code(m, many), "IMPORT_JOINT_OUT_OF_RANGE");
  m.find("JOINTS_0")->u16[0] = 255;
  EXPECT_EQ(code(m, many), "ok");
  // Float joints that are no joint number, weighted or not.
  m = quad();
  replace(m, ir::f32_attribute("JOINTS_0", 4, std::vector<float>(16, 0.5f)));
  EXPECT_EQ(code(m), "IMPORT_JOINT_OUT_OF_RANGE");
  // A donor the format stores no influences for: joints and weights are not read.
  IncomingLimits unskinned = limits();
  unskinned.skinned = false;
  m = quad();
  m.find("JOINTS_0")->u16[0] = 9;
  m.find("WEIGHTS_0")->f32[0] = -1;
  EXPECT_EQ(code(m, unskinned), "ok");
}

// The checks test every value in one pass and look for the culprit only after: the message
// still names the first bad vertex, in the first set that has one.
TEST(IncomingChecks, TheFirstBadValueIsTheOneNamed) {
  ir::Mesh m = quad();
  m.find("TANGENT")->f32[13] = std::nanf("");  // vertex 3
  m.find("TANGENT")->f32[15] = INFINITY;
  EXPECT_EQ(message(m), "TANGENT of vertex 3 is not a finite number");
  m = quad();
  m.find("WEIGHTS_0")->f32[9] = -0.5f;  // vertex 2, lane 1
  m.find("WEIGHTS_0")->f32[13] = -1.0f;
  EXPECT_EQ(message(m), "vertex 2's weight -0.500000 is negative");
  // A second set whose first set holds: the joint of vertex 3 there, past the donor's bones.
  m = quad();
  ir::Attribute j = *m.find("JOINTS_0");
  j.semantic = "JOINTS_1";
  j.u16 = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0};
  m.attributes.push_back(j);
  m.attributes.push_back(
      ir::f32_attribute("WEIGHTS_1", 4, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.25f, 0}));
  EXPECT_EQ(code(m), "IMPORT_JOINT_OUT_OF_RANGE");
  EXPECT_EQ(path(m), "mesh/attributes/JOINTS_1");
  EXPECT_EQ(message(m),
            "vertex 3 is weighted to joint 7.000000; the donor has 2 bones (stored joints reach " +
                std::to_string(limits().joint_limit) + ")");
}

}  // namespace
}  // namespace f2g
