// Round-trip verification: does a written .glb reproduce what the game draws? Compares the
// decoded input (decode(INPUT)) with the glTF read back (gltf::read_glb(OUTPUT)), attribute by
// attribute, and says where and by how much they differ (docs/ARCHITECTURE.md "forge2gltf verify").
//
// What is compared, and how exactly (one Row per attribute, in this order):
//   counts      "vertices", "primitives", "index_count" (per primitive), "index_buffer" (all
//               indices, drawn or not), "index_size" (the stored width), "primitive_ranges"
//               (first index + count, first vertex + count of every draw range), "bones",
//               "targets", "materials": equal.
//   "indices"   per primitive, corner by corner: same values in the same order (triangle order
//               kept as stored).
//   POSITION, TEXCOORD_n, COLOR_n, custom "_NAME" attributes: exact (float32 bit for bit;
//               integers equal; two different scalar types: equal as float32).
//   NORMAL, TANGENT xyz: directions. The written unit vector is compared with
//               normalize(expected), both normalised in double precision; error = the largest
//               component difference.
//                 exact             error <= kUnitExact (2^-21): float32 rounding of a unit
//                                   vector, whatever order the writer normalises in;
//                 within tolerance  error <= kUnitTolerance = 1/127 + 2^-21: one step of the
//                                   stored ubyte4 (b/127 - 1 or (b - 127)/127). The source
//                                   knows each component only to half a step, and a writer
//                                   that quantises to int8 (KHR_mesh_quantization, step 1/127)
//                                   rounds by at most half a step, so one step bounds every
//                                   legitimate writer and flags any real re-direction.
//               A zero expected vector has no direction: a unit (or zero) vector is accepted
//               (within tolerance). TANGENT w: exact.
//   "JOINTS", "WEIGHTS": per vertex, a map bone id -> weight over all JOINTS_n/WEIGHTS_n sets
//               (joints mapped through each side's skin to bone ids; repeated joints summed;
//               zero weights ignored); expected weights normalised to sum 1.
//                 JOINTS: per vertex, the bone sets agree (a bone on one side only is within
//                   tolerance when its weight is at most one step, else a mismatch);
//                 WEIGHTS: per (vertex, bone on both sides), |found - expected| exact when
//                   <= 1e-12, within tolerance when <= kWeightTolerance = 1/255 + 1e-9: the
//                   writer renormalises u8 weights to sum exactly 255, which moves each by at
//                   most one 8-bit step.
//               A vertex with no stored weight accepts whatever placeholder the writer needed
//               (glTF requires weights summing to 1): within tolerance.
//   "inverse_bind" all 16 floats bit for bit; "bone_ids" id and name hash; "bone_names".
//   "targets[k].POSITION" (and NORMAL, further semantics): the reconstructed float32(base +
//               delta) equals the stored target exactly wherever some float32 delta reaches it
//               (gltf::morph_delta decides: the writer's own rule); elsewhere it must be the
//               nearest reachable value, counted as "nearest" with its error, not a mismatch.
//               Target NORMALs are directions, as NORMAL; integer semantics (COLOR_n) exact.
//               "target_names".
//   "material_ids" (extras.id), "material_names", "primitive_materials" (index and id).
//   "source" (format, layout, object id); "extras": the stored fields glTF has no
//               slot for, as JSON, equal on the mesh, every primitive, bone, material, target.
//
// Compacted outputs (convert --quantize / --compress, gltf_writer/compact/compact.h): the glb is
// first expanded (gltf::expand_glb: meshopt views decoded, quantised accessors back to float).
// Meshopt compression is lossless, so the rules above hold unchanged. A quantised glb (
// KHR_mesh_quantization) may move POSITION and morph POSITION values by up to
// Tolerances::position and TEXCOORD_n values by up to Tolerances::texcoord (counted as
// "within tolerance"; beyond is a mismatch); NORMAL and TANGENT are already compared within
// one int8 step. "compact" in the report says which form was read.
//
// A value is one element: a vertex's vector, an index, a bone's matrix, a name. max_error is
// the largest absolute difference (count difference for counts). The first kMaxMismatches
// mismatches of every row are listed with primitive, attribute, index and both values.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converter/verify/reencode_check.h"
#include "formats/common/decode.h"
#include "gltf_writer/write/write.h"
#include "ir/diagnostic.h"
#include "ir/mesh.h"

namespace f2g::verify {

constexpr size_t kMaxMismatches = 10;  // listed per row; all are counted

constexpr double kUnitStep = 1.0 / 127;         // stored ubyte4 normal step
constexpr double kUnitExact = 1.0 / (1 << 21);  // float32 rounding of a unit vector
constexpr double kUnitTolerance = kUnitStep + kUnitExact;
constexpr double kWeightStep = 1.0 / 255;  // unorm8 weight step
constexpr double kWeightExact = 1e-12;
constexpr double kWeightTolerance = kWeightStep + 1e-9;

struct Row {
  std::string attribute;  // "POSITION", "indices", "targets[0].POSITION", "vertices" ...
  uint64_t compared = 0;
  uint64_t exact = 0;
  uint64_t within_tolerance = 0;
  uint64_t nearest = 0;  // morph values no float32 delta can reach, at the nearest reachable
  uint64_t mismatched = 0;
  double max_error = 0;
};

struct Mismatch {
  int64_t primitive = -1;  // -1: not inside one primitive (mesh-level value)
  std::string attribute;   // the Row's attribute
  std::string index_kind;  // "vertex", "corner" (within the primitive), "bone", "material",
                           // "target", "primitive", "count", "attribute", "mesh"
  uint64_t index = 0;
  std::string expected;
  std::string found;
};

// How far a value may be from the input and still count as "within tolerance" (0: exact).
struct Tolerances {
  double position = 0;  // POSITION and morph POSITION, per component, absolute
  double texcoord = 0;  // TEXCOORD_n, per component, absolute
};

// The tolerances of gltf::compact_glb's quantisation of `expected` (compact.h) with the
// POSITION dequantisation scale the glb records: a rounded value is off by at most scale / 2,
// plus the float32 rounding of offset + scale * q (a few ulps of the largest coordinate);
// texcoords within kTexcoordTolerance plus float32 rounding.
Tolerances quantized_tolerances(const ir::Mesh& expected, double position_scale);

struct VerifyReport {
  std::string input;  // paths, for the report; empty when compared in memory
  std::string output;
  std::string compact;  // "", "quantized", "compressed", "quantized+compressed": the form read
  std::vector<Row> rows;
  std::vector<Mismatch> mismatches;     // first kMaxMismatches per row
  std::optional<ir::Diagnostic> error;  // the input or the glb could not be read at all

  bool ok() const;              // nothing mismatched and no error
  uint64_t mismatched() const;  // over all rows
  const Row* row(std::string_view attribute) const;
};

// expected = decode(INPUT).mesh, actual = gltf::read_glb(OUTPUT). When `actual` records
// convert --optimize's triangle order (index_order.h), each reordered primitive's triangles
// are compared as a set (canonical_triangle_order), every other index as stored.
VerifyReport compare(const ir::Mesh& expected, const ir::Mesh& actual,
                     const Tolerances& tolerances = {});

// For `convert --verify`: read the written glb back (expanded first when compacted) and
// compare it with the decoded input.
VerifyReport verify_output(const Decoded& decoded, const uint8_t* glb, size_t size);
inline VerifyReport verify_output(const Decoded& decoded, const std::vector<uint8_t>& glb) {
  return verify_output(decoded, glb.data(), glb.size());
}
// The same for whatever gltf::write made: the glb, or with --gltf the JSON and its .bin.
VerifyReport verify_written(const Decoded& decoded, const gltf::Written& written);

// For the convert hook: nullopt when ok, else one VERIFY_MISMATCH error naming the mismatch
// count and the first mismatch (or the read error itself).
std::optional<ir::Diagnostic> report_error(const VerifyReport& report);

// `forge2gltf verify INPUT OUTPUT.glb [--json]`: the report (text table or JSON) to `out`,
// read/decode failures also to `err`. Returns 0 when the glb reproduces INPUT, else 1.
int run_verify(const std::string& input, const std::string& glb, bool json,
               const DecodeOptions& options, std::ostream& out, std::ostream& err);

}  // namespace f2g::verify
