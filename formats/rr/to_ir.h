// The stored structure -> the neutral IR (docs/IR.md): geometry (to_ir_geometry.cpp), skin
// (to_ir_skin.cpp), and the assembly with materials, primitives and extras (to_ir.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "formats/common/checks.h"
#include "formats/common/decode.h"
#include "formats/rr/mesh_format.h"
#include "formats/rr/relations.h"
#include "ir/mesh.h"

namespace f2g::rr {

// Absolute vertex numbers (ranged: stored + the range's vertex base; inline: as stored),
// each checked to name a vertex of its own range or object.
std::vector<uint32_t> decode_indices(const Layout& l, Checker& c);

// The format's attributes; warns about positions outside the stored bounds and weighted
// joints that name no bone (those become joint 0 with weight 0; without bones the joint and
// weight attributes are dropped).
std::vector<ir::Attribute> decode_attributes(const MeshFile& m, const Layout& l, Checker& c);

// Bones in stored order, or nothing for a mesh without bones.
std::optional<ir::Skin> make_skin(const Header& h, Checker& c);

// Fills `mesh` (whose warnings the checker already appends to).
void normalise(const MeshFile& m, const Layout& l, const DecodeOptions& options, Checker& c,
               ir::Mesh& mesh);

}  // namespace f2g::rr
