// import for RR: the donor's MeshFile with the incoming geometry (formats/common/rebuild.h has
// the contract). rebuild.cpp runs the passes; the pieces below are one file each.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "formats/common/rebuild.h"
#include "formats/rr/mesh_format.h"
#include "formats/rr/relations.h"
#include "formats/rr/vertex_formats.h"
#include "ir/mesh.h"

namespace f2g::rr {

// The registry entry's rebuild.
Result<Rebuilt> rebuild(const RebuildInput& input);

// The donor's structure as decode() reads it, kept when asked (DecodeOptions::want_parts) so
// import reads its donor once. `layout` points into `file`: the parts are never copied.
struct DonorParts : DecodedParts {
  MeshFile file;
  Layout layout;

  DonorParts() = default;
  DonorParts(const DonorParts&) = delete;
  DonorParts& operator=(const DonorParts&) = delete;
};

// The donor the rebuild works on: its parts and its IR (Decoded::mesh), side by side.
struct Donor {
  const MeshFile& file;
  const Layout& layout;
  const ir::Mesh& ir;
};

// ---- rebuild_order.cpp: may the donor's vertex and index order stand? -------------------

// match.donor_order, or the same with donor vertices of identical stored bytes taken as one
// (the matcher may pair a shuffled vertex with either copy).
bool donor_order_stands(const ir::Mesh& donor, const Layout& l, const VertexFormat& f,
                        const ir::Mesh& in, const VertexMatch& match);

// ---- rebuild_plan.cpp: which vertices, in which order, in which ranges --------------------

struct OutVertex {
  uint32_t donor = kNewVertex;  // the donor vertex whose stored bytes it writes, or new
  uint32_t incoming = 0;        // the incoming vertex it comes from (new vertices)
};

// One range (ranged) or object (inline), in output numbers.
struct Chunk {
  uint32_t material = 0;  // donor material = donor range / object it takes its records from
  uint32_t first_index = 0, index_count = 0;
  uint32_t first_vertex = 0, vertex_count = 0;
};

struct Plan {
  std::vector<OutVertex> vertices;
  std::vector<uint32_t> indices;  // absolute output vertex numbers
  std::vector<Chunk> chunks;
  uint64_t duplicated = 0;                // incoming vertices written more than once
  uint64_t unused_dropped = 0;            // incoming vertices no triangle uses, not written
  std::vector<uint32_t> dropped;          // donor materials with no triangles left
  std::vector<uint32_t> split_materials;  // materials spread over several ranges
};

// Donor order: the donor's vertices (all matched) and its spans, indices as stored.
Plan donor_plan(const ir::Mesh& donor);
// Incoming order: per donor material (ascending) its triangles in incoming order, cut into
// chunks of at most `max_vertices` vertices and `max_triangles` triangles; a chunk's vertices
// in ascending incoming order, a vertex used by several chunks written once per chunk.
// `donor_material_of`: per donor vertex, the material of its donor range.
Plan incoming_plan(const ir::Mesh& in, const VertexMatch& match,
                   const std::vector<uint32_t>& donor_material_of, size_t donor_materials,
                   uint64_t max_vertices, uint64_t max_triangles);

// ---- rebuild_vertices.cpp: stream bytes of the output vertices ---------------------------

// Half a quantisation step of each donor attribute component, from the table entry's types.
HalfStep half_step_of(const VertexFormat& f, float quantization_factor, const ir::Mesh& donor);

// The quantisation factor: the donor's while every new position fits s16 with it, else the
// largest |coordinate| / 32767 (mesh_builder's rule). Only for s16x4_quantized positions.
float choose_quantization(const VertexFormat& f, float donor_q, const ir::Mesh& donor,
                          const ir::Mesh& in, const std::vector<OutVertex>& vertices);

struct VertexBytes {
  std::array<std::vector<uint8_t>, 3> streams;
  uint64_t kept = 0, fresh = 0;
  uint64_t requantised = 0;  // kept vertices whose s16 x, y, z were re-scaled to a new Q
  uint64_t influences_dropped = 0;
  std::map<std::string, uint64_t> from_nearest;  // per element: new vertices that copied it
};

VertexBytes vertex_bytes(const VertexFormat& f, const Layout& donor_layout, const ir::Mesh& donor,
                         const ir::Mesh& in, const std::vector<OutVertex>& vertices, float q_old,
                         float q_new);

// ---- rebuild_draws.cpp: ranges, objects, descriptors, bounds from the plan ---------------

struct DrawsOut {
  bool widened = false;     // inline u16 indices became u32 (more than 65,536 vertices)
  uint64_t stale_kept = 0;  // donor-order objects whose stale declared counts stand
};

// Replaces in `out` (a copy of the donor) every field derived from the geometry: streams,
// indices, ranges, PrimitiveDescData, MeshPrimitive records, descriptors and references,
// centre / half extent / header extents, CPU-copy runs. `positions` are the output
// positions as the game decodes them; each box follows formats/common/kept_box.h against
// the tight box of the donor's positions (`donor_mesh`, the decoder's IR of `donor`).
DrawsOut write_draws(MeshFile& out, const MeshFile& donor, const Layout& donor_layout,
                     const Plan& plan, VertexBytes&& bytes, const std::vector<float>& positions,
                     const ir::Mesh& donor_mesh, bool donor_order);

}  // namespace f2g::rr
