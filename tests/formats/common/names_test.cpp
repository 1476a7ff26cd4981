// The engine's names: the CRC-32, the built-in list, a list's bounds and collisions, and the
// bone renaming every decode applies (formats/common/names.h).
#include "formats/common/names.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "formats/common/classes.h"

extern const char f2g_names_txt[];  // formats/common/names.txt, embedded

namespace f2g {
namespace {

// The hashes a public Wildlands documentation gives with their names (docs/READING.md "Bone
// names"): the evidence that the engine's name hash is this CRC-32.
TEST(Crc32, EqualsTheHashesTheDocumentationGivesForNames) {
  EXPECT_EQ(crc32(""), 0x00000000u);
  EXPECT_EQ(crc32("123456789"), 0xCBF43926u);  // the CRC-32 check value
  EXPECT_EQ(crc32("Mesh"), kMeshClass);
  EXPECT_EQ(crc32("Head"), 0x07C159A2u);
  EXPECT_EQ(crc32("Hips"), 0xDED10611u);
  EXPECT_EQ(crc32("Reference"), 0x2C52CBB0u);
  EXPECT_EQ(crc32("LeftArm"), 0xEB830ADAu);
  EXPECT_EQ(crc32("RightHand"), 0x75F94D30u);
  EXPECT_EQ(crc32("LeftToeBase"), 0xB95094E1u);
  EXPECT_EQ(crc32("wb-HandRight"), 0x1BD2DF4Eu);
  EXPECT_EQ(crc32("Skeleton"), 0x24AECB7Cu);
}

TEST(BuiltinNames, ParseWithoutCollisionAndResolveTheHumanIkSkeleton) {
  NameTable t;
  const ir::Result<size_t> n = t.add_list(f2g_names_txt, "names.txt", NameTable::ListKind::BuiltIn);
  ASSERT_TRUE(n) << n.error().to_string();
  EXPECT_GT(*n, 150u);
  EXPECT_EQ(builtin_names().size(), *n);
  for (const char* name : {"Reference",
                           "Hips",
                           "Spine",
                           "Spine1",
                           "Neck",
                           "Neck1",
                           "Head",
                           "LeftShoulder",
                           "LeftArm",
                           "LeftForeArm",
                           "LeftHand",
                           "RightHand",
                           "LeftHandThumb1",
                           "RightHandPinky4",
                           "LeftUpLeg",
                           "RightLeg",
                           "LeftFoot",
                           "RightToeBase",
                           "O_01LeftForeArm",
                           "O_LeftElbow",
                           "L_01LeftArm",
                           "RightHand_Weapon_Ref",
                           "wb-gunroot"})
    EXPECT_EQ(builtin_names().find(crc32(name)), name);
  EXPECT_EQ(builtin_names().find(crc32("Knees")), "");  // not a HumanIK name
}

TEST(BuiltinNames, ResolveEveryClassIdTheToolKnows) {
  const std::pair<uint32_t, const char*> classes[] = {
      {kMeshClass, "Mesh"},
      {kCompiledMeshClass, "CompiledMesh"},
      {kMeshBoneClass, "MeshBone"},
      {kSubMeshClass, "SubMesh"},
      {kUVChannelClass, "UVChannel"},
      {kMorphChannelClass, "MorphChannel"},
      {kClusteredMeshDataClass, "ClusteredMeshData"},
      {kMeshDataClass, "MeshData"},
      {kClusteredPrimitiveInfoClass, "ClusteredPrimitiveInfo"},
      {kMeshPrimitiveClass, "MeshPrimitive"},
      {kMeshInstancingDataClass, "MeshInstancingData"},
      {kDynamicReferenceClass, "DynamicReference"}};
  for (const auto& [id, name] : classes) EXPECT_EQ(builtin_names().find(id), name);
}

TEST(NameList, SkipsCommentsAndBlankLinesAndTrimsAround) {
  NameTable t;
  const auto n =
      t.add_list("# a comment\n\n  Foo \r\n\tBar\n   \nBaz", "a.txt", NameTable::ListKind::User);
  ASSERT_TRUE(n) << n.error().to_string();
  EXPECT_EQ(*n, 3u);
  EXPECT_EQ(t.find(crc32("Foo")), "Foo");
  EXPECT_EQ(t.find(crc32("Bar")), "Bar");
  EXPECT_EQ(t.find(crc32("Baz")), "Baz");
  EXPECT_EQ(t.find(crc32(" Foo ")), "");
}

TEST(NameList, TheSameNameTwiceIsOneName) {
  NameTable t;
  const auto n = t.add_list("Head\nHead\n", "a.txt", NameTable::ListKind::User);
  ASSERT_TRUE(n);
  EXPECT_EQ(*n, 1u);
  ASSERT_TRUE(t.add_list("Head\n", "b.txt", NameTable::ListKind::User));
  EXPECT_EQ(t.size(), 1u);
}

TEST(NameList, RefusesBinaryNamingTheListLineAndByte) {
  NameTable t;
  const std::string text = std::string("Head\nLeft\0Arm\n", 14);
  const auto n = t.add_list(text, "junk.bin", NameTable::ListKind::User);
  ASSERT_FALSE(n);
  EXPECT_EQ(n.error().code, "NAMES_INVALID");
  EXPECT_NE(n.error().message.find("junk.bin:2"), std::string::npos) << n.error().message;
  EXPECT_NE(n.error().message.find("byte 0x00 at column 5"), std::string::npos)
      << n.error().message;
  EXPECT_EQ(t.size(), 0u);  // nothing of a refused list is kept
  const auto high = t.add_list("Caf\xC3\xA9\n", "utf8.txt", NameTable::ListKind::User);
  ASSERT_FALSE(high);
  EXPECT_NE(high.error().message.find("byte 0xC3"), std::string::npos);
}

TEST(NameList, RefusesALineOverTheBoundButTakesOneAtIt) {
  NameTable t;
  const std::string at_bound(kMaxNameLine, 'a');
  ASSERT_TRUE(t.add_list(at_bound + "\r\n", "ok.txt", NameTable::ListKind::User));
  EXPECT_EQ(t.find(crc32(at_bound)), at_bound);
  for (const std::string& text :
       {std::string(kMaxNameLine + 1, 'b'), "x\n" + std::string(50000000, 'c') + "\n"}) {
    const auto start = std::chrono::steady_clock::now();
    const auto n = t.add_list(text, "long.txt", NameTable::ListKind::User);
    ASSERT_FALSE(n);
    EXPECT_EQ(n.error().code, "NAMES_INVALID");
    EXPECT_NE(n.error().message.find("longer than 1024 bytes"), std::string::npos);
    // The line's end is looked for only as far as a line may reach.
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(200));
  }
  EXPECT_EQ(t.size(), 1u);
}

// Ten million lines: empty ones are skipped in bounded time; distinct names stop at the
// bound with a clear error, having kept nothing.
TEST(NameList, TenMillionLinesFinishInBoundedTimeAndMemory) {
  NameTable t;
  const auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(t.add_list(std::string(10000000, '\n'), "empty.txt", NameTable::ListKind::User));
  EXPECT_EQ(t.size(), 0u);
  std::string many;
  many.reserve(10000000 * 7);
  char name[16];
  for (int i = 0; i < 10000000; ++i) {
    std::snprintf(name, sizeof name, "n%06X\n", unsigned(i));
    many += name;
  }
  const auto n = t.add_list(many, "many.txt", NameTable::ListKind::User);
  ASSERT_FALSE(n);
  EXPECT_EQ(n.error().code, "NAMES_INVALID");
  EXPECT_NE(n.error().message.find("many.txt:1000001"), std::string::npos) << n.error().message;
  EXPECT_EQ(t.size(), 0u);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
}

// Two names of one CRC-32 ("plumless" and "buckeroo" are a known CRC-32 collision).
TEST(NameList, TwoNamesOfOneHashAreACollisionNamingBoth) {
  ASSERT_EQ(crc32("plumless"), crc32("buckeroo"));
  NameTable t;
  ASSERT_TRUE(t.add_list("plumless\n", "a.txt", NameTable::ListKind::User));
  const auto two_lists = t.add_list("Head\nbuckeroo\n", "b.txt", NameTable::ListKind::User);
  ASSERT_FALSE(two_lists);
  EXPECT_EQ(two_lists.error().code, "NAMES_COLLISION");
  EXPECT_NE(two_lists.error().message.find("a.txt:1 \"plumless\""), std::string::npos)
      << two_lists.error().message;
  EXPECT_NE(two_lists.error().message.find("b.txt:2 \"buckeroo\""), std::string::npos);
  EXPECT_EQ(t.find(crc32("Head")), "");  // the refused list added nothing
  EXPECT_EQ(t.find(crc32("buckeroo")), "plumless");

  NameTable one;
  const auto in_one = one.add_list("buckeroo\nx\nplumless\n", "c.txt", NameTable::ListKind::User);
  ASSERT_FALSE(in_one);
  EXPECT_EQ(in_one.error().code, "NAMES_COLLISION");
  EXPECT_NE(in_one.error().message.find("c.txt:1 \"buckeroo\" and c.txt:3 \"plumless\""),
            std::string::npos)
      << in_one.error().message;
}

TEST(NameList, AUsersNameWinsOverABuiltInOne) {
  NameTable t;
  ASSERT_TRUE(t.add_list("plumless\nHead\n", "built-in", NameTable::ListKind::BuiltIn));
  ASSERT_TRUE(t.add_list("buckeroo\n", "mine.txt", NameTable::ListKind::User));
  EXPECT_EQ(t.find(crc32("plumless")), "buckeroo");
  EXPECT_EQ(t.find(crc32("Head")), "Head");
  // Two built-in lists do collide: the built-in list is checked as any other.
  const auto again = t.add_list("plumless\n", "built-in 2", NameTable::ListKind::BuiltIn);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, "NAMES_COLLISION");
}

ir::Bone bone(size_t i, uint32_t hash) {
  ir::Bone b;
  b.name_hash = hash;
  char name[48];
  std::snprintf(name, sizeof name, "bone_%zu_0x%08X", i, hash);
  b.name = name;
  return b;
}

TEST(NameBones, ResolvedHashesGetTheirNamesTheOthersKeepTheirs) {
  std::vector<ir::Bone> bones = {bone(0, crc32("Hips")), bone(1, 0x12345678u),
                                 bone(2, crc32("Head"))};
  EXPECT_EQ(name_bones(bones, builtin_names()), 2u);
  EXPECT_EQ(bones[0].name, "Hips");
  EXPECT_EQ(bones[1].name, "bone_1_0x12345678");
  EXPECT_EQ(bones[2].name, "Head");
  EXPECT_EQ(bones[2].name_hash, crc32("Head"));
}

TEST(NameBones, ARepeatedNameGetsTheBoneIndexAppended) {
  NameTable t;
  ASSERT_TRUE(t.add_list("Head\nbone_1_0x12345678\nHead_1\n", "a.txt", NameTable::ListKind::User));
  // Bone 1's own name is also a listed name; bone 3's suffixed name "Head_3" is free.
  std::vector<ir::Bone> bones = {bone(0, crc32("Head")), bone(1, 0x12345678u),
                                 bone(2, crc32("bone_1_0x12345678")), bone(3, crc32("Head")),
                                 bone(4, crc32("Head_1"))};
  EXPECT_EQ(name_bones(bones, t), 4u);
  EXPECT_EQ(bones[0].name, "Head");
  EXPECT_EQ(bones[1].name, "bone_1_0x12345678");
  EXPECT_EQ(bones[2].name, "bone_1_0x12345678_2");
  EXPECT_EQ(bones[3].name, "Head_3");
  EXPECT_EQ(bones[4].name, "Head_1");
}

}  // namespace
}  // namespace f2g
