// Pairing a skinned mesh with its skeleton (docs/READING.md "Pairing a mesh with its
// skeleton") on libraries built here tree by tree: the mesh's own entry first, then the whole
// library by votes, ties to the earlier skeleton, add-on rigs for the bones left, parents the
// nearest ancestor the mesh has, loose meshes against --library skeletons only.
#include "converter/install/skeleton_pairing.h"

#include <gtest/gtest.h>

#include "formats/archive/archive.h"

namespace f2g::install {
namespace {

// A tree from (hash, parent index) rows.
LibrarySkeleton rig(uint64_t id, size_t archive, size_t entry,
                    const std::vector<std::pair<uint32_t, int32_t>>& rows) {
  LibrarySkeleton s;
  s.id = id;
  s.where = "rig " + std::to_string(id);
  s.archive = archive;
  s.entry = entry;
  for (const auto& [hash, parent] : rows) {
    s.tree.name_hash.push_back(hash);
    s.tree.parent.push_back(parent);
  }
  return s;
}

ir::Mesh skinned(const std::vector<uint32_t>& hashes) {
  ir::Mesh m;
  m.skin = ir::Skin{};
  for (uint32_t h : hashes) {
    ir::Bone b;
    b.name_hash = h;
    b.name = "b" + std::to_string(h);
    b.inverse_bind = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    m.skin->bones.push_back(b);
  }
  return m;
}

std::vector<std::string> codes(const ir::Mesh& m) {
  std::vector<std::string> out;
  for (const ir::Diagnostic& w : m.warnings) out.push_back(w.code);
  return out;
}

TEST(SkeletonPairing, TheMeshsOwnEntryWinsOverABetterRigElsewhere) {
  SkeletonLibrary lib;
  lib.add(rig(1, 0, 7, {{10, -1}, {11, 0}, {12, 1}, {13, 2}}));  // all four, another entry
  lib.add(rig(2, 0, 3, {{10, -1}, {11, 0}}));                    // two, the mesh's entry
  const Pairing p = pair_bones({10, 11, 12, 13}, lib, {0, 3});
  ASSERT_EQ(p.rigs.size(), 2u);
  EXPECT_EQ(p.rigs[0]->id, 2u);  // the entry's rig first
  EXPECT_EQ(p.rigs[1]->id, 1u);  // the rest from the other
  EXPECT_EQ(p.matched, 4u);
  EXPECT_EQ(p.parent, (std::vector<int32_t>{-1, 0, 1, 2}));
}

TEST(SkeletonPairing, AnEntryTheLibraryLeftOutIsSearchedThroughItsOwnRigs) {
  SkeletonLibrary lib;
  lib.add(rig(1, 0, 7, {{10, -1}, {11, 0}, {12, 1}}));  // elsewhere, all three
  SkeletonLibrary own;                                  // the Mesh data file's, read by the walk
  own.add(rig(5, 0, 3, {{10, -1}, {11, 0}}));
  MeshPlace place{0, 3, &own};
  const Pairing p = pair_bones({10, 11, 12}, lib, place);
  ASSERT_EQ(p.rigs.size(), 2u);
  EXPECT_EQ(p.rigs[0]->id, 5u);
  EXPECT_EQ(p.rigs[1]->id, 1u);
  EXPECT_EQ(p.parent, (std::vector<int32_t>{-1, 0, 1}));
}

TEST(SkeletonPairing, MostVotesWinAcrossTheLibraryAndTiesGoToTheEarlier) {
  SkeletonLibrary lib;
  lib.add(rig(1, 0, 1, {{10, -1}, {99, 0}}));
  lib.add(rig(2, 1, 1, {{10, -1}, {11, 0}, {12, 0}}));
  lib.add(rig(3, 1, 2, {{12, -1}, {11, 0}, {10, 1}}));  // as many votes as rig 2, added later
  const Pairing p = pair_bones({10, 11, 12}, lib, {0, 0});
  ASSERT_EQ(p.rigs.size(), 1u);
  EXPECT_EQ(p.rigs[0]->id, 2u);
  EXPECT_EQ(p.parent, (std::vector<int32_t>{-1, 0, 0}));
}

TEST(SkeletonPairing, AParentTheMeshLacksIsSkippedForTheNearestAncestor) {
  SkeletonLibrary lib;
  // Reference(50) > Hips(10) > Spine(51, not in the mesh) > Chest(11) > Arm(12)
  lib.add(rig(1, 0, 0, {{50, -1}, {10, 0}, {51, 1}, {11, 2}, {12, 3}}));
  const Pairing p = pair_bones({12, 10, 11}, lib, {0, 0});
  EXPECT_EQ(p.parent, (std::vector<int32_t>{2, -1, 1}));
  EXPECT_TRUE(p.not_found.empty());
}

TEST(SkeletonPairing, AnAddOnRigHangsFromTheBodyBoneItsRootNames) {
  SkeletonLibrary lib;
  lib.add(rig(1, 0, 0, {{10, -1}, {11, 0}, {12, 1}}));           // body
  lib.add(rig(2, 0, 1, {{11, -1}, {20, 0}, {21, 1}, {22, 0}}));  // add-on rooted at body 11
  ir::Mesh m = skinned({10, 11, 20, 21, 22, 12});
  const std::optional<PairingSummary> s = pair_skeleton(m, lib, {0, 5});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->skeleton_id, 2u);  // four of the mesh's bones; the body holds three
  EXPECT_EQ(s->added, std::vector<uint64_t>{1});
  std::vector<int32_t> parents;
  for (const ir::Bone& b : m.skin->bones) parents.push_back(b.parent);
  EXPECT_EQ(parents, (std::vector<int32_t>{-1, 0, 1, 2, 1, 1}));
  EXPECT_EQ(m.skin->extras["skeleton"], "0x0000000000000002");
  EXPECT_EQ(m.skin->extras["skeletons_added"], ir::Json::array({"0x0000000000000001"}));
  EXPECT_EQ(m.skin->extras["bones_matched"], 6);
  EXPECT_TRUE(codes(m).empty());
}

TEST(SkeletonPairing, BonesInNoRigStayRootsAndAreNamed) {
  SkeletonLibrary lib;
  lib.add(rig(1, 0, 0, {{10, -1}, {11, 0}}));
  ir::Mesh m = skinned({10, 11, 77});
  const std::optional<PairingSummary> s = pair_skeleton(m, lib, {0, 0});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->matched, 2u);
  EXPECT_EQ(m.skin->bones[2].parent, -1);
  EXPECT_EQ(m.skin->extras["bones_not_found"], ir::Json::array({"b77"}));
  EXPECT_EQ(codes(m), std::vector<std::string>{"SKELETON_BONES_NOT_FOUND"});
}

TEST(SkeletonPairing, NoRigHoldingAnyHashLeavesTheJointsFlatWithAWarning) {
  SkeletonLibrary lib;
  lib.add(rig(1, 0, 0, {{10, -1}}));
  ir::Mesh m = skinned({30, 31});
  const std::optional<PairingSummary> s = pair_skeleton(m, lib, {0, 0});
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->found());
  EXPECT_EQ(m.skin->bones[1].parent, -1);
  EXPECT_TRUE(m.skin->extras.empty());
  EXPECT_EQ(codes(m), std::vector<std::string>{"SKELETON_NOT_FOUND"});
}

TEST(SkeletonPairing, ALooseMeshLooksInTheLibraryPathsOnly) {
  SkeletonLibrary lib;
  lib.add(rig(1, 0, 0, {{10, -1}, {11, 0}, {12, 1}}));       // an input archive's
  lib.add(rig(2, kNoPlace, kNoPlace, {{10, -1}, {11, 0}}));  // a --library one
  ir::Mesh m = skinned({10, 11, 12});
  EXPECT_FALSE(pair_skeleton(m, lib, {}));  // no --library path: not paired at all
  EXPECT_EQ(m.skin->bones[1].parent, -1);
  lib.has_paths = true;
  const std::optional<PairingSummary> s = pair_skeleton(m, lib, {});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->skeleton_id, 2u);
  EXPECT_EQ(s->matched, 2u);
}

TEST(SkeletonPairing, ATreeFromBoneCoresSaysSo) {
  SkeletonLibrary lib;
  LibrarySkeleton s = rig(1, 0, 0, {{10, -1}, {11, 0}});
  s.tree.core_only = true;
  s.core_why = "layout not public";
  lib.add(s);
  ir::Mesh m = skinned({10, 11});
  ASSERT_TRUE(pair_skeleton(m, lib, {0, 0}));
  EXPECT_EQ(m.skin->bones[1].parent, 0);
  EXPECT_EQ(codes(m), std::vector<std::string>{"SKELETON_CORE_ONLY"});
}

TEST(SkeletonPairing, RigsWhoseRootsNameEachOtherEndTheWalk) {
  SkeletonLibrary lib;  // rig 1: 11 under 10; rig 2: 10 under 11 - a cycle across rigs
  lib.add(rig(1, 0, 0, {{10, -1}, {11, 0}, {12, -1}}));
  lib.add(rig(2, 0, 1, {{11, -1}, {10, 0}, {13, 0}}));
  const Pairing p = pair_bones({12, 13}, lib, {0, 0});
  EXPECT_EQ(p.matched, 2u);
  EXPECT_EQ(p.parent, (std::vector<int32_t>{-1, -1}));
}

}  // namespace
}  // namespace f2g::install

namespace f2g::install {
namespace {

TEST(SkeletonLibrary, ThePassLeavesMeshAndTextureDataFilesToTheWalk) {
  archive::Entry e;
  for (const char* bulk : {"Mesh", "TextureMap", "CompiledTextureMap", "CompiledMip"}) {
    e.resource_type = archive::class_id(bulk);
    EXPECT_FALSE(library_reads_entry(e)) << bulk;
  }
  for (uint32_t other : {archive::class_id("Skeleton"), archive::class_id("Material"), 0u}) {
    e.resource_type = other;
    EXPECT_TRUE(library_reads_entry(e)) << other;
  }
}

}  // namespace
}  // namespace f2g::install
