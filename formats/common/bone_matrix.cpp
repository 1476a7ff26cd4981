#include "formats/common/bone_matrix.h"

#include <cmath>
#include <cstdio>

#include "formats/common/error.h"

namespace f2g {

namespace {

double det4(const std::array<float, 16>& a) {
  auto m = [&](int r, int c) { return double(a[r * 4 + c]); };
  double det = 0;
  for (int c = 0; c < 4; ++c) {
    // Cofactor expansion along row 0; each minor is a 3x3 determinant.
    int cols[3], k = 0;
    for (int j = 0; j < 4; ++j)
      if (j != c) cols[k++] = j;
    const double minor =
        m(1, cols[0]) * (m(2, cols[1]) * m(3, cols[2]) - m(2, cols[2]) * m(3, cols[1])) -
        m(1, cols[1]) * (m(2, cols[0]) * m(3, cols[2]) - m(2, cols[2]) * m(3, cols[0])) +
        m(1, cols[2]) * (m(2, cols[0]) * m(3, cols[1]) - m(2, cols[1]) * m(3, cols[0]));
    det += (c % 2 ? -1.0 : 1.0) * m(0, c) * minor;
  }
  return det;
}

}  // namespace

bool invertible(const std::array<float, 16>& a) {
  double scale = 0;
  for (float f : a) {
    if (!std::isfinite(f)) return false;
    scale = std::fmax(scale, std::fabs(double(f)));
  }
  if (scale == 0) return false;
  const double det = det4(a);
  return std::isfinite(det) && std::fabs(det) > 1e-9 * scale * scale * scale * scale;
}

ir::Bone bone_of(size_t i, const StoredBone& b, Checker& c, const CheckDef& def,
                 const std::string& path, uint64_t offset) {
  ir::Bone bone;
  bone.id = b.id;
  bone.name_hash = b.name_hash;
  char name[48];
  std::snprintf(name, sizeof name, "bone_%zu_0x%08X", i, b.name_hash);
  bone.name = name;
  bone.extras = b.extras;
  const bool ok = invertible(b.matrix);
  c.check(def, ok, path, offset, [&] {
    return "bone " + std::to_string(i) + " (" + hex(b.name_hash, 8) +
           ") has a matrix that is not invertible; identity used";
  });
  if (ok) {
    bone.inverse_bind = b.matrix;
  } else {
    bone.inverse_bind = kIdentityMatrix;
    bone.extras["stored_matrix"] = b.matrix;
  }
  return bone;
}

}  // namespace f2g
