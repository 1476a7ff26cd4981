// Formats by the GRW census of 46,609 meshes (8: 17,825; 0: 10,654; 6: 6,446; 2: 5,745;
// 7: 714; 9: 36; 1: 7; 3: 1), leaving out format 16 (5,181), which no table decodes.
// Skinned formats make characters with global joints; the others static props with |w| = Q.
#include "bench/corpus_grb.h"

#include <algorithm>
#include <cstdio>

#include "bench/corpus_geometry.h"
#include "formats/grb/mesh_builder.h"
#include "formats/grb/mesh_codec.h"

namespace f2g::bench {
namespace {

uint64_t id64(Rng& r) { return (uint64_t(r.u32()) << 32) | r.u32(); }

}  // namespace

std::vector<GrbItem> plan_grb(uint32_t total, uint64_t seed) {
  static const std::pair<uint8_t, double> census[] = {{8, 17825}, {0, 10654}, {6, 6446}, {2, 5745},
                                                      {7, 714},   {9, 36},    {1, 7},    {3, 1}};
  double all = 0;
  for (const auto& c : census) all += c.second;
  std::vector<GrbItem> items(total);
  for (uint32_t i = 0; i < total; ++i) {
    GrbItem& it = items[i];
    it.index = i;
    it.seed = item_seed(seed, 22, i);
    Rng r(item_seed(seed, 21, i));
    double pick = r.uniform() * all;
    it.format = census[0].first;
    for (const auto& [format, n] : census) {
      if (pick < n) {
        it.format = format;
        break;
      }
      pick -= n;
    }
    char name[64];
    std::snprintf(name, sizeof name, "format%u/mesh_%05u_LOD%u.mesh", unsigned(it.format), i,
                  unsigned(r.range(0, 3)));
    it.path = name;
  }
  return items;
}

std::vector<uint8_t> grb_mesh_bytes(const GrbItem& item, MeshStats& stats) {
  Rng r(item.seed);
  const grb::VertexFormats& table = grb::builtin_vertex_formats(grb::Dialect::Grw);
  const grb::VertexFormat* format = table.find(item.format);
  const bool skinned = format->find("JOINTS_0") != nullptr;

  GeometrySpec spec;
  const uint32_t vertices =
      uint32_t(std::clamp(r.lognormal(skinned ? 2500 : 800, 1.0), 12.0, 40000.0));
  const uint32_t parts = r.chance(0.5) ? 1 : r.range(2, 6);
  spec.size = std::clamp(r.lognormal(5.0, 1.0), 0.2, 200.0);
  spec.uv_repeat = r.chance(0.6) ? 1.0 : r.uniform(1.5, 4.0);  // |uv| <= UVQ = 8
  spec.colours = true;
  spec.part_vertices = split_vertices(vertices, parts, 8, r);
  uint32_t bones = 0;
  if (skinned) {
    bones = r.range(8, 120);
    make_character(spec, bones, format->find("JOINTS_1") ? 8 : 4, r);
  } else if (r.chance(0.2)) {
    spec.offset = {r.uniform(-50, 50), r.uniform(-50, 50), r.uniform(0, 20)};
  }
  const Geometry g = make_geometry(spec, r);
  stats.vertices = g.vertex_count;
  stats.triangles = g.indices.size() / 3;

  grb::BuildInput in;
  in.dialect = grb::Dialect::Grw;
  in.vertex_format = item.format;
  in.clustered = r.chance(0.9);
  for (const grb::VertexElement& e : format->elements)
    in.attributes.push_back(attribute_for(e.semantic, g));
  in.vertex_count = g.vertex_count;
  in.indices = g.indices;
  for (const Part& p : g.parts)
    in.draws.push_back({p.first_index, p.index_count, p.first_vertex, p.vertex_count, id64(r)});
  for (uint32_t b = 0; b < bones; ++b) {
    grb::MeshBone mb;
    mb.name_hash = r.u32();
    mb.matrix = inverse_bind(b, bones, r);
    in.bones.push_back(mb);
  }
  if (!skinned)
    for (uint32_t v = 0; v < g.vertex_count; ++v) in.negative_w.push_back(r.chance(0.5));
  in.uvq = 8;
  in.class_id = id64(r);
  in.filler = 0x80;
  in.user_category = int32_t(r.range(0, 5));
  return grb::encode(grb::build_mesh(in, table));
}

}  // namespace f2g::bench
