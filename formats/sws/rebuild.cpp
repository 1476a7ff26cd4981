// The SWS rebuild's passes (formats/common/rebuild.h): decode the donor, check and match the
// incoming geometry, plan vertices and ranges (the donor's topology where it stands, else new
// order), write streams, ranges, palettes and SubMeshes, recompute the derived words, encode.
#include "formats/sws/rebuild.h"

#include "formats/common/rebuild_warnings.h"
#include "formats/sws/codec_parts.h"
#include "formats/sws/mesh_builder.h"
#include "formats/sws/mesh_codec.h"
#include "formats/sws/relations.h"
#include "formats/sws/sws.h"

namespace f2g::sws {

Donor::Donor(const DonorParts& parts, const ir::Mesh& donor_ir)
    : mesh(parts.mesh),
      layout(parts.layout),
      submesh_ranges(parts.submesh_ranges),
      ir(donor_ir),
      skinned(!mesh.bones.empty() && layout.find("JOINTS_0") && layout.find("WEIGHTS_0") &&
              ir.find("JOINTS_0")),
      vertex_count(sws::vertex_count(mesh.compiled)) {}

namespace {

std::string n(uint64_t v) { return std::to_string(v); }

// The donor's own vertices and ranges, each incoming vertex at its donor vertex's place.
Plan donor_topology_plan(const Donor& donor, const std::vector<uint32_t>& corr,
                         const std::vector<uint32_t>& kept) {
  Plan plan;
  plan.donor_topology = true;
  plan.vertices.resize(donor.vertex_count);
  for (uint32_t v = 0; v < corr.size(); ++v) plan.vertices[corr[v]] = {v, kept[v], corr[v]};
  const CompiledData& d = donor.mesh.compiled;
  for (uint32_t i = 0; i < d.ranges_a.size(); ++i) {
    const Range& g = d.ranges_a[i];
    OutRange r;
    r.source = i;
    r.indices.assign(d.indices.begin() + g.first_index,
                     d.indices.begin() + g.first_index + uint64_t(g.triangle_count) * 3);
    r.span = std::make_pair(g.first_vertex, g.vertex_count);
    plan.ranges.push_back(std::move(r));
  }
  return plan;
}

// For a fresh vertex, the donor vertex that gives the fields the incoming mesh has no value
// for (a w byte, a binormal, a second UV set the glTF dropped): the donor vertex it matched;
// else the donor vertex of a matched vertex it shares a triangle with (the nearest kept
// neighbour on the surface); else the first vertex of its material's donor range; else
// donor vertex 0. A donor without vertices leaves zeros.
std::vector<uint32_t> fallbacks(const ir::Mesh& in, const Donor& donor,
                                const std::vector<uint32_t>& kept) {
  std::vector<uint32_t> out = kept;
  for (const ir::Primitive& p : in.primitives)
    for (size_t t = p.first_index; t + 3 <= size_t(p.first_index) + p.index_count; t += 3)
      for (size_t c = 0; c < 3; ++c) {
        const uint32_t v = in.indices[t + c];
        if (out[v] != kNewVertex) continue;
        for (size_t o = 1; o < 3 && out[v] == kNewVertex; ++o)
          out[v] = kept[in.indices[t + (c + o) % 3]];
        const Range& g = donor.mesh.compiled.ranges_a[p.material];
        if (out[v] == kNewVertex && g.vertex_count && g.first_vertex < donor.vertex_count)
          out[v] = g.first_vertex;
      }
  for (uint32_t& f : out)
    if (f == kNewVertex && donor.vertex_count) f = 0;
  return out;
}

}  // namespace

Result<Rebuilt> rebuild(const RebuildInput& input) {
  Result<std::shared_ptr<const Decoded>> read = decoded_donor<DonorParts>(input, decode);
  if (!read) return read.error();
  const Donor donor(parts_of<DonorParts>(**read), (*read)->mesh);
  if (std::optional<Error> e = check_incoming(input.mesh, donor)) return *e;

  Rebuilt out;
  nlohmann::json& details = out.summary.details;
  // A quantised glTF (convert --quantize) moved values by up to its own step: matching, and
  // the morph streams' test for the donor's values, allow that much.
  const HalfStep half_step = widened(donor_half_step(donor), input.incoming_error);
  const VertexMatch first = match_by_range(donor, input.mesh, half_step);
  // Vertex sets that are the donor's up to copies, twins and dropped vertices: the incoming
  // mesh over the donor's vertices then matches one to one, in the donor's order.
  const std::optional<ir::Mesh> completed = completed_to_donor(donor, input.mesh, first, half_step);
  const ir::Mesh& in = completed ? *completed : input.mesh;
  const VertexMatch match = completed ? match_by_range(donor, in, half_step) : first;

  // The donor's topology stands when the matcher restored its order, or when the incoming
  // vertices are the donor's by number (an edit that moved or recoloured vertices) and each
  // material keeps its triangles.
  std::vector<uint32_t> corr;
  if (match.donor_order) {
    corr = match.donor_of;
  } else if (in.vertex_count == donor.vertex_count &&
             same_triangles_by_material(donor.ir, in, nullptr)) {
    corr.resize(in.vertex_count);
    for (uint32_t v = 0; v < in.vertex_count; ++v) corr[v] = v;
  }
  const bool submeshes = !donor.mesh.submeshes.empty();
  std::vector<uint32_t> fallback = corr.empty() ? fallbacks(in, donor, match.donor_of) : corr;
  const VertexSkin skin = vertex_skin(in, donor, match.donor_of, fallback);
  std::vector<std::array<uint8_t, 4>> slots;
  Plan plan;
  bool topology = !corr.empty();
  std::string why = "the incoming triangles are not the donor's";
  if (topology) {
    plan = donor_topology_plan(donor, corr, match.donor_of);
    if (!assign_palettes(plan, donor, skin, slots)) {
      topology = false;
      why = "a range's palette would need more than 32 bones";
    }
  }
  if (!topology) {
    if (submeshes && !input.options.drop_submeshes)
      return Error{"IMPORT_SWS_SUBMESH_TOPOLOGY",
                   why + " (" + n(in.vertex_count) + " vertices, " + n(in.indices.size() / 3) +
                       " triangles; the donor's " + n(donor.vertex_count) + " and " +
                       n(donor.mesh.compiled.indices.size() / 3) + "), but its " +
                       n(donor.mesh.submeshes.size()) +
                       " SubMeshes must hold the compiled triangles; --drop-submeshes writes the "
                       "mesh without them",
                   "mesh/submeshes", 0};
    if (corr.empty()) fallback = fallbacks(in, donor, match.donor_of);
    Result<Plan> planned = plan_new_order(in, donor, match.donor_of, fallback, skin, out.warnings);
    if (!planned) return planned.error();
    plan = std::move(*planned);
    assign_palettes(plan, donor, skin, slots);
  }

  Mesh m = donor.mesh;
  const bool drop = submeshes && !plan.donor_topology;
  if (drop) {
    out.warnings.push_back(
        {"IMPORT_SWS_SUBMESHES_DROPPED",
         "the edit changes the topology: the mesh is written without its " + n(m.submeshes.size()) +
             " SubMeshes" +
             (m.compiled.extra_streams ? " and its " + n(m.compiled.extra_streams) +
                                             " morph streams (spec: s is 0 without SubMeshes)"
                                       : std::string()),
         "mesh/submeshes", 0});
    m.submeshes.clear();
  }
  const uint32_t morph_streams = drop ? 0 : donor.mesh.compiled.extra_streams;
  const Streams streams = vertex_streams(plan, donor, in, skin, slots, morph_streams, half_step);
  CompiledData& d = m.compiled;
  d.streams = streams.bytes;
  d.extra_streams = morph_streams;
  d.vertex_bytes = uint32_t(plan.vertices.size() * d.stride);
  write_ranges(plan, donor, m, details);
  const uint64_t rewritten = plan.donor_topology ? rewrite_submeshes(donor, plan, in, m) : 0;
  update_derived(m);  // spec: CompiledMesh data 0x10, 0x14, I, A, B, total; L; the palette tail
  out.bytes = encode(m);

  if (skin.dropped)
    out.warnings.push_back(influences_dropped(skin.dropped, 4));  // the 4 BLENDWEIGHT lanes
  RebuildSummary& s = out.summary;
  s.vertices = plan.vertices.size();
  for (const OutVertex& o : plan.vertices) s.vertices_kept += o.kept != kNewVertex;
  s.vertices_new = s.vertices - s.vertices_kept;
  s.triangles = d.indices.size() / 3;
  s.donor_vertices = donor.vertex_count;
  s.donor_triangles = donor.mesh.compiled.indices.size() / 3;
  s.donor_order = plan.donor_topology;
  s.influences_dropped = skin.dropped;
  details["order"] =
      plan.donor_topology ? (match.donor_order ? "donor" : "donor_by_number") : "incoming_by_range";
  details["vertices_unused"] = plan.donor_topology ? 0 : in.vertex_count - [&] {
    std::vector<uint8_t> seen(in.vertex_count, 0);
    uint64_t used = 0;
    for (const OutVertex& o : plan.vertices) used += seen[o.in] ? 0 : (seen[o.in] = 1);
    return used;
  }();
  details["position_encoding"] = "float32x3 (no quantisation or bounds stored)";
  details["fields_from_donor_vertex"] = streams.fields_from_donor;
  details["fields_zero"] = streams.fields_zero;
  details["morph_streams"] = {{"before", donor.mesh.compiled.extra_streams},
                              {"after", morph_streams}};
  details["submeshes"] = {{"before", donor.mesh.submeshes.size()},
                          {"after", m.submeshes.size()},
                          {"vertices_rewritten", rewritten}};
  return out;
}

}  // namespace f2g::sws
