// MeshBones -> IR bones. The 16 stored floats are, in stored order, the glTF column-major
// inverse bind matrix, read as SWS's and RR's bones are (docs/READING.md "GRB/GRW bones").
#include "formats/common/bone_matrix.h"
#include "formats/common/error.h"
#include "formats/grb/grb_checks.h"
#include "formats/grb/to_ir.h"

namespace f2g::grb {

std::optional<ir::Skin> make_skin(const MeshFile& m, Checker& c) {
  return skin_of(
      m.mesh.bones, c, check::bone_matrix_invertible, "mesh/bones", [](const MeshBone& b) {
        const StoredBone stored{b.head.id,
                                b.name_hash,
                                b.matrix,
                                {{"id", hex(b.head.id, 16)},
                                 {"name_hash", hex(b.name_hash, 8)},
                                 {"used_by_submeshes", b.used_by_submeshes},
                                 {"used_by_skeleton_lod_mapping", b.used_by_skeleton_lod_mapping}}};
        return std::pair{stored, b.head.offset};
      });
}

}  // namespace f2g::grb
