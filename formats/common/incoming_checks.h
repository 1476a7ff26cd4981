// import: the one check of the incoming mesh every format's rebuild runs before it matches,
// sizes or allocates anything from it (formats/common/rebuild.h: the counts come from the
// glTF). One code per problem whatever the game; the donor's facts come in as data.
//
// Paths name the incoming mesh (not the glTF): `mesh/attributes/NORMAL`, `mesh/indices[7]`,
// `mesh/primitives[1]/material`; a format's own checks of the incoming mesh write theirs the
// same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "formats/common/error.h"
#include "ir/mesh.h"

namespace f2g {

// What the donor allows: the per-game facts the checks need.
struct IncomingLimits {
  size_t materials = 0;  // a primitive's material is below this (ranges, draws, descriptors)
  // The format stores influences for this donor: joints and weights are checked (a donor
  // without them ignores JOINTS_n / WEIGHTS_n).
  bool skinned = false;
  size_t bones = 0;          // the donor's bone list
  size_t joint_limit = 256;  // bones a stored joint index reaches (a u8 index: 256)
  // Semantics outside the contract's that the format's encoder reads at a fixed width
  // (GRB's _BINORMAL xyz); any other such semantic may have any width but 0.
  std::vector<std::pair<std::string, int>> widths;
};

// The width each contract semantic has (POSITION, NORMAL 3; TANGENT, JOINTS_n, WEIGHTS_n 4;
// TEXCOORD_n 2; COLOR_n 3 or 4, reported as 4), or the format's own (`limits.widths`); 0 for
// any other semantic (any width but 0).
int incoming_width(const std::string& semantic, const IncomingLimits& limits);

// The first problem of `in` for this donor, in this order: IMPORT_NO_POSITION, then per
// attribute IMPORT_ATTRIBUTE_SIZE (width, then vertex_count x width values) and
// IMPORT_NOT_FINITE, IMPORT_INDEX_OUT_OF_RANGE, per primitive IMPORT_PRIMITIVE_RANGE and
// IMPORT_MATERIAL_OUT_OF_RANGE, IMPORT_NO_TRIANGLES, and for a skinned donor per vertex
// IMPORT_BAD_WEIGHT and IMPORT_JOINT_OUT_OF_RANGE (a weighted joint past the bones or the
// joint limit, or any joint that is no number in [0, 65535]).
std::optional<Error> check_incoming_mesh(const ir::Mesh& in, const IncomingLimits& limits);

// The path of attribute `semantic` of the incoming mesh.
std::string incoming_path(const std::string& semantic);

}  // namespace f2g
