// The SWS Mesh object as stored, field for field (spec: "Shaun White Skateboarding"): every
// field of the spec's tables, Unknown ones included, so encode(decode(bytes)) == bytes.
// Counts that directly precede their elements (runs) are the vectors' sizes; every other
// stored word is a field of its own, even where a Proven relation derives it, so a test can
// break it alone.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/common/classes.h"

namespace f2g::sws {

// Proven constants.
constexpr uint8_t kManaged = 1;
constexpr uint32_t kCompiledVersion = 16;  // spec: CompiledMesh data, 0x0 version
constexpr uint32_t kPlatformVersion = 16;
constexpr uint32_t kSdkVersion = 32;
constexpr uint32_t kTriangleList = 4;  // spec: range, 0x0 primitive type
constexpr uint8_t kPaletteMarker = 3;
constexpr uint8_t kPaletteVersion = 1;
constexpr uint8_t kMaxPaletteEntries = 32;
constexpr uint8_t kPointerInline = 0;  // pointer tag: an inline object follows
constexpr uint8_t kPointerNone = 3;    // pointer tag: none

// Fixed sizes (spec: MeshBone 76, range 24, 40 palette bytes per first-partition range,
// 48-byte compiled header, 7-byte palette head before its n bone bytes).
constexpr uint64_t kBoneRecordSize = 76;
constexpr uint64_t kRangeRecordSize = 24;
constexpr uint64_t kPaletteSlotSize = 40;
constexpr uint64_t kCompiledHeaderSize = 48;
constexpr uint64_t kPaletteHeadSize = 7;
constexpr size_t kStoredSize = 11;  // spec: Mesh, 22+76n, 11 unknown bytes

using Float2 = std::array<float, 2>;
using Float3 = std::array<float, 3>;

// spec: MeshBone, 76 bytes inline in the mesh body.
struct MeshBone {
  uint32_t id = 0;
  uint32_t class_id = kMeshBoneClass;
  uint32_t name_hash = 0;
  std::array<float, 16> matrix{};  // Unknown space; docs/READING.md reads it as the inverse bind
};

// spec: range, 24 bytes: one DrawIndexedPrimitive.
struct Range {
  uint32_t primitive_type = kTriangleList;
  uint32_t first_vertex = 0;    // MinIndex
  uint32_t vertex_count = 0;    // NumVertices
  uint32_t first_index = 0;     // StartIndex, in indices
  uint32_t triangle_count = 0;  // PrimitiveCount
  uint32_t unknown_0x14 = 0;
};

// spec: palette, one per first-partition range, back to back; the u8 entry count n at 0x2
// is bones.size().
struct Palette {
  uint8_t marker = kPaletteMarker;
  uint8_t version = kPaletteVersion;
  uint16_t unknown_0x3 = 0;  // the range's position on most palettes
  uint16_t vertex_count = 0;
  std::vector<uint8_t> bones;  // indices into the mesh's bones
};

// spec: CompiledMesh data, L bytes.
struct CompiledData {
  uint32_t version = kCompiledVersion;
  uint32_t extra_streams = 0;  // s
  uint32_t stride = 0;
  uint32_t vertex_bytes = 0;      // V: one stream
  uint32_t stride_all = 0;        // 0x10: stride x (s + 1)
  uint32_t vertex_bytes_all = 0;  // 0x14: V x (s + 1)
  uint32_t index_bytes = 0;       // I
  uint32_t unknown_0x1c = 0;
  uint32_t flags = 0;
  uint32_t range_count_a = 0;         // A
  uint32_t range_count_b = 0;         // B
  uint32_t total = 0;                 // V(s + 1) + I + 24(A + B)
  std::vector<uint8_t> streams;       // V x (s + 1): stream 0 then the morph streams
  std::vector<uint16_t> indices;      // I / 2
  std::vector<Range> ranges_a;        // A first-partition ranges
  std::vector<Range> ranges_b;        // B second-partition ranges
  std::vector<Palette> palettes;      // A
  std::vector<uint8_t> palette_tail;  // the rest of the 40A palette bytes, as stored
};

// spec: UVChannel, inline in a SubMesh's run of UV channels.
struct UVChannel {
  uint32_t id = 0;
  uint32_t class_id = kUVChannelClass;
  uint32_t unknown_0x8 = 0;
  uint8_t unknown_0xc = 0;
  std::vector<Float2> uvs;       // n
  std::vector<uint32_t> source;  // n, or none on the copy's channels
};

// spec: MorphChannel, inline in a SubMesh's run of morph channels.
struct MorphChannel {
  uint32_t id = 0;
  uint32_t class_id = kMorphChannelClass;
  uint32_t hash = 0;  // 0x8, hash-like: names the morph target
  std::vector<Float3> positions;
  std::vector<Float3> normals;
  std::vector<Float2> uvs;
};

// spec: SubMesh, the mesh as authored, in table order.
struct SubMesh {
  uint8_t managed = kManaged;
  uint32_t id = 0;
  uint32_t class_id = kSubMeshClass;
  uint32_t unknown_0x9 = 0;
  std::vector<uint16_t> indices;          // 3t
  std::vector<uint32_t> source_vertices;  // n, or none on the copy
  uint32_t unknown_after_source = 0;
  std::vector<uint32_t> face_words;  // t
  std::vector<uint8_t> face_bytes;   // t
  std::vector<Float3> positions;     // n: the SubMesh's vertex count
  std::vector<Float3> normals;
  std::vector<Float3> tangents;   // n on the copy, none on the original
  std::vector<Float3> binormals;  // as tangents
  std::vector<uint32_t> colours;  // D3DCOLOR, n or none
  std::vector<uint32_t> vertex_words_a;
  std::vector<uint32_t> vertex_words_b;
  uint32_t empty_run_a = 0;  // a count whose elements' size is unknown: only 0 is readable
  std::vector<uint32_t> vertex_words_c;
  uint32_t empty_run_b = 0;
  uint32_t empty_run_c = 0;
  std::vector<UVChannel> uv_channels;
  uint32_t unknown_after_uvs = 0;
  std::vector<MorphChannel> morph_channels;
  uint8_t has_morphs = 0;
  uint32_t material_id = 0;
  std::array<uint8_t, 2> unknown_flags{{1, 1}};
  uint8_t copy_tag = kPointerNone;
  std::vector<SubMesh> copy;  // 0 or 1: the inline SubMesh when copy_tag is 0
  uint32_t unknown_last = 0;
};

// spec: Mesh, 0xE: each SubMesh sits behind a pointer tag.
struct SubMeshEntry {
  uint8_t pointer_tag = kPointerInline;
  SubMesh submesh;
};

// spec: Mesh body, from its managed byte to the last material id.
struct Mesh {
  uint8_t managed = kManaged;
  uint32_t id = 0;
  uint32_t class_id = kMeshClass;
  uint32_t category = 0;
  uint8_t generated = 0;
  std::vector<SubMeshEntry> submeshes;
  std::vector<MeshBone> bones;
  std::array<uint8_t, kStoredSize> stored_11{};
  uint32_t compiled_class = kCompiledMeshClass;
  uint32_t data_length = 0;  // L
  CompiledData compiled;
  uint32_t platform_version = kPlatformVersion;
  uint32_t sdk_version = kSdkVersion;
  std::vector<uint32_t> material_ids;  // m
};

}  // namespace f2g::sws
