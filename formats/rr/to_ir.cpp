// The stages normalise assembles besides geometry and skin: the source, one draw range per range
// or inline object in stored order, one material per descriptor, and the stored fields glTF
// has no slot for as extras (docs/IR.md).
#include "formats/rr/to_ir.h"

#include <string>

#include "formats/common/error.h"

namespace f2g::rr {

namespace {

using Json = ir::Json;

template <size_t N>
Json vec(const std::array<float, N>& v) {
  static const char* names[4] = {"x", "y", "z", "w"};
  Json o = Json::object();
  for (size_t i = 0; i < N; ++i) o[names[i]] = v[i];
  return o;
}

std::string strides_text(const std::array<uint32_t, 3>& s) {
  return std::to_string(s[0]) + "," + std::to_string(s[1]) + "," + std::to_string(s[2]);
}

}  // namespace

ir::Source mesh_source(const MeshFile& m, const Layout& l) {
  // The body carries no id of its own: the resource identity names the object when there
  // is a resource header, else 0.
  return {"rr", l.ranged ? "ranged" : "inline", "", m.resource ? m.resource->identity : 0};
}

// Header fields, stored words and the trailer: small values only, no arrays.
Json mesh_extras(const MeshFile& m, const Layout& l) {
  const Header& h = m.header;
  Json e = Json::object();
  if (m.resource) e["resource_identity"] = hex(m.resource->identity, 16);
  add_fields_json(e, h, kHeaderFields);
  e["header_stored_bytes"] = hex_bytes(h.stored.data(), h.stored.size(), HexCase::Upper);
  e["extent_min"] = vec(h.extent_min);
  e["extent_max"] = vec(h.extent_max);
  e["pointer_tag"] = h.pointer_tag;
  e["compiled_mesh_id"] = hex(h.compiled_mesh_id, 16);
  e["layout_selector"] = m.compiled.layout_selector;
  e["layout_object_id"] = hex(m.compiled.head.id, 16);
  if (m.ranged) {
    const Ranged& g = *m.ranged;
    e["clustered_version"] = g.version;
    e["clustered_cluster_count"] = g.cluster_count;
    e["centre"] = vec(g.centre);
    e["half_extent"] = vec(g.half_extent);
    e["fixed_cluster_size"] = g.fixed_cluster_size;
    e["extra_stream0_length"] = g.extra_streams[0].bytes.size();
    e["extra_stream1_length"] = g.extra_streams[1].bytes.size();
    e["mesh_data_id"] = hex(g.mesh_data_head.id, 16);
    e["cpu_copy_lengths"] = std::to_string(m.mesh_data.runs[0].bytes.size()) + "," +
                            std::to_string(m.mesh_data.runs[1].bytes.size()) + "," +
                            std::to_string(m.mesh_data.runs[2].bytes.size()) + "," +
                            std::to_string(m.mesh_data.runs[3].bytes.size());
  }
  e["vertex_format"] = l.format->name;
  e["vertex_format_kind"] = l.kind;
  e["strides"] = strides_text(l.strides);
  e["index_width"] = m.mesh_data.index_width;
  e["bones_per_vertex"] = m.mesh_data.bones_per_vertex;
  const MaterialList& ml = m.materials;
  e["platform_version"] = ml.platform_version;
  e["quantization_factor"] = ml.quantization_factor;
  e["trailer_stored_bytes"] =
      hex_bytes(ml.trailer.stored.data(), ml.trailer.stored.size(), HexCase::Upper);
  e["trailer_bools"] = hex_bytes(ml.trailer.bools.data(), ml.trailer.bools.size(), HexCase::Upper);
  e["user_category"] = ml.trailer.user_category;
  return e;
}

size_t range_count(const Layout& l) { return l.spans.size(); }

ir::Primitive range_primitive(const Layout& l, const std::vector<uint32_t>&, size_t i) {
  const Span& s = l.spans[i];
  return primitive_over(s.first_index, s.index_count, s.first_vertex, s.vertex_count);
}

Json range_extras(const MeshFile& m, const Layout& l, size_t i) {
  const Span& s = l.spans[i];
  Json e = Json::object();
  if (m.ranged) {
    const RangeRecord& r = m.ranged->ranges[i];
    const PrimitiveDesc& d = m.ranged->primitive_descs[i];
    e["range_id"] = hex(r.id, 16);
    e["cluster_count"] = r.cluster_count;
    e["desc_type"] = d.primitive_type;
    e["desc_index_count"] = d.index_count;
  }
  if (i < m.mesh_data.objects.size()) {
    const MeshPrimitive& p = m.mesh_data.objects[i];
    e["object_id"] = hex(p.id, 16);
    e["depth_only"] = p.depth_only;
    e["type"] = p.primitive_type;
    e["declared_vertex_count"] = p.vertex_count;
    e["declared_triangle_count"] = p.triangle_count;
  }
  if (s.clamped) e["clamped_to_buffers"] = true;
  return e;
}

// spec: one descriptor per range, in order.
size_t material_count(const MeshFile& m, const Layout&) { return m.materials.descriptors.size(); }

ir::Material material_of(const MeshFile& m, size_t i) {
  const Descriptor& d = m.materials.descriptors[i];
  ir::Material mat;
  mat.name = hex(d.material_id, 16);
  mat.extras = {{"id", mat.name},
                {"descriptor_id", hex(d.id, 16)},
                {"stored_word", hex(d.stored_word, 8)},
                {"stored_byte0", d.stored_byte0},
                {"stored_byte1", d.stored_byte1},
                {"vertex_count", d.vertex_count}};
  if (i < m.materials.references.size()) {
    const DynamicReference& g = m.materials.references[i];
    mat.extras["reference_id"] = hex(g.id, 16);
    mat.extras["reference_stored_bytes"] = std::to_string(g.stored_byte0) + "," +
                                           std::to_string(g.stored_byte1) + "," +
                                           std::to_string(g.stored_byte2);
  }
  return mat;
}

}  // namespace f2g::rr
