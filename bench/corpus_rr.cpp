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
    make_character(spec, bones, format->find("JOINTS_1") ? 8 : 4, r);
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
