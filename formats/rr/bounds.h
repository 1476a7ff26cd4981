// The box RR stores for a range or a mesh, as the sample builder and import's rebuild both
// compute it from decoded positions: min and max, then centre (lo + hi) / 2 and half extent
// (hi - lo) / 2, in float.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "formats/rr/mesh_format.h"

namespace f2g::rr {

struct Bounds {
  Float3 lo{}, hi{};
  Float3 centre() const { return {(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2}; }
  Float3 half() const { return {(hi[0] - lo[0]) / 2, (hi[1] - lo[1]) / 2, (hi[2] - lo[2]) / 2}; }
};

// The box of vertices [first, first + count) of xyz `positions`; all zero when count is 0.
inline Bounds bounds_of(const std::vector<float>& positions, uint64_t first, uint64_t count) {
  Bounds b;
  if (count == 0) return b;
  for (int c = 0; c < 3; ++c) b.lo[c] = b.hi[c] = positions[first * 3 + c];
  for (uint64_t v = first; v < first + count; ++v)
    for (int c = 0; c < 3; ++c) {
      b.lo[c] = std::min(b.lo[c], positions[v * 3 + c]);
      b.hi[c] = std::max(b.hi[c], positions[v * 3 + c]);
    }
  return b;
}

}  // namespace f2g::rr
