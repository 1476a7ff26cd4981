// The reverse direction's contract between converter/import and a format's rebuild
// (docs/ARCHITECTURE.md "Back into the game"): the donor's bytes and the geometry to put into
// them, already in the donor's own terms, in; a new mesh of the donor's format out.
//
// The donor supplies every field; the geometry supplies vertices, triangles and the keys that
// matched them. A format's rebuild decodes the donor to its structure, matches the incoming
// vertices to the donor's (match_vertices, vertex_matcher.h: a vertex within half a quantisation
// step on every attribute keeps the donor vertex's stored bytes), restores the donor's order where
// the vertex and triangle sets are the donor's, recomputes every derived field, and encodes.
// converter/import then decodes the bytes strictly before it writes them.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "formats/common/decode.h"
#include "formats/common/error.h"
#include "formats/common/vertex_matcher.h"
#include "ir/mesh.h"

namespace f2g {

inline constexpr const char* kComputedKey = "computed";

// The geometry, as converter/import made it from the glTF:
// - frame: the donor's buffer space (Z-up; the convert root node's rotation undone, node
//   transforms baked);
// - attributes as the IR has them: POSITION F32x3, NORMAL F32x3 and TANGENT F32x4 (unit
//   length; import computed them when the glTF had none), TEXCOORD_n F32x2, COLOR_n F32x4 in
//   [0, 1], JOINTS_n U16x4 holding DONOR bone indices, WEIGHTS_n F32x4 summing to 1 over all
//   sets; only the semantics the glTF carried (or import computed);
// - indices: absolute vertex numbers; primitives: one per glTF primitive, `material` a DONOR
//   material index, first_vertex 0 and vertex_count = mesh.vertex_count;
// - morph targets: the donor's names in the donor's order, absolute values;
// - materials, skin: empty (the donor's are kept); extras: only kComputedKey, the semantics
//   import computed (NORMAL, TANGENT) because the glTF had none: match_vertices leaves them
//   out, and only new vertices take their values.
struct RebuildOptions {
  bool drop_submeshes = false;  // SWS: a topology edit writes the mesh without its SubMeshes
};

// How far the incoming values may sit from the ones the glTF's writer was given, per
// component, when the glTF was itself quantised (convert --quantize): matching widens each
// half step to at least this, so a vertex quantised twice still finds its donor vertex.
struct IncomingError {
  double position = 0, normal = 0, texcoord = 0;
};

struct RebuildInput {
  const uint8_t* donor = nullptr;
  size_t donor_size = 0;
  DecodeOptions decode;  // how the donor is read: its format, the vertex tables
  // The donor as import decoded it (its IR and, DecodeOptions::want_parts, its parts); null:
  // the rebuild decodes donor / donor_size itself (decoded_donor below).
  std::shared_ptr<const Decoded> donor_decoded;
  ir::Mesh mesh;
  RebuildOptions options;
  IncomingError incoming_error;
};

// What the rebuild did, for --dry-run and the report (all counts of the NEW mesh unless named
// donor_...). Keys of `details` are the format's own (ranges before and after, Q old and new,
// bounds old and new, palettes ...), in snake_case.
struct RebuildSummary {
  uint64_t vertices = 0;         // written
  uint64_t vertices_kept = 0;    // matched a donor vertex: its stored bytes written
  uint64_t vertices_new = 0;     // encoded fresh
  uint64_t triangles = 0;        // written
  uint64_t donor_vertices = 0;   //
  uint64_t donor_triangles = 0;  //
  bool donor_order = false;      // the donor's vertex and triangle order restored
  uint64_t influences_dropped = 0;
  nlohmann::json details = nlohmann::json::object();
};

struct Rebuilt {
  std::vector<uint8_t> bytes;
  std::vector<Error> warnings;  // IMPORT_... codes (docs/errors.md)
  RebuildSummary summary;
};

// ---- shared pieces of every format's rebuild --------------------------------------------

// The donor a format's rebuild works on: the Decoded import made (its IR in `mesh`, its parts
// of the format's own type `Parts`), else the donor's bytes decoded by `decode` (the format's
// decoder) with want_parts.
template <class Parts, class Decode>
Result<std::shared_ptr<const Decoded>> decoded_donor(const RebuildInput& input, Decode decode) {
  const auto own = [](const std::shared_ptr<const Decoded>& d) {
    return d && dynamic_cast<const Parts*>(d->parts.get()) != nullptr;
  };
  if (own(input.donor_decoded)) return input.donor_decoded;
  DecodeOptions o = input.decode;
  o.observer = nullptr;
  o.field_log = nullptr;
  o.want_structure = false;
  o.want_parts = true;
  Result<Decoded> decoded = decode(input.donor, input.donor_size, o);
  if (!decoded) return decoded.error();
  auto kept = std::make_shared<const Decoded>(std::move(*decoded));
  if (own(kept)) return kept;
  return Error{"INTERNAL_ERROR", "the donor's decoder kept no parts for its rebuild", "", 0};
}

// The parts of a donor decoded_donor returned.
template <class Parts>
const Parts& parts_of(const Decoded& donor) {
  return static_cast<const Parts&>(*donor.parts);
}

}  // namespace f2g
