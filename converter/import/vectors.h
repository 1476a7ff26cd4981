// import: NORMAL and TANGENT for a glTF that has none (Blender drops tangents unless asked),
// computed from the new geometry so the donor's vertex format can be filled.
#pragma once

#include "ir/mesh.h"

namespace f2g::import {

// Area-weighted face normals summed per vertex, unit length ((0, 0, 1) for a vertex on no
// face of area). Adds NORMAL; the mesh must have none.
void add_normals(ir::Mesh& mesh);

// Per-triangle UV tangents (TEXCOORD_0) summed per vertex, made orthogonal to NORMAL
// (Gram-Schmidt), w the bitangent's handedness (+1 / -1); a vertex without a usable UV
// gradient gets any unit vector orthogonal to its normal, w = +1. Adds TANGENT; the mesh must
// have NORMAL and no TANGENT.
void add_tangents(ir::Mesh& mesh);

}  // namespace f2g::import
