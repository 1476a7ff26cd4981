// Inputs made for the resource-bound tests by the formats' own structures and encoders
// (formats/sws/mesh_builder.h + mesh_codec.h, formats/rr/mesh_builder.h + mesh_codec.h): valid
// meshes whose size grows with one parameter (the linearity checks) and hostile shapes that
// stress one decoder loop each.
#pragma once

#include <cstdint>
#include <vector>

namespace f2g::test {

// ---- valid, growing ---------------------------------------------------------------------

// SWS: `parts` ranges of a side x side vertex grid each (POSITION, NORMAL, TEXCOORD0; one
// material per range), with one SubMesh and its inline copy per range when `submeshes`.
// parts * side^2 must stay <= 65535 (absolute u16 indices).
std::vector<uint8_t> sws_grid_mesh(uint32_t parts, uint32_t side, bool submeshes);

// RR: `parts` ranges (or inline objects) of a side x side grid each, format static24.
std::vector<uint8_t> rr_grid_mesh(uint32_t parts, uint32_t side, bool inline_layout);

// ---- hostile ----------------------------------------------------------------------------

// SWS: `ranges` first-partition ranges that each claim all `triangles` triangles of one
// index buffer (a one-triangle pattern repeated). The partition sum fails (an error), but
// only after every range was checked against the index buffer.
std::vector<uint8_t> sws_overlapping_ranges(uint32_t ranges, uint32_t triangles);

// SWS: `submeshes` one-triangle SubMeshes, each matched by its own range, behind `decoys`
// zero-triangle ranges of the same material that each span every vertex. Valid: every
// Proven relation holds. The SubMesh-to-range match builds and sorts the keys of every
// decoy for every SubMesh.
std::vector<uint8_t> sws_submeshes_behind_decoys(uint32_t submeshes, uint32_t decoys);

// SWS: one SubMesh (and its range) of `vertices` vertices that all sit at one position,
// each with its own UV: valid, but every SubMesh vertex has every range vertex as a
// candidate when the UVs are matched to TEXCOORD0.
std::vector<uint8_t> sws_coincident_vertices(uint32_t vertices);

// SWS: `ranges` ranges of one triangle each whose stored vertex span misses it, so every
// range (both partitions) raises a warning and widens its primitive: warnings per byte.
std::vector<uint8_t> sws_every_range_warns(uint32_t ranges);

// SWS: `ranges` ranges with no triangles (each becomes an empty-primitive record in the
// glTF extras plus a warning) next to one range holding a triangle.
std::vector<uint8_t> sws_empty_ranges(uint32_t ranges);

// SWS: the first SubMesh of a one-range mesh with copies nested `depth` deep (the decoder
// refuses more than 4 with SWS_SUBMESH_TOO_DEEP).
std::vector<uint8_t> sws_nested_copies(uint32_t depth);

// RR: `ranges` ranged ranges with no indices and no vertices next to one holding a
// triangle: per range a range record, a PrimitiveDesc, a MeshPrimitive, a descriptor and a
// DynamicReference, and an empty primitive in the output.
std::vector<uint8_t> rr_empty_ranges(uint32_t ranges);

// RR: `bones` bones each with a wrong class and a singular matrix (two warnings per bone).
std::vector<uint8_t> rr_warning_bones(uint32_t bones);

}  // namespace f2g::test
