// The decoded structure as JSON for `info`: every stored field except the vertex, index and
// SubMesh arrays, which appear as counts.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "formats/sws/mesh_format.h"
#include "formats/sws/vertex_layout.h"

namespace f2g::sws {

// `layout` lists the elements the flags select; `submesh_ranges` the range each SubMesh
// matched (may be empty).
nlohmann::json structure_json(const Mesh& m, const VertexLayout& layout,
                              const std::vector<uint32_t>& submesh_ranges);

}  // namespace f2g::sws
