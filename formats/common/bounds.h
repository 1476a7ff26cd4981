// The box RR and GRB/GRW store for a draw or a mesh, as the sample builders and import's
// rebuilds compute it from decoded positions: min and max, then centre (lo + hi) / 2 and half
// extent (hi - lo) / 2, in float.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "formats/common/object_codec.h"  // Float3

namespace f2g {

struct Bounds {
  Float3 lo{}, hi{};
  Float3 centre() const { return {(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2}; }
  Float3 half() const { return {(hi[0] - lo[0]) / 2, (hi[1] - lo[1]) / 2, (hi[2] - lo[2]) / 2}; }
};

// The box of vertices [first, first + count) of xyz `positions`, the vertices past the end
// of `positions` left out; all zero when none is left.
inline Bounds bounds_of(const std::vector<float>& positions, uint64_t first, uint64_t count) {
  Bounds b;
  for (uint64_t v = first; v < first + count && v * 3 + 2 < positions.size(); ++v)
    for (int c = 0; c < 3; ++c) {
      const float f = positions[v * 3 + c];
      b.lo[c] = v == first ? f : std::min(b.lo[c], f);
      b.hi[c] = v == first ? f : std::max(b.hi[c], f);
    }
  return b;
}

}  // namespace f2g
