// MeshBones -> IR bones. The 16 stored floats are taken, in stored order, as the glTF
// column-major inverse bind matrix, as for SWS (docs/READING.md "Bones": row-major with row
// vectors, translation in elements 12-14, the Assassin's Creed reading of this engine).
#include <cmath>
#include <cstdio>

#include "formats/common/error.h"
#include "formats/rr/rr_checks.h"
#include "formats/rr/to_ir.h"

namespace f2g::rr {

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

// Invertible in practice: finite, not all zero, and a determinant that is not negligible
// against the size of the entries.
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

constexpr std::array<float, 16> kIdentity{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

}  // namespace

std::optional<ir::Skin> make_skin(const Header& h, Checker& c) {
  if (h.bones.empty()) return std::nullopt;
  ir::Skin skin;
  for (size_t i = 0; i < h.bones.size(); ++i) {
    const MeshBone& b = h.bones[i];
    ir::Bone bone;
    bone.id = b.id;
    bone.name_hash = b.name_hash;
    char name[48];
    std::snprintf(name, sizeof name, "bone_%zu_0x%08X", i, b.name_hash);
    bone.name = name;
    bone.extras = {{"id", hex(b.id, 16)}, {"name_hash", hex(b.name_hash, 8)}, {"flag", b.flag}};
    // An all-zero or singular matrix cannot be a glTF inverse bind matrix: identity stands
    // in for it, the stored matrix stays in the bone's extras, and a warning says so. This
    // keeps the skin usable (the bone sits at the origin) without inventing a pose.
    const bool ok = invertible(b.matrix);
    c.check(check::bone_matrix_invertible, ok,
            "mesh/header/bones[" + std::to_string(i) + "].matrix", b.offset + 16, [&] {
              return "bone " + std::to_string(i) + " (" + hex(b.name_hash, 8) +
                     ") has a matrix that is not invertible; identity used";
            });
    if (ok) {
      bone.inverse_bind = b.matrix;
    } else {
      bone.inverse_bind = kIdentity;
      bone.extras["stored_matrix"] = b.matrix;
    }
    skin.bones.push_back(std::move(bone));
  }
  return skin;
}

}  // namespace f2g::rr
