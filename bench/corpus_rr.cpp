// Static formats: level pieces and props (s16 positions x QuantizationFactor); split formats:
// skinned characters and bikes with global joints. Ranged meshes split into ranges (u16
// indices relative to each range's vertex base); inline ones hold 1 to 4 objects.
#include "bench/corpus_rr.h"

#include <algorithm>
#include <cmath>

#include "bench/corpus_geometry.h"
#include "formats/rr/mesh_builder.h"
#include "formats/rr/mesh_codec.h"

namespace f2g::bench {
namespace {

// Set `set` (0 or 1) of the 4-wide slices of an 8-influence array, or the whole 4-wide one.
std::vector<uint8_t> influence_set(const std::vector<uint8_t>& all, uint32_t per_vertex, int set) {
  if (per_vertex == 4) return all;
  std::vector<uint8_t> out;
  out.reserve(all.size() / 2);
  for (size_t v = 0; v < all.size() / 8; ++v)
    out.insert(out.end(), all.begin() + v * 8 + set * 4, all.begin() + v * 8 + set * 4 + 4);
  return out;
}

ir::Attribute attribute_for(const std::string& semantic, const Geometry& g) {
  if (semantic == "POSITION") return ir::f32_attribute(semantic, 3, g.positions);
  if (semantic == "NORMAL") return ir::f32_attribute(semantic, 3, g.normals);
  if (semantic == "TANGENT") return ir::f32_attribute(semantic, 4, g.tangents);
  if (semantic == "TEXCOORD_0") return ir::f32_attribute(semantic, 2, g.uv0);
  if (semantic == "TEXCOORD_1" || semantic == "TEXCOORD_2")
    return ir::f32_attribute(semantic, 2, g.uv1);
  if (semantic == "COLOR_0") return ir::u8_attribute(semantic, 4, true, g.colours);
  const int set = semantic.back() == '1' ? 1 : 0;
  if (semantic.rfind("JOINTS_", 0) == 0)
    return ir::u8_attribute(semantic, 4, false, influence_set(g.joints, g.influences, set));
  return ir::u8_attribute(semantic, 4, true, influence_set(g.weights, g.influences, set));
}

}  // namespace

std::vector<uint8_t> rr_mesh_bytes(const RrItem& item, MeshStats& stats) {
  Rng r(item.seed);
  const rr::VertexFormats& table = rr::builtin_vertex_formats();
  const rr::VertexFormat* format = table.find(item.format);
  const bool skinned = format->find("JOINTS_0") != nullptr;

  GeometrySpec spec;
  uint32_t vertices = 0, parts = 1, bones = 0;
  if (item.big) {
    vertices = r.range(70000, 95000);  // spec: inline meshes of 72,260 and 93,906 vertices
    parts = r.range(1, 3);
    spec.size = r.uniform(100, 600);
  } else {
    vertices = uint32_t(std::clamp(r.lognormal(skinned ? 2500 : 800, 1.0), 12.0, 40000.0));
    parts = item.inline_layout ? (r.chance(0.6) ? r.range(2, 4) : 1)
                               : (r.chance(0.5) ? 1 : r.range(2, 6));
    spec.size = std::clamp(r.lognormal(5.0, 1.0), 0.2, 200.0);
  }
  if (r.chance(0.2)) spec.offset = {r.uniform(-50, 50), r.uniform(-50, 50), r.uniform(0, 20)};
  spec.uv_repeat = r.chance(0.6) ? 1.0 : r.uniform(1.5, 8.0);  // s16 / 2048 holds |u| < 16
  spec.colours = true;
  spec.part_vertices = split_vertices(vertices, parts, 8, r);
  if (skinned) {
    bones = r.range(8, 120);
    spec.shape = Shape::Character;
    spec.size = r.uniform(1.6, 2.2);
    spec.offset = {0, 0, 0};
    spec.influences = format->find("JOINTS_1") ? 8 : 4;
    for (size_t p = 0; p < spec.part_vertices.size(); ++p) {
      const uint32_t lo = uint32_t(p * bones / spec.part_vertices.size());
      const uint32_t hi = uint32_t((p + 1) * bones / spec.part_vertices.size());
      std::vector<uint8_t> list;
      for (uint32_t b = lo ? lo - 1 : 0; b < std::min(hi + 1, bones); ++b)
        list.push_back(uint8_t(b));
      spec.part_bones.push_back(list);
    }
  }
  const Geometry g = make_geometry(spec, r);
  stats.vertices = g.vertex_count;
  stats.triangles = g.indices.size() / 3;

  rr::BuildInput in;
  in.format = item.format;
  in.inline_layout = item.inline_layout;
  in.index_width = g.vertex_count > 65535 ? 1 : 0;
  if (r.chance(0.5)) in.resource_identity = (uint64_t(r.u32()) << 32) | r.u32();
  for (const rr::VertexElement& e : format->elements)
    in.attributes.push_back(attribute_for(e.semantic, g));
  in.vertex_count = g.vertex_count;
  in.indices = g.indices;
  for (const Part& p : g.parts)
    in.parts.push_back({p.first_index, p.index_count, p.first_vertex, p.vertex_count,
                        (uint64_t(r.u32()) << 32) | r.u32()});
  for (uint32_t b = 0; b < bones; ++b) {
    rr::MeshBone mb;
    mb.id = (uint64_t(r.u32()) << 32) | r.u32();
    mb.name_hash = r.u32();
    mb.matrix = inverse_bind(b, bones, r);
    in.bones.push_back(mb);
  }
  static const uint8_t masks[] = {0, 1, 2, 8, 16, 17, 18, 32, 64, 128};
  static const float culling[] = {0, 100, 660, 820, 2580};
  in.descriptor_mask = masks[r.range(0, 9)];
  in.max_culling_distance = culling[r.range(0, 4)];
  in.compiled_mesh_id = (uint64_t(r.u32()) << 32) | r.u32();
  in.cpu_copies = !item.inline_layout && !skinned && r.chance(2160.0 / 83800);
  in.user_category = r.range(0, 5);
  return rr::encode(rr::build_mesh(in, table));
}

}  // namespace f2g::bench
