// MeshBones -> IR bones. The 16 stored floats are, in stored order, the glTF column-major
// inverse bind matrix, read as SWS's and RR's bones are (docs/READING.md "GRB/GRW bones").
#include <cstdio>

#include "formats/common/bone_matrix.h"
#include "formats/common/error.h"
#include "formats/grb/grb_checks.h"
#include "formats/grb/to_ir.h"

namespace f2g::grb {

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
      bone.inverse_bind = kIdentityMatrix;
      bone.extras["stored_matrix"] = b.matrix;
    }
    skin.bones.push_back(std::move(bone));
  }
  return skin;
}

}  // namespace f2g::grb
