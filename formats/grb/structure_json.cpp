#include "formats/grb/structure_json.h"

#include "formats/common/error.h"
#include "formats/common/structure_json.h"

namespace f2g::grb {

namespace {

using Json = nlohmann::json;

Json primitive(const MeshPrimitive& p) {
  Json j = {{"head", head_json(p.head)}};
  add_fields_json(j, p, kPrimitiveWords);
  return j;
}

Json mesh_header(const MeshHeader& h, Dialect d) {
  Json subs = Json::array();
  for (const SubMeshRef& s : h.submeshes) {
    Json j = {{"offset", s.offset}, {"tag", s.tag}};
    if (s.tag != kSubMeshNull) j["id"] = hex(s.id, 16);
    subs.push_back(j);
  }
  Json bones = Json::array();
  for (const MeshBone& b : h.bones)
    bones.push_back({{"head", head_json(b.head)},
                     {"name_hash", hex(b.name_hash, 8)},
                     {"matrix", b.matrix},
                     {"used_by_submeshes", b.used_by_submeshes},
                     {"used_by_skeleton_lod_mapping", b.used_by_skeleton_lod_mapping}});
  Json j = {{"head", head_json(h.head)},
            {"submesh_count", h.submeshes.size()},
            {"submeshes", subs},
            {"bone_count", h.bones.size()},
            {"bones", bones},
            {"extent_min", h.extent_min},
            {"extent_max", h.extent_max},
            {"compiled_tag", h.compiled_tag}};
  add_fields_json(j, h, kMeshHeaderBytes);
  if (d == Dialect::Grw) j["grw_word"] = hex(h.grw_word, 8);
  return j;
}

Json clustered(const Clustered& g, Dialect d) {
  Json descs = Json::array();
  for (const PrimitiveDesc& p : g.primitive_descs) {
    Json desc = {{"offset", p.offset},
                 {"vertex_stride", p.vertex_stride},
                 {"type", p.type_and_count & 0xFF},
                 {"index_count", p.index_count()},
                 {"start_index", p.start_index}};
    add_fields_json(desc, p, centre_box_fields<PrimitiveDesc>());
    descs.push_back(desc);
  }
  Json j = {{"head", head_json(g.head)},
            {"cluster_count_per_draw", g.cluster_count_per_draw},
            {"vertex_offset_per_draw", g.vertex_offset_per_draw},
            {"is_fixed_cluster_size", g.is_fixed_cluster_size},
            {"vertex_buffer", blob_json(g.vertex_buffer)},
            {"index_buffer", blob_json(g.index_buffer)},
            {"primitive_desc_offset", g.primitive_desc_offset},
            {"primitive_descs", descs}};
  add_fields_json(j, g, kClusteredPrefix);
  if (d == Dialect::Grb) j["blob_bytes"] = g.blob_bytes;
  return j;
}

Json mesh_data(const MeshData& m, Dialect d) {
  Json standard = Json::array(), shadow = Json::array();
  for (const MeshPrimitive& p : m.standard) standard.push_back(primitive(p));
  for (const MeshPrimitive& p : m.shadow) shadow.push_back(primitive(p));
  Json j = {{"head", head_json(m.head)},
            {"is_index_buffer_32bit", m.is_index_buffer_32bit},
            {"vertex_format", m.vertex_format},
            {"vertex_stride", m.vertex_stride},
            {"standard", standard},
            {"shadow", shadow},
            {"vertex_buffer", blob_json(m.vertex_buffer)},
            {"index_buffer", blob_json(m.index_buffer)}};
  if (d == Dialect::Grb) j["blob_bytes"] = m.blob_bytes;
  return j;
}

Json instancing(const Instancing& e) {
  Json j = {{"head", head_json(e.head)},
            {"shadow_caster", e.shadow_caster},
            {"material_id", hex(e.material_id, 16)},
            {"bone_table", byte_list_json(e.bone_table.data(), e.bone_table.size())}};
  add_fields_json(j, e, kInstancingWords);
  return j;
}

Json trailer(const Trailer& t, Dialect d) {
  Json j = {{"offset", t.offset},
            {"flags", t.flags},
            {"decal_type", t.decal_type},
            {"depth_flags", t.depth_flags},
            {"dynamic_mesh_vertex_count", t.dynamic_mesh_vertex_count},
            {"dynamic_mesh_index_count", t.dynamic_mesh_index_count},
            {"user_category", t.user_category}};
  if (d == Dialect::Grw) j["reserved"] = t.reserved;
  if (d == Dialect::Grb) {
    j["unnamed_i32"] = t.unnamed_i32;
    j["unnamed_u8"] = t.unnamed_u8;
  }
  return j;
}

}  // namespace

Json structure_json(const MeshFile& m, const Layout& l) {
  const Compiled& k = m.compiled;
  Json compiled = {{"head", head_json(k.head)},
                   {"platform_data", blob_json(k.platform_data)},
                   {"clustered_tag", k.clustered_tag},
                   {"mesh_data", mesh_data(k.mesh_data, m.dialect)}};
  add_fields_json(compiled, k, kCompiledVersions);
  if (k.clustered) compiled["clustered"] = clustered(*k.clustered, m.dialect);
  Json inst = Json::array();
  for (const Instancing& e : k.instancing) inst.push_back(instancing(e));
  compiled["instancing"] = inst;
  Json mats = Json::array();
  for (const DynamicReference& r : m.materials)
    mats.push_back({{"head", head_json(r.head)},
                    {"tag", r.tag},
                    {"global", r.global},
                    {"material_id", hex(r.material_id, 16)},
                    {"handle_tag", r.handle_tag},
                    {"handle_id", hex(r.handle_id, 16)}});
  Json j = {{"dialect", dialect_name(m.dialect)},
            // the table entry in use (census: "vertex_format"), and what the buffers hold
            {"vertex_format", l.format_byte},
            {"vertex_count", l.vertex_count},
            {"index_count", l.index_count},
            {"mesh", mesh_header(m.mesh, m.dialect)},
            {"compiled", compiled},
            {"material_count_offset", m.material_count_offset},
            {"materials", mats},
            {"trailer", trailer(m.trailer, m.dialect)}};
  if (m.file_header) {
    const FileHeader& f = *m.file_header;
    static const char* const kForms[] = {"short", "long", "gap"};
    j["file_header"] = {{"kind", f.kind},
                        {"stored", byte_list_json(f.stored.data(), f.stored.size())},
                        {"entry_count", f.entry_count},
                        {"entries_length", f.entries.size()}};
    // The form the kind byte does not imply: a Long header of kind 0, or a gap.
    if (f.form != (f.kind == 0 ? FileHeaderForm::Short : FileHeaderForm::Long))
      j["file_header"]["form"] = kForms[int(f.form)];
  }
  return j;
}

}  // namespace f2g::grb
