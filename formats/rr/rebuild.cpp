// import for RR: decode the donor to its MeshFile, match the incoming vertices to the
// donor's, plan vertex order and ranges, write vertex bytes, recompute every derived field,
// encode with the mirroring encoder (formats/common/rebuild.h has the contract).
#include "formats/rr/rebuild.h"

#include <algorithm>
#include <memory>

#include "formats/common/incoming_checks.h"
#include "formats/common/reader.h"
#include "formats/common/rebuild_warnings.h"
#include "formats/rr/mesh_codec.h"
#include "formats/rr/rr.h"
#include "formats/rr/to_ir.h"
#include "formats/rr/vertex_codec.h"

namespace f2g::rr {

namespace {

Error import_error(const char* code, std::string message, std::string path) {
  return Error{code, std::move(message), std::move(path), 0};
}

ir::Json box_json(const Float4& lo, const Float4& hi) {
  return {{"min", {lo[0], lo[1], lo[2]}}, {"max", {hi[0], hi[1], hi[2]}}};
}

ir::Json chunks_json(const std::vector<Chunk>& chunks) {
  ir::Json a = ir::Json::array();
  for (const Chunk& c : chunks)
    a.push_back({{"material", c.material},
                 {"first_vertex", c.first_vertex},
                 {"vertices", c.vertex_count},
                 {"first_index", c.first_index},
                 {"triangles", c.index_count / 3}});
  return a;
}

// Two donor vertices can lie within half a step of each other on every attribute (a normal
// one byte apart on the same spot): the matcher may then pair a shuffled incoming vertex with
// the other one, and the donor's order is lost although every vertex is the donor's. A first
// pass at float precision pairs each vertex with the donor vertex it equals; where it leaves
// a vertex unmatched, the pass at half a step decides.
VertexMatch match_two_pass(const ir::Mesh& donor, const ir::Mesh& in, const HalfStep& half) {
  VertexMatch first = match_vertices(donor, in, half, 1e-6);
  if (first.donor_order || first.matched == in.vertex_count) return first;
  VertexMatch second = match_vertices(donor, in, half);
  if (second.donor_order) return second;
  second.matched = 0;
  for (uint32_t v = 0; v < in.vertex_count; ++v) {
    if (first.donor_of[v] != kNewVertex) second.donor_of[v] = first.donor_of[v];
    second.matched += second.donor_of[v] != kNewVertex ? 1 : 0;
  }
  return second;
}

// ranged: u16 indices relative to the vertex base (at most 65,536 vertices per range) and the
// PrimitiveDescData u24 index count; inline: u32 counts, no limit of their own.
constexpr uint64_t kRangeVertices = 65536;
constexpr uint64_t kRangeTriangles = 0xFFFFFF / 3;
constexpr uint64_t kUnlimited = UINT64_MAX;

}  // namespace

Result<Rebuilt> rebuild(const RebuildInput& input) {
  Result<std::shared_ptr<const Decoded>> read = decoded_donor<DonorParts>(input, decode);
  if (!read) return read.error();
  const DonorParts& parts = parts_of<DonorParts>(**read);
  const Donor view{parts.file, parts.layout, (*read)->mesh};
  const Donor* const donor = &view;
  const VertexFormat& f = *donor->layout.format;
  if (!f.find("POSITION"))
    return import_error("IMPORT_NO_POSITION",
                        "the donor's vertex format " + f.name + " has no POSITION element",
                        "mesh/vertex_format");
  const ir::Mesh& in = input.mesh;
  const size_t materials = donor->ir.materials.size();
  IncomingLimits limits;
  limits.materials = materials;
  // RR stores joints as u8 bone numbers of the header's bone list (docs/READING.md "Bones").
  // A format without a skin stream has nowhere to put them: they are not read.
  limits.skinned = f.strides[2] != 0;
  limits.bones = donor->file.header.bones.size();
  limits.joint_limit = 256;
  if (std::optional<Error> e = check_incoming_mesh(in, limits)) return *e;

  const float q_old = donor->file.materials.quantization_factor;
  const VertexMatch match = match_two_pass(
      donor->ir, in, widened(half_step_of(f, q_old, donor->ir), input.incoming_error));
  const bool ranged = donor->file.is_ranged();
  std::vector<uint32_t> material_of(donor->ir.vertex_count, UINT32_MAX);
  for (const ir::Primitive& p : donor->ir.primitives)
    for (uint32_t v = p.first_vertex; v < p.first_vertex + p.vertex_count; ++v)
      if (v < material_of.size()) material_of[v] = p.material;
  const bool donor_order = donor_order_stands(donor->ir, donor->layout, f, in, match);
  const Plan plan = donor_order ? donor_plan(donor->ir)
                                : incoming_plan(in, match, material_of, materials,
                                                ranged ? kRangeVertices : kUnlimited,
                                                ranged ? kRangeTriangles : kUnlimited);
  // Every stored length is a u32 (docs/READING.md "RR").
  const uint64_t n = plan.vertices.size();
  for (int s = 0; s < 3; ++s)
    if (n * f.strides[s] > UINT32_MAX)
      return import_error("IMPORT_TOO_LARGE",
                          std::to_string(n) + " vertices of " + std::to_string(f.strides[s]) +
                              " bytes do not fit a u32 stream length",
                          "mesh/attributes");
  if (plan.indices.size() * 4 > UINT32_MAX)
    return import_error(
        "IMPORT_TOO_LARGE",
        std::to_string(plan.indices.size()) + " indices do not fit a u32 index stream length",
        "mesh/indices");

  const float q_new = choose_quantization(f, q_old, donor->ir, in, plan.vertices);
  VertexBytes vb = vertex_bytes(f, donor->layout, donor->ir, in, plan.vertices, q_old, q_new);
  const StreamBytes views{&vb.streams[0], &vb.streams[1], &vb.streams[2]};
  // The bounds read back POSITION alone (checked above: the format has one).
  std::vector<float> positions = std::move(
      decode_vertices(vertex_elements::narrowed_to(f, "POSITION"), views, n, q_new)[0].f32);

  Rebuilt out;
  RebuildSummary& sum = out.summary;
  sum.vertices = n;
  sum.vertices_kept = vb.kept;
  sum.vertices_new = vb.fresh;
  sum.triangles = plan.indices.size() / 3;
  sum.donor_vertices = donor->ir.vertex_count;
  sum.donor_triangles = donor->ir.indices.size() / 3;
  sum.donor_order = donor_order;
  sum.influences_dropped = vb.influences_dropped;
  ir::Json& det = sum.details;
  det["layout"] = ranged ? "ranged" : "inline";
  det["vertex_format"] = f.name;
  det["ranges"] = {{"before", donor->layout.spans.size()}, {"after", plan.chunks.size()}};
  det["ranges_written"] = chunks_json(plan.chunks);
  det["quantization_factor"] = {{"before", q_old}, {"after", q_new}};
  det["positions_requantised"] = vb.requantised;
  det["vertices_duplicated"] = plan.duplicated;
  det["vertices_unused_dropped"] = plan.unused_dropped;
  det["new_vertex_fields_from_nearest"] = vb.from_nearest;
  det["materials_dropped"] = plan.dropped;
  det["materials_split"] = plan.split_materials;
  if (ranged)  // spec: "two more length-prefixed streams", not interpreted: the donor's stand
    det["extra_stream_bytes_kept"] = donor->file.ranged->extra_streams[0].bytes.size() +
                                     donor->file.ranged->extra_streams[1].bytes.size();
  const uint8_t width_old = donor->file.mesh_data.index_width;

  MeshFile file = donor->file;
  file.materials.quantization_factor = q_new;  // spec: "its f32 is QuantizationFactor"
  const DrawsOut draws = write_draws(file, donor->file, donor->layout, plan, std::move(vb),
                                     positions, donor->ir, donor_order);
  det["bounds"] = {
      {"before", box_json(donor->file.header.extent_min, donor->file.header.extent_max)},
      {"after", box_json(file.header.extent_min, file.header.extent_max)}};
  det["index_width"] = {{"before", width_old}, {"after", file.mesh_data.index_width}};
  det["stale_declared_counts_kept"] = draws.stale_kept;

  for (uint32_t m : plan.dropped)
    out.warnings.push_back(material_dropped(
        m, donor->ir.materials[m].name, "its ranges or objects, descriptors and references are"));
  if (sum.influences_dropped)
    out.warnings.push_back(influences_dropped(sum.influences_dropped, f.strides[2] / 2));
  if (draws.widened)
    out.warnings.push_back(import_error(
        "IMPORT_INDEX_WIDTH_WIDENED",
        std::to_string(n) + " vertices do not fit u16 indices: the inline MeshData is written "
                            "with u32 indices (index width selector 1)",
        "mesh/mesh_data.index_width"));
  out.bytes = encode(file);
  return out;
}

}  // namespace f2g::rr
