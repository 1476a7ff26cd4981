// The mesh-level materials (DynamicReference x MaterialCount) and the dialect's trailer
// (docs/READING.md "Mesh body", "Trailer").
#include <algorithm>

#include "formats/grb/codec_parts.h"
#include "formats/grb/grb_checks.h"

namespace f2g::grb {

namespace {

void read_reference(ReadContext& x, DynamicReference& d) {
  d.head = read_head(x, check::dynamic_reference_class, kDynamicReferenceClass);
  read_fields(x.r, d, kReferenceFields);
  x.c.field("grb.reference_tag", d.tag);
  x.c.field("grb.reference_global", d.global);
  x.c.field("grb.reference_handle_tag", d.handle_tag);
}

void write_reference(ByteWriter& w, const DynamicReference& d) {
  write_head(w, d.head);
  write_fields(w, d, kReferenceFields);
}

template <size_t N>
void read_bytes(Reader& r, std::array<uint8_t, N>& out, const char* field) {
  const uint8_t* p = r.take(N, field);
  std::copy(p, p + N, out.begin());
}

}  // namespace

void read_materials(ReadContext& x, MeshFile& m) {
  m.material_count_offset = x.r.offset();
  m.materials =
      read_records<DynamicReference>(x.r, "material_count", kDynamicReferenceSize, "materials",
                                     [&](DynamicReference& d, uint32_t) { read_reference(x, d); });
}

void write_materials(ByteWriter& w, const MeshFile& m) {
  write_records(w, m.materials, write_reference);
}

void read_trailer(ReadContext& x, Trailer& t) {
  Reader::Scope s(x.r, "trailer");
  t.offset = x.r.offset();
  read_bytes(x.r, t.flags, "flags");
  if (!x.grb()) read_bytes(x.r, t.reserved, "reserved");
  t.decal_type = x.r.read<int32_t>("decal_type");
  read_bytes(x.r, t.depth_flags, "depth_flags");
  t.dynamic_mesh_vertex_count = x.r.read<int32_t>("dynamic_mesh_vertex_count");
  t.dynamic_mesh_index_count = x.r.read<int32_t>("dynamic_mesh_index_count");
  if (x.grb()) {
    t.unnamed_i32 = x.r.read<int32_t>("unnamed_i32");
    t.unnamed_u8 = x.r.u8("unnamed_u8");
  }
  t.user_category = x.r.read<int32_t>("user_category");
  x.c.field("grb.decal_type", t.decal_type);
  x.c.field("grb.user_category", t.user_category);
}

void write_trailer(ByteWriter& w, Dialect d, const Trailer& t) {
  w.bytes(t.flags.data(), t.flags.size());
  if (d == Dialect::Grw) w.bytes(t.reserved.data(), t.reserved.size());
  w.put(t.decal_type);
  w.bytes(t.depth_flags.data(), t.depth_flags.size());
  w.put(t.dynamic_mesh_vertex_count);
  w.put(t.dynamic_mesh_index_count);
  if (d == Dialect::Grb) {
    w.put(t.unnamed_i32);
    w.u8(t.unnamed_u8);
  }
  w.put(t.user_category);
}

}  // namespace f2g::grb
