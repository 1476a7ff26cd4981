// The scene reader's node transforms (scene_read.cpp): 4 x 4 column-major matrices as glTF
// stores them, the Y-up -> Z-up turn, and the exact path for signed permutations, which move
// no bits.
#pragma once

#include <array>

#include "gltf_writer/read/document.h"

namespace f2g::gltf::scene {

using Mat4 = std::array<double, 16>;  // column-major, as glTF stores matrices

Mat4 identity();
Mat4 mul(const Mat4& a, const Mat4& b);
// The node's own transform: its matrix, or T * R * S.
Mat4 local_of(const doc::Node& n);
// glTF's Y-up world back to the games' Z-up: the inverse of the writer's root rotation
// (-90 degrees about X): (x, y, z) -> (x, -z, y).
Mat4 y_up_to_z_up();
double det3(const Mat4& m);
// A transform whose 3 x 3 part is within float noise of a signed permutation and whose
// translation is within noise of 0 is made exactly that: applying it then moves no bits
// (the writer's root rotation through float quaternions is such a case).
bool snap_permutation(Mat4& m);
// Inverse-transpose of the 3 x 3 part (normals), as a Mat4 without translation.
Mat4 normal_matrix(const Mat4& m);
// A signed permutation (snap_permutation made it one) applied by copying and negating: no
// addition, so -0 stays -0 and every value keeps its bits. Read from the matrix once per
// accessor (`from` -1: the row is 0), then applied per vertex.
struct Permutation {
  std::array<int, 3> from{-1, -1, -1};
  std::array<bool, 3> negate{};
};
Permutation permutation_of(const Mat4& m);
inline std::array<double, 3> permute(const Permutation& s, const std::array<double, 3>& p) {
  std::array<double, 3> q{0, 0, 0};
  for (int r = 0; r < 3; ++r)
    if (s.from[r] >= 0) q[r] = s.negate[r] ? -p[s.from[r]] : p[s.from[r]];
  return q;
}
// m * (p, w).
std::array<double, 3> apply(const Mat4& m, const std::array<double, 3>& p, double w);

}  // namespace f2g::gltf::scene
