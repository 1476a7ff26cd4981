// Shared helpers of the grb_*_test.cpp files and the error catalogue: the committed GRB/GRW
// samples, one-call decodes, and one break per GRB code (a sample, one field changed, and
// where the decoder must say it broke).
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "formats/grb/grb.h"
#include "formats/grb/mesh_codec.h"
#include "formats/grb/vertex_formats.h"
#include "formats/registry.h"
#include "tests/support/files.h"

namespace f2g::grb::test {

struct Sample {
  std::string name;  // under samples/, without .mesh
  Dialect dialect;
};

inline const std::vector<Sample>& samples() {
  static const std::vector<Sample> all = {
      {"grb/clustered_skinned_soldier", Dialect::Grb},
      {"grb/skin4_format0_submeshes", Dialect::Grb},
      {"grb/skin8_format2_tentacle", Dialect::Grb},
      {"grb/three_uv_format4_file_header", Dialect::Grb},
      {"grb/four_uv_format5_u32_indices", Dialect::Grb},
      {"grb/static_format10_rock", Dialect::Grb},
      {"grb/mesh_data_only_format11_foliage", Dialect::Grb},
      {"grb/static_format12_crate", Dialect::Grb},
      {"grb/static_format13_pipe", Dialect::Grb},
      {"grb/tacvest_walker_coat_lod0", Dialect::Grb},
      {"grw/clustered_skinned_ranger", Dialect::Grw},
      {"grw/skin8_format1_tentacle", Dialect::Grw},
      {"grw/three_uv_format2_backpack", Dialect::Grw},
      {"grw/skin8_colour_format3_cloth", Dialect::Grw},
      {"grw/static_format6_rock", Dialect::Grw},
      {"grw/mesh_data_only_format7_foliage", Dialect::Grw},
      {"grw/static_format8_u32_indices", Dialect::Grw},
      {"grw/static_format9_file_header_submeshes", Dialect::Grw},
  };
  return all;
}

inline std::string sample_path(const std::string& name) {
  return std::string(F2G_SOURCE_DIR) + "/samples/" + name + ".mesh";
}
inline std::vector<uint8_t> sample_bytes(const std::string& name) {
  return f2g::test::read_bytes(sample_path(name));
}
inline DecodeOptions forced(Dialect d) {
  DecodeOptions o;
  o.format = &format_of(d);
  return o;
}

// One way to break one relation: the sample, the change (to the parsed structure, or to the
// bytes), and the field path and offset (from the unchanged structure) the diagnostic names.
struct Break {
  std::string code;
  std::string sample;
  Dialect dialect;
  std::string how;
  std::function<void(MeshFile&)> edit;               // or
  std::function<void(std::vector<uint8_t>&)> bytes;  // when the grammar itself is cut
  std::string path;
  std::function<uint64_t(const MeshFile&, size_t size)> offset;
  bool detect = false;  // decode detected by content (else forced to the dialect)
  bool error = true;    // else a warning of a decode that succeeds
};

// The decode's diagnostics: its error, or its warnings.
inline Result<Decoded> run(const Break& b, std::vector<uint8_t>* out_bytes = nullptr) {
  std::vector<uint8_t> bytes = sample_bytes(b.sample);
  if (b.edit) {
    Result<MeshFile> m = parse(bytes.data(), bytes.size(), b.dialect);
    if (!m) return m.error();
    b.edit(*m);
    bytes = encode(*m);
  } else {
    b.bytes(bytes);
  }
  if (out_bytes) *out_bytes = bytes;
  DecodeOptions o = b.detect ? DecodeOptions{} : forced(b.dialect);
  return f2g::decode(bytes.data(), bytes.size(), o);
}

inline uint64_t vb_data(const MeshFile& m) {
  return (m.compiled.clustered ? m.compiled.clustered->vertex_buffer
                               : m.compiled.mesh_data.vertex_buffer)
             .offset +
         4;
}

inline void put_u16(std::vector<uint8_t>& b, size_t at, uint16_t v) { std::memcpy(&b[at], &v, 2); }

inline const std::vector<Break>& breaks() {
  const Dialect B = Dialect::Grb, W = Dialect::Grw;
  const std::string soldier = "grb/clustered_skinned_soldier",
                    foliage = "grb/mesh_data_only_format11_foliage",
                    rock = "grw/static_format6_rock", subs = "grb/skin4_format0_submeshes";
  using M = MeshFile;
  auto at = [](uint64_t v) { return [v](const M&, size_t) { return v; }; };
  static const std::vector<Break> all = {
      {"GRB_TRUNCATED", soldier, B, "cut to 20 bytes", nullptr, [](auto& b) { b.resize(20); },
       "mesh.bone_count", at(19)},
      {"GRB_TRAILING_BYTES", soldier, B, "one byte appended", nullptr,
       [](auto& b) { b.push_back(0); }, "mesh", [](const M&, size_t n) { return uint64_t(n); }},
      {"GRB_COUNT_TOO_LARGE", soldier, B, "BoneCount (u32 at 19) = 0xFFFFFFFF", nullptr,
       [](auto& b) { std::memset(&b[19], 0xFF, 4); }, "mesh.bone_count", at(19)},
      {"GRB_BAD_MESH_CLASS", soldier, B, "Mesh class ^= 1", [](M& m) { m.mesh.head.cls ^= 1; },
       nullptr, "mesh.class", at(8)},
      {"GRB_SUBMESH_TAG", subs, B, "sub-mesh 2 tag 4", [](M& m) { m.mesh.submeshes[2].tag = 4; },
       nullptr, "mesh/submeshes[2].tag",
       [](const M& m, size_t) { return m.mesh.submeshes[2].offset; }},
      {"GRB_BAD_BONE_CLASS", soldier, B, "bone 3 class 0",
       [](M& m) { m.mesh.bones[3].head.cls = 0; }, nullptr, "mesh/bones[3].class",
       [](const M& m, size_t) { return m.mesh.bones[3].head.offset + 8; }},
      {"GRB_COMPILED_TAG", soldier, B, "CompiledMesh tag 1", [](M& m) { m.mesh.compiled_tag = 1; },
       nullptr, "mesh.compiled_tag", [](const M& m, size_t) { return m.compiled.head.offset - 1; }},
      {"GRB_BAD_COMPILED_MESH_CLASS", soldier, B, "CompiledMesh class 0",
       [](M& m) { m.compiled.head.cls = 0; }, nullptr, "mesh/compiled.class",
       [](const M& m, size_t) { return m.compiled.head.offset + 8; }},
      {"GRB_CLUSTERED_TAG", soldier, B, "clustered tag 1",
       [](M& m) { m.compiled.clustered_tag = 1; }, nullptr, "mesh/compiled.clustered_tag",
       [](const M& m, size_t) { return m.compiled.clustered->head.offset - 1; }},
      {"GRB_BAD_CLUSTERED_CLASS", soldier, B, "ClusteredMeshData class 0",
       [](M& m) { m.compiled.clustered->head.cls = 0; }, nullptr, "mesh/compiled/clustered.class",
       [](const M& m, size_t) { return m.compiled.clustered->head.offset + 8; }},
      {"GRB_BAD_MESH_DATA_CLASS", soldier, B, "MeshData class 0",
       [](M& m) { m.compiled.mesh_data.head.cls = 0; }, nullptr, "mesh/compiled/mesh_data.class",
       [](const M& m, size_t) { return m.compiled.mesh_data.head.offset + 8; }},
      {"GRB_BAD_PRIMITIVE_CLASS", soldier, B, "shadow MeshPrimitive 1 class 0",
       [](M& m) { m.compiled.mesh_data.shadow[1].head.cls = 0; }, nullptr,
       "mesh/compiled/mesh_data/shadow[1].class",
       [](const M& m, size_t) { return m.compiled.mesh_data.shadow[1].head.offset + 8; }},
      {"GRB_BAD_INSTANCING_CLASS", soldier, B, "instancing entry 2 class 0",
       [](M& m) { m.compiled.instancing[2].head.cls = 0; }, nullptr,
       "mesh/compiled/instancing[2].class",
       [](const M& m, size_t) { return m.compiled.instancing[2].head.offset + 8; }},
      {"GRB_BAD_DYNAMIC_REFERENCE_CLASS", soldier, B, "material 0 class 0",
       [](M& m) { m.materials[0].head.cls = 0; }, nullptr, "mesh/materials[0].class",
       [](const M& m, size_t) { return m.materials[0].head.offset + 8; }},
      {"GRB_INDEX_WIDTH_UNKNOWN", soldier, B, "IsIndexBuffer32Bit 2",
       [](M& m) { m.compiled.mesh_data.is_index_buffer_32bit = 2; }, nullptr,
       "mesh/compiled/mesh_data.is_index_buffer_32bit",
       [](const M& m, size_t) { return m.compiled.mesh_data.head.offset + 12; }},
      {"GRB_DRAW_ARRAY_COUNT", soldier, B, "VertexOffsetPerDrawPrim loses its last entry",
       [](M& m) { m.compiled.clustered->vertex_offset_per_draw.pop_back(); }, nullptr,
       "mesh/compiled/clustered.vertex_offset_per_draw_count",
       [](const M& m, size_t) { return m.compiled.clustered->head.offset + 53 + 4 + 4 * 3; }},
      {"GRB_CLUSTERED_BLOB_BYTES", soldier, B, "ClusteredMeshData BlobBytes + 1",
       [](M& m) { m.compiled.clustered->blob_bytes += 1; }, nullptr,
       "mesh/compiled/clustered.blob_bytes",
       [](const M& m, size_t) { return m.compiled.clustered->blob_bytes_offset; }},
      {"GRB_MESH_DATA_BLOB_BYTES", soldier, B, "MeshData BlobBytes + 1",
       [](M& m) { m.compiled.mesh_data.blob_bytes += 1; }, nullptr,
       "mesh/compiled/mesh_data.blob_bytes",
       [](const M& m, size_t) { return m.compiled.mesh_data.blob_bytes_offset; }},
      {"GRB_PRIMITIVE_DESC_LENGTH", soldier, B, "PrimitiveDescData loses its last record",
       [](M& m) { m.compiled.clustered->primitive_descs.pop_back(); }, nullptr,
       "mesh/compiled/clustered.primitive_desc_length",
       [](const M& m, size_t) { return m.compiled.clustered->primitive_desc_offset; }},
      {"GRB_VERTEX_FORMAT_UNKNOWN", soldier, B, "ClusteredMeshData VertexFormat 3",
       [](M& m) { m.compiled.clustered->vertex_format = 3; }, nullptr,
       "mesh/compiled/clustered.vertex_format",
       [](const M& m, size_t) { return m.compiled.clustered->head.offset + 16; }},
      {"GRB_VERTEX_STRIDE", soldier, B, "ClusteredMeshData VertexStride 40",
       [](M& m) { m.compiled.clustered->vertex_stride = 40; }, nullptr,
       "mesh/compiled/clustered.vertex_stride",
       [](const M& m, size_t) { return m.compiled.clustered->head.offset + 17; }},
      {"GRB_VERTEX_BUFFER_PARTIAL", soldier, B, "the vertex buffer loses a byte",
       [](M& m) {
         m.compiled.clustered->vertex_buffer.bytes.pop_back();
         m.compiled.clustered->blob_bytes -= 1;
       },
       nullptr, "mesh/compiled/clustered.vertex_buffer",
       [](const M& m, size_t) { return m.compiled.clustered->vertex_buffer.offset; }},
      {"GRB_DRAW_COUNT_MISMATCH", soldier, B, "one material fewer",
       [](M& m) { m.materials.pop_back(); }, nullptr, "mesh/compiled.instancing_count",
       [](const M& m, size_t) { return m.compiled.instancing_count_offset; }},
      {"GRB_DRAW_OUTSIDE_INDEX_BUFFER", soldier, B, "draw 2 PrimitiveCount + 1",
       [](M& m) { m.compiled.mesh_data.standard[2].primitive_count += 1; }, nullptr,
       "mesh/compiled/mesh_data/standard[2].primitive_count",
       [](const M& m, size_t) { return m.compiled.mesh_data.standard[2].head.offset + 28; }},
      {"GRB_INDEX_OUTSIDE_VERTEX_BUFFER", foliage, B, "MeshData index 0 = the vertex count",
       [](M& m) {
         MeshData& d = m.compiled.mesh_data;
         put_u16(d.index_buffer.bytes, 0, uint16_t(d.vertex_buffer.bytes.size() / 28));
       },
       nullptr, "mesh/compiled/mesh_data.index_buffer",
       [](const M& m, size_t) { return m.compiled.mesh_data.index_buffer.offset + 4; }},
      {"GRB_JOINT_OUT_OF_RANGE", soldier, B, "vertex 0 joint 0 = 12 (of 12 bones), weighted",
       [](M& m) { m.compiled.clustered->vertex_buffer.bytes[24] = 12; }, nullptr,
       "mesh/compiled/clustered.vertex_buffer", [](const M& m, size_t) { return vb_data(m) + 24; }},
      {"GRB_DIALECT_AMBIGUOUS", rock, W,
       "GRW u32 at +15 = 5 and one sub-mesh reference whose bytes the GRB walk reads as five",
       [](M& m) {
         m.mesh.grw_word = 5;  // GRB reads 5 sub-mesh entries: tag 1 + id, then four nulls
         m.mesh.submeshes = {{1, 0x0303030300000000ull, 0}};
       },
       nullptr, "mesh", at(0), true},
      {"GRB_MIN_INDEX", soldier, B, "VertexOffsetPerDrawPrim[1] + 9",
       [](M& m) { m.compiled.clustered->vertex_offset_per_draw[1] += 9; }, nullptr,
       "mesh/compiled/mesh_data/standard[1].min_index",
       [](const M& m, size_t) { return m.compiled.mesh_data.standard[1].head.offset + 12; }, false,
       false},
      {"GRB_PRIMITIVE_DESC_START", soldier, B, "PrimitiveDescData[1] start + 3",
       [](M& m) { m.compiled.clustered->primitive_descs[1].start_index += 3; }, nullptr,
       "mesh/compiled/clustered/primitive_descs[1].start_index",
       [](const M& m, size_t) { return m.compiled.clustered->primitive_descs[1].offset + 32; },
       false, false},
      {"GRB_PRIMITIVE_DESC_COUNT", soldier, B, "PrimitiveDescData[0] index count + 1",
       [](M& m) { m.compiled.clustered->primitive_descs[0].type_and_count += 256; }, nullptr,
       "mesh/compiled/clustered/primitive_descs[0].type_and_count",
       [](const M& m, size_t) { return m.compiled.clustered->primitive_descs[0].offset + 28; },
       false, false},
      {"GRB_PRIMITIVE_DESC_STRIDE", soldier, B, "PrimitiveDescData[2] stride 32",
       [](M& m) { m.compiled.clustered->primitive_descs[2].vertex_stride = 32; }, nullptr,
       "mesh/compiled/clustered/primitive_descs[2].vertex_stride",
       [](const M& m, size_t) { return m.compiled.clustered->primitive_descs[2].offset + 24; },
       false, false},
      {"GRB_MESH_DATA_FORMAT", soldier, B, "MeshData VertexFormat 0",
       [](M& m) { m.compiled.mesh_data.vertex_format = 0; }, nullptr,
       "mesh/compiled/mesh_data.vertex_format",
       [](const M& m, size_t) { return m.compiled.mesh_data.head.offset + 13; }, false, false},
      {"GRB_INSTANCING_VERTEX_COUNT", soldier, B, "instancing entry 1 vertex count + 1",
       [](M& m) { m.compiled.instancing[1].vertex_count += 1; }, nullptr,
       "mesh/compiled/instancing[1].vertex_count",
       [](const M& m, size_t) { return m.compiled.instancing[1].head.offset + 19; }, false, false},
      {"GRB_REFERENCE_MATERIAL", soldier, B, "material 1 MaterialId and HandleId ^= 1",
       [](M& m) {
         m.materials[1].material_id ^= 1;
         m.materials[1].handle_id ^= 1;
       },
       nullptr, "mesh/materials[1].material_id",
       [](const M& m, size_t) { return m.materials[1].head.offset + 14; }, false, false},
      {"GRB_HANDLE_NOT_MATERIAL", soldier, B, "material 2 HandleId ^= 1",
       [](M& m) { m.materials[2].handle_id ^= 1; }, nullptr, "mesh/materials[2].handle_id",
       [](const M& m, size_t) { return m.materials[2].head.offset + 23; }, false, false},
      {"GRB_INDEX_OUTSIDE_DRAW", foliage, B, "draw 1's first index names vertex 0 (draw 0's)",
       [](M& m) {
         MeshData& d = m.compiled.mesh_data;
         put_u16(d.index_buffer.bytes, 2 * d.standard[1].start_index, 0);
       },
       nullptr, "mesh/compiled/mesh_data.index_buffer",
       [](const M& m, size_t) {
         return m.compiled.mesh_data.index_buffer.offset + 4 +
                2 * m.compiled.mesh_data.standard[1].start_index;
       },
       false, false},
      {"GRB_POSITION_W", rock, W, "vertex 0 position w = 5 (Q is 2)",
       [](M& m) { put_u16(m.compiled.clustered->vertex_buffer.bytes, 6, 5); }, nullptr,
       "mesh/compiled/clustered.vertex_buffer", [](const M& m, size_t) { return vb_data(m) + 6; },
       false, false},
      {"GRB_WEIGHT_SUM", soldier, B, "vertex 0 weight 0 - 1",
       [](M& m) { m.compiled.clustered->vertex_buffer.bytes[28] -= 1; }, nullptr,
       "mesh/compiled/clustered.vertex_buffer", [](const M& m, size_t) { return vb_data(m); },
       false, false},
      {"GRB_ZERO_WEIGHT_JOINT", soldier, B, "vertex 0 lane 3 joint 200, weight 0",
       [](M& m) { m.compiled.clustered->vertex_buffer.bytes[27] = 200; }, nullptr,
       "mesh/compiled/clustered.vertex_buffer", [](const M& m, size_t) { return vb_data(m); },
       false, false},
      {"GRB_BONE_MATRIX_NOT_INVERTIBLE", soldier, B, "bone 1 matrix all zero",
       [](M& m) { m.mesh.bones[1].matrix.fill(0); }, nullptr, "mesh/bones[1].matrix",
       [](const M& m, size_t) { return m.mesh.bones[1].head.offset + 16; }, false, false},
  };
  return all;
}

}  // namespace f2g::grb::test
