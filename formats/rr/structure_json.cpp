#include "formats/rr/structure_json.h"

#include "formats/common/error.h"
#include "formats/common/structure_json.h"

namespace f2g::rr {

namespace {

using Json = nlohmann::json;

Json header_json(const Header& h) {
  Json bones = Json::array();
  for (const MeshBone& b : h.bones)
    bones.push_back({{"offset", b.offset},
                     {"id", hex(b.id, 16)},
                     {"class", hex(b.bone_class, 8)},
                     {"name_hash", hex(b.name_hash, 8)},
                     {"matrix", b.matrix},
                     {"flag", b.flag}});
  Json j = {{"stored_bytes", byte_list_json(h.stored.data(), h.stored.size())},
            {"bone_count", h.bones.size()},
            {"bones", bones},
            {"extent_min", h.extent_min},
            {"extent_max", h.extent_max},
            {"pointer_tag", h.pointer_tag},
            {"compiled_mesh_id", hex(h.compiled_mesh_id, 16)}};
  add_fields_json(j, h, kHeaderFields);
  return j;
}

Json ranged_json(const Ranged& g, const Layout& l) {
  Json ranges = Json::array();
  for (size_t i = 0; i < g.ranges.size(); ++i) {
    const RangeRecord& r = g.ranges[i];
    Json j = {{"offset", r.offset},
              {"id", hex(r.id, 16)},
              {"class", hex(r.range_class, 8)},
              {"cluster_count", r.cluster_count},
              {"first_index", r.first_index},
              {"vertex_base", r.vertex_base}};
    if (i < l.spans.size()) {
      j["actual_index_count"] = l.spans[i].index_count;
      j["actual_triangle_count"] = l.spans[i].index_count / 3;
      j["actual_vertex_count"] = l.spans[i].vertex_count;
    }
    ranges.push_back(j);
  }
  Json descs = Json::array();
  for (const PrimitiveDesc& d : g.primitive_descs) {
    Json desc = {{"offset", d.offset},
                 {"primitive_type", d.primitive_type},
                 {"index_count", d.index_count},
                 {"first_index", d.first_index}};
    add_fields_json(desc, d, centre_box_fields<PrimitiveDesc>());
    descs.push_back(desc);
  }
  return {{"offset", g.offset},
          {"version", g.version},
          {"vertex_format", g.vertex_format},
          {"strides", g.strides},
          {"cluster_count", g.cluster_count},
          {"centre", g.centre},
          {"half_extent", g.half_extent},
          {"fixed_cluster_size", g.fixed_cluster_size},
          {"range_count", g.ranges.size()},
          {"ranges", ranges},
          {"primary", blob_json(g.streams[0])},
          {"positions", blob_json(g.streams[1])},
          {"skin", blob_json(g.streams[2])},
          {"indices", blob_json(g.streams[3])},
          {"primitive_desc_length", g.primitive_desc_length},
          {"primitive_desc_offset", g.primitive_desc_offset},
          {"primitive_descs", descs},
          {"extra_stream0", blob_json(g.extra_streams[0])},
          {"extra_stream1", blob_json(g.extra_streams[1])}};
}

Json mesh_data_json(const MeshData& d, const Layout& l) {
  Json objects = Json::array();
  for (size_t i = 0; i < d.objects.size(); ++i) {
    const MeshPrimitive& p = d.objects[i];
    Json j = {{"offset", p.offset},
              {"id", hex(p.id, 16)},
              {"class", hex(p.primitive_class, 8)},
              {"declared_vertex_count", p.vertex_count},
              {"declared_triangle_count", p.triangle_count}};
    add_fields_json(j, p, kPrimitiveWords);
    if (i < l.spans.size()) {
      j["actual_vertex_count"] = l.spans[i].vertex_count;
      j["actual_triangle_count"] = l.spans[i].index_count / 3;
      j["clamped_to_buffers"] = l.spans[i].clamped;
    }
    objects.push_back(j);
  }
  return {{"declaration_offset", d.declaration_offset},
          {"index_width", d.index_width},
          {"vertex_format", d.vertex_format},
          {"strides", d.strides},
          {"bones_per_vertex", d.bones_per_vertex},
          {"object_count", d.objects.size()},
          {"objects", objects},
          {"primary", blob_json(d.runs[0])},
          {"positions", blob_json(d.runs[1])},
          {"skin", blob_json(d.runs[2])},
          {"indices", blob_json(d.runs[3])}};
}

Json materials_json(const MaterialList& ml) {
  Json descs = Json::array();
  for (const Descriptor& d : ml.descriptors)
    descs.push_back({{"offset", d.offset},
                     {"id", hex(d.id, 16)},
                     {"class", hex(d.descriptor_class, 8)},
                     {"stored_word", hex(d.stored_word, 8)},
                     {"stored_byte0", d.stored_byte0},
                     {"vertex_count", d.vertex_count},
                     {"stored_byte1", d.stored_byte1},
                     {"material_id", hex(d.material_id, 16)}});
  Json refs = Json::array();
  for (const DynamicReference& g : ml.references)
    refs.push_back({{"offset", g.offset},
                    {"id", hex(g.id, 16)},
                    {"class", hex(g.reference_class, 8)},
                    {"stored_byte0", g.stored_byte0},
                    {"stored_byte1", g.stored_byte1},
                    {"reference", hex(g.reference, 16)},
                    {"stored_byte2", g.stored_byte2},
                    {"handle", hex(g.handle, 16)}});
  const Trailer& t = ml.trailer;
  return {{"descriptor_count", ml.descriptors.size()},
          {"descriptors", descs},
          {"platform_version", ml.platform_version},
          {"quantization_factor", ml.quantization_factor},
          {"reference_count", ml.references.size()},
          {"references", refs},
          {"trailer",
           {{"offset", t.offset},
            {"stored_bytes", byte_list_json(t.stored.data(), t.stored.size())},
            {"bools", t.bools},
            {"user_category", t.user_category}}}};
}

}  // namespace

Json structure_json(const MeshFile& m, const Layout& l) {
  Json j;
  j["format"] = "rr";
  j["layout"] = l.ranged ? "ranged" : "inline";
  j["resource"] = m.resource ? Json{{"identity", hex(m.resource->identity, 16)},
                                    {"class", hex(m.resource->mesh_class, 8)}}
                             : Json(nullptr);
  j["header"] = header_json(m.header);
  j["compiled"] = {{"offset", m.compiled.offset},
                   {"marker", hex(m.compiled.marker, 8)},
                   {"layout_selector", m.compiled.layout_selector},
                   {"object", head_json(m.compiled.head)}};
  if (m.ranged) {
    j["ranged"] = ranged_json(*m.ranged, l);
    j["mesh_data_head"] = head_json(m.ranged->mesh_data_head);
  }
  j["mesh_data"] = mesh_data_json(m.mesh_data, l);
  j["materials"] = materials_json(m.materials);
  j["vertex_format"] = {
      {"name", l.format ? l.format->name : ""}, {"kind", l.kind}, {"strides", l.strides}};
  j["counts"] = {{"vertices", l.vertex_count},
                 {"indices", l.index_count},
                 {"triangles", l.index_count / 3},
                 {"index_size", l.index_size},
                 {"primitives", l.spans.size()}};
  return j;
}

}  // namespace f2g::rr
