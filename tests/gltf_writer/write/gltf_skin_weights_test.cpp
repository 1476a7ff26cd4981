#include <gtest/gtest.h>

#include <vector>

#include "gltf_writer/write/skin_weights.h"

namespace f2g::gltf {
namespace {

ir::Attribute u8(const char* semantic, bool normalized, std::vector<uint8_t> v) {
  ir::Attribute a;
  a.semantic = semantic;
  a.type = ir::Scalar::U8;
  a.width = 4;
  a.normalized = normalized;
  a.u8 = std::move(v);
  return a;
}

// One vertex with two sets (8 slots).
ir::Mesh vertex(std::vector<uint8_t> j0, std::vector<uint8_t> w0, std::vector<uint8_t> j1,
                std::vector<uint8_t> w1) {
  ir::Mesh m;
  m.vertex_count = 1;
  m.attributes = {u8("JOINTS_0", false, j0), u8("WEIGHTS_0", true, w0), u8("JOINTS_1", false, j1),
                  u8("WEIGHTS_1", true, w1)};
  return m;
}

std::vector<uint8_t> slots(const CleanSkin& s, bool weights) {
  std::vector<uint8_t> out;
  for (const auto& a : weights ? s.weights : s.joints)
    out.insert(out.end(), a.u8.begin(), a.u8.end());
  return out;
}

TEST(SkinWeights, CleanVertexIsUnchanged) {
  const auto r =
      clean_skin(vertex({0, 1, 2, 3}, {100, 50, 30, 20}, {4, 5, 0, 0}, {30, 25, 0, 0}), 6);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(slots(*r, false), (std::vector<uint8_t>{0, 1, 2, 3, 4, 5, 0, 0}));
  EXPECT_EQ(slots(*r, true), (std::vector<uint8_t>{100, 50, 30, 20, 30, 25, 0, 0}));
  EXPECT_EQ(r->changed_vertices, 0u);
  EXPECT_TRUE(r->weights[1].normalized);
}

TEST(SkinWeights, SumBelow255GetsTheRestByLargestRemainder) {
  // 127 + 127 = 254: quotas 127.5 each, the tie goes to the lower slot.
  const auto r = clean_skin(vertex({3, 4, 5, 1}, {127, 127, 0, 0}, {2, 2, 2, 2}, {0, 0, 0, 0}), 6);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(slots(*r, true), (std::vector<uint8_t>{128, 127, 0, 0, 0, 0, 0, 0}));
  // zero-weight slots carry joint 0 (validator ACCESSOR_JOINTS_USED_ZERO_WEIGHT)
  EXPECT_EQ(slots(*r, false), (std::vector<uint8_t>{3, 4, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(r->changed_vertices, 1u);
}

TEST(SkinWeights, RepeatedJointIsMergedIntoItsFirstSlot) {
  const auto r = clean_skin(vertex({5, 0, 1, 2}, {60, 60, 60, 60}, {5, 3, 0, 0}, {8, 7, 0, 0}), 6);
  ASSERT_TRUE(r.ok());
  const auto w = slots(*r, true);
  const auto j = slots(*r, false);
  EXPECT_EQ(j, (std::vector<uint8_t>{5, 0, 1, 2, 0, 3, 0, 0}));
  int sum = 0;
  for (uint8_t x : w) sum += x;
  EXPECT_EQ(sum, 255);
  EXPECT_EQ(w[4], 0);
  // 255 * 68 / 255 = 68 etc.: total 255 already, the merge keeps every quota whole
  EXPECT_EQ(w, (std::vector<uint8_t>{68, 60, 60, 60, 0, 7, 0, 0}));
}

TEST(SkinWeights, AllZeroVertexGetsFullWeightOnJointZero) {
  const auto r = clean_skin(vertex({1, 2, 3, 4}, {0, 0, 0, 0}, {5, 0, 0, 0}, {0, 0, 0, 0}), 6);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(slots(*r, true), (std::vector<uint8_t>{255, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(slots(*r, false), (std::vector<uint8_t>{0, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(r->zero_weight_vertices, 1u);
}

TEST(SkinWeights, EveryOutputSumsTo255) {
  for (int a = 0; a < 256; a += 5)
    for (int b = 0; b < 256; b += 7) {
      const auto r = clean_skin(vertex({0, 1, 2, 3}, {uint8_t(a), uint8_t(b), 1, 0}, {4, 1, 0, 0},
                                       {uint8_t(b / 2), 3, 0, 0}),
                                5);
      ASSERT_TRUE(r.ok());
      int sum = 0;
      for (uint8_t x : slots(*r, true)) sum += x;
      ASSERT_EQ(sum, 255) << a << " " << b;
    }
}

TEST(SkinWeights, WeightedJointPastTheBonesIsAnError) {
  const auto r = clean_skin(vertex({0, 9, 0, 0}, {200, 55, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}), 6);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "GLTF_JOINT_OUT_OF_RANGE");
  EXPECT_NE(r.error().message.find("joint 9 of 6"), std::string::npos);
  // with zero weight it is only a filler and becomes joint 0
  EXPECT_TRUE(clean_skin(vertex({0, 9, 0, 0}, {255, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}), 6).ok());
}

TEST(SkinWeights, U16JointsStayU16) {
  ir::Mesh m;
  m.vertex_count = 1;
  ir::Attribute j;
  j.semantic = "JOINTS_0";
  j.type = ir::Scalar::U16;
  j.width = 4;
  j.u16 = {299, 7, 300, 0};
  m.attributes = {j, u8("WEIGHTS_0", true, {100, 100, 0, 0})};
  const auto r = clean_skin(m, 301);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->joints[0].type, ir::Scalar::U16);
  EXPECT_EQ(r->joints[0].u16, (std::vector<uint16_t>{299, 7, 0, 0}));
  EXPECT_EQ(r->weights[0].u8, (std::vector<uint8_t>{128, 127, 0, 0}));
}

}  // namespace
}  // namespace f2g::gltf
