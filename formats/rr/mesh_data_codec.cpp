// MeshData after its head: declaration, MeshPrimitive records and four length-prefixed runs
// (spec: "MeshData", "Object record", "Inline meshes and index origin"; docs/READING.md
// "MeshData"). The same grammar serves both layouts.
#include "formats/rr/codec_parts.h"
#include "formats/rr/rr_checks.h"

namespace f2g::rr {

static const char* const kRunNames[4] = {"primary", "positions", "skin", "indices"};
static const char* const kRunLengths[4] = {"primary_length", "positions_length", "skin_length",
                                           "indices_length"};

// [u64 id][u32 0xA57387EF][MinIndex][IsUsingDepthOnlyBuffers][NumVertices][StartIndex]
// [PrimitiveCount][Type].
static void read_primitive(ReadContext& x, MeshPrimitive& p) {
  p.offset = x.r.offset();
  p.id = x.r.u64("id");
  p.primitive_class = read_class(x, check::primitive_class, kMeshPrimitiveClass, "class");
  read_fields(x.r, p, kPrimitiveWords);
  x.c.field("rr.primitive_id", double(p.id));
  x.c.field("rr.primitive_depth_only", p.depth_only);
  x.c.field("rr.primitive_type", p.primitive_type);
}

static void write_primitive(ByteWriter& w, const MeshPrimitive& p) {
  w.u64(p.id);
  w.u32(p.primitive_class);
  write_fields(w, p, kPrimitiveWords);
}

void read_mesh_data(ReadContext& x, MeshData& d) {
  // Scope "mesh_data" is opened by the caller, which also read the head.
  d.declaration_offset = x.r.offset();
  d.index_width = x.r.u8("index_width");
  d.vertex_format = x.r.u8("vertex_format");
  for (uint8_t& stride : d.strides) stride = x.r.u8("strides");
  d.bones_per_vertex = x.r.u8("bones_per_vertex");
  x.c.field("rr.index_width", d.index_width);
  x.c.field("rr.bones_per_vertex", d.bones_per_vertex);

  d.objects =
      read_records<MeshPrimitive>(x.r, "object_count", kMeshPrimitiveSize, "objects",
                                  [&](MeshPrimitive& p, uint32_t) { read_primitive(x, p); });
  for (int i = 0; i < 4; ++i) d.runs[i] = read_blob(x.r, kRunLengths[i], kRunNames[i]);
}

void write_mesh_data(ByteWriter& w, const MeshData& d) {
  w.u8(d.index_width);
  w.u8(d.vertex_format);
  for (uint8_t stride : d.strides) w.u8(stride);
  w.u8(d.bones_per_vertex);
  write_records(w, d.objects, write_primitive);
  for (const Blob& b : d.runs) write_blob(w, b);
}

}  // namespace f2g::rr
