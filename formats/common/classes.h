// The engine's class ids, shared by every game of the family: each is the CRC-32 of the
// class name (docs/READING.md "Object headers"). One table for the whole project: the
// constants a game's folder, the scan's signatures and the tests name, and (classes.cpp) the
// names of every class the archives are known to hold, each id computed from its name.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace f2g {

constexpr uint32_t kMeshClass = 0x415D9568;
constexpr uint32_t kCompiledMeshClass = 0xFC9E1595;
constexpr uint32_t kMeshBoneClass = 0x9EF0E7A1;
constexpr uint32_t kSubMeshClass = 0x5755DE7F;
constexpr uint32_t kUVChannelClass = 0xBDAD8273;
constexpr uint32_t kMorphChannelClass = 0xE70C5754;
constexpr uint32_t kClusteredMeshDataClass = 0xC351EE43;
constexpr uint32_t kMeshDataClass = 0x0645ABB5;
constexpr uint32_t kClusteredPrimitiveInfoClass = 0x07B19A87;
constexpr uint32_t kMeshPrimitiveClass = 0xA57387EF;
constexpr uint32_t kMeshInstancingDataClass = 0x0B1D34C1;
constexpr uint32_t kDynamicReferenceClass = 0x9F1640AF;

// The class id of the class called `name`: the standard (zlib) CRC-32 of the name.
uint32_t class_id(std::string_view name);

struct ClassEntry {
  uint32_t id;
  const char* name;
};
// Every class the project knows by name, in id order.
const std::vector<ClassEntry>& class_table();

// The name of a known class ("Mesh", "Skeleton", ...), or nullptr.
const char* class_name(uint32_t class_id);

}  // namespace f2g
