// The Ghost Recon Breakpoint / Wildlands Mesh resource as stored: every field, Unknown ones
// included, in byte order (docs/READING.md "Ghost Recon Breakpoint and Wildlands"). One
// structure serves both dialects; fields only one dialect stores say so. `offset` members are
// where a record starts in the input; they are not stored and the encoder ignores them.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "formats/common/centre_box.h"
#include "formats/common/classes.h"
#include "formats/common/field_list.h"
#include "formats/common/object_codec.h"  // ObjectHead, Blob, Float3

namespace f2g::grb {

// docs/READING.md "GRW -> GRB differences": GRW is the predecessor; four fields differ.
enum class Dialect : uint8_t { Grb, Grw };
inline const char* dialect_name(Dialect d) { return d == Dialect::Grb ? "grb" : "grw"; }

constexpr uint64_t kObjectHeaderSize = 12;      // u64 id, u32 class
constexpr uint64_t kBoneRecordSize = 82;        // header, name, f32[16], two u8
constexpr uint64_t kMeshPrimitiveSize = 36;     // header + 6 x i32
constexpr uint64_t kPrimitiveDescSize = 36;     // per draw
constexpr uint64_t kInstancingBodySize = 274;   // after the object header
constexpr uint64_t kDynamicReferenceSize = 31;  // header, u8, u8, u64, u8, u64
constexpr uint64_t kGrbTrailerSize = 32;
constexpr uint64_t kGrwTrailerSize = 29;
constexpr size_t kBoneTableSize = 256;       // MeshInstancingData +18
constexpr uint32_t kClusteredBlobBase = 12;  // BlobBytes = 12 + |VB| + |IB| + |PD|
constexpr uint32_t kMeshDataBlobBase = 8;    // BlobBytes = 8 + |VB| + |IB|

// Tags (docs/READING.md "Mesh body", "CompiledMesh").
constexpr uint8_t kCompiledInline = 0;
constexpr uint8_t kClusteredPresent = 0;
constexpr uint8_t kClusteredAbsent = 3;
constexpr uint8_t kSubMeshNull = 3;  // tags 1 and 2 carry a u64 id

// In front of an unpacked resource (docs/READING.md "GRB/GRW Inputs"): byte 0x00 (Short), or
// a byte 0x00/0x01 + 3 bytes + i32 N + 12 x N bytes (Long); an archive record's gap that
// reads as neither is kept as its bytes (Gap).
enum class FileHeaderForm : uint8_t { Short, Long, Gap };
struct FileHeader {
  FileHeaderForm form = FileHeaderForm::Short;
  uint8_t kind = 0;
  std::array<uint8_t, 3> stored{};  // Long only
  uint32_t entry_count = 0;         // Long only: N
  std::vector<uint8_t> entries;     // Long: 12 x N bytes, not interpreted; Gap: every byte
};

struct SubMeshRef {
  uint8_t tag = kSubMeshNull;
  uint64_t id = 0;  // tags 1 and 2 only
  uint64_t offset = 0;
};

// 82 bytes.
struct MeshBone {
  ObjectHead head{0, kMeshBoneClass, 0};
  uint32_t name_hash = 0;          // CRC-32 of the bone name
  std::array<float, 16> matrix{};  // inverse bind, glTF column-major in stored order
  uint8_t used_by_submeshes = 0;
  uint8_t used_by_skeleton_lod_mapping = 0;
};

// The Mesh object around the CompiledMesh.
struct MeshHeader {
  ObjectHead head{0, kMeshClass, 0};  // the top-level id is the ClassID
  uint8_t category = 1;               // +12: a managed byte 1 elsewhere; census only
  uint8_t descriptor_mask = 0;
  uint8_t generated = 0;
  uint32_t grw_word = 0;  // +15, GRW only: u32 kept (RR stores an f32 culling distance here)
  std::vector<SubMeshRef> submeshes;
  std::vector<MeshBone> bones;
  Float4 extent_min{};
  Float4 extent_max{};
  uint8_t compiled_tag = kCompiledInline;
};

// The three bytes after the head, as the reader and the structure JSON name them.
inline constexpr auto kMeshHeaderBytes =
    std::make_tuple(field("category", &MeshHeader::category),
                    field("descriptor_mask", &MeshHeader::descriptor_mask),
                    field("generated", &MeshHeader::generated));

// An i32 byte length and that many bytes.
// PrimitiveDescData, 36 bytes per draw.
struct PrimitiveDesc {
  Float3 centre{};
  Float3 half_extent{};
  uint32_t vertex_stride = 0;
  uint32_t type_and_count = 0;  // low byte 1, upper 24 bits the index count
  uint32_t start_index = 0;
  uint64_t offset = 0;

  uint32_t index_count() const { return type_and_count >> 8; }
};

inline constexpr auto kPrimitiveDescFields =
    std::tuple_cat(centre_box_fields<PrimitiveDesc>(),
                   std::make_tuple(field("vertex_stride", &PrimitiveDesc::vertex_stride),
                                   field("type_and_count", &PrimitiveDesc::type_and_count),
                                   field("start_index", &PrimitiveDesc::start_index)));

struct Clustered {
  ObjectHead head{0, kClusteredMeshDataClass, 0};
  uint32_t data_version = 0;
  uint8_t vertex_format = 0;
  uint32_t vertex_stride = 0;
  uint32_t cluster_count = 0;
  Float3 center{};
  Float3 half_extent{};
  uint32_t draw_prims_count = 0;
  std::vector<uint32_t> cluster_count_per_draw;
  std::vector<uint32_t> vertex_offset_per_draw;  // in 4-byte units
  uint8_t is_fixed_cluster_size = 0;
  uint32_t blob_bytes = 0;  // GRB only
  uint64_t blob_bytes_offset = 0;
  Blob vertex_buffer;
  Blob index_buffer;
  uint64_t primitive_desc_offset = 0;  // of its length
  std::vector<PrimitiveDesc> primitive_descs;
};

// The fields after the head up to the per-draw arrays, as the reader and the structure JSON
// name them.
inline constexpr auto kClusteredPrefix = std::make_tuple(
    field("data_version", &Clustered::data_version),
    field("vertex_format", &Clustered::vertex_format),
    field("vertex_stride", &Clustered::vertex_stride),
    field("cluster_count", &Clustered::cluster_count), field("center", &Clustered::center),
    field("half_extent", &Clustered::half_extent),
    field("draw_prims_count", &Clustered::draw_prims_count));

// header + 6 x i32.
struct MeshPrimitive {
  ObjectHead head{0, kMeshPrimitiveClass, 0};
  uint32_t min_index = 0;
  uint32_t is_using_depth_only_buffers = 0;
  uint32_t num_vertices = 0;
  uint32_t start_index = 0;
  uint32_t primitive_count = 0;  // triangles
  uint32_t type = 1;
};

// The six words after the head, as the reader and the JSON name them.
inline constexpr auto kPrimitiveWords = std::make_tuple(
    field("min_index", &MeshPrimitive::min_index),
    field("is_using_depth_only_buffers", &MeshPrimitive::is_using_depth_only_buffers),
    field("num_vertices", &MeshPrimitive::num_vertices),
    field("start_index", &MeshPrimitive::start_index),
    field("primitive_count", &MeshPrimitive::primitive_count), field("type", &MeshPrimitive::type));

struct MeshData {
  ObjectHead head{0, kMeshDataClass, 0};
  uint8_t is_index_buffer_32bit = 0;
  uint8_t vertex_format = 0;
  uint8_t vertex_stride = 0;
  std::vector<MeshPrimitive> standard;
  std::vector<MeshPrimitive> shadow;
  uint32_t blob_bytes = 0;  // GRB only
  uint64_t blob_bytes_offset = 0;
  Blob vertex_buffer;
  Blob index_buffer;
};

// header + 274 bytes.
struct Instancing {
  ObjectHead head{0, kMeshInstancingDataClass, 0};
  uint8_t shadow_caster = 0;
  uint16_t word1 = 0;                                // +1: SubMeshIndex or MaterialType (open)
  uint16_t word3 = 0;                                // +3: bone-table count (open)
  uint16_t word5 = 0;                                // +5 (open)
  uint16_t vertex_count = 0;                         // +7: the draw's NumVertices mod 65536
  uint8_t material_tag = 0;                          // +9
  uint64_t material_id = 0;                          // +10
  std::array<uint8_t, kBoneTableSize> bone_table{};  // +18, kept as stored
};

// The fields between the head and the bone table.
// The open words, the vertex count and the material tag: the structure JSON names them as the
// reader does, a draw's extras with "instancing_" in front.
inline constexpr auto kInstancingWords = std::make_tuple(
    field("word1", &Instancing::word1), field("word3", &Instancing::word3),
    field("word5", &Instancing::word5), field("vertex_count", &Instancing::vertex_count),
    field("material_tag", &Instancing::material_tag));
inline constexpr auto kInstancingFields = std::tuple_cat(
    std::make_tuple(field("shadow_caster", &Instancing::shadow_caster)), kInstancingWords,
    std::make_tuple(field("material_id", &Instancing::material_id)));

struct Compiled {
  ObjectHead head{0, kCompiledMeshClass, 0};
  Blob platform_data;
  uint8_t clustered_tag = kClusteredPresent;
  std::optional<Clustered> clustered;  // set exactly when the tag is kClusteredPresent
  MeshData mesh_data;
  uint64_t instancing_count_offset = 0;
  std::vector<Instancing> instancing;
  uint32_t platform_version = 26;
  uint32_t sdk_version = 7;
  float q = 1;    // QuantizationFactor
  float uvq = 1;  // UVQuantizationFactor
  uint64_t versions_offset = 0;
};

// The versions and factors after the instancing entries, as the reader and the structure JSON
// name them.
inline constexpr auto kCompiledVersions = std::make_tuple(
    field("platform_version", &Compiled::platform_version),
    field("sdk_version", &Compiled::sdk_version), field("quantization_factor", &Compiled::q),
    field("uv_quantization_factor", &Compiled::uvq));

// 31 bytes.
struct DynamicReference {
  ObjectHead head{0, kDynamicReferenceClass, 0};
  uint8_t tag = 1;
  uint8_t global = 0;
  uint64_t material_id = 0;
  uint8_t handle_tag = 0;
  uint64_t handle_id = 0;
};

// The fields after the head.
inline constexpr auto kReferenceFields = std::make_tuple(
    field("tag", &DynamicReference::tag), field("global", &DynamicReference::global),
    field("material_id", &DynamicReference::material_id),
    field("handle_tag", &DynamicReference::handle_tag),
    field("handle_id", &DynamicReference::handle_id));

// GRB 32 bytes, GRW 29 bytes.
struct Trailer {
  std::array<uint8_t, 8> flags{};     // Dynamic ... IsHideable
  std::array<uint8_t, 2> reserved{};  // GRW only: ReservedA, ReservedB
  int32_t decal_type = 0;
  std::array<uint8_t, 3> depth_flags{};  // IgnoreAlphaTest..., MaterialAlwaysOverridden...
  int32_t dynamic_mesh_vertex_count = 0;
  int32_t dynamic_mesh_index_count = 0;
  int32_t unnamed_i32 = 0;  // GRB only
  uint8_t unnamed_u8 = 0;   // GRB only
  int32_t user_category = 0;
  uint64_t offset = 0;
};

struct MeshFile {
  Dialect dialect = Dialect::Grb;
  std::optional<FileHeader> file_header;
  MeshHeader mesh;
  Compiled compiled;
  uint64_t material_count_offset = 0;
  std::vector<DynamicReference> materials;
  Trailer trailer;
};

}  // namespace f2g::grb
