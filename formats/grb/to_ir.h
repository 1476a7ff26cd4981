// The stored structure -> the neutral IR (docs/IR.md): geometry (to_ir_geometry.cpp), skin
// (to_ir_skin.cpp), and the assembly with materials, primitives and extras (to_ir.cpp).
#pragma once

#include <optional>
#include <vector>

#include "formats/common/checks.h"
#include "formats/common/decode.h"
#include "formats/grb/mesh_format.h"
#include "formats/grb/relations.h"
#include "ir/mesh.h"

namespace f2g::grb {

// Absolute vertex numbers: clustered MinIndex + stored index, MeshData-only as stored; each
// inside the vertex buffer (error) and the draw's declared span (warning).
std::vector<uint32_t> decode_indices(const Layout& l, Checker& c);

// The format's attributes, with the checks on every position w and every skin lane.
std::vector<ir::Attribute> decode_attributes(const MeshFile& m, const Layout& l, Checker& c);

// Bones in stored order, or nothing for a mesh without bones.
std::optional<ir::Skin> make_skin(const MeshHeader& h, Checker& c);

void normalise(const MeshFile& m, const Layout& l, const DecodeOptions& options, Checker& c,
               ir::Mesh& mesh);

}  // namespace f2g::grb
