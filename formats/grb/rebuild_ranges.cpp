// The new draws (docs/READING.md "GRB/GRW Draws, indices and materials"): one per donor draw
// (= material) that still has triangles, in the donor's order; a material whose triangles
// were all deleted loses its draw, and with it its MeshInstancingData and DynamicReference,
// since this format derives its material list from the draws (one count).
#include <algorithm>
#include <string>

#include "formats/grb/rebuild_parts.h"

namespace f2g::grb::rebuild_parts {

namespace {

std::string draw_path(size_t i) { return "mesh/primitives[" + std::to_string(i) + "]"; }

}  // namespace

Result<Draws> plan_draws(const Donor& donor, const ir::Mesh& in, const Order& order) {
  const MeshData& md = donor.file.compiled.mesh_data;
  const size_t count = md.standard.size();
  const uint64_t vertices = order.incoming.size();
  std::vector<std::vector<uint32_t>> tris(count);
  if (order.donor_order) {  // the donor's index order stands
    for (size_t i = 0; i < count && i < donor.ir.primitives.size(); ++i) {
      const ir::Primitive& p = donor.ir.primitives[i];
      tris[p.material].assign(donor.ir.indices.begin() + p.first_index,
                              donor.ir.indices.begin() + p.first_index + p.index_count);
    }
  } else {  // several glTF primitives of one material share its draw, in glTF order
    for (const ir::Primitive& p : in.primitives)
      tris[p.material].insert(tris[p.material].end(), in.indices.begin() + p.first_index,
                              in.indices.begin() + p.first_index + p.index_count);
  }
  const bool clustered = donor.layout.clustered;
  const uint32_t index_size = donor.layout.index_size;
  Draws out;
  for (size_t i = 0; i < count; ++i) {
    const MeshPrimitive& dp = md.standard[i];
    if (tris[i].empty() && dp.primitive_count > 0) {
      out.dropped.push_back(uint32_t(i));
      continue;
    }
    DrawPlan plan;
    plan.donor_draw = uint32_t(i);
    plan.indices = std::move(tris[i]);
    uint64_t lo = UINT64_MAX, hi = 0;
    for (uint32_t v : plan.indices)
      lo = std::min<uint64_t>(lo, v), hi = std::max<uint64_t>(hi, v + 1ull);
    // In the donor's order its declared span stands as well (it may hold vertices no
    // triangle uses); otherwise the span is the indices'.
    if (order.donor_order) {
      const uint64_t a = std::min<uint64_t>(dp.min_index, vertices),
                     b = std::min<uint64_t>(uint64_t(dp.min_index) + dp.num_vertices, vertices);
      if (a < b || plan.indices.empty()) lo = std::min(lo, a), hi = std::max(hi, b);
    }
    if (lo > hi) lo = hi = 0;
    plan.min_index = uint32_t(lo);
    plan.num_vertices = uint32_t(hi - lo);
    // Clustered indices are stored relative to MinIndex, MeshData-only ones absolute.
    const uint64_t largest = plan.indices.empty() ? 0 : (clustered ? hi - 1 - lo : hi - 1);
    if (index_size == 2 && largest > 0xFFFF)
      return import_error(
          "IMPORT_GRB_INDEX_OVERFLOW",
          "draw of material " + std::to_string(i) + " stores index " + std::to_string(largest) +
              (clustered ? " (relative to MinIndex " + std::to_string(lo) + ")" : std::string()) +
              "; the donor's index buffer is 16-bit (at most 65535)",
          draw_path(i));
    if (plan.indices.size() > 0xFFFFFF)  // PrimitiveDescData: 24 bits of index count
      return import_error("IMPORT_TOO_LARGE",
                          "draw of material " + std::to_string(i) + " has " +
                              std::to_string(plan.indices.size()) +
                              " indices; PrimitiveDescData stores at most 16777215",
                          draw_path(i));
    out.draws.push_back(std::move(plan));
  }
  if (out.draws.empty())
    return import_error("IMPORT_NO_TRIANGLES",
                        "the incoming mesh has no triangles (the donor has " +
                            std::to_string(count) + " draws); a mesh needs at least one",
                        "mesh/primitives");
  return out;
}

}  // namespace f2g::grb::rebuild_parts
