// Class ids computed from the names (docs/READING.md "Forge archives", "Payload").
#include "formats/archive/classes.h"

#include <array>
#include <utility>
#include <vector>

namespace f2g::archive {
namespace {

// The reflected CRC-32 table of polynomial 0xEDB88320 (zlib's).
std::array<uint32_t, 256> crc_table() {
  std::array<uint32_t, 256> t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    t[i] = c;
  }
  return t;
}

// Classes the archives are known to hold: the resource types the sources name and the mesh
// family's classes (formats/common/classes.h holds the same ids as constants).
constexpr const char* kNames[] = {
    "Mesh",
    "CompiledMesh",
    "MeshBone",
    "SubMesh",
    "UVChannel",
    "MorphChannel",
    "ClusteredMeshData",
    "MeshData",
    "MeshPrimitive",
    "ClusteredPrimitiveInfo",
    "MeshInstancingData",
    "DynamicReference",
    "Material",
    "MaterialTemplate",
    "TextureSet",
    "TextureMap",
    "Mipmap",
    "Skeleton",
    "Bone",
    "Animation",
    "Entity",
    "EntityBuilder",
    "EntityGroupBuilder",
    "BuildTable",
    "LocalizationPackage",
    "Cloth",
    "SoftBody",
    "MotionSoftBody",
    "FacialSolverData",
    "PrefetchingFileInfos",
    "GlobalMetaFile",
};

}  // namespace

uint32_t class_id(std::string_view name) {
  static const std::array<uint32_t, 256> table = crc_table();
  uint32_t c = 0xFFFFFFFFu;
  for (unsigned char ch : name) c = table[(c ^ ch) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

const char* class_name(uint32_t id) {
  static const std::vector<std::pair<uint32_t, const char*>> known = [] {
    std::vector<std::pair<uint32_t, const char*>> v;
    for (const char* n : kNames) v.emplace_back(class_id(n), n);
    return v;
  }();
  for (const auto& [k, n] : known)
    if (k == id) return n;
  return nullptr;
}

}  // namespace f2g::archive
