#include "formats/sws/to_ir.h"

#include <algorithm>
#include <cstring>

#include "formats/sws/mesh_builder.h"
#include "formats/sws/sws.h"

namespace f2g::sws {

namespace {

using Json = nlohmann::json;

// "_NORMAL_W" for NORMAL, "_BINORMAL_W" for _BINORMAL: where a varying w byte is kept.
std::string w_name(const std::string& semantic) {
  return (semantic[0] == '_' ? semantic : "_" + semantic) + "_W";
}

// docs/IR.md: TANGENT w = sign of dot(cross(N, T), B) when a binormal is stored, else +1.
void widen_tangent(ir::Attribute& t, const ir::Attribute* n, const ir::Attribute* b,
                   const std::vector<float>* stored_w) {
  const size_t count = t.vertex_count();
  std::vector<float> out(count * 4);
  for (size_t v = 0; v < count; ++v) {
    const float* tv = &t.f32[v * t.width];
    float w = 1.0f;
    if (stored_w) {
      w = (*stored_w)[v] < 0 ? -1.0f : 1.0f;
    } else if (n && b) {
      const float* nv = &n->f32[v * 3];
      const float* bv = &b->f32[v * 3];
      const double cx = double(nv[1]) * tv[2] - double(nv[2]) * tv[1];
      const double cy = double(nv[2]) * tv[0] - double(nv[0]) * tv[2];
      const double cz = double(nv[0]) * tv[1] - double(nv[1]) * tv[0];
      w = cx * bv[0] + cy * bv[1] + cz * bv[2] < 0 ? -1.0f : 1.0f;
    }
    std::memcpy(&out[v * 4], tv, 12);
    out[v * 4 + 3] = w;
  }
  t.f32 = std::move(out);
  t.width = 4;
}

void add_attributes(const Mesh& m, const VertexLayout& layout, ir::Mesh& out) {
  const CompiledData& d = m.compiled;
  const uint32_t n = vertex_count(d);
  Json w_bytes = Json::object();
  std::vector<float> tangent_w;
  bool tangent_has_w = false;
  for (const LayoutElement& e : layout.elements) {
    DecodedElement de = decode_element(e, d.streams.data(), d.stride, n);
    if (!de.w.empty()) {
      // docs/READING.md: the w byte is kept: in extras when constant, else as a custom attribute.
      bool constant = true;
      for (uint8_t w : de.w) constant = constant && w == de.w[0];
      if (constant) {
        w_bytes[e.def.semantic] = de.w[0];
      } else {
        ir::Attribute a;
        a.semantic = w_name(e.def.semantic);
        a.type = ir::Scalar::F32;
        a.width = 1;
        a.f32.assign(de.w.begin(), de.w.end());
        out.attributes.push_back(std::move(a));
      }
    }
    if (e.def.semantic == "TANGENT" && de.attribute.width == 4) {
      tangent_has_w = true;
      for (size_t v = 0; v < n; ++v) tangent_w.push_back(de.attribute.f32[v * 4 + 3]);
    }
    out.attributes.push_back(std::move(de.attribute));
  }
  if (ir::Attribute* t = out.find("TANGENT"))
    widen_tangent(*t, out.find("NORMAL"), out.find("_BINORMAL"),
                  tangent_has_w ? &tangent_w : nullptr);
  if (!w_bytes.empty()) out.extras["vertex_w_bytes"] = w_bytes;
}

void add_primitives(const Mesh& m, ir::Mesh& out) {
  const CompiledData& d = m.compiled;
  out.indices.assign(d.indices.begin(), d.indices.end());  // absolute, base vertex 0
  out.index_size = 2;
  for (size_t i = 0; i < d.ranges_a.size(); ++i) {
    const Range& g = d.ranges_a[i];
    ir::Primitive p;
    p.material = static_cast<uint32_t>(i);  // spec: range i uses material i
    p.first_index = g.first_index;
    p.index_count = g.triangle_count * 3;
    p.first_vertex = g.first_vertex;
    p.vertex_count = g.vertex_count;
    p.extras = {{"range", i}, {"unknown_0x14", g.unknown_0x14}};
    // docs/IR.md: a primitive's indices lie in its vertex span. Where the stored span misses
    // some (an Observed relation, already a warning), widen it and keep the stored values.
    uint32_t lo = g.first_vertex, hi = g.first_vertex + g.vertex_count;
    for (uint32_t k = p.first_index; k < p.first_index + p.index_count; ++k) {
      lo = std::min<uint32_t>(lo, d.indices[k]);
      hi = std::max<uint32_t>(hi, d.indices[k] + 1u);
    }
    if (lo != p.first_vertex || hi != p.first_vertex + p.vertex_count) {
      p.extras["stored_first_vertex"] = g.first_vertex;
      p.extras["stored_vertex_count"] = g.vertex_count;
      p.first_vertex = lo;
      p.vertex_count = hi - lo;
    }
    if (i < d.palettes.size()) p.extras["palette"] = palette_json(d.palettes[i]);
    out.primitives.push_back(std::move(p));
  }
  for (size_t i = 0; i < m.material_ids.size(); ++i) {
    ir::Material mat;
    mat.name = hex(m.material_ids[i], 8);
    mat.extras = {{"id", mat.name}, {"index", i}};
    out.materials.push_back(std::move(mat));
  }
}

Json mesh_extras(const Mesh& m, const VertexLayout& layout,
                 const std::vector<uint32_t>& submesh_ranges) {
  const CompiledData& d = m.compiled;
  Json x = Json::object();
  x["category"] = m.category;
  x["generated"] = m.generated;
  x["stored_11"] = hex_bytes(m.stored_11.data(), m.stored_11.size(), HexCase::Lower);
  x["flags"] = layout.flags;
  x["stride"] = layout.stride;
  x["compiled_unknown_0x1c"] = d.unknown_0x1c;
  Json second = Json::array();
  for (const Range& g : d.ranges_b) second.push_back(range_json(g));
  x["second_partition"] = second;
  x["palette_tail"] = hex_bytes(d.palette_tail.data(), d.palette_tail.size(), HexCase::Lower);
  if (!m.submeshes.empty()) {
    Json subs = Json::array();
    for (size_t k = 0; k < m.submeshes.size(); ++k) {
      Json s = submesh_summary(m.submeshes[k].submesh);
      if (k < submesh_ranges.size()) s["range"] = submesh_ranges[k];
      subs.push_back(std::move(s));
    }
    x["submeshes"] = subs;
  }
  return x;
}

}  // namespace

ir::Mesh to_ir(const Mesh& m, const VertexLayout& layout, const Sites& sites,
               const std::vector<uint32_t>& submesh_ranges, Checker& c,
               const DecodeOptions& options) {
  ir::Mesh out;
  out.name = options.name;
  out.source = {"sws", "compiled", options.source_path, m.id};
  out.vertex_count = vertex_count(m.compiled);
  if (out.vertex_count > 0 && !layout.find("POSITION"))
    throw DecodeFailure(Error{"SWS_VERTEX_FORMAT_NO_POSITION",
                              "flags " + hex(layout.flags) + " select no POSITION element",
                              "mesh/compiled.flags", sites.flags});
  out.extras = mesh_extras(m, layout, submesh_ranges);
  add_attributes(m, layout, out);
  add_primitives(m, out);
  add_skin(m, layout, sites, out, c);
  add_morph_targets(m, layout, out);
  return out;
}

}  // namespace f2g::sws
