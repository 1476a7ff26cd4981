// ClusteredMeshData (docs/READING.md "ClusteredMeshData"): per-draw arrays, the GRB-only
// BlobBytes, one vertex buffer, the index buffer and PrimitiveDescData (36 bytes per draw).
#include "formats/grb/codec_parts.h"
#include "formats/grb/grb_checks.h"

namespace f2g::grb {

namespace {

std::vector<uint32_t> read_draw_array(ReadContext& x, const char* count_field, const char* field,
                                      uint32_t draws) {
  const uint64_t at = x.r.offset();
  const uint32_t n = x.r.run_count(count_field, 4);
  x.c.check(check::draw_arrays_have_draw_count, n == draws, x.r.path(count_field), at, [&] {
    return std::string(field) + " has " + std::to_string(n) + " entries, DrawPrimsCount is " +
           std::to_string(draws);
  });
  return x.r.array<uint32_t>(n, field);
}

void read_primitive_desc(ReadContext& x, PrimitiveDesc& d) {
  d.offset = x.r.offset();
  read_fields(x.r, d, kPrimitiveDescFields);
  x.c.field("grb.primitive_desc_type", d.type_and_count & 0xFF);
}

}  // namespace

void read_clustered(ReadContext& x, Clustered& g) {
  Reader::Scope s(x.r, "clustered");
  g.head = read_head(x, check::clustered_class, kClusteredMeshDataClass);
  read_fields(x.r, g, kClusteredPrefix);
  x.c.field("grb.clustered_data_version", g.data_version);
  g.cluster_count_per_draw = read_draw_array(x, "cluster_count_per_draw_count",
                                             "cluster_count_per_draw", g.draw_prims_count);
  g.vertex_offset_per_draw = read_draw_array(x, "vertex_offset_per_draw_count",
                                             "vertex_offset_per_draw", g.draw_prims_count);
  g.is_fixed_cluster_size = x.r.u8("is_fixed_cluster_size");
  if (x.grb()) {
    g.blob_bytes_offset = x.r.offset();
    g.blob_bytes = x.r.u32("blob_bytes");
  }
  g.vertex_buffer = read_blob(x.r, "vertex_buffer");
  g.index_buffer = read_blob(x.r, "index_buffer");
  g.primitive_desc_offset = x.r.offset();
  const uint32_t pd = x.r.u32("primitive_desc_length");
  x.c.check(check::primitive_desc_36_per_draw,
            uint64_t(pd) == kPrimitiveDescSize * g.draw_prims_count,
            x.r.path("primitive_desc_length"), g.primitive_desc_offset, [&] {
              return "PrimitiveDescData holds " + std::to_string(pd) + " bytes, not 36 x " +
                     std::to_string(g.draw_prims_count);
            });
  const uint64_t records =
      x.r.checked_size(pd / kPrimitiveDescSize, kPrimitiveDescSize, "primitive_descs") /
      kPrimitiveDescSize;
  g.primitive_descs.resize(records);
  for (uint64_t i = 0; i < records; ++i) {
    Reader::Scope d(x.r, "primitive_descs", i);
    read_primitive_desc(x, g.primitive_descs[i]);
  }
  if (x.grb()) {
    const uint64_t want = uint64_t(kClusteredBlobBase) + g.vertex_buffer.bytes.size() +
                          g.index_buffer.bytes.size() + pd;
    x.c.check(check::clustered_blob_bytes, g.blob_bytes == want, x.r.path("blob_bytes"),
              g.blob_bytes_offset, [&] {
                return "BlobBytes " + std::to_string(g.blob_bytes) + " is not " +
                       std::to_string(want) + " (12 + vertex, index and PrimitiveDescData bytes)";
              });
  }
}

void write_clustered(ByteWriter& w, Dialect d, const Clustered& g) {
  write_head(w, g.head);
  write_fields(w, g, kClusteredPrefix);
  w.u32(static_cast<uint32_t>(g.cluster_count_per_draw.size()));
  w.array(g.cluster_count_per_draw);
  w.u32(static_cast<uint32_t>(g.vertex_offset_per_draw.size()));
  w.array(g.vertex_offset_per_draw);
  w.u8(g.is_fixed_cluster_size);
  if (d == Dialect::Grb) w.u32(g.blob_bytes);
  write_blob(w, g.vertex_buffer);
  write_blob(w, g.index_buffer);
  w.u32(static_cast<uint32_t>(kPrimitiveDescSize * g.primitive_descs.size()));
  for (const PrimitiveDesc& p : g.primitive_descs) write_fields(w, p, kPrimitiveDescFields);
}

}  // namespace f2g::grb
