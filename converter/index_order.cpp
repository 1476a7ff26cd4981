#include "converter/index_order.h"

#include <meshoptimizer.h>

#include <algorithm>
#include <vector>

namespace f2g::convert {

size_t optimize_vertex_cache(ir::Mesh& mesh) {
  if (!mesh.extras.is_object() && !mesh.extras.is_null()) return 0;  // nowhere to record it
  // Primitives in index order; one that overlaps a neighbour's range is left alone.
  std::vector<const ir::Primitive*> order;
  for (const ir::Primitive& p : mesh.primitives)
    if (p.index_count >= 3) order.push_back(&p);
  std::sort(order.begin(), order.end(), [](const ir::Primitive* a, const ir::Primitive* b) {
    return a->first_index < b->first_index;
  });
  std::vector<uint32_t> local, optimized;
  size_t reordered = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    const ir::Primitive& p = *order[i];
    const uint64_t begin = p.first_index, end = begin + p.index_count;
    const bool overlaps_previous = i > 0 && order[i - 1]->first_index +
                                                uint64_t(order[i - 1]->index_count) > begin;
    const bool overlaps_next = i + 1 < order.size() && order[i + 1]->first_index < end;
    if (overlaps_previous || overlaps_next || end > mesh.indices.size()) continue;
    const size_t whole = p.index_count - p.index_count % 3;  // trailing indices stay put
    const auto first = mesh.indices.begin() + std::ptrdiff_t(begin);
    const auto [lo, hi] = std::minmax_element(first, first + std::ptrdiff_t(whole));
    // The writer refuses an index past the vertices later; meshoptimizer's tables are sized
    // by the range, so it must be bounded before.
    if (*hi >= mesh.vertex_count) continue;
    const uint32_t base = *lo;
    local.assign(first, first + std::ptrdiff_t(whole));
    for (uint32_t& v : local) v -= base;  // meshoptimizer wants indices below vertex_count
    optimized.resize(whole);
    meshopt_optimizeVertexCache(optimized.data(), local.data(), whole, size_t(*hi - base) + 1);
    for (size_t k = 0; k < whole; ++k) first[std::ptrdiff_t(k)] = optimized[k] + base;
    ++reordered;
  }
  mesh.extras[kIndexOrderKey] = kVertexCacheOrder;
  return reordered;
}

bool has_vertex_cache_order(const ir::Mesh& mesh) {
  const auto it = mesh.extras.find(kIndexOrderKey);
  return it != mesh.extras.end() && *it == kVertexCacheOrder;
}

}  // namespace f2g::convert
