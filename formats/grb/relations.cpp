#include "formats/grb/relations.h"

#include <string>

#include "formats/grb/grb_checks.h"

namespace f2g::grb {

namespace {

std::string item(const char* scope, const char* list, size_t i, const char* field) {
  return std::string(scope) + "/" + list + "[" + std::to_string(i) + "]." + field;
}

// The format byte and stride name the table entry: ClusteredMeshData's rule when there is
// one, MeshData's otherwise (docs/READING.md "MeshData").
void select_format(const MeshFile& m, const VertexFormats& formats, Checker& c, Layout& l) {
  const Compiled& k = m.compiled;
  const MeshData& d = k.mesh_data;
  const char* scope = l.clustered ? "mesh/compiled/clustered" : "mesh/compiled/mesh_data";
  const uint64_t at = l.clustered ? k.clustered->head.offset + kObjectHeaderSize + 4
                                  : d.head.offset + kObjectHeaderSize + 1;
  l.format_byte = l.clustered ? k.clustered->vertex_format : d.vertex_format;
  l.stride = l.clustered ? k.clustered->vertex_stride : d.vertex_stride;
  l.format = formats.find(l.format_byte);
  c.check(check::vertex_format_known, l.format != nullptr, std::string(scope) + ".vertex_format",
          at, [&] {
            return std::string(dialect_name(m.dialect)) + " vertex format " +
                   std::to_string(l.format_byte) + " (stride " + std::to_string(l.stride) +
                   ") has no entry in the " + dialect_name(m.dialect) +
                   " vertex-format table (known: " + formats.known() +
                   "); supply one with --vertex-formats";
          });
  c.check(check::vertex_stride_is_format_stride, l.stride == l.format->stride,
          std::string(scope) + ".vertex_stride", at + 1, [&] {
            return "VertexStride " + std::to_string(l.stride) + " is not the stride " +
                   std::to_string(l.format->stride) + " of " + dialect_name(m.dialect) +
                   " vertex format " + std::to_string(l.format_byte);
          });
  if (l.clustered) {
    const bool same = d.vertex_format == l.format_byte && d.vertex_stride == l.stride;
    c.check(check::mesh_data_format_matches_clustered, same,
            "mesh/compiled/mesh_data.vertex_format", d.head.offset + kObjectHeaderSize + 1, [&] {
              return "MeshData names format " + std::to_string(d.vertex_format) + " stride " +
                     std::to_string(d.vertex_stride) + ", ClusteredMeshData format " +
                     std::to_string(l.format_byte) + " stride " + std::to_string(l.stride) +
                     " (ClusteredMeshData's used)";
            });
  }
}

void check_counts(const MeshFile& m, const Layout& l, Checker& c) {
  const Compiled& k = m.compiled;
  const size_t draws = k.mesh_data.standard.size();
  const bool same = k.instancing.size() == draws && m.materials.size() == draws &&
                    (!l.clustered || k.clustered->draw_prims_count == draws);
  c.check(check::draw_counts_agree, same, "mesh/compiled.instancing_count",
          k.instancing_count_offset, [&] {
            return std::to_string(k.instancing.size()) + " instancing entries, " +
                   std::to_string(draws) + " standard MeshPrimitives, " +
                   (l.clustered ? std::to_string(k.clustered->draw_prims_count) : "no") +
                   " draw prims and " + std::to_string(m.materials.size()) +
                   " materials: one count is needed";
          });
}

// Clustered meshes: the value relations between MeshPrimitive i, the draw arrays and
// PrimitiveDescData i (warnings).
void check_clustered_draw(const Clustered& g, const MeshPrimitive& p, size_t i, Checker& c) {
  const uint64_t voff = g.vertex_offset_per_draw[i];
  c.check(check::min_index_equals_vertex_offset,
          g.vertex_stride != 0 && uint64_t(p.min_index) * g.vertex_stride == voff * 4,
          item("mesh/compiled/mesh_data", "standard", i, "min_index"), p.head.offset + 12, [&] {
            return "MinIndex " + std::to_string(p.min_index) + " is not VertexOffsetPerDrawPrim " +
                   std::to_string(voff) + " x 4 / " + std::to_string(g.vertex_stride);
          });
  const PrimitiveDesc& d = g.primitive_descs[i];
  const std::string pd = item("mesh/compiled/clustered", "primitive_descs", i, "");
  c.check(check::primitive_desc_start_equals_start_index, d.start_index == p.start_index,
          pd + "start_index", d.offset + 32, [&] {
            return "PrimitiveDescData start index " + std::to_string(d.start_index) +
                   " is not StartIndex " + std::to_string(p.start_index);
          });
  c.check(check::primitive_desc_count_3x_primitives,
          uint64_t(d.index_count()) == 3 * uint64_t(p.primitive_count), pd + "type_and_count",
          d.offset + 28, [&] {
            return "PrimitiveDescData index count " + std::to_string(d.index_count()) +
                   " is not 3 x " + std::to_string(p.primitive_count);
          });
  c.check(check::primitive_desc_stride_equals_vertex_stride, d.vertex_stride == g.vertex_stride,
          pd + "vertex_stride", d.offset + 24, [&] {
            return "PrimitiveDescData stride " + std::to_string(d.vertex_stride) +
                   " is not VertexStride " + std::to_string(g.vertex_stride);
          });
}

void check_materials(const MeshFile& m, Checker& c) {
  for (size_t i = 0; i < m.materials.size(); ++i) {
    const DynamicReference& r = m.materials[i];
    const Instancing& e = m.compiled.instancing[i];
    c.check(check::reference_equals_instancing_material, r.material_id == e.material_id,
            item("mesh", "materials", i, "material_id"), r.head.offset + 14, [&] {
              return "material " + hex(r.material_id, 16) + " is not instancing entry " +
                     std::to_string(i) + "'s " + hex(e.material_id, 16);
            });
    c.check(check::handle_equals_material, r.handle_id == r.material_id,
            item("mesh", "materials", i, "handle_id"), r.head.offset + 23, [&] {
              return "HandleId " + hex(r.handle_id, 16) + " is not MaterialId " +
                     hex(r.material_id, 16);
            });
  }
}

}  // namespace

Layout derive_layout(const MeshFile& m, const VertexFormats& formats, Checker& c) {
  const Compiled& k = m.compiled;
  const MeshData& d = k.mesh_data;
  Layout l;
  l.clustered = k.clustered.has_value();
  select_format(m, formats, c, l);
  l.vertices = l.clustered ? &k.clustered->vertex_buffer : &d.vertex_buffer;
  l.indices = l.clustered ? &k.clustered->index_buffer : &d.index_buffer;
  const std::string buf = l.clustered ? "mesh/compiled/clustered" : "mesh/compiled/mesh_data";
  c.check(check::vertex_buffer_whole_vertices, l.vertices->bytes.size() % l.stride == 0,
          buf + ".vertex_buffer", l.vertices->offset, [&] {
            return std::to_string(l.vertices->bytes.size()) +
                   " vertex bytes are not a multiple of the stride " + std::to_string(l.stride);
          });
  l.vertex_count = l.vertices->bytes.size() / l.stride;
  l.index_size = d.is_index_buffer_32bit ? 4 : 2;
  l.index_count = l.indices->bytes.size() / l.index_size;
  check_counts(m, l, c);
  for (size_t i = 0; i < d.standard.size(); ++i) {
    const MeshPrimitive& p = d.standard[i];
    Draw w{p.start_index, 3 * uint64_t(p.primitive_count), p.min_index, p.num_vertices};
    c.check(check::draw_inside_index_buffer,
            w.first_index <= l.index_count && w.index_count <= l.index_count - w.first_index,
            item("mesh/compiled/mesh_data", "standard", i, "primitive_count"), p.head.offset + 28,
            [&] {
              return "draw " + std::to_string(i) + "'s indices [" + std::to_string(w.first_index) +
                     ", " + std::to_string(w.first_index + w.index_count) + ") pass the " +
                     std::to_string(l.index_count) + " indices of the buffer";
            });
    if (l.clustered) check_clustered_draw(*k.clustered, p, i, c);
    const Instancing& e = k.instancing[i];
    c.check(check::instancing_vertex_count_mod_65536, e.vertex_count == (p.num_vertices & 0xFFFF),
            item("mesh/compiled", "instancing", i, "vertex_count"), e.head.offset + 19, [&] {
              return "instancing vertex count " + std::to_string(e.vertex_count) +
                     " is not NumVertices " + std::to_string(p.num_vertices) + " mod 65536";
            });
    l.draws.push_back(w);
  }
  check_materials(m, c);
  return l;
}

}  // namespace f2g::grb
