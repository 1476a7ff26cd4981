// MeshBones -> IR bones. The 16 stored floats are taken, in stored order, as the glTF
// column-major inverse bind matrix, as for SWS (docs/READING.md "Bones": row-major with row
// vectors, translation in elements 12-14, the Assassin's Creed reading of this engine).
#include <cstdio>

#include "formats/common/bone_matrix.h"
#include "formats/common/error.h"
#include "formats/rr/rr_checks.h"
#include "formats/rr/to_ir.h"

namespace f2g::rr {

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
      bone.inverse_bind = kIdentityMatrix;
      bone.extras["stored_matrix"] = b.matrix;
    }
    skin.bones.push_back(std::move(bone));
  }
  return skin;
}

}  // namespace f2g::rr
