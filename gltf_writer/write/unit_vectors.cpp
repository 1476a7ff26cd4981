#include "gltf_writer/write/unit_vectors.h"

#include <cmath>

namespace f2g::gltf {

bool unit_vector(const float* xyz, float* out, const std::array<float, 3>& fallback) {
  const double x = xyz[0], y = xyz[1], z = xyz[2];
  const double len = std::sqrt(x * x + y * y + z * z);
  if (!(len > 0) || !std::isfinite(len)) {
    out[0] = fallback[0], out[1] = fallback[1], out[2] = fallback[2];
    return false;
  }
  out[0] = static_cast<float>(x / len);
  out[1] = static_cast<float>(y / len);
  out[2] = static_cast<float>(z / len);
  return true;
}

UnitStats make_unit_vectors(float* values, size_t n, int width,
                            const std::array<float, 3>& fallback) {
  UnitStats stats;
  for (size_t v = 0; v < n; ++v) {
    float* p = values + v * width;
    if (!unit_vector(p, p, fallback)) ++stats.degenerate;
    if (width == 4) {
      if (p[3] != 1.0f && p[3] != -1.0f) ++stats.bad_w;
      p[3] = p[3] < 0 ? -1.0f : 1.0f;
    }
  }
  return stats;
}

}  // namespace f2g::gltf
