// convert --optimize: each primitive's triangles reordered for the GPU's post-transform vertex
// cache (meshopt_optimizeVertexCache). Only the order of whole triangles changes: vertices,
// their order, each triangle's own corner order (its winding) and any trailing indices stay.
// ARCHITECTURE.md keeps stored order "unless the user asks for optimisation"; this is asking.
#pragma once

#include <cstddef>

#include "ir/mesh.h"

namespace f2g::convert {

// mesh.extras key recording the reordering, so verify applies the same one to the decoded
// input before it compares (the reordering is deterministic).
inline constexpr const char* kIndexOrderKey = "indexOrder";
inline constexpr const char* kVertexCacheOrder = "vertexCache";

// Reorders each primitive's triangles and records kIndexOrderKey. Primitives whose index
// ranges overlap another's keep their stored order (reordering one would reorder the other).
// Returns how many primitives were reordered.
size_t optimize_vertex_cache(ir::Mesh& mesh);

// Whether mesh.extras record optimize_vertex_cache.
bool has_vertex_cache_order(const ir::Mesh& mesh);

}  // namespace f2g::convert
