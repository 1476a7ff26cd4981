// Class ids computed from the names (docs/READING.md "Forge archives", "Payload").
#include "formats/archive/classes.h"

#include <utility>
#include <vector>

#include "formats/common/names.h"

namespace f2g::archive {
namespace {

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

uint32_t class_id(std::string_view name) { return crc32(name); }

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
