// NORMAL and TANGENT as glTF requires them (unit xyz, tangent w = +-1). Decoders give
// decoded bytes (b/127 - 1), not unit vectors (docs/IR.md); the writer normalises here, and
// the verifier can apply the same functions to decoded values before comparing.
#pragma once

#include <array>
#include <cstddef>

namespace f2g::gltf {

// xyz / |xyz| computed in double, rounded once to float. A zero-length or non-finite vector
// becomes `fallback` and reports false.
bool unit_vector(const float* xyz, float* out, const std::array<float, 3>& fallback);

inline constexpr std::array<float, 3> kNormalFallback = {0.0f, 0.0f, 1.0f};
inline constexpr std::array<float, 3> kTangentFallback = {1.0f, 0.0f, 0.0f};

struct UnitStats {
  size_t degenerate = 0;  // vectors replaced by the fallback
  size_t bad_w = 0;       // tangents whose w was not exactly +1 or -1
};

// In place over n vectors of `width` floats (3 for NORMAL, 4 for TANGENT: w -> -1 when
// negative, else +1).
UnitStats make_unit_vectors(float* values, size_t n, int width,
                            const std::array<float, 3>& fallback);

}  // namespace f2g::gltf
