// The incoming mesh's checks before anything is matched or allocated from its counts
// (formats/common/rebuild.h: counts come from the glTF, so every one is checked against what
// the mesh holds), and the order the new vertices take.
#include <cmath>
#include <string>

#include "formats/grb/rebuild_parts.h"

namespace f2g::grb::rebuild_parts {

Error import_error(std::string code, std::string message, std::string path) {
  return Error{std::move(code), std::move(message), std::move(path), 0};
}

namespace {

std::string attribute_path(size_t i) { return "mesh/attributes[" + std::to_string(i) + "]"; }

// The widths the encoder reads: POSITION xyz, directions xyz, uv pairs; JOINTS_n and
// WEIGHTS_n in fours (influences_of pairs their lanes).
size_t needed_width(const std::string& s) {
  if (s == "POSITION" || s == "NORMAL" || s == "TANGENT" || s == "_BINORMAL") return 3;
  if (s.rfind("TEXCOORD_", 0) == 0) return 2;
  if (s.rfind("JOINTS_", 0) == 0 || s.rfind("WEIGHTS_", 0) == 0) return 4;
  return 1;
}

std::optional<Error> check_attribute(const ir::Attribute& a, size_t i, uint32_t vertex_count) {
  const uint64_t expected = uint64_t(vertex_count) * a.width;
  if (a.width < needed_width(a.semantic) || a.value_count() != expected)
    return import_error("IMPORT_GRB_ATTRIBUTE_SIZE",
                        a.semantic + " holds " + std::to_string(a.value_count()) +
                            " values of width " + std::to_string(a.width) + " for " +
                            std::to_string(vertex_count) + " vertices (needed: width at least " +
                            std::to_string(needed_width(a.semantic)) + ", vertex_count x width)",
                        attribute_path(i));
  if (a.type == ir::Scalar::F32)
    for (size_t k = 0; k < a.f32.size(); ++k)
      if (!std::isfinite(a.f32[k]))
        return import_error(
            "IMPORT_GRB_NOT_FINITE",
            a.semantic + " of vertex " + std::to_string(k / a.width) + " is not a finite number",
            attribute_path(i));
  return std::nullopt;
}

}  // namespace

std::optional<Error> check_incoming(const ir::Mesh& in, const Donor& donor) {
  const ir::Attribute* position = in.find("POSITION");
  if (!position)
    return import_error("IMPORT_GRB_NO_POSITION",
                        "the incoming mesh has no POSITION attribute: a GRB/GRW vertex stores one",
                        "mesh/attributes");
  for (size_t i = 0; i < in.attributes.size(); ++i)
    if (auto e = check_attribute(in.attributes[i], i, in.vertex_count)) return e;
  for (size_t k = 0; k < in.indices.size(); ++k)
    if (in.indices[k] >= in.vertex_count)
      return import_error("IMPORT_GRB_INDEX_OUT_OF_RANGE",
                          "index " + std::to_string(k) + " names vertex " +
                              std::to_string(in.indices[k]) + " of " +
                              std::to_string(in.vertex_count),
                          "mesh/indices[" + std::to_string(k) + "]");
  const size_t draws = donor.file.compiled.mesh_data.standard.size();
  for (size_t p = 0; p < in.primitives.size(); ++p) {
    const ir::Primitive& pr = in.primitives[p];
    const std::string path = "mesh/primitives[" + std::to_string(p) + "]";
    if (uint64_t(pr.first_index) + pr.index_count > in.indices.size() || pr.index_count % 3)
      return import_error("IMPORT_GRB_PRIMITIVE_RANGE",
                          "primitive " + std::to_string(p) + "'s indices [" +
                              std::to_string(pr.first_index) + ", " +
                              std::to_string(uint64_t(pr.first_index) + pr.index_count) +
                              ") are not whole triangles inside the " +
                              std::to_string(in.indices.size()) + " indices",
                          path + ".index_count");
    if (pr.material >= draws)
      return import_error("IMPORT_GRB_MATERIAL_OUT_OF_RANGE",
                          "primitive " + std::to_string(p) + " names material " +
                              std::to_string(pr.material) + "; the donor has " +
                              std::to_string(draws) + " (one per draw)",
                          path + ".material");
  }
  return std::nullopt;
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
