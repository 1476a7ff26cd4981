// Names the writer adds to glTF extras and the reader takes back out: the file-level contract
// between write.cpp and read.cpp (docs/ARCHITECTURE.md "Output conventions"). Everything else in
// an extras object is the IR's own, passed through untouched.
#pragma once

namespace f2g::gltf::keys {

// mesh.extras
inline constexpr const char* kSource = "source";  // {format, layout, objectId, indexSize}
inline constexpr const char* kSourceFormat = "format";
inline constexpr const char* kSourceLayout = "layout";
inline constexpr const char* kSourceObjectId = "objectId";    // "0x%016X"
inline constexpr const char* kSourceIndexSize = "indexSize";  // stored index width, 2 or 4
inline constexpr const char* kTargetNames = "targetNames";    // read by Blender as shape keys
inline constexpr const char* kTargetExtras = "targetExtras";  // only when some target has any
// Primitives glTF cannot hold (fewer than 3 indices), kept whole with their stored position:
// [{index, material, firstIndex, indexCount, firstVertex, vertexCount, extras}]
inline constexpr const char* kEmptyPrimitives = "emptyPrimitives";

// mesh.primitives[i].extras
inline constexpr const char* kFirstVertex = "firstVertex";
inline constexpr const char* kVertexCount = "vertexCount";
// 1 or 2 indices past the last whole triangle: kept in the index buffer, not in the accessor.
inline constexpr const char* kTrailingIndices = "trailingIndices";

// joint node extras: the IR's own "id" / "name_hash" (docs/IR.md) carry Bone::id and
// Bone::name_hash; only when they are absent or say otherwise does the writer add its own.
inline constexpr const char* kBoneId = "id";
inline constexpr const char* kBoneNameHash = "name_hash";
inline constexpr const char* kBoneIdStored = "boneId";              // "0x%016X"
inline constexpr const char* kBoneNameHashStored = "boneNameHash";  // "0x%08X"
// The IR's 16 floats when its last row was not (0,0,0,1): the validator requires that row in
// inverseBindMatrices, so the accessor holds the fixed matrix and this the stored one.
inline constexpr const char* kInverseBindStored = "inverseBindStored";

// A standard semantic glTF cannot hold validly here (TANGENT without NORMAL, an indexed
// semantic after a gap) is written as "_" + semantic and read back under its own name.
inline constexpr const char* kRenamedPrefix = "_";

}  // namespace f2g::gltf::keys
