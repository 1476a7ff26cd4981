#include "formats/rr/relations.h"

#include <algorithm>

#include "formats/common/error.h"
#include "formats/rr/rr_checks.h"

namespace f2g::rr {

std::string field_path(const char* scope, const char* field) {
  return std::string("mesh/") + scope + "." + field;
}

std::string item_path(const char* scope, const char* list, size_t index, const char* field) {
  return std::string("mesh/") + scope + "/" + list + "[" + std::to_string(index) + "]." + field;
}

namespace {

const char* const kStreamNames[4] = {"primary", "positions", "skin", "indices"};
const char* const kLengthNames[4] = {"primary_length", "positions_length", "skin_length",
                                     "indices_length"};

std::string strides_text(const std::array<uint32_t, 3>& s) {
  return std::to_string(s[0]) + ", " + std::to_string(s[1]) + ", " + std::to_string(s[2]);
}

// spec: vertex formats table; the kind and the strides together pick the entry.
void select_format(const MeshFile& m, const VertexFormats& formats, Layout& l, Checker& c) {
  const char* scope;
  uint64_t at;
  if (l.ranged) {
    l.kind = m.ranged->vertex_format;
    l.strides = m.ranged->strides;
    scope = "ranged";
    at = m.ranged->offset + 4;  // M+21
  } else {
    l.kind = m.mesh_data.vertex_format;
    for (int i = 0; i < 3; ++i) l.strides[i] = m.mesh_data.strides[i];
    scope = "mesh_data";
    at = m.mesh_data.declaration_offset + 1;
  }
  l.format = formats.find(l.kind, l.strides);
  c.check(check::stream_strides_match_format, l.format != nullptr,
          field_path(scope, "vertex_format"), at, [&] {
            return "vertex format kind " + std::to_string(l.kind) + " with stream strides " +
                   strides_text(l.strides) +
                   " has no entry in the vertex-format table (strides known for kind " +
                   std::to_string(l.kind) + ": " + formats.strides_known_for(l.kind) + ")";
          });
}

// Index width: ranged indices are u16 (spec: "Indices are u16 and relative to each range's
// vertex base. Proven"); inline ones follow the MeshData selector.
void select_index_width(const MeshFile& m, Layout& l, Checker& c) {
  const MeshData& d = m.mesh_data;
  const std::string path = field_path("mesh_data", "index_width");
  if (l.ranged) {
    l.index_size = 2;
    c.check(check::ranged_index_width_u16, d.index_width == 0, path, d.declaration_offset, [&] {
      return "index width selector " + std::to_string(d.index_width) +
             " on a ranged mesh, whose index stream is u16";
    });
    return;
  }
  c.check(check::index_width_known, d.index_width <= 1, path, d.declaration_offset, [&] {
    return "index width selector " + std::to_string(d.index_width) +
           " is neither 0 (u16) nor 1 (u32)";
  });
  l.index_size = d.index_width == 1 ? 4 : 2;
}

void check_streams(Layout& l, const char* scope, Checker& c) {
  for (int s = 0; s < 3; ++s) {
    const uint64_t len = l.streams[s]->bytes.size();
    if (l.strides[s] == 0) {
      c.check(check::static_separate_streams_empty, len == 0, field_path(scope, kLengthNames[s]),
              l.streams[s]->offset, [&] {
                return "the " + std::string(kStreamNames[s]) +
                       " stream of a format with stride 0 "
                       "there holds " +
                       std::to_string(len) + " bytes";
              });
      continue;
    }
    c.check(check::streams_whole_records, len % l.strides[s] == 0,
            field_path(scope, kLengthNames[s]), l.streams[s]->offset, [&] {
              return std::to_string(len) + " bytes are not whole " + std::to_string(l.strides[s]) +
                     "-byte records";
            });
  }
  const uint64_t ilen = l.indices->bytes.size();
  c.check(check::streams_whole_records, ilen % (3 * l.index_size) == 0,
          field_path(scope, kLengthNames[3]), l.indices->offset, [&] {
            return std::to_string(ilen) + " index bytes are not whole triangles of " +
                   std::to_string(l.index_size) + "-byte indices";
          });
  l.vertex_count = l.streams[0]->bytes.size() / l.strides[0];
  l.index_count = ilen / l.index_size;
  for (int s = 1; s < 3; ++s) {
    if (l.strides[s] == 0) continue;
    const uint64_t n = l.streams[s]->bytes.size() / l.strides[s];
    c.check(check::split_streams_sizes, n == l.vertex_count, field_path(scope, kLengthNames[s]),
            l.streams[s]->offset, [&] {
              return "the " + std::string(kStreamNames[s]) + " stream holds " + std::to_string(n) +
                     " vertices, the primary stream " + std::to_string(l.vertex_count);
            });
  }
}

// spec: "The first range begins at index and vertex zero; successive range boundaries
// partition the buffers." Range i spans [first_i, first_{i+1}) and [base_i, base_{i+1}).
void ranged_spans(const MeshFile& m, Layout& l, Checker& c) {
  const std::vector<RangeRecord>& ranges = m.ranged->ranges;
  if (ranges.empty()) {
    c.check(check::ranges_partition_buffers, l.vertex_count == 0 && l.index_count == 0,
            field_path("ranged", "range_count"), m.ranged->offset + 46, [&] {
              return "no ranges over " + std::to_string(l.vertex_count) + " vertices and " +
                     std::to_string(l.index_count) + " indices";
            });
    return;
  }
  const RangeRecord& r0 = ranges[0];
  c.check(check::first_range_starts_at_zero, r0.first_index == 0 && r0.vertex_base == 0,
          item_path("ranged", "ranges", 0, r0.first_index ? "first_index" : "vertex_base"),
          r0.offset + (r0.first_index ? 16 : 20), [&] {
            return "the first range starts at index " + std::to_string(r0.first_index) +
                   " and vertex " + std::to_string(r0.vertex_base);
          });
  // Each boundary is checked where it is stored: not before the previous one, not past the
  // buffers, and whole triangles since the previous one (the last range then ends on whole
  // triangles too, the index count being whole triangles).
  for (size_t i = 1; i < ranges.size(); ++i) {
    const RangeRecord& prev = ranges[i - 1];
    const RangeRecord& r = ranges[i];
    const bool index_ok = r.first_index >= prev.first_index && r.first_index <= l.index_count &&
                          (r.first_index - prev.first_index) % 3 == 0;
    c.check(check::ranges_partition_buffers, index_ok,
            item_path("ranged", "ranges", i, "first_index"), r.offset + 16, [&] {
              return "first index " + std::to_string(r.first_index) + " after " +
                     std::to_string(prev.first_index) +
                     " does not cut whole triangles out of the " + std::to_string(l.index_count) +
                     " indices";
            });
    const bool vertex_ok = r.vertex_base >= prev.vertex_base && r.vertex_base <= l.vertex_count;
    c.check(check::ranges_partition_buffers, vertex_ok,
            item_path("ranged", "ranges", i, "vertex_base"), r.offset + 20, [&] {
              return "vertex base " + std::to_string(r.vertex_base) + " after " +
                     std::to_string(prev.vertex_base) + " is not inside the " +
                     std::to_string(l.vertex_count) + " vertices";
            });
  }
  for (size_t i = 0; i < ranges.size(); ++i) {
    const RangeRecord& r = ranges[i];
    const bool last = i + 1 == ranges.size();
    const uint64_t index_end = last ? l.index_count : ranges[i + 1].first_index;
    const uint64_t vertex_end = last ? l.vertex_count : ranges[i + 1].vertex_base;
    Span s;
    s.first_index = r.first_index;
    s.index_count = index_end - r.first_index;
    s.first_vertex = r.vertex_base;
    s.vertex_count = vertex_end - r.vertex_base;
    l.spans.push_back(s);
  }
}

// The MeshPrimitive records of a ranged mesh declare the ranges' counts again; the buffers
// rule where they disagree (spec: GFX_WireFrame_Wall_01_LOD0).
void check_ranged_records(const MeshFile& m, Layout& l, Checker& c) {
  const std::vector<MeshPrimitive>& objects = m.mesh_data.objects;
  const std::vector<RangeRecord>& ranges = m.ranged->ranges;
  c.check(check::primitive_records_match_ranges, objects.size() == ranges.size(),
          field_path("mesh_data", "object_count"), m.mesh_data.declaration_offset + 6, [&] {
            return std::to_string(objects.size()) + " MeshPrimitive records for " +
                   std::to_string(ranges.size()) + " ranges";
          });
  for (size_t i = 0; i < std::min(objects.size(), ranges.size()); ++i) {
    const MeshPrimitive& p = objects[i];
    Span& s = l.spans[i];
    c.check(check::primitive_records_match_ranges,
            p.vertex_base == s.first_vertex && p.first_index == s.first_index,
            item_path("mesh_data", "objects", i, "vertex_base"), p.offset + 12, [&] {
              return "record starts at vertex " + std::to_string(p.vertex_base) + ", index " +
                     std::to_string(p.first_index) + "; its range at " +
                     std::to_string(s.first_vertex) + ", " + std::to_string(s.first_index);
            });
    s.has_declared = true;
    s.declared_vertex_count = p.vertex_count;
    s.declared_triangle_count = p.triangle_count;
    c.check(check::declared_counts_match_buffers,
            p.vertex_count == s.vertex_count && uint64_t(p.triangle_count) * 3 == s.index_count,
            item_path("mesh_data", "objects", i, "vertex_count"), p.offset + 20, [&] {
              return "declares " + std::to_string(p.vertex_count) + " vertices and " +
                     std::to_string(p.triangle_count) + " triangles; the buffers hold " +
                     std::to_string(s.vertex_count) + " and " + std::to_string(s.index_count / 3) +
                     " (the buffers are used)";
            });
  }
  const MeshData& d = m.mesh_data;
  const Ranged& g = *m.ranged;
  bool same = d.vertex_format == g.vertex_format;
  for (int i = 0; i < 3; ++i) same = same && d.strides[i] == g.strides[i];
  c.check(check::mesh_data_matches_clustered, same, field_path("mesh_data", "vertex_format"),
          d.declaration_offset + 1, [&] {
            return "MeshData declares kind " + std::to_string(d.vertex_format) + " strides " +
                   std::to_string(d.strides[0]) + ", " + std::to_string(d.strides[1]) + ", " +
                   std::to_string(d.strides[2]) + "; ClusteredMeshData kind " +
                   std::to_string(g.vertex_format) + " strides " + strides_text(g.strides);
          });
}

// spec: PrimitiveDescData, one 32-byte record per range.
void check_primitive_descs(const MeshFile& m, const Layout& l, Checker& c) {
  const Ranged& g = *m.ranged;
  for (size_t i = 0; i < std::min(g.primitive_descs.size(), l.spans.size()); ++i) {
    const PrimitiveDesc& d = g.primitive_descs[i];
    const Span& s = l.spans[i];
    c.check(check::primitive_desc_index_count_3x_triangles, d.index_count == s.index_count,
            item_path("ranged", "primitive_descs", i, "index_count"), d.offset + 25, [&] {
              return "index count " + std::to_string(d.index_count) + ", the range holds " +
                     std::to_string(s.index_count / 3) + " triangles";
            });
    c.check(check::primitive_desc_first_index_equals_range, d.first_index == s.first_index,
            item_path("ranged", "primitive_descs", i, "first_index"), d.offset + 28, [&] {
              return "first index " + std::to_string(d.first_index) + ", the range's " +
                     std::to_string(s.first_index);
            });
  }
  if (g.primitive_descs.size() == 1) {
    const PrimitiveDesc& d = g.primitive_descs[0];
    c.check(check::primitive_desc_bounds_single_range,
            d.centre == g.centre && d.half_extent == g.half_extent,
            item_path("ranged", "primitive_descs", 0, "centre"), d.offset,
            [&] { return std::string("the single range's bounds differ from the header's"); });
  }
}

// spec: "Final four runs ... the first and last filled on 2,160"; "The first trailer bool is
// 1 on exactly the 2,160 meshes with filled CPU-side runs".
void check_cpu_copies(const MeshFile& m, const Layout& l, Checker& c) {
  const MeshData& d = m.mesh_data;
  bool filled = false;
  for (int i = 0; i < 4; ++i) {
    const Blob& run = d.runs[i];
    const Blob& buffer = i < 3 ? *l.streams[i] : *l.indices;
    filled = filled || !run.bytes.empty();
    c.check(check::cpu_copies_match_buffers, run.bytes.empty() || run.bytes == buffer.bytes,
            field_path("mesh_data", kStreamNames[i]), run.offset + 4, [&] {
              return std::to_string(run.bytes.size()) + " bytes that are not a copy of the " +
                     std::to_string(buffer.bytes.size()) + "-byte " + kStreamNames[i] + " buffer";
            });
  }
  const Trailer& t = m.materials.trailer;
  c.check(check::first_bool_marks_cpu_copies, (t.bools[0] != 0) == filled,
          "mesh/materials/trailer.bools", t.offset + t.stored.size(), [&] {
            return "first bool " + std::to_string(t.bools[0]) + " with the final runs " +
                   (filled ? "filled" : "empty");
          });
}

// spec: "Object vertex and index intervals tile their shared buffers in record order." A
// last object whose declared counts run past the buffers is cut to them with a warning (the
// buffers, not the declared counts, describe the mesh); any other gap or overlap is an error.
void inline_spans(const MeshFile& m, Layout& l, Checker& c) {
  const std::vector<MeshPrimitive>& objects = m.mesh_data.objects;
  if (objects.empty()) {
    c.check(check::objects_tile_buffers, l.vertex_count == 0 && l.index_count == 0,
            field_path("mesh_data", "object_count"), m.mesh_data.declaration_offset + 6, [&] {
              return "no objects over " + std::to_string(l.vertex_count) + " vertices and " +
                     std::to_string(l.index_count) + " indices";
            });
    return;
  }
  uint64_t vertex_at = 0, index_at = 0;
  for (size_t i = 0; i < objects.size(); ++i) {
    const MeshPrimitive& p = objects[i];
    const bool last = i + 1 == objects.size();
    c.check(check::objects_tile_buffers, p.vertex_base == vertex_at,
            item_path("mesh_data", "objects", i, "vertex_base"), p.offset + 12, [&] {
              return "starts at vertex " + std::to_string(p.vertex_base) + ", expected " +
                     std::to_string(vertex_at);
            });
    c.check(check::objects_tile_buffers, p.first_index == index_at,
            item_path("mesh_data", "objects", i, "first_index"), p.offset + 24, [&] {
              return "starts at index " + std::to_string(p.first_index) + ", expected " +
                     std::to_string(index_at);
            });
    Span s;
    s.first_vertex = p.vertex_base;
    s.first_index = p.first_index;
    s.vertex_count = p.vertex_count;
    s.index_count = 3 * uint64_t(p.triangle_count);
    s.has_declared = true;
    s.declared_vertex_count = p.vertex_count;
    s.declared_triangle_count = p.triangle_count;
    const uint64_t vertex_room = l.vertex_count - s.first_vertex;  // tiling keeps it >= 0
    const uint64_t index_room = l.index_count - s.first_index;
    const bool over = s.vertex_count > vertex_room || s.index_count > index_room;
    if (last && over) {
      c.check(check::declared_counts_match_buffers, false,
              item_path("mesh_data", "objects", i, "vertex_count"), p.offset + 20, [&] {
                return "declares " + std::to_string(p.vertex_count) + " vertices and " +
                       std::to_string(p.triangle_count) + " triangles; the buffers hold " +
                       std::to_string(vertex_room) + " and " + std::to_string(index_room / 3) +
                       " from its start (cut to the buffers)";
              });
      s.vertex_count = std::min(s.vertex_count, vertex_room);
      s.index_count = std::min(s.index_count, index_room);
      s.clamped = true;
    }
    const bool vertex_fit = last ? s.vertex_count == vertex_room : s.vertex_count <= vertex_room;
    const bool index_fit = last ? s.index_count == index_room : s.index_count <= index_room;
    c.check(check::objects_tile_buffers, vertex_fit,
            item_path("mesh_data", "objects", i, "vertex_count"), p.offset + 20, [&] {
              return std::to_string(s.vertex_count) + " vertices from " +
                     std::to_string(s.first_vertex) + (last ? " do not end at " : " run past ") +
                     "the " + std::to_string(l.vertex_count) + " vertices of the buffers";
            });
    c.check(check::objects_tile_buffers, index_fit,
            item_path("mesh_data", "objects", i, "triangle_count"), p.offset + 28, [&] {
              return std::to_string(s.index_count) + " indices from " +
                     std::to_string(s.first_index) + (last ? " do not end at " : " run past ") +
                     "the " + std::to_string(l.index_count) + " indices of the buffers";
            });
    vertex_at = s.first_vertex + s.vertex_count;
    index_at = s.first_index + s.index_count;
    l.spans.push_back(s);
  }
}

// spec: "Material list" and "Registry names".
void check_material_list(const MeshFile& m, const Layout& l, Checker& c) {
  const MaterialList& ml = m.materials;
  const size_t n = l.spans.size();
  c.check(check::descriptor_count_equals_primitives, ml.descriptors.size() == n,
          "mesh/materials.descriptor_count", ml.descriptor_count_offset, [&] {
            return std::to_string(ml.descriptors.size()) + " descriptors for " + std::to_string(n) +
                   (l.ranged ? " ranges" : " objects");
          });
  c.check(check::reference_count_equals_descriptors, ml.references.size() == ml.descriptors.size(),
          "mesh/materials.reference_count", ml.reference_count_offset, [&] {
            return std::to_string(ml.references.size()) + " DynamicReference groups for " +
                   std::to_string(ml.descriptors.size()) + " descriptors";
          });
  c.check(check::platform_version_31, ml.platform_version == kPlatformVersion,
          "mesh/materials.platform_version", ml.platform_offset, [&] {
            return "PlatformVersion " + std::to_string(ml.platform_version) + ", expected 31";
          });
  for (size_t i = 0; i < std::min(ml.references.size(), ml.descriptors.size()); ++i) {
    const DynamicReference& g = ml.references[i];
    const uint64_t material = ml.descriptors[i].material_id;
    const bool ref_ok = g.reference == material;
    c.check(check::dynamic_reference_equals_material, ref_ok && g.handle == material,
            item_path("materials", "references", i, ref_ok ? "handle" : "reference"),
            g.offset + (ref_ok ? 23 : 14), [&] {
              return "reference " + hex(g.reference, 16) + " and handle " + hex(g.handle, 16) +
                     " for material " + hex(material, 16);
            });
  }
  for (size_t i = 0; i < std::min(ml.descriptors.size(), n); ++i) {
    const Descriptor& d = ml.descriptors[i];
    const Span& s = l.spans[i];
    const uint64_t count = s.has_declared ? s.declared_vertex_count : s.vertex_count;
    c.check(check::descriptor_vertex_count_mod_65536, d.vertex_count == count % 65536,
            item_path("materials", "descriptors", i, "vertex_count"), d.offset + 17, [&] {
              return "vertex count " + std::to_string(d.vertex_count) + ", expected " +
                     std::to_string(count) + " modulo 65536 = " + std::to_string(count % 65536);
            });
  }
}

void check_bones_per_vertex(const MeshFile& m, const Layout& l, Checker& c) {
  if (l.strides[2] == 0) return;
  const uint8_t bpv = m.mesh_data.bones_per_vertex;
  c.check(check::bones_per_vertex_matches_skin, bpv == l.strides[2] / 2,
          field_path("mesh_data", "bones_per_vertex"), m.mesh_data.declaration_offset + 5, [&] {
            return "NbBonesPerVertex " + std::to_string(bpv) + " with " +
                   std::to_string(l.strides[2]) + "-byte skin records";
          });
}

}  // namespace

Layout derive_layout(const MeshFile& m, const VertexFormats& formats, Checker& c) {
  Layout l;
  l.ranged = m.is_ranged();
  select_format(m, formats, l, c);
  select_index_width(m, l, c);
  const std::array<Blob, 4>& buffers = l.ranged ? m.ranged->streams : m.mesh_data.runs;
  for (int i = 0; i < 3; ++i) l.streams[i] = &buffers[i];
  l.indices = &buffers[3];
  check_streams(l, l.ranged ? "ranged" : "mesh_data", c);
  if (l.ranged) {
    ranged_spans(m, l, c);
    check_ranged_records(m, l, c);
    check_primitive_descs(m, l, c);
    check_cpu_copies(m, l, c);
  } else {
    inline_spans(m, l, c);
  }
  check_bones_per_vertex(m, l, c);
  check_material_list(m, l, c);
  return l;
}

}  // namespace f2g::rr
