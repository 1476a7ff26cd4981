// MeshData with its standard and shadow MeshPrimitives and its buffers (docs/READING.md
// "MeshData", "MeshPrimitive").
#include "formats/grb/codec_parts.h"
#include "formats/grb/grb_checks.h"

namespace f2g::grb {

namespace {

void read_primitive(ReadContext& x, MeshPrimitive& p) {
  p.head = read_head(x, check::primitive_class, kMeshPrimitiveClass);
  read_fields(x.r, p, kPrimitiveWords);
  x.c.field("grb.primitive_type", p.type);
  x.c.field("grb.primitive_depth_only", p.is_using_depth_only_buffers);
}

void write_primitive(ByteWriter& w, const MeshPrimitive& p) {
  write_head(w, p.head);
  write_fields(w, p, kPrimitiveWords);
}

std::vector<MeshPrimitive> read_primitives(ReadContext& x, const char* count_field,
                                           const char* list) {
  std::vector<MeshPrimitive> out =
      read_records<MeshPrimitive>(x.r, count_field, kMeshPrimitiveSize, list,
                                  [&](MeshPrimitive& p, uint32_t) { read_primitive(x, p); });
  return out;
}

}  // namespace

void read_mesh_data(ReadContext& x, MeshData& m) {
  Reader::Scope s(x.r, "mesh_data");
  m.head = read_head(x, check::mesh_data_class, kMeshDataClass);
  const uint64_t at = x.r.offset();
  m.is_index_buffer_32bit = x.r.u8("is_index_buffer_32bit");
  x.c.check(check::index_width_known, m.is_index_buffer_32bit <= 1,
            x.r.path("is_index_buffer_32bit"), at, [&] {
              return "IsIndexBuffer32Bit " + std::to_string(m.is_index_buffer_32bit) +
                     " is neither 0 (u16) nor 1 (u32)";
            });
  m.vertex_format = x.r.u8("vertex_format");
  m.vertex_stride = x.r.u8("vertex_stride");
  m.standard = read_primitives(x, "standard_count", "standard");
  m.shadow = read_primitives(x, "shadow_count", "shadow");
  if (x.grb()) {
    m.blob_bytes_offset = x.r.offset();
    m.blob_bytes = x.r.u32("blob_bytes");
  }
  m.vertex_buffer = read_blob(x.r, "vertex_buffer");
  m.index_buffer = read_blob(x.r, "index_buffer");
  if (x.grb()) {
    const uint64_t want =
        uint64_t(kMeshDataBlobBase) + m.vertex_buffer.bytes.size() + m.index_buffer.bytes.size();
    x.c.check(check::mesh_data_blob_bytes, m.blob_bytes == want, x.r.path("blob_bytes"),
              m.blob_bytes_offset, [&] {
                return "BlobBytes " + std::to_string(m.blob_bytes) + " is not " +
                       std::to_string(want) + " (8 + vertex and index bytes)";
              });
  }
}

void write_mesh_data(ByteWriter& w, Dialect d, const MeshData& m) {
  write_head(w, m.head);
  w.u8(m.is_index_buffer_32bit);
  w.u8(m.vertex_format);
  w.u8(m.vertex_stride);
  write_records(w, m.standard, write_primitive);
  write_records(w, m.shadow, write_primitive);
  if (d == Dialect::Grb) w.u32(m.blob_bytes);
  write_blob(w, m.vertex_buffer);
  write_blob(w, m.index_buffer);
}

}  // namespace f2g::grb
