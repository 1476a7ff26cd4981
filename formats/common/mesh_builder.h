// What every game's mesh_builder (the builder of consistent meshes for the samples, the tests
// and the benchmark) takes for one draw.
#pragma once

#include <cstdint>

namespace f2g {

// One draw (an RR range or inline object, a GRB/GRW draw): an index interval of the build
// input's indices (absolute vertex numbers), the vertex interval its indices stay in, and
// its material id.
struct BuildDraw {
  uint32_t first_index = 0;
  uint32_t index_count = 0;
  uint32_t first_vertex = 0;
  uint32_t vertex_count = 0;
  uint64_t material_id = 0;
};

}  // namespace f2g
