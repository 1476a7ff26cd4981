// convert --optimize: each primitive's triangles reordered for the GPU's post-transform vertex
// cache (meshopt_optimizeVertexCache). Only the order of whole triangles changes: vertices,
// their order, each triangle's own corner order (its winding) and any trailing indices stay.
// docs/ARCHITECTURE.md keeps stored order "unless the user asks for optimisation"; this is asking.
#pragma once

#include <cstddef>
#include <vector>

#include "ir/mesh.h"

namespace f2g::convert {

// mesh.extras key recording the reordering, so verify knows to compare each reordered
// primitive's triangles as a set (index_order.h, canonical_triangle_order).
inline constexpr const char* kIndexOrderKey = "indexOrder";
inline constexpr const char* kVertexCacheOrder = "vertexCache";

// The primitives whose index range shares no index with any other primitive's range (and
// lies inside the index buffer), in index order: only these may be reordered. Reordering a
// range another primitive also draws from would change that primitive's triangles.
std::vector<size_t> isolated_primitives(const ir::Mesh& mesh);

// Reorders the whole triangles of each isolated primitive (index past vertex_count: left as
// stored) and records kIndexOrderKey. Returns how many primitives were reordered. Time and
// memory are linear in the mesh: each primitive's vertices are renumbered densely first.
size_t optimize_vertex_cache(ir::Mesh& mesh);

// Whether mesh.extras record optimize_vertex_cache.
bool has_vertex_cache_order(const ir::Mesh& mesh);

// Sorts the whole triangles (as ordered triples: windings count) of every isolated primitive
// of `layout`. Two meshes with the same primitives have equal canonical indices exactly when
// each isolated primitive draws the same triangles and every other index is equal: verify's
// check of an --optimize output, independent of meshoptimizer and its version.
void canonical_triangle_order(const ir::Mesh& layout, std::vector<uint32_t>& indices);

}  // namespace f2g::convert
