// import's rebuild for GRB and GRW (formats/common/rebuild.h has the contract): the donor's
// structure with the incoming geometry, every derived field recomputed, encoded with the
// byte-exact encoder. One implementation, the dialect as a parameter.
//
// Decisions the reading leaves open (docs/READING.md "Ghost Recon Breakpoint and Wildlands"):
// - a new vertex's element the glTF has no value for: NORMAL +Z, TANGENT +X (w +1), _BINORMAL
//   cross(N, T) x T.w, uv (0, 0), colour opaque white, no influences bone 0 with 255; bytes no
//   element names copy donor vertex 0's; each counted in details.new_vertex_defaults;
// - new static vertices store w = +Q, skinned ones +32767;
// - ClusterCountPerDrawPrim: the donor's while a draw keeps its triangle count, else
//   64-triangle clusters; MeshInstancingData words +1/+3/+5 and the bone table, shadow
//   MeshPrimitives that did not repeat their standard one, the trailer's dynamic counts: kept;
// - the index width is the donor's (IMPORT_GRB_INDEX_OVERFLOW rather than a wider buffer);
// - extents and boxes are the tight boxes of the decoded positions (centre +- half extent).
#pragma once

#include "formats/common/rebuild.h"
#include "formats/grb/mesh_format.h"

namespace f2g::grb {

Result<Rebuilt> rebuild(Dialect dialect, const RebuildInput& input);

}  // namespace f2g::grb
