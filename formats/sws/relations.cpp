#include "formats/sws/relations.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

#include "formats/sws/mesh_builder.h"
#include "formats/sws/sws_checks.h"

namespace f2g::sws {

namespace {

using Triangle = std::array<PositionKey, 3>;  // sorted: the same triangle in any vertex order

struct Stream {
  const uint8_t* base;
  uint32_t stride;
  const uint8_t* at(uint32_t v, uint32_t offset) const {
    return base + size_t(v) * stride + offset;
  }
};

std::vector<PositionKey> range_keys(const Stream& s, const Range& g, uint32_t po) {
  std::vector<PositionKey> k;
  k.reserve(g.vertex_count);
  for (uint32_t v = g.first_vertex; v < g.first_vertex + g.vertex_count; ++v)
    k.push_back(position_key(s.at(v, po)));
  std::sort(k.begin(), k.end());
  return k;
}

std::vector<PositionKey> submesh_keys(const SubMesh& sm) {
  std::vector<PositionKey> k(sm.positions.size());
  for (size_t i = 0; i < k.size(); ++i) std::memcpy(k[i].bits, sm.positions[i].data(), 12);
  return k;
}

Triangle sorted(Triangle t) {
  std::sort(t.begin(), t.end());
  return t;
}

uint64_t mix(uint64_t x) {  // splitmix64's finaliser
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

uint64_t key_hash(const PositionKey& k) {
  return mix(k.bits[0] | uint64_t(k.bits[1]) << 32) ^ mix(~uint64_t(k.bits[2]));
}

// The multiset of positions of any vertex span as one number: the sum of the positions'
// hashes, from prefix sums over the stream. Finding a SubMesh's range then costs O(1) per
// range instead of sorting every candidate range (which made crafted meshes with many
// same-material ranges cubic); equal sums are confirmed by comparing the sorted positions.
class SpanHashes {
 public:
  SpanHashes(const Stream& s, uint32_t po, uint64_t vertices) : prefix_(vertices + 1, 0) {
    for (uint64_t v = 0; v < vertices; ++v)
      prefix_[v + 1] = prefix_[v] + key_hash(position_key(s.at(uint32_t(v), po)));
  }
  // nullopt for a span past the stream (the range checks reported it).
  std::optional<uint64_t> of(const Range& g) const {
    const uint64_t end = uint64_t(g.first_vertex) + g.vertex_count;
    if (end >= prefix_.size()) return std::nullopt;
    return prefix_[end] - prefix_[g.first_vertex];
  }

 private:
  std::vector<uint64_t> prefix_;
};

uint64_t multiset_hash(const std::vector<PositionKey>& keys) {
  uint64_t h = 0;
  for (const PositionKey& k : keys) h += key_hash(k);
  return h;
}

// The first SubMesh vertex whose value (`values[v]`) no range vertex at its position holds
// at `offset` of stream `s`, or -1. One sorted (position, value) table, so coincident
// vertices cost a binary search each, not a walk over all of them.
template <class T>
int64_t first_unmatched(const Stream& base, uint32_t po, const Range& g,
                        const std::vector<PositionKey>& sub, const Stream& s, uint32_t offset,
                        const std::vector<T>& values) {
  using Entry = std::pair<PositionKey, std::array<uint8_t, sizeof(T)>>;
  std::vector<Entry> held(g.vertex_count);
  for (uint32_t i = 0; i < g.vertex_count; ++i) {
    const uint32_t v = g.first_vertex + i;
    held[i].first = position_key(base.at(v, po));
    std::memcpy(held[i].second.data(), s.at(v, offset), sizeof(T));
  }
  std::sort(held.begin(), held.end());
  for (size_t v = 0; v < sub.size() && v < values.size(); ++v) {
    Entry want{sub[v], {}};
    std::memcpy(want.second.data(), &values[v], sizeof(T));
    if (!std::binary_search(held.begin(), held.end(), want)) return int64_t(v);
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
  const SpanHashes spans(base, po, d.stride ? stream_bytes / d.stride : 0);
  // Candidate ranges by (material, vertex count, position multiset hash), in range order.
  std::unordered_map<uint64_t, std::vector<uint32_t>> by_key;
  const auto key_of = [](uint32_t material, uint64_t count, uint64_t hash) {
    return mix(hash ^ mix(uint64_t(material) << 32 ^ count));
  };
  for (size_t i = 0; i < d.ranges_a.size() && i < m.material_ids.size(); ++i)
    if (const auto h = spans.of(d.ranges_a[i]))
      by_key[key_of(m.material_ids[i], d.ranges_a[i].vertex_count, *h)].push_back(uint32_t(i));

  for (size_t k = 0; k < m.submeshes.size(); ++k) {
    const SubMesh& sm = m.submeshes[k].submesh;
    const SubMeshSite& site = sites.submeshes[k];
    const std::string path = "mesh/submeshes[" + std::to_string(k) + "]";
    const std::vector<PositionKey> sub = submesh_keys(sm);

    // spec: the range drawn with the SubMesh's material holds its positions bit for bit.
    // The first unused such range in range order: only ranges with the same material, vertex
    // count and position hash can be it; their sorted positions decide.
    int64_t found = -1;
    const auto bucket = by_key.find(key_of(sm.material_id, sub.size(), multiset_hash(sub)));
    if (bucket != by_key.end()) {
      std::vector<PositionKey> sorted_sub = sub;
      std::sort(sorted_sub.begin(), sorted_sub.end());
      for (const uint32_t i : bucket->second) {
        if (used[i] || m.material_ids[i] != sm.material_id ||
            d.ranges_a[i].vertex_count != sub.size())
          continue;
        if (range_keys(base, d.ranges_a[i], po) == sorted_sub) {
          found = int64_t(i);
          break;
        }
      }
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
      const int64_t bad =
          first_unmatched(base, po, g, sub, morph, po, sm.morph_channels[j].positions);
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
      const int64_t bad = first_unmatched(base, po, g, sub, base, col->offset, sm.colours);
      c.check(check::submesh_colours_equal_color0, bad < 0, path + ".colours", site.colours, [&] {
        return "colour " + std::to_string(bad) + " = " + hex(sm.colours[size_t(bad)], 8) +
               " is not COLOR0 of range " + std::to_string(found) + "'s vertex there";
      });
    }
    // spec: the first UV channel equals TEXCOORD0 bit for bit on 347 of 349 SubMeshes.
    const LayoutElement* uv = layout.find("TEXCOORD_0");
    if (uv && !sm.uv_channels.empty() && sm.uv_channels[0].uvs.size() == sub.size()) {
      const int64_t bad =
          first_unmatched(base, po, g, sub, base, uv->offset, sm.uv_channels[0].uvs);
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
