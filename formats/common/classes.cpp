// The class table (classes.h): every class the project names, each id computed from its name.
#include "formats/common/classes.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "formats/common/names.h"

namespace f2g {
namespace {

// The mesh family's classes (the constants of classes.h), the resource types the archives
// hold as the sources name them, and the special entries' types.
constexpr const char* kClassNames[] = {
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
    "TextureSelector",
    "TextureMap",
    "CompiledTextureMap",
    "CompiledMip",
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

const std::vector<ClassEntry>& class_table() {
  static const std::vector<ClassEntry> table = [] {
    std::vector<ClassEntry> t;
    for (const char* n : kClassNames) t.push_back({class_id(n), n});
    std::sort(t.begin(), t.end(),
              [](const ClassEntry& a, const ClassEntry& b) { return a.id < b.id; });
    return t;
  }();
  return table;
}

const char* class_name(uint32_t id) {
  const std::vector<ClassEntry>& t = class_table();
  const auto it = std::lower_bound(t.begin(), t.end(), id,
                                   [](const ClassEntry& e, uint32_t v) { return e.id < v; });
  return it != t.end() && it->id == id ? it->name : nullptr;
}

}  // namespace f2g
