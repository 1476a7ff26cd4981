#include "converter/convert/index_order.h"

#include <meshoptimizer.h>

#include <algorithm>
#include <array>
#include <cstdint>

namespace f2g::convert {

std::vector<size_t> isolated_primitives(const ir::Mesh& mesh) {
  std::vector<size_t> order;  // every primitive that draws indices, by first index
  for (size_t i = 0; i < mesh.primitives.size(); ++i)
    if (mesh.primitives[i].index_count > 0) order.push_back(i);
  auto begin_of = [&](size_t i) { return uint64_t(mesh.primitives[i].first_index); };
  auto end_of = [&](size_t i) { return begin_of(i) + mesh.primitives[i].index_count; };
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return begin_of(a) < begin_of(b); });
  std::vector<size_t> isolated;
  uint64_t reach = 0;  // the furthest end of every range before this one
  for (size_t k = 0; k < order.size(); ++k) {
    const size_t i = order[k];
    const bool after_all_before = k == 0 || reach <= begin_of(i);
    const bool before_next = k + 1 == order.size() || end_of(i) <= begin_of(order[k + 1]);
    if (after_all_before && before_next && end_of(i) <= mesh.indices.size()) isolated.push_back(i);
    reach = std::max(reach, end_of(i));
  }
  return isolated;
}

size_t optimize_vertex_cache(ir::Mesh& mesh) {
  if (!mesh.extras.is_object() && !mesh.extras.is_null()) return 0;  // nowhere to record it
  // Dense renumbering per primitive: meshoptimizer's tables are sized by the vertex count it
  // is given, so a hostile range spanning many vertices with few triangles stays cheap.
  std::vector<uint32_t> dense(mesh.vertex_count, UINT32_MAX), vertex_of, local, optimized;
  size_t reordered = 0;
  for (size_t i : isolated_primitives(mesh)) {
    const ir::Primitive& p = mesh.primitives[i];
    const size_t whole = p.index_count - p.index_count % 3;  // trailing indices stay put
    uint32_t* first = mesh.indices.data() + p.first_index;
    if (whole == 0 ||
        std::any_of(first, first + whole, [&](uint32_t v) { return v >= mesh.vertex_count; }))
      continue;  // the writer refuses such an index later; nothing here is sized by it
    local.resize(whole);
    vertex_of.clear();
    for (size_t k = 0; k < whole; ++k) {
      uint32_t& d = dense[first[k]];
      if (d == UINT32_MAX) {
        d = uint32_t(vertex_of.size());
        vertex_of.push_back(first[k]);
      }
      local[k] = d;
    }
    optimized.resize(whole);
    meshopt_optimizeVertexCache(optimized.data(), local.data(), whole, vertex_of.size());
    for (size_t k = 0; k < whole; ++k) first[k] = vertex_of[optimized[k]];
    for (uint32_t v : vertex_of) dense[v] = UINT32_MAX;
    ++reordered;
  }
  mesh.extras[kIndexOrderKey] = kVertexCacheOrder;
  return reordered;
}

bool has_vertex_cache_order(const ir::Mesh& mesh) {
  const auto it = mesh.extras.find(kIndexOrderKey);
  return it != mesh.extras.end() && *it == kVertexCacheOrder;
}

void canonical_triangle_order(const ir::Mesh& layout, std::vector<uint32_t>& indices) {
  using Triangle = std::array<uint32_t, 3>;
  std::vector<Triangle> triangles;
  for (size_t i : isolated_primitives(layout)) {
    const ir::Primitive& p = layout.primitives[i];
    const size_t whole = p.index_count - p.index_count % 3;
    if (uint64_t(p.first_index) + whole > indices.size()) continue;
    uint32_t* first = indices.data() + p.first_index;
    triangles.resize(whole / 3);
    for (size_t t = 0; t < triangles.size(); ++t)
      triangles[t] = {first[3 * t], first[3 * t + 1], first[3 * t + 2]};
    std::sort(triangles.begin(), triangles.end());
    for (size_t t = 0; t < triangles.size(); ++t)
      std::copy(triangles[t].begin(), triangles[t].end(), first + 3 * t);
  }
}

}  // namespace f2g::convert
