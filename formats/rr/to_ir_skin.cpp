// MeshBones -> IR bones. The 16 stored floats are taken, in stored order, as the glTF
// column-major inverse bind matrix, as for SWS (docs/READING.md "Bones": row-major with row
// vectors, translation in elements 12-14, the Assassin's Creed reading of this engine).
#include "formats/common/bone_matrix.h"
#include "formats/common/error.h"
#include "formats/rr/rr_checks.h"
#include "formats/rr/to_ir.h"

namespace f2g::rr {

std::optional<ir::Skin> make_skin(const MeshFile& m, Checker& c) {
  return skin_of(
      m.header.bones, c, check::bone_matrix_invertible, "mesh/header/bones", [](const MeshBone& b) {
        const StoredBone stored{
            b.id,
            b.name_hash,
            b.matrix,
            {{"id", hex(b.id, 16)}, {"name_hash", hex(b.name_hash, 8)}, {"flag", b.flag}}};
        return std::pair{stored, b.offset};
      });
}

}  // namespace f2g::rr
