// The donor's facts for the incoming mesh's check (formats/common/incoming_checks.h), and the
// order the new vertices take.
#include "formats/common/incoming_checks.h"
#include "formats/grb/rebuild_parts.h"

namespace f2g::grb::rebuild_parts {

Error import_error(std::string code, std::string message, std::string path) {
  return Error{std::move(code), std::move(message), std::move(path), 0};
}

std::optional<Error> check_incoming(const ir::Mesh& in, const Donor& donor) {
  const VertexFormat& f = *donor.layout.format;
  IncomingLimits limits;
  limits.materials = donor.file.compiled.mesh_data.standard.size();  // one per draw
  // u8 joints into the bone table, in the format's JOINTS_n sets (rebuild_vertices.cpp).
  limits.skinned = f.find("JOINTS_0") && f.find("WEIGHTS_0") && !donor.file.mesh.bones.empty();
  limits.bones = donor.file.mesh.bones.size();
  limits.joint_limit = 256;
  limits.widths = {{"_BINORMAL", 3}};  // the encoder reads its xyz
  return check_incoming_mesh(in, limits);
}

Order order_of(const VertexMatch& match, uint32_t donor_vertices) {
  Order o;
  o.donor_order = match.donor_order;
  if (match.donor_order) {  // new vertex k is donor vertex k, wherever the glTF put it
    o.incoming.assign(donor_vertices, kNewVertex);
    o.donor.resize(donor_vertices);
    for (uint32_t v = 0; v < match.donor_of.size(); ++v) o.incoming[match.donor_of[v]] = v;
    for (uint32_t k = 0; k < donor_vertices; ++k) o.donor[k] = k;
    return o;
  }
  o.donor = match.donor_of;  // new vertex order = incoming order
  o.incoming.resize(match.donor_of.size());
  for (uint32_t v = 0; v < match.donor_of.size(); ++v) o.incoming[v] = v;
  return o;
}

}  // namespace f2g::grb::rebuild_parts
