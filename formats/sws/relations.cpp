#include "formats/sws/relations.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <utility>

#include "formats/sws/mesh_build.h"
#include "formats/sws/sws_checks.h"

namespace f2g::sws {

namespace {

using Keyed = std::pair<PositionKey, uint32_t>;  // position bits, compiled vertex
using Triangle = std::array<PositionKey, 3>;     // sorted: the same triangle in any vertex order

struct Stream {
  const uint8_t* base;
  uint32_t stride;
  const uint8_t* at(uint32_t v, uint32_t offset) const {
    return base + size_t(v) * stride + offset;
  }
};

std::vector<Keyed> range_keys(const Stream& s, const Range& g, uint32_t po) {
  std::vector<Keyed> k;
  k.reserve(g.vertex_count);
  for (uint32_t v = g.first_vertex; v < g.first_vertex + g.vertex_count; ++v)
    k.push_back({position_key(s.at(v, po)), v});
  std::sort(k.begin(), k.end());
  return k;
}

std::vector<PositionKey> submesh_keys(const SubMesh& sm) {
  std::vector<PositionKey> k(sm.positions.size());
  for (size_t i = 0; i < k.size(); ++i) std::memcpy(k[i].bits, sm.positions[i].data(), 12);
  return k;
}

bool same_positions(std::vector<PositionKey> sub, const std::vector<Keyed>& range) {
  if (sub.size() != range.size()) return false;
  std::sort(sub.begin(), sub.end());
  for (size_t i = 0; i < sub.size(); ++i)
    if (!(sub[i] == range[i].first)) return false;
  return true;
}

Triangle sorted(Triangle t) {
  std::sort(t.begin(), t.end());
  return t;
}

// The compiled vertices of the range at a SubMesh vertex's position.
std::pair<const Keyed*, const Keyed*> candidates(const std::vector<Keyed>& keys,
                                                 const PositionKey& k) {
  auto lo = std::lower_bound(keys.begin(), keys.end(), Keyed{k, 0});
  auto hi = lo;
  while (hi != keys.end() && hi->first == k) ++hi;
  return {keys.data() + (lo - keys.begin()), keys.data() + (hi - keys.begin())};
}

// The first SubMesh vertex none of whose candidates holds `value(v)` at `offset` of `s`,
// or -1.
template <class T>
int64_t first_unmatched(const std::vector<Keyed>& keys, const std::vector<PositionKey>& sub,
                        const Stream& s, uint32_t offset, const std::vector<T>& values) {
  for (size_t v = 0; v < sub.size() && v < values.size(); ++v) {
    auto [lo, hi] = candidates(keys, sub[v]);
    bool ok = false;
    for (const Keyed* c = lo; c != hi && !ok; ++c)
      ok = std::memcmp(s.at(c->second, offset), &values[v], sizeof(T)) == 0;
    if (!ok) return int64_t(v);
  }
  return -1;
}

}  // namespace

std::vector<uint32_t> check_submesh_geometry(const Mesh& m, const VertexLayout& layout,
                                             const Sites& sites, Checker& c) {
  std::vector<uint32_t> matched;
  const LayoutElement* pos = layout.find("POSITION");
  if (m.submeshes.empty() || !pos) return matched;
  const CompiledData& d = m.compiled;
  const uint32_t po = pos->offset;
  const uint64_t stream_bytes = d.vertex_bytes;
  const Stream base{d.streams.data(), d.stride};
  std::vector<bool> used(d.ranges_a.size(), false);

  for (size_t k = 0; k < m.submeshes.size(); ++k) {
    const SubMesh& sm = m.submeshes[k].submesh;
    const SubMeshSite& site = sites.submeshes[k];
    const std::string path = "mesh/submeshes[" + std::to_string(k) + "]";
    const std::vector<PositionKey> sub = submesh_keys(sm);

    // spec: the range drawn with the SubMesh's material holds its positions bit for bit.
    int64_t found = -1;
    std::vector<Keyed> keys;
    for (size_t i = 0; i < d.ranges_a.size() && i < m.material_ids.size() && found < 0; ++i) {
      if (used[i] || m.material_ids[i] != sm.material_id) continue;
      keys = range_keys(base, d.ranges_a[i], po);
      if (same_positions(sub, keys)) found = int64_t(i);
    }
    c.check(
        check::submesh_positions_equal_range, found >= 0, path + ".positions", site.positions, [&] {
          return "no unused range drawn with material " + hex(sm.material_id, 8) +
                 " holds the SubMesh's " + std::to_string(sub.size()) + " positions bit for bit";
        });
    if (found < 0) continue;  // an observer saw the error; nothing to match against
    used[size_t(found)] = true;
    matched.push_back(uint32_t(found));
    const Range& g = d.ranges_a[size_t(found)];

    // spec: the same triangles, in another vertex and triangle order.
    std::vector<Triangle> a, b;
    for (size_t t = 0; t + 2 < sm.indices.size(); t += 3)
      a.push_back(sorted({sub[sm.indices[t]], sub[sm.indices[t + 1]], sub[sm.indices[t + 2]]}));
    for (uint64_t t = 0; t < uint64_t(g.triangle_count) * 3; t += 3) {
      const uint16_t* i = &d.indices[g.first_index + t];
      b.push_back(sorted({position_key(base.at(i[0], po)), position_key(base.at(i[1], po)),
                          position_key(base.at(i[2], po))}));
    }
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    c.check(check::submesh_triangles_equal_range, a == b, path + ".indices", site.indices, [&] {
      return "the SubMesh's " + std::to_string(a.size()) + " triangles differ from range " +
             std::to_string(found) + "'s " + std::to_string(b.size());
    });

    // spec: channel k is morph stream k + 1, positions equal at the matching vertices.
    for (size_t j = 0; j < sm.morph_channels.size() && j < d.extra_streams; ++j) {
      const Stream morph{d.streams.data() + stream_bytes * (j + 1), d.stride};
      const int64_t bad = first_unmatched(keys, sub, morph, po, sm.morph_channels[j].positions);
      c.check(check::morph_channel_positions_equal_stream, bad < 0,
              path + "/morph_channels[" + std::to_string(j) + "].positions",
              site.morph_positions[j], [&] {
                return "vertex " + std::to_string(bad) + "'s morph position is not stream " +
                       std::to_string(j + 1) + "'s at any vertex of range " +
                       std::to_string(found) + " with its base position";
              });
    }
    // spec: colours equal COLOR0 on all originals that hold them.
    const LayoutElement* col = layout.find("COLOR_0");
    if (col && col->def.encoding == Encoding::D3DColor && sm.colours.size() == sub.size()) {
      const int64_t bad = first_unmatched(keys, sub, base, col->offset, sm.colours);
      c.check(check::submesh_colours_equal_color0, bad < 0, path + ".colours", site.colours, [&] {
        return "colour " + std::to_string(bad) + " = " + hex(sm.colours[size_t(bad)], 8) +
               " is not COLOR0 of range " + std::to_string(found) + "'s vertex there";
      });
    }
    // spec: the first UV channel equals TEXCOORD0 bit for bit on 347 of 349 SubMeshes.
    const LayoutElement* uv = layout.find("TEXCOORD_0");
    if (uv && !sm.uv_channels.empty() && sm.uv_channels[0].uvs.size() == sub.size()) {
      const int64_t bad = first_unmatched(keys, sub, base, uv->offset, sm.uv_channels[0].uvs);
      c.check(check::submesh_uv0_equals_texcoord0, bad < 0, path + "/uv_channels[0].uvs",
              site.uv_channels, [&] {
                return "UV " + std::to_string(bad) + " is not TEXCOORD0 of range " +
                       std::to_string(found) + "'s vertex there";
              });
    }
  }
  return matched;
}

}  // namespace f2g::sws
