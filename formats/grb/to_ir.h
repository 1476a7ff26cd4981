// The stored structure -> the neutral IR (docs/IR.md): geometry (to_ir_geometry.cpp), skin
// (to_ir_skin.cpp), and the source, draw ranges, materials and extras (to_ir.cpp), the stages
// formats/common/to_ir_stages.h declares for this game's types; normalise assembles them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "formats/common/assemble_mesh.h"
#include "formats/common/checks.h"
#include "formats/common/decode.h"
#include "formats/grb/mesh_format.h"
#include "formats/grb/relations.h"
#include "ir/mesh.h"

namespace f2g::grb {

#include "formats/common/to_ir_stages.h"

}  // namespace f2g::grb
