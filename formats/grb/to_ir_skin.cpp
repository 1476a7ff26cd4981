// MeshBones -> IR bones. The 16 stored floats are, in stored order, the glTF column-major
// inverse bind matrix, read as SWS's and RR's bones are (docs/READING.md "GRB/GRW bones").
#include <cmath>
#include <cstdio>

#include "formats/common/error.h"
#include "formats/grb/grb_checks.h"
#include "formats/grb/to_ir.h"

namespace f2g::grb {

namespace {

double det4(const std::array<float, 16>& a) {
  auto m = [&](int r, int c) { return double(a[r * 4 + c]); };
  double det = 0;
  for (int c = 0; c < 4; ++c) {  // cofactor expansion along row 0
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

// Invertible in practice: finite, not all zero, a determinant not negligible against the
// size of the entries.
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

std::optional<ir::Skin> make_skin(const MeshHeader& h, Checker& c) {
  if (h.bones.empty()) return std::nullopt;
  ir::Skin skin;
  for (size_t i = 0; i < h.bones.size(); ++i) {
    const MeshBone& b = h.bones[i];
    ir::Bone bone;
    bone.id = b.head.id;
    bone.name_hash = b.name_hash;
    char name[48];
    std::snprintf(name, sizeof name, "bone_%zu_0x%08X", i, b.name_hash);
    bone.name = name;
    bone.extras = {{"id", hex(b.head.id, 16)},
                   {"name_hash", hex(b.name_hash, 8)},
                   {"used_by_submeshes", b.used_by_submeshes},
                   {"used_by_skeleton_lod_mapping", b.used_by_skeleton_lod_mapping}};
    // A singular matrix cannot be a glTF inverse bind matrix: identity stands in, the stored
    // floats stay in the bone's extras (as for SWS).
    const bool ok = invertible(b.matrix);
    c.check(check::bone_matrix_invertible, ok, "mesh/bones[" + std::to_string(i) + "].matrix",
            b.head.offset + 16, [&] {
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

}  // namespace f2g::grb
