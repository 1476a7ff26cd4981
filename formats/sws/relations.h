// The SubMeshes' relations to the CompiledMesh that need the vertex layout (positions,
// colours, UVs): spec "SubMeshes" note and the MorphChannel note.
#pragma once

#include <cstdint>
#include <vector>

#include "formats/common/checks.h"
#include "formats/sws/codec_parts.h"
#include "formats/sws/mesh_format.h"
#include "formats/sws/vertex_layout.h"

namespace f2g::sws {

// Matches each SubMesh with the first unused first-partition range drawn with its material
// whose positions equal the SubMesh's bit for bit (Proven: an error when none does), then
// checks the triangles (Proven), the morph channels' positions against the morph streams,
// the colours against COLOR0 and the first UV channel against TEXCOORD0 (Observed), each
// SubMesh vertex matched to the range's vertices at the same position. Returns the range of
// each SubMesh, in SubMesh order.
std::vector<uint32_t> check_submesh_geometry(const Mesh& m, const VertexLayout& layout,
                                             const Sites& sites, Checker& c);

}  // namespace f2g::sws
