// The SWS side of `import` (formats/common/rebuild.h): the donor's Mesh structure with new
// geometry, every derived word recomputed, encoded with the mirroring encoder. The parts, one
// file each: rebuild_input.cpp (checks of the incoming mesh, half steps), rebuild_match.cpp
// (vertices matched range by range), rebuild_vertices.cpp (vertex bytes), rebuild_ranges.cpp
// (ranges, palettes, second partition), rebuild_submeshes.cpp (SubMesh runs), rebuild.cpp
// (the order of the passes). SWS positions are float32 (no quantisation factor, no stored
// bounds), so nothing of that kind is recomputed.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "formats/common/rebuild.h"
#include "formats/sws/mesh_format.h"
#include "formats/sws/vertex_layout.h"

namespace f2g::sws {

Result<Rebuilt> rebuild(const RebuildInput& input);

// The vertex tables the decoder uses for `options` (sws.cpp).
const VertexFormats& vertex_table(const DecodeOptions& options);

// The decoded donor's structure, layout and where each SubMesh's range is. decode() keeps
// them when asked (DecodeOptions::want_parts), so import reads its donor once.
struct DonorParts : DecodedParts {
  Mesh mesh;
  VertexLayout layout;
  std::vector<uint32_t> submesh_ranges;  // per SubMesh: its first-partition range
};

// The donor the rebuild works on: its parts and its IR (Decoded::mesh), side by side.
struct Donor {
  Donor(const DonorParts& parts, const ir::Mesh& ir);

  const Mesh& mesh;
  const VertexLayout& layout;
  const std::vector<uint32_t>& submesh_ranges;
  const ir::Mesh& ir;
  bool skinned = false;  // bones, BLENDINDICES and BLENDWEIGHT
  uint32_t vertex_count = 0;
  const uint8_t* vertex(uint32_t v, uint32_t stream = 0) const {
    return mesh.compiled.streams.data() + uint64_t(mesh.compiled.vertex_bytes) * stream +
           uint64_t(v) * mesh.compiled.stride;
  }
};

// One vertex of the new mesh: the incoming vertex it shows, the donor vertex whose bytes it
// keeps (kNewVertex: encoded fresh) and the donor vertex a fresh vertex takes the fields the
// incoming mesh has no value for from (kNewVertex: none, zeros).
struct OutVertex {
  uint32_t in = kNewVertex;
  uint32_t kept = kNewVertex;
  uint32_t fallback = kNewVertex;
};

// One first-partition range of the new mesh.
struct OutRange {
  uint32_t source = 0;            // the donor range (= donor material index) it continues
  std::vector<uint16_t> indices;  // new vertex numbers
  std::optional<std::pair<uint32_t, uint32_t>> span;  // first vertex, count; none: derive
  std::vector<uint8_t> palette;                       // global bone indices
};

// The new geometry before encoding.
struct Plan {
  std::vector<OutVertex> vertices;
  std::vector<OutRange> ranges;
  bool donor_topology = false;              // the donor's vertex and index order stand
  std::vector<uint32_t> materials_dropped;  // donor materials with no triangles left
};

// ---- rebuild_input.cpp
// An IMPORT_... error when the incoming mesh cannot be the donor's geometry: the common
// check (formats/common/incoming_checks.h), then the morph targets.
std::optional<Error> check_incoming(const ir::Mesh& in, const Donor& donor);
// Half a quantisation step of each donor attribute (spec: the vertex-format table's encodings).
HalfStep donor_half_step(const Donor& donor);

// ---- rebuild_match.cpp
// match_vertices range by range: the donor's ranges hold disjoint vertices, and seams repeat
// a vertex exactly in two ranges (the capsule's rings), which only the material tells apart.
// Vertices no triangle names are matched among themselves.
VertexMatch match_by_range(const Donor& donor, const ir::Mesh& in, const HalfStep& half_step);

// Each material's triangles (corner rotation ignored) are the donor's, the incoming vertices
// taken as donor vertices through `donor_of` (nullptr: by their own numbers); no sort when the
// incoming mesh is the donor's by number (donor_by_number).
bool same_triangles_by_material(const ir::Mesh& donor, const ir::Mesh& in,
                                const std::vector<uint32_t>* donor_of);

// rebuild_complete.cpp: when `in`'s vertex sets are the donor's but not one to one (copies,
// twins, vertices no triangle names dropped), `in` rebuilt over the donor's vertices in the
// donor's order; nullopt otherwise.
std::optional<ir::Mesh> completed_to_donor(const Donor& donor, const ir::Mesh& in,
                                           const VertexMatch& match, const HalfStep& half_step);

// ---- rebuild_vertices.cpp
// The 4 lanes of one vertex, inline: a rebuild holds one per vertex.
struct Lanes4 {
  std::array<uint16_t, 4> joints{};
  std::array<uint8_t, 4> weights{};
};
// Influences of each incoming vertex as unorm8 weights and global joints (empty when the
// donor is not skinned): a kept vertex's are the donor's, a fresh one's the incoming capped
// to 4 lanes, or its fallback donor vertex's when the incoming mesh has no JOINTS_0.
struct VertexSkin {
  std::vector<Lanes4> influences;  // per incoming vertex
  uint64_t dropped = 0;            // non-zero influences past the 4 lanes
};
VertexSkin vertex_skin(const ir::Mesh& in, const Donor& donor, const std::vector<uint32_t>& kept,
                       const std::vector<uint32_t>& fallback);

struct Streams {
  std::vector<uint8_t> bytes;      // stream 0, then the morph streams
  uint64_t fields_from_donor = 0;  // elements of fresh vertices taken from a donor vertex
  uint64_t fields_zero = 0;        // elements of fresh vertices with no source: zero bytes
};
// `slots`: per new vertex, the 4 palette slots of BLENDINDICES (when skinned).
Streams vertex_streams(const Plan& plan, const Donor& donor, const ir::Mesh& in,
                       const VertexSkin& skin, const std::vector<std::array<uint8_t, 4>>& slots,
                       uint32_t morph_streams, const HalfStep& half_step);

// ---- rebuild_ranges.cpp
// The general path: ranges per donor material in donor order, each split where its palette
// would pass 32 bones or its vertices 65,535; the vertices grouped per range. An error when
// the total passes 65,536 vertices.
Result<Plan> plan_new_order(const ir::Mesh& in, const Donor& donor,
                            const std::vector<uint32_t>& kept,
                            const std::vector<uint32_t>& fallback, const VertexSkin& skin,
                            std::vector<Error>& warnings);
// Palettes of every range (donor's kept while they hold the bones needed) and the slots of
// each vertex; false when a donor-topology range would need more than 32 bones.
bool assign_palettes(Plan& plan, const Donor& donor, const VertexSkin& skin,
                     std::vector<std::array<uint8_t, 4>>& slots);
// Writes ranges_a, ranges_b, palettes and material ids into `m`. ranges_b: the donor's as
// stored while the indices are the donor's, else the donor's policy (mirror, groups, one
// over all; a partition cut at other triangles by its count, docs/ARCHITECTURE.md "Back into
// the game").
void write_ranges(const Plan& plan, const Donor& donor, Mesh& m, nlohmann::json& details);

// ---- rebuild_submeshes.cpp
// Rewrites the SubMeshes' positions, normals, first UV channel, colours and morph channels
// from the new compiled data (donor topology only). Returns the SubMesh vertices rewritten.
uint64_t rewrite_submeshes(const Donor& donor, const Plan& plan, const ir::Mesh& in, Mesh& m);

}  // namespace f2g::sws
