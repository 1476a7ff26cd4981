// The one class table (formats/common/classes.h): every constant is the CRC-32 of the name
// the table gives it, ids are unique, unknown ids have no name.
#include "formats/common/classes.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace f2g {
namespace {

TEST(ClassTable, EveryConstantIsTheCrc32OfItsTableName) {
  const std::pair<uint32_t, const char*> constants[] = {
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
      {kDynamicReferenceClass, "DynamicReference"},
  };
  for (const auto& [id, name] : constants) {
    EXPECT_EQ(class_id(name), id) << name;
    ASSERT_NE(class_name(id), nullptr) << name;
    EXPECT_STREQ(class_name(id), name);
  }
  EXPECT_EQ(class_id("Skeleton"), 0x24AECB7Cu);  // the GRW documentation's example
  EXPECT_STREQ(class_name(0x24AECB7C), "Skeleton");
  EXPECT_EQ(class_name(0x12345678), nullptr);
}

TEST(ClassTable, IdsAreUniqueAndInOrder) {
  std::set<std::string> names;
  uint32_t last = 0;
  for (size_t i = 0; i < class_table().size(); ++i) {
    const ClassEntry& e = class_table()[i];
    if (i > 0) {
      EXPECT_LT(last, e.id) << e.name;
    }
    last = e.id;
    EXPECT_EQ(class_id(e.name), e.id);
    EXPECT_TRUE(names.insert(e.name).second) << e.name;
  }
  EXPECT_GE(class_table().size(), 31u);
}

}  // namespace
}  // namespace f2g
