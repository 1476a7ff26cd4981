// The stages of the GRB/GRW rebuild (rebuild.cpp runs them in order): the donor as structure,
// layout and IR; the incoming mesh's checks; the new vertex buffer; the new draws.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "formats/common/error.h"
#include "formats/common/rebuild.h"
#include "formats/grb/mesh_format.h"
#include "formats/grb/relations.h"
#include "formats/grb/vertex_formats.h"
#include "ir/mesh.h"

namespace f2g::grb::rebuild_parts {

// The donor's structure, read strictly, as decode() keeps it when asked
// (DecodeOptions::want_parts), so import reads its donor once. `layout` points into `file`
// and `table`: the parts are never copied.
struct DonorParts : DecodedParts {
  MeshFile file;
  Layout layout;
  // docs/READING.md "Position": static meshes store |w| = Q (an integer), skinned ones
  // +32767. True when every donor vertex has |w| = Q (and Q is not 32767).
  bool static_w = false;

  DonorParts() = default;
  DonorParts(const DonorParts&) = delete;
  DonorParts& operator=(const DonorParts&) = delete;
};

// The donor the rebuild works on: its parts and its IR (Decoded::mesh), side by side.
struct Donor {
  const MeshFile& file;
  const Layout& layout;
  bool static_w;
  const ir::Mesh& ir;
};

// Donor::static_w of a donor's file and layout.
bool stores_static_w(const MeshFile& file, const Layout& layout);

Error import_error(std::string code, std::string message, std::string path);

// check_incoming_mesh (formats/common/incoming_checks.h) with this donor's facts: materials
// one per draw, u8 joints into the bone table when the format has a skin.
std::optional<Error> check_incoming(const ir::Mesh& in, const Donor& donor);

// New vertex k: the incoming vertex it comes from and the donor vertex it matched (or
// kNewVertex).
struct Order {
  bool donor_order = false;
  std::vector<uint32_t> incoming;  // per new vertex
  std::vector<uint32_t> donor;     // per new vertex
};
Order order_of(const VertexMatch& match, uint32_t donor_vertices);

struct Vertices {
  std::vector<uint8_t> bytes;    // the new vertex buffer
  std::vector<float> positions;  // decoded back, xyz per vertex (the bounds are of these)
  float q = 1, uvq = 1;
  uint64_t kept = 0, fresh = 0, influences_dropped = 0;
  std::map<std::string, uint64_t> defaulted;  // per semantic: new vertices given its neutral value
};
Result<Vertices> build_vertices(const Donor& donor, const ir::Mesh& in, const Order& order);

// One kept draw of the new mesh: the donor draw (= material) it continues and its triangles in
// new vertex numbers.
struct DrawPlan {
  uint32_t donor_draw = 0;
  std::vector<uint32_t> indices;
  uint32_t min_index = 0, num_vertices = 0;
};
struct Draws {
  std::vector<DrawPlan> draws;
  std::vector<uint32_t> dropped;  // donor draws whose triangles were all deleted
};
Result<Draws> plan_draws(const Donor& donor, const ir::Mesh& in, const Order& order);

// Writes the draws, the buffers and every field derived from them (counts, ranges, offsets,
// PrimitiveDescData, instancing vertex counts, materials, BlobBytes, boxes, Q, UVQ) into
// `out`, a copy of the donor's structure.
Result<bool> write_structure(const Donor& donor, const Vertices& v, const Draws& d,
                             const Order& order, MeshFile& out);

}  // namespace f2g::grb::rebuild_parts
