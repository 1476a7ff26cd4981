#include "gltf_writer/read/scene_transforms.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>

namespace f2g::gltf::scene {

Mat4 identity() { return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}; }

Mat4 mul(const Mat4& a, const Mat4& b) {
  Mat4 r{};
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row) {
      double s = 0;
      for (int k = 0; k < 4; ++k) s += a[k * 4 + row] * b[c * 4 + k];
      r[c * 4 + row] = s;
    }
  return r;
}

Mat4 local_of(const doc::Node& n) {
  if (n.matrix.size() == 16) {
    Mat4 m;
    std::copy(n.matrix.begin(), n.matrix.end(), m.begin());
    return m;
  }
  Mat4 t = identity(), r = identity(), s = identity();
  if (n.translation.size() == 3)
    for (int i = 0; i < 3; ++i) t[12 + i] = n.translation[i];
  if (n.scale.size() == 3)
    for (int i = 0; i < 3; ++i) s[i * 5] = n.scale[i];
  if (n.rotation.size() == 4) {
    const double x = n.rotation[0], y = n.rotation[1], z = n.rotation[2], w = n.rotation[3];
    r = {1 - 2 * (y * y + z * z),
         2 * (x * y + z * w),
         2 * (x * z - y * w),
         0,
         2 * (x * y - z * w),
         1 - 2 * (x * x + z * z),
         2 * (y * z + x * w),
         0,
         2 * (x * z + y * w),
         2 * (y * z - x * w),
         1 - 2 * (x * x + y * y),
         0,
         0,
         0,
         0,
         1};
  }
  return mul(t, mul(r, s));
}

Mat4 y_up_to_z_up() { return {1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1}; }

double det3(const Mat4& m) {
  return m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2]) +
         m[8] * (m[1] * m[6] - m[5] * m[2]);
}

bool snap_permutation(Mat4& m) {
  for (int c = 0; c < 3; ++c) {
    int ones = 0;
    for (int r = 0; r < 3; ++r) {
      const double x = m[c * 4 + r];
      if (std::fabs(x) < 1e-6)
        continue;
      else if (std::fabs(std::fabs(x) - 1) < 1e-6)
        ++ones;
      else
        return false;
    }
    if (ones != 1) return false;
  }
  for (int i = 12; i < 15; ++i)
    if (std::fabs(m[i]) > 1e-9) return false;
  for (double& x : m) x = std::fabs(x) < 1e-6 ? 0.0 : x > 0 ? std::round(x) : -std::round(-x);
  m[15] = 1;
  return true;
}

Mat4 normal_matrix(const Mat4& m) {
  const double d = det3(m);
  Mat4 r = identity();
  if (d == 0) return r;
  auto e = [&](int row, int col) { return m[col * 4 + row]; };
  // cofactor matrix / det = inverse transpose
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col) {
      const int r1 = (row + 1) % 3, r2 = (row + 2) % 3, c1 = (col + 1) % 3, c2 = (col + 2) % 3;
      r[col * 4 + row] = (e(r1, c1) * e(r2, c2) - e(r1, c2) * e(r2, c1)) / d;
    }
  return r;
}

Permutation permutation_of(const Mat4& m) {
  Permutation s;
  // Row r takes the last column c with a non-zero entry (a signed permutation has one).
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r)
      if (m[c * 4 + r] != 0) {
        s.from[r] = c;
        s.negate[r] = !(m[c * 4 + r] > 0);
      }
  return s;
}

std::array<double, 3> apply(const Mat4& m, const std::array<double, 3>& p, double w) {
  return {m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12] * w,
          m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13] * w,
          m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14] * w};
}

}  // namespace f2g::gltf::scene
