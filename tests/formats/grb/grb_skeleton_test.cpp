// Skeleton objects (docs/READING.md "Skeletons"): payloads built byte by byte from the reading
// (tests/support/skeleton_test_support.h) read to their end and written back byte for byte,
// with the parts a generator of ours would not write (modifiers of every GRW class, a mirror
// pointer, dependencies, a tail, GRB's EnvInfluence and tag-1 pointers); the tree's parents,
// depths and descendants; GRB modifiers read by the bone cores alone; each broken relation a
// code and an offset; every prefix failing cleanly.
#include <gtest/gtest.h>

#include "tests/support/skeleton_test_support.h"

namespace f2g::grb {
namespace {

using test::body_bones;
using test::SkeletonSpec;

TEST(GrbSkeleton, AFullGrwSkeletonReadsAndWritesBackByteForByte) {
  const std::vector<uint8_t> b = test::skeleton_bytes(test::full_grw_skeleton());
  Result<Skeleton> s = read_skeleton(Dialect::Grw, b.data(), b.size());
  ASSERT_TRUE(s) << s.error().to_string();
  ASSERT_EQ(s->bones.size(), 8u);
  EXPECT_EQ(s->bones[1].name_hash, crc32("Hips"));
  EXPECT_EQ(s->bones[2].modifier_count, 7);
  EXPECT_EQ(s->bones[4].dependencies.size(), 2u);
  EXPECT_FALSE(s->bones[7].mirror.null());  // RightUpLeg mirrors LeftUpLeg
  EXPECT_EQ(s->bones[7].mirror.id, test::bone_id(5));
  EXPECT_EQ(s->tail.size(), 8u);
  EXPECT_TRUE(write_skeleton(Dialect::Grw, *s) == b);
}

TEST(GrbSkeleton, TheTreeHasEachBonesParentDepthAndDescendants) {
  SkeletonSpec spec;
  spec.bones = body_bones();
  const std::vector<uint8_t> b = test::skeleton_bytes(spec);
  const SkeletonTree t = tree_of(*read_skeleton(Dialect::Grw, b.data(), b.size()));
  EXPECT_EQ(t.parent, (std::vector<int32_t>{-1, 0, 1, 2, 3, 1, 5, 1}));
  EXPECT_EQ(t.depth, (std::vector<uint32_t>{0, 1, 2, 3, 4, 2, 3, 2}));
  EXPECT_EQ(t.descendants, (std::vector<uint32_t>{7, 6, 2, 1, 0, 1, 0, 0}));
  EXPECT_FALSE(t.core_only);
}

TEST(GrbSkeleton, AGrbSkeletonHasEnvInfluenceAndTagOnePointers) {
  SkeletonSpec spec;
  spec.dialect = Dialect::Grb;
  spec.pointer_tag = 1;
  spec.bones = body_bones();
  const std::vector<uint8_t> b = test::skeleton_bytes(spec);
  Result<Skeleton> s = read_skeleton(Dialect::Grb, b.data(), b.size());
  ASSERT_TRUE(s) << s.error().to_string();
  EXPECT_EQ(s->bones[3].env_influence, 1);
  EXPECT_EQ(s->bones[3].parent.tag, 1);
  EXPECT_TRUE(write_skeleton(Dialect::Grb, *s) == b);
  // The same bytes are no GRW skeleton: tag 1 is GRB's alone.
  Result<Skeleton> w = read_skeleton(Dialect::Grw, b.data(), b.size());
  ASSERT_FALSE(w);
}

TEST(GrbSkeleton, AGrbModifierLeavesTheBoneCoresToGiveTheTree) {
  SkeletonSpec spec;
  spec.dialect = Dialect::Grb;
  spec.bones = body_bones();
  test::Bytes m;
  test::modifier_head(m, 0x76D082F6, 0xF8100000, 1);
  m.put<float>(0.5f);
  m.put<uint8_t>(3);
  spec.bones[1].modifiers = m.take();
  spec.bones[1].modifier_count = 1;
  const std::vector<uint8_t> b = test::skeleton_bytes(spec);
  Result<Skeleton> s = read_skeleton(Dialect::Grb, b.data(), b.size());
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, "GRB_SKELETON_MODIFIER");
  std::string why;
  Result<SkeletonTree> t = skeleton_tree(Dialect::Grb, b.data(), b.size(), &why);
  ASSERT_TRUE(t) << t.error().to_string();
  EXPECT_TRUE(t->core_only);
  EXPECT_NE(why.find("GRB_SKELETON_MODIFIER"), std::string::npos);
  EXPECT_EQ(t->parent, (std::vector<int32_t>{-1, 0, 1, 2, 3, 1, 5, 1}));
  EXPECT_EQ(t->name_hash[4], crc32("Head"));
}

TEST(GrbSkeleton, EachBrokenRelationIsItsCodeAtItsOffset) {
  for (const test::SkeletonBreak& k : test::skeleton_breaks()) {
    SCOPED_TRACE(k.code + ": " + k.how);
    const std::vector<uint8_t> b = k.bytes();
    Result<Skeleton> s = read_skeleton(Dialect::Grw, b.data(), b.size());
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().code, k.code);
    EXPECT_LT(s.error().offset, b.size());
  }
  // Located: bone 0's Index is the 4th byte from its end, after 21 bytes of header.
  const std::vector<uint8_t> b = test::skeleton_breaks()[8].bytes();
  EXPECT_EQ(read_skeleton(Dialect::Grw, b.data(), b.size()).error().offset, 21u + 108 - 4);
}

TEST(GrbSkeleton, EveryPrefixFailsCleanly) {
  const std::vector<uint8_t> b = test::skeleton_bytes(test::full_grw_skeleton());
  // The tail is kept whatever it holds, so only cuts inside the bones must fail.
  const size_t tail = 8;
  for (size_t n = 0; n + tail < b.size(); ++n) {
    Result<Skeleton> s = read_skeleton(Dialect::Grw, b.data(), n);
    ASSERT_FALSE(s) << n;
    EXPECT_EQ(s.error().path.rfind("skeleton", 0), 0u) << n;
    scan_skeleton(b.data(), n);  // never reads past n (ASan)
  }
}

}  // namespace
}  // namespace f2g::grb
