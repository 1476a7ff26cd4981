// The FileHeader, the Mesh object's own fields, sub-mesh references, MeshBones and extents
// (docs/READING.md "Inputs", "Mesh body").
#include <algorithm>
#include <cstring>

#include "formats/grb/codec_parts.h"
#include "formats/grb/grb_checks.h"

namespace f2g::grb {

// docs/READING.md "GRB/GRW Inputs": `length` bytes before the payload, where the payload's
// start is known (the Mesh class found behind them, or an archive record's gap): a Short or
// Long header of exactly that length, else a Gap kept verbatim. Without a known start
// (length 0), the first byte decides as it always has, and a broken header fails here.
void read_file_header(ReadContext& x, FileHeader& h, uint64_t length) {
  Reader::Scope s(x.r, "file_header");
  const uint8_t* at = x.r.cursor();
  const uint64_t left = x.r.remaining();
  if (length > 0) {
    uint32_t n = 0;
    if (length >= 8 && left >= 8) std::memcpy(&n, at + 4, 4);
    const bool short_form = length == 1 && left >= 1 && at[0] == 0;
    const bool long_form = length >= 8 && left >= 8 && at[0] <= 1 && length == 8 + 12 * uint64_t(n);
    if (!short_form && !long_form) {
      h.form = FileHeaderForm::Gap;
      h.entries = x.r.bytes(length, "gap");
      return;
    }
  }
  h.kind = x.r.u8("kind");
  if (length == 1 || (length == 0 && h.kind == 0)) return;
  h.form = FileHeaderForm::Long;
  const uint8_t* p = x.r.take(3, "stored");
  std::copy(p, p + 3, h.stored.begin());
  h.entry_count = x.r.u32("entry_count");
  const uint64_t n = x.r.checked_size(h.entry_count, 12, "entries");
  h.entries = x.r.bytes(n, "entries");
}

void write_file_header(ByteWriter& w, const FileHeader& h) {
  if (h.form == FileHeaderForm::Gap) {
    w.bytes(h.entries);
    return;
  }
  w.u8(h.kind);
  if (h.form == FileHeaderForm::Short) return;
  w.bytes(h.stored.data(), h.stored.size());
  w.u32(h.entry_count);
  w.bytes(h.entries);
}

static void read_submesh(ReadContext& x, SubMeshRef& s) {
  s.offset = x.r.offset();
  s.tag = x.r.u8("tag");
  x.c.check(check::submesh_tag_known, s.tag >= 1 && s.tag <= 3, x.r.path("tag"), s.offset,
            [&] { return "sub-mesh tag " + std::to_string(s.tag) + " is not 1, 2 or 3"; });
  if (s.tag != kSubMeshNull) s.id = x.r.u64("id");
}

static void write_submesh(ByteWriter& w, const SubMeshRef& s) {
  w.u8(s.tag);
  if (s.tag != kSubMeshNull) w.u64(s.id);
}

static void read_bone(ReadContext& x, MeshBone& b) {
  b.head = read_head(x, check::bone_class, kMeshBoneClass);
  b.name_hash = x.r.u32("name_hash");
  b.matrix = read_floats<16>(x.r, "matrix");
  b.used_by_submeshes = x.r.u8("used_by_submeshes");
  b.used_by_skeleton_lod_mapping = x.r.u8("used_by_skeleton_lod_mapping");
  x.c.field("grb.bone_used_by_submeshes", b.used_by_submeshes);
  x.c.field("grb.bone_used_by_skeleton_lod_mapping", b.used_by_skeleton_lod_mapping);
}

static void write_bone(ByteWriter& w, const MeshBone& b) {
  write_head(w, b.head);
  w.u32(b.name_hash);
  write_floats(w, b.matrix);
  w.u8(b.used_by_submeshes);
  w.u8(b.used_by_skeleton_lod_mapping);
}

void read_mesh_header(ReadContext& x, MeshHeader& h) {
  h.head = read_head(x, check::mesh_class, kMeshClass);
  read_fields(x.r, h, kMeshHeaderBytes);
  x.c.field("grb.category", h.category);
  x.c.field("grb.descriptor_mask", h.descriptor_mask);
  x.c.field("grb.generated", h.generated);
  if (!x.grb()) {
    // GRW only: kept; RR and AC Odyssey store an f32 MaxCullingDistance at this place.
    h.grw_word = x.r.u32("grw_word");
    float f;
    std::memcpy(&f, &h.grw_word, 4);
    x.c.field("grb.grw_word_u32", h.grw_word);
    x.c.field("grb.grw_word_f32", f);
  }
  h.submeshes = read_records<SubMeshRef>(x.r, "submesh_count", 1, "submeshes",
                                         [&](SubMeshRef& s, uint32_t) { read_submesh(x, s); });
  h.bones = read_records<MeshBone>(x.r, "bone_count", kBoneRecordSize, "bones",
                                   [&](MeshBone& b, uint32_t) { read_bone(x, b); });
  h.extent_min = read_floats<4>(x.r, "extent_min");
  h.extent_max = read_floats<4>(x.r, "extent_max");
  x.c.field("grb.extent_min_w", h.extent_min[3]);
  x.c.field("grb.extent_max_w", h.extent_max[3]);
  const uint64_t at = x.r.offset();
  h.compiled_tag = x.r.u8("compiled_tag");
  x.c.check(
      check::compiled_tag_inline, h.compiled_tag == kCompiledInline, x.r.path("compiled_tag"), at,
      [&] { return "CompiledMesh tag " + std::to_string(h.compiled_tag) + " is not 0 (inline)"; });
}

void write_mesh_header(ByteWriter& w, Dialect d, const MeshHeader& h) {
  write_head(w, h.head);
  write_fields(w, h, kMeshHeaderBytes);
  if (d == Dialect::Grw) w.u32(h.grw_word);
  write_records(w, h.submeshes, write_submesh);
  write_records(w, h.bones, write_bone);
  write_floats(w, h.extent_min);
  write_floats(w, h.extent_max);
  w.u8(h.compiled_tag);
}

}  // namespace f2g::grb
