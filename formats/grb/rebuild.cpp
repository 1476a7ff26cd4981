// The GRB/GRW rebuild in order: read the donor (structure, layout, IR), check the incoming
// mesh, match its vertices to the donor's at half the donor's quantisation step, build the
// vertex buffer and the draws, write them into a copy of the donor's structure, encode.
#include "formats/grb/rebuild.h"

#include <cmath>
#include <cstdlib>
#include <string>

#include "formats/common/rebuild_warnings.h"
#include "formats/grb/grb.h"
#include "formats/grb/mesh_codec.h"
#include "formats/grb/rebuild_parts.h"
#include "formats/grb/vertex_codec.h"

namespace f2g::grb {

namespace {

using namespace rebuild_parts;

// Half a step of each stored encoding (docs/READING.md "GRB/GRW element decoding"): s16 x
// Q / 32767 positions, s16 / 32767 x UVQ uvs, (b - 127) / 127 directions, b / 255 colours and
// weights; joints are integers.
HalfStep half_steps(const Donor& donor) {
  const double q = std::fabs(double(donor.file.compiled.q)),
               uvq = std::fabs(double(donor.file.compiled.uvq));
  return [q, uvq](const std::string& s) {
    if (s == "POSITION") return constant_step(q / 65534.0);
    if (s == "NORMAL" || s == "TANGENT" || s == "_BINORMAL") return constant_step(0.5 / 127.0);
    if (s.rfind("TEXCOORD_", 0) == 0) return constant_step(uvq / 65534.0);
    if (s.rfind("JOINTS_", 0) == 0) return constant_step(0);
    return constant_step(0.5 / 255.0);  // COLOR_n, WEIGHTS_n and other unorm8 bytes
  };
}

// The stored extents, as {min, max} of x, y, z (the fourth component is not a coordinate).
nlohmann::json box_json(const MeshHeader& h) {
  return {{"min", {h.extent_min[0], h.extent_min[1], h.extent_min[2]}},
          {"max", {h.extent_max[0], h.extent_max[1], h.extent_max[2]}}};
}

nlohmann::json ranges(const MeshData& md) {
  nlohmann::json out = nlohmann::json::array();
  for (const MeshPrimitive& p : md.standard)
    out.push_back({{"start_index", p.start_index},
                   {"primitive_count", p.primitive_count},
                   {"min_index", p.min_index},
                   {"num_vertices", p.num_vertices}});
  return out;
}

}  // namespace

namespace rebuild_parts {

bool stores_static_w(const MeshFile& file, const Layout& layout) {
  const uint8_t* vb = layout.vertices->bytes.data();
  const float q = file.compiled.q;
  bool static_w = layout.vertex_count > 0 && q != 32767;
  for (uint64_t v = 0; v < layout.vertex_count && static_w; ++v)
    static_w = float(std::abs(int(position_w(*layout.format, vb, v)))) == q;
  return static_w;
}

}  // namespace rebuild_parts

Result<Rebuilt> rebuild(Dialect dialect, const RebuildInput& input) {
  Result<std::shared_ptr<const Decoded>> read = decoded_donor<DonorParts>(
      input, [dialect](const uint8_t* data, size_t size, DecodeOptions o) {
        o.format = &format_of(dialect);
        return decode(dialect, data, size, o);
      });
  if (!read) return read.error();
  const DonorParts& parts = parts_of<DonorParts>(**read);
  const Donor donor{parts.file, parts.layout, parts.static_w, (*read)->mesh};
  const ir::Mesh& in = input.mesh;
  if (auto e = check_incoming(in, donor)) return *e;
  const VertexMatch match =
      match_vertices(donor.ir, in, widened(half_steps(donor), input.incoming_error));
  const Order order = order_of(match, donor.ir.vertex_count);
  Result<Vertices> vertices = build_vertices(donor, in, order);
  if (!vertices) return vertices.error();
  Result<Draws> draws = plan_draws(donor, in, order);
  if (!draws) return draws.error();
  MeshFile out = donor.file;
  Result<bool> written = write_structure(donor, *vertices, *draws, order, out);
  if (!written) return written.error();

  Rebuilt r;
  r.bytes = encode(out);
  RebuildSummary& s = r.summary;
  s.vertices = order.incoming.size();
  s.vertices_kept = vertices->kept;
  s.vertices_new = vertices->fresh;
  for (const MeshPrimitive& p : out.compiled.mesh_data.standard) s.triangles += p.primitive_count;
  s.donor_vertices = donor.layout.vertex_count;
  for (const MeshPrimitive& p : donor.file.compiled.mesh_data.standard)
    s.donor_triangles += p.primitive_count;
  s.donor_order = order.donor_order;
  s.influences_dropped = vertices->influences_dropped;
  nlohmann::json& x = s.details;
  x["dialect"] = dialect_name(dialect);
  x["layout"] = donor.layout.clustered ? "clustered" : "mesh_data";
  // docs/usage.md "The import summary": the draw ranges are the standard MeshPrimitives.
  x["ranges"] = {{"before", donor.file.compiled.mesh_data.standard.size()},
                 {"after", out.compiled.mesh_data.standard.size()}};
  x["draws"] = {{"before", ranges(donor.file.compiled.mesh_data)},
                {"after", ranges(out.compiled.mesh_data)}};
  x["materials_dropped"] = draws->dropped;
  x["quantization_factor"] = {{"before", donor.file.compiled.q}, {"after", out.compiled.q}};
  x["uv_quantization_factor"] = {{"before", donor.file.compiled.uvq}, {"after", out.compiled.uvq}};
  x["bounds"] = {{"before", box_json(donor.file.mesh)}, {"after", box_json(out.mesh)}};
  x["new_vertex_defaults"] = vertices->defaulted;
  if (s.influences_dropped)
    r.warnings.push_back(influences_dropped(s.influences_dropped,
                                            4 * (donor.layout.format->find("JOINTS_1") ? 2 : 1)));
  for (uint32_t i : draws->dropped)
    r.warnings.push_back(material_dropped(i, hex(donor.file.compiled.instancing[i].material_id, 16),
                                          "its draw, instancing entry and material reference are"));
  return r;
}

}  // namespace f2g::grb
