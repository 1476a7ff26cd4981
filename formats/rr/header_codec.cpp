// Resource header, body header with its MeshBones, and the CompiledMesh prefix at M
// (spec: "Header and layout selection"; docs/READING.md "RR" body).
#include <algorithm>

#include "formats/rr/codec_parts.h"
#include "formats/rr/rr_checks.h"

namespace f2g::rr {

// docs/READING.md "Input files": u64 identity, u32 Mesh class.
void read_resource_header(ReadContext& x, MeshFile& m) {
  Reader::Scope s(x.r, "resource");
  ResourceHeader h;
  h.identity = x.r.u64("identity");
  h.mesh_class = x.r.expect_class(kMeshClass, "Mesh", "class");
  m.resource = h;
}

void write_resource_header(ByteWriter& w, const MeshFile& m) {
  if (!m.resource) return;
  w.u64(m.resource->identity);
  w.u32(m.resource->mesh_class);
}

// 81 bytes: [u64 id][u32 0x9EF0E7A1][u32 name hash][f32[16] matrix][u8 flag].
static void read_bone(ReadContext& x, MeshBone& b) {
  b.offset = x.r.offset();
  b.id = x.r.u64("id");
  b.bone_class = read_class(x, check::bone_class, kMeshBoneClass, "class");
  b.name_hash = x.r.u32("name_hash");
  b.matrix = read_floats<16>(x.r, "matrix");
  b.flag = x.r.u8("flag");
  x.c.field("rr.bone_flag", b.flag);
}

static void write_bone(ByteWriter& w, const MeshBone& b) {
  w.u64(b.id);
  w.u32(b.bone_class);
  w.u32(b.name_hash);
  write_floats(w, b.matrix);
  w.u8(b.flag);
}

// spec: "The 16 bytes before the bone count are, in the runtime class registry's order, the
// ManagedObject byte, DescriptorMask, Generated, VertexStride and MaxCullingDistance (f32),
// then eight bytes"; bones at 20, extents, pointer tag and CompiledMesh id up to M.
void read_header(ReadContext& x, Header& h) {
  Reader::Scope s(x.r, "header");
  read_fields(x.r, h, kHeaderFields);
  const uint8_t* stored = x.r.take(h.stored.size(), "stored_bytes");
  std::copy(stored, stored + h.stored.size(), h.stored.begin());
  x.c.field("rr.managed_object", h.managed_object);
  x.c.field("rr.descriptor_mask", h.descriptor_mask);
  x.c.field("rr.generated", h.generated);
  x.c.field("rr.vertex_stride", h.vertex_stride);
  x.c.field("rr.max_culling_distance", h.max_culling_distance);
  uint64_t stored_word;
  std::memcpy(&stored_word, h.stored.data(), 8);
  x.c.field("rr.header_stored_bytes", double(stored_word));

  h.bones = read_records<MeshBone>(x.r, "bone_count", kBoneRecordSize, "bones",
                                   [&](MeshBone& b, uint32_t) { read_bone(x, b); });
  h.extent_min = read_floats<4>(x.r, "extent_min");
  h.extent_max = read_floats<4>(x.r, "extent_max");
  h.pointer_tag = x.r.u8("pointer_tag");
  h.compiled_mesh_id = x.r.u64("compiled_mesh_id");
  x.c.field("rr.pointer_tag", h.pointer_tag);
}

void write_header(ByteWriter& w, const Header& h) {
  write_fields(w, h, kHeaderFields);
  w.bytes(h.stored.data(), h.stored.size());
  write_records(w, h.bones, write_bone);
  write_floats(w, h.extent_min);
  write_floats(w, h.extent_max);
  w.u8(h.pointer_tag);
  w.u64(h.compiled_mesh_id);
}

// spec: compiled marker table, offsets from M: marker, layout selector, 8 stored bytes (the
// pointed-to object's id), layout class.
void read_compiled(ReadContext& x, Compiled& c) {
  Reader::Scope s(x.r, "compiled");
  c.offset = x.r.offset();
  c.marker = read_class(x, check::marker_at_m, kCompiledMeshClass, "marker");
  const uint64_t selector_at = x.r.offset();
  c.layout_selector = x.r.u8("layout_selector");
  x.c.field("rr.layout_selector", c.layout_selector);
  x.c.check(check::layout_selector_known,
            c.layout_selector == kLayoutRanged || c.layout_selector == kLayoutInline,
            x.r.path("layout_selector"), selector_at, [&] {
              return "layout selector " + std::to_string(c.layout_selector) +
                     " is neither 0 (ranged) nor 3 (inline)";
            });
  const bool ranged = c.layout_selector == kLayoutRanged;
  c.head = read_head(x, check::layout_class, ranged ? kClusteredMeshDataClass : kMeshDataClass,
                     "object_id", "object_class");
}

void write_compiled(ByteWriter& w, const Compiled& c) {
  w.u32(c.marker);
  w.u8(c.layout_selector);
  write_head(w, c.head);
}

}  // namespace f2g::rr
