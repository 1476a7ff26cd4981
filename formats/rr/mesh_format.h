// The Riders Republic Mesh resource as stored: every field, Unknown ones included, in byte
// order (spec: "Riders Republic"; docs/READING.md "RR"). Records are read aligned on their u64 ids
// (docs/READING.md "Object headers"), so the spec's "eight bytes" between records are ids here.
// `offset` members are where a record starts in the input; they are not stored and the
// encoder ignores them.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "formats/common/centre_box.h"
#include "formats/common/classes.h"
#include "formats/common/field_list.h"
#include "formats/common/object_codec.h"  // ObjectHead, Blob, Float3

namespace f2g::rr {

// spec: compiled marker table, "0x4 layout selector: 0 ranged; 3 inline".
constexpr uint8_t kLayoutRanged = 0;
constexpr uint8_t kLayoutInline = 3;

// Proven constants.
constexpr uint32_t kPlatformVersion = 31;  // spec: the material list's PlatformVersion

constexpr uint64_t kResourceHeaderSize = 12;  // u64 identity, u32 Mesh class
constexpr uint64_t kBoneRecordSize = 81;      // spec: "Each 81-byte bone record"
constexpr uint64_t kBoneCountOffset = 16;     // spec: "the little-endian u32 at body offset 16"
constexpr uint64_t kRangeRecordSize = 24;     // [u64 id][u32 class][u32][u32][u32]
constexpr uint64_t kPrimitiveDescSize = 32;   // spec: "32 bytes per range"
constexpr uint64_t kMeshPrimitiveSize = 36;   // [u64 id][u32 class] + 6 u32
constexpr uint64_t kDescriptorSize = 28;      // spec: "one 28-byte descriptor per range"
constexpr uint64_t kReferenceSize = 31;       // spec: "one 31-byte group per range"

// spec: M = 61 + 81 x boneCount, from the start of the body. No overflow: a u32 count.
constexpr uint64_t marker_offset(uint32_t bone_count) {
  return 61 + kBoneRecordSize * uint64_t(bone_count);
}

struct ResourceHeader {
  uint64_t identity = 0;
  uint32_t mesh_class = kMeshClass;
};

// 81 bytes: [u64 id][u32 0x9EF0E7A1][u32 name hash][f32[16] matrix][u8 flag].
struct MeshBone {
  uint64_t id = 0;
  uint32_t bone_class = kMeshBoneClass;
  uint32_t name_hash = 0;
  std::array<float, 16> matrix{};
  uint8_t flag = 0;  // Unknown
  uint64_t offset = 0;
};

// Body offsets 0..M: the 16 registry-ordered bytes, bones, extents, the CompiledMesh pointer.
struct Header {
  uint8_t managed_object = 1;
  uint8_t descriptor_mask = 0;  // Observed: 0, 1, 2, 8, 16, 17, 18, 32, 64, 128
  uint8_t generated = 0;
  uint8_t vertex_stride = 0;
  float max_culling_distance = 0;
  std::array<uint8_t, 8> stored{};  // spec: "eight bytes that are zero on every header"
  std::vector<MeshBone> bones;      // u32 count at 16, then 81 bytes each
  Float4 extent_min{};
  Float4 extent_max{};
  uint8_t pointer_tag = 0;
  uint64_t compiled_mesh_id = 0;
};

// The fields before the stored bytes, as the reader and the structure JSON name them.
inline constexpr auto kHeaderFields = std::make_tuple(
    field("managed_object", &Header::managed_object),
    field("descriptor_mask", &Header::descriptor_mask), field("generated", &Header::generated),
    field("vertex_stride", &Header::vertex_stride),
    field("max_culling_distance", &Header::max_culling_distance));

// [u64 id][u32 class]: the head every forge object record starts with.
// At M: marker, the ClusteredMeshData pointer tag (the layout selector), and the head of
// ClusteredMeshData (ranged) or of MeshData (inline, stored in place of the null pointer).
struct Compiled {
  uint32_t marker = kCompiledMeshClass;
  uint8_t layout_selector = kLayoutRanged;
  ObjectHead head;  // spec: M+5 "stored prefix" (the id), M+13 "layout class"
  uint64_t offset = 0;
};

// A u32 byte length and that many bytes.
// ClusteredPrimitiveInfo, 24 bytes (spec: "Range record").
struct RangeRecord {
  uint64_t id = 0;
  uint32_t range_class = kClusteredPrimitiveInfoClass;
  uint32_t cluster_count = 1;  // spec: "a byte 1, three bytes"
  uint32_t first_index = 0;
  uint32_t vertex_base = 0;
  uint64_t offset = 0;
};

// PrimitiveDescData record, 32 bytes.
struct PrimitiveDesc {
  Float3 centre{};
  Float3 half_extent{};
  uint8_t primitive_type = 1;
  uint32_t index_count = 0;  // u24
  uint32_t first_index = 0;
  uint64_t offset = 0;
};

// ClusteredMeshData body, from M+17 to the MeshData head.
struct Ranged {
  uint64_t offset = 0;  // M+17
  uint32_t version = 2;
  uint8_t vertex_format = 0;
  std::array<uint32_t, 3> strides{};
  uint32_t cluster_count = 0;
  Float3 centre{};
  Float3 half_extent{};
  uint8_t fixed_cluster_size = 0;
  std::vector<RangeRecord> ranges;
  std::array<Blob, 4> streams;         // primary, positions, skin, indices (u16)
  uint32_t primitive_desc_length = 0;  // spec: 32 per range
  uint64_t primitive_desc_offset = 0;
  std::vector<PrimitiveDesc> primitive_descs;
  std::array<Blob, 2> extra_streams;  // stored, not interpreted
  ObjectHead mesh_data_head;          // [u64 id][u32 0x0645ABB5]
};

// MeshPrimitive, 36 bytes.
struct MeshPrimitive {
  uint64_t id = 0;
  uint32_t primitive_class = kMeshPrimitiveClass;
  uint32_t vertex_base = 0;     // MinIndex
  uint32_t depth_only = 0;      // IsUsingDepthOnlyBuffers
  uint32_t vertex_count = 0;    // NumVertices (declared; can be stale)
  uint32_t first_index = 0;     // StartIndex
  uint32_t triangle_count = 0;  // PrimitiveCount (declared; can be stale)
  uint32_t primitive_type = 1;  // Type
  uint64_t offset = 0;
};

// The six words after the class, as the reader and the structure JSON name them.
inline constexpr auto kPrimitiveWords =
    std::make_tuple(field("vertex_base", &MeshPrimitive::vertex_base),
                    field("depth_only", &MeshPrimitive::depth_only),
                    field("vertex_count", &MeshPrimitive::vertex_count),
                    field("first_index", &MeshPrimitive::first_index),
                    field("triangle_count", &MeshPrimitive::triangle_count),
                    field("type", &MeshPrimitive::primitive_type));

// MeshData after its head: declaration, object records, four runs (inline: the buffers;
// ranged: CPU-side copies, usually empty).
struct MeshData {
  uint8_t index_width = 0;  // 0 u16, 1 u32
  uint8_t vertex_format = 0;
  std::array<uint8_t, 3> strides{};
  uint8_t bones_per_vertex = 4;  // NbBonesPerVertex
  uint64_t declaration_offset = 0;
  std::vector<MeshPrimitive> objects;
  std::array<Blob, 4> runs;  // primary, positions, skin, indices
};

// MeshInstancingData, 28 bytes.
struct Descriptor {
  uint64_t id = 0;
  uint32_t descriptor_class = kMeshInstancingDataClass;
  uint32_t stored_word = 0;  // spec: "4 bytes, not interpreted"
  uint8_t stored_byte0 = 0;
  uint16_t vertex_count = 0;  // modulo 65536
  uint8_t stored_byte1 = 0;
  uint64_t material_id = 0;
  uint64_t offset = 0;
};

// DynamicReference, 31 bytes: [u64 id][u32 class][u8][u8][u64 reference][u8][u64 handle].
struct DynamicReference {
  uint64_t id = 0;
  uint32_t reference_class = kDynamicReferenceClass;
  uint8_t stored_byte0 = 0;
  uint8_t stored_byte1 = 0;
  uint64_t reference = 0;  // ObjectReference
  uint8_t stored_byte2 = 0;
  uint64_t handle = 0;  // ObjectHandle
  uint64_t offset = 0;
};

// The 26 bytes that end the body: six stored bytes, 16 bools, u32 UserCategory.
struct Trailer {
  std::array<uint8_t, 6> stored{};
  std::array<uint8_t, 16> bools{};
  uint32_t user_category = 0;
  uint64_t offset = 0;
};

struct MaterialList {
  uint64_t descriptor_count_offset = 0;
  std::vector<Descriptor> descriptors;
  uint32_t platform_version = kPlatformVersion;
  float quantization_factor = 1;
  uint64_t platform_offset = 0;
  uint64_t reference_count_offset = 0;
  std::vector<DynamicReference> references;
  Trailer trailer;
};

struct MeshFile {
  std::optional<ResourceHeader> resource;
  Header header;
  Compiled compiled;
  std::optional<Ranged> ranged;  // set exactly when compiled.layout_selector is ranged
  MeshData mesh_data;
  MaterialList materials;

  bool is_ranged() const { return ranged.has_value(); }
};

}  // namespace f2g::rr
