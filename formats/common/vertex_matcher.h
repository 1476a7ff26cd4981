// The vertex matcher every format's rebuild uses (docs/ARCHITECTURE.md "Back into the game",
// "Matching"): which incoming vertex is which donor vertex, within half a quantisation step on
// every attribute both meshes carry; the donor's order where the vertex and triangle sets are
// the donor's; influences as the games store them. The rebuild contract around it is
// rebuild.h.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ir/mesh.h"

namespace f2g {

constexpr uint32_t kNewVertex = 0xFFFFFFFF;

struct IncomingError;  // rebuild.h: how far a quantised glTF's values may sit

// Half a quantisation step of one attribute component at one donor vertex, as the donor's
// encoding stores it: e.g. Q / 65534 for a s16 position over [-Q, Q], 0.5 / 255 for a unorm8
// colour, a few ulp of the value for float32. 0 means "must be equal". A format resolves each
// semantic once (HalfStep); the matcher then asks per candidate vertex and component (StepAt)
// without looking the semantic up again.
using StepAt = std::function<double(uint32_t donor_vertex, size_t component)>;
using HalfStep = std::function<StepAt(const std::string& semantic)>;

// The same step at every vertex and component.
StepAt constant_step(double step);

// Half a step of a float32 component of each donor vertex `v`: `ulps` ulp of the vertex's largest
// component, not of the component itself. A glTF tool's float32 matrix arithmetic (Blender's
// skinned export, a baked node transform) rounds every component at the precision of the
// largest one, so a stored 0 beside a 0.18 comes back as 3e-9. A TEXCOORD_n counts at least
// 1: tools with a bottom-left UV origin (Blender) store 1 - v, and 1 - (1 - v) rounds at
// the precision of 1. `floor` raises the magnitude counted: POSITION passes the donor's
// largest coordinate (largest_magnitude), since a skinned export's bone matrices round a
// vertex at the origin at the precision of the whole mesh. The semantic is looked at once.
StepAt float_step(const ir::Attribute* donor_attribute, double ulps, double floor = 0);

// The largest |value| of an attribute (0 for none): computed once per donor.
double largest_magnitude(const ir::Attribute* a);

// `half_step` widened to at least `error` (POSITION, NORMAL / TANGENT, TEXCOORD_n).
HalfStep widened(HalfStep half_step, const IncomingError& error);

struct VertexMatch {
  std::vector<uint32_t> donor_of;  // per incoming vertex: the donor vertex it equals, or kNewVertex
  uint64_t matched = 0;
  // Every incoming vertex matched a donor vertex, every donor vertex a donor triangle uses was
  // matched (copies of one donor vertex count once, and so do donor vertices equal in
  // everything compared, which the incoming mesh cannot tell apart: the vertex SETS are the
  // donor's), and
  // each material's triangles (corner rotation ignored) are the donor's in donor numbers:
  // the donor's vertex and index order may stand for the incoming geometry.
  bool donor_order = false;
};

// Matches `incoming` to `donor` (both IR meshes over the donor's materials): candidates by a
// spatial hash of POSITION at the donor's step, then every attribute both meshes have within
// `half_step` (colours and weights within a whole step; NORMAL and TANGENT as directions:
// both normalised, then compared within the step; TANGENT w exactly; the semantics listed
// under extras[kComputedKey] not at all; influences as sets of (joint, weight), and when the
// incoming mesh has fewer JOINTS_n lanes than a donor vertex has influences, its largest
// ones renormalised, all a file of so few lanes can carry). An incoming mesh (or part) with
// as many vertices as the donor's, each fitting the donor vertex of its own number, is the
// donor's in its order: each vertex takes that donor vertex. Otherwise the nearest fitting
// candidate wins (differences summed over every value compared, weights included), an
// unmatched one among equally near, so duplicated donor vertices are each
// found once. Linear in the vertex counts. `most_step`: every half step at most this (RR's first
// pass, at float precision), applied inside the matcher rather than by a wrapper around each step.
VertexMatch match_vertices(const ir::Mesh& donor, const ir::Mesh& incoming,
                           const HalfStep& half_step, double most_step = INFINITY);

// One part of a match by parts: its incoming vertices may take only its donor vertices (both
// lists of vertex numbers of their mesh in ascending order; match_parts throws
// std::invalid_argument otherwise).
struct MatchPart {
  const std::vector<uint32_t>* donor;
  const std::vector<uint32_t>* incoming;
};

// match_vertices of each part on its own, as if the part's vertices were the whole meshes
// (its own cells, candidate order and taken vertices), the set-up done once for all parts
// rather than over a copy of each: per part, per incoming vertex of it, the donor vertex it
// matched (whole-mesh numbers) or kNewVertex. `half_step` is asked in whole-mesh numbers.
std::vector<std::vector<uint32_t>> match_parts(const ir::Mesh& donor, const ir::Mesh& incoming,
                                               const HalfStep& half_step,
                                               const std::vector<MatchPart>& parts);

// The VertexMatch::donor_order rule for a `donor_of` found in parts (a format that matches
// one material at a time): every incoming vertex matched, the vertex sets and each material's
// triangles the donor's, up to copies and twins.
bool donor_sets_hold(const ir::Mesh& donor, const ir::Mesh& incoming,
                     const std::vector<uint32_t>& donor_of, const HalfStep& half_step);

// The incoming mesh is the donor's by number: as many vertices, the same indices and draws
// (material, first index, index count), and, when `donor_of` is given, every vertex matched
// to the donor vertex of its own number. Its vertex sets and each material's triangles are
// then the donor's without sorting them (an unedited import in the donor's vertex order).
bool donor_by_number(const ir::Mesh& donor, const ir::Mesh& incoming,
                     const std::vector<uint32_t>* donor_of);

// Per donor vertex: the first donor vertex equal to it in everything the matcher compares
// against `incoming` (its twin; itself when it has none).
std::vector<uint32_t> donor_twins(const ir::Mesh& donor, const ir::Mesh& incoming);

// The incoming triangle list of `primitive`, in donor vertex numbers when all of its vertices
// matched, with each triangle rotated so that its smallest number comes first; sorted. Two
// primitives hold the same triangles when these lists are equal.
std::vector<std::array<uint32_t, 3>> canonical_triangles(const ir::Mesh& mesh, size_t primitive,
                                                         const std::vector<uint32_t>* donor_of);

// Influences of one vertex: (joint, weight) for every lane of every JOINTS_n/WEIGHTS_n set.
// cap_influences keeps the `lanes` largest (ties: the lower joint), and rounds them to unorm8
// weights that sum to exactly 255 (largest remainder; a zero-weight lane gets joint 0, as the
// writer's validator-clean convention has it). Returns how many non-zero influences it dropped.
struct Influence {  // no initialisers: the matcher's tables are sized, then written
  uint16_t joint;
  float weight;
};
struct Influences8 {
  std::vector<uint16_t> joints;  // `lanes` entries
  std::vector<uint8_t> weights;  // `lanes` entries, summing to 255 (or all 0 when no weight)
};
uint32_t cap_influences(std::vector<Influence> in, size_t lanes, Influences8& out);
// The influences of vertex v of `mesh` (empty when it has no JOINTS_0).
std::vector<Influence> influences_of(const ir::Mesh& mesh, uint32_t v);

}  // namespace f2g
