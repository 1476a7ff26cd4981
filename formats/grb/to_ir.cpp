// The stages normalise assembles besides geometry and skin: the source, one draw range per draw
// in stored order, one material per draw (named after MeshInstancingData i's id), and the
// stored fields glTF has no slot for as extras (docs/IR.md; docs/READING.md "Draws, indices
// and materials").
#include "formats/grb/to_ir.h"

#include <algorithm>
#include <string>

#include "formats/common/error.h"

namespace f2g::grb {

namespace {

using Json = ir::Json;

Json primitive_json(const MeshPrimitive& p) {
  Json j = {{"id", hex(p.head.id, 16)}};
  add_fields_json(j, p, kPrimitiveWords);
  return j;
}

}  // namespace

ir::Source mesh_source(const MeshFile& m, const Layout& l) {
  return {dialect_name(m.dialect), l.clustered ? "clustered" : "mesh_data", "", m.mesh.head.id};
}

Json mesh_extras(const MeshFile& m, const Layout& l) {
  const MeshHeader& h = m.mesh;
  const Compiled& k = m.compiled;
  Json e = Json::object();
  e["dialect"] = dialect_name(m.dialect);
  if (m.file_header && m.file_header->form == FileHeaderForm::Gap) {
    e["file_header_form"] = "gap";
    e["file_header_gap"] =
        hex_bytes(m.file_header->entries.data(), m.file_header->entries.size(), HexCase::Upper);
  } else if (m.file_header) {
    e["file_header_kind"] = m.file_header->kind;
    e["file_header_stored"] = hex_bytes(m.file_header->stored.data(), 3, HexCase::Upper);
    e["file_header_entry_count"] = m.file_header->entry_count;
    if (m.file_header->form == FileHeaderForm::Long && m.file_header->kind == 0)
      e["file_header_form"] = "long";
  }
  add_fields_json(e, h, kMeshHeaderBytes);
  if (m.dialect == Dialect::Grw) e["grw_word"] = hex(h.grw_word, 8);
  Json subs = Json::array();
  for (const SubMeshRef& s : h.submeshes)
    subs.push_back(s.tag == kSubMeshNull ? Json{{"tag", s.tag}}
                                         : Json{{"tag", s.tag}, {"id", hex(s.id, 16)}});
  e["submeshes"] = subs;
  e["extent_min"] = h.extent_min;
  e["extent_max"] = h.extent_max;
  e["compiled_id"] = hex(k.head.id, 16);
  e["platform_data_length"] = k.platform_data.bytes.size();
  if (k.clustered) {
    const Clustered& g = *k.clustered;
    e["clustered_id"] = hex(g.head.id, 16);
    e["clustered_data_version"] = g.data_version;
    e["clustered_cluster_count"] = g.cluster_count;
    e["clustered_center"] = g.center;
    e["clustered_half_extent"] = g.half_extent;
    e["is_fixed_cluster_size"] = g.is_fixed_cluster_size;
    e["mesh_data_buffer_lengths"] = std::to_string(k.mesh_data.vertex_buffer.bytes.size()) + "," +
                                    std::to_string(k.mesh_data.index_buffer.bytes.size());
  }
  e["mesh_data_id"] = hex(k.mesh_data.head.id, 16);
  e["vertex_format"] = l.format_byte;
  e["vertex_stride"] = l.stride;
  e["vertex_format_evidence"] = l.format->evidence;
  e["is_index_buffer_32bit"] = k.mesh_data.is_index_buffer_32bit;
  Json shadow = Json::array();
  for (const MeshPrimitive& p : k.mesh_data.shadow) shadow.push_back(primitive_json(p));
  e["shadow_primitives"] = shadow;
  add_fields_json(e, k, kCompiledVersions);
  const Trailer& t = m.trailer;
  e["trailer_flags"] = hex_bytes(t.flags.data(), t.flags.size(), HexCase::Upper);
  if (m.dialect == Dialect::Grw)
    e["trailer_reserved"] = hex_bytes(t.reserved.data(), 2, HexCase::Upper);
  e["decal_type"] = t.decal_type;
  e["trailer_depth_flags"] = hex_bytes(t.depth_flags.data(), t.depth_flags.size(), HexCase::Upper);
  e["dynamic_mesh_vertex_count"] = t.dynamic_mesh_vertex_count;
  e["dynamic_mesh_index_count"] = t.dynamic_mesh_index_count;
  if (m.dialect == Dialect::Grb) {
    e["trailer_unnamed_i32"] = t.unnamed_i32;
    e["trailer_unnamed_u8"] = t.unnamed_u8;
  }
  e["user_category"] = t.user_category;
  return e;
}

size_t range_count(const Layout& l) { return l.draws.size(); }

ir::Primitive range_primitive(const Layout& l, const std::vector<uint32_t>& indices, size_t i) {
  const Draw& d = l.draws[i];
  // The vertex range holds the declared span and every index drawn (a span warning keeps
  // the range honest), inside the buffer.
  uint64_t lo = std::min<uint64_t>(d.min_index, l.vertex_count);
  uint64_t hi = std::min<uint64_t>(d.min_index + d.num_vertices, l.vertex_count);
  for (uint64_t k = d.first_index; k < d.first_index + d.index_count; ++k) {
    lo = std::min<uint64_t>(lo, indices[k]);
    hi = std::max<uint64_t>(hi, uint64_t(indices[k]) + 1);
  }
  return primitive_over(d.first_index, d.index_count, lo, hi - lo);
}

Json range_extras(const MeshFile& m, const Layout&, size_t i) {
  const Compiled& k = m.compiled;
  Json e = primitive_json(k.mesh_data.standard[i]);
  if (k.clustered) {
    const Clustered& g = *k.clustered;
    const PrimitiveDesc& d = g.primitive_descs[i];
    e["cluster_count"] = g.cluster_count_per_draw[i];
    e["vertex_offset"] = g.vertex_offset_per_draw[i];
    add_fields_json(e, d, centre_box_fields<PrimitiveDesc>(), "desc_");
    e["desc_type"] = d.type_and_count & 0xFF;
  }
  const Instancing& s = k.instancing[i];
  e["instancing_id"] = hex(s.head.id, 16);
  e["shadow_caster"] = s.shadow_caster;
  add_fields_json(e, s, kInstancingWords, "instancing_");
  e["instancing_bone_table"] = hex_bytes(s.bone_table.data(), s.bone_table.size(), HexCase::Upper);
  return e;
}

// Draw i's material is instancing entry i's.
size_t material_count(const MeshFile&, const Layout& l) { return l.draws.size(); }

ir::Material material_of(const MeshFile& m, size_t i) {
  const Instancing& s = m.compiled.instancing[i];
  const DynamicReference& r = m.materials[i];
  ir::Material mat;
  mat.name = hex(s.material_id, 16);
  mat.extras = {{"id", mat.name},
                {"reference_id", hex(r.head.id, 16)},
                {"reference_tag", r.tag},
                {"reference_global", r.global},
                {"reference_material_id", hex(r.material_id, 16)},
                {"reference_handle_tag", r.handle_tag},
                {"reference_handle_id", hex(r.handle_id, 16)}};
  return mat;
}

}  // namespace f2g::grb
