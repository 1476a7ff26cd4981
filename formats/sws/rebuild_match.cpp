// The incoming vertices matched to the donor's one range (material) at a time.
#include <algorithm>
#include <map>

#include "formats/sws/rebuild.h"

namespace f2g::sws {

namespace {

// Per material (or kNewVertex: named by no triangle), the vertices its triangles name.
std::map<uint32_t, std::vector<uint32_t>> vertices_by_material(const ir::Mesh& m) {
  std::map<uint32_t, std::vector<uint32_t>> out;
  // Each vertex collected once per material (`last`: the material that last collected it;
  // -1: none, so no triangle names it): the sort then orders vertices, not every index.
  std::vector<int64_t> last(m.vertex_count, -1);
  for (const ir::Primitive& p : m.primitives) {
    std::vector<uint32_t>& into = out[p.material];
    for (uint32_t i = p.first_index; i < p.first_index + p.index_count; ++i) {
      const uint32_t v = m.indices[i];
      if (last[v] == int64_t(p.material)) continue;
      last[v] = p.material;
      into.push_back(v);
    }
  }
  // Into vertex order: a material naming a good share of the mesh is read off a flag per
  // vertex in one pass; a small one is sorted.
  std::vector<uint8_t> named;
  for (auto& [material, vertices] : out) {
    if (vertices.size() * 16 < m.vertex_count) {
      std::sort(vertices.begin(), vertices.end());
      vertices.erase(std::unique(vertices.begin(), vertices.end()), vertices.end());
      continue;
    }
    named.assign(m.vertex_count, 0);
    for (uint32_t v : vertices) named[v] = 1;
    vertices.clear();
    for (uint32_t v = 0; v < m.vertex_count; ++v)
      if (named[v]) vertices.push_back(v);
  }
  for (uint32_t v = 0; v < m.vertex_count; ++v)
    if (last[v] < 0) out[kNewVertex].push_back(v);
  return out;
}

std::map<uint32_t, std::vector<std::array<uint32_t, 3>>> triangles(
    const ir::Mesh& m, const std::vector<uint32_t>* donor_of) {
  std::map<uint32_t, std::vector<std::array<uint32_t, 3>>> out;
  for (size_t p = 0; p < m.primitives.size(); ++p) {
    std::vector<std::array<uint32_t, 3>> t = canonical_triangles(m, p, donor_of);
    auto& into = out[m.primitives[p].material];
    into.insert(into.end(), t.begin(), t.end());
  }
  for (auto it = out.begin(); it != out.end();) {
    std::sort(it->second.begin(), it->second.end());
    it = it->second.empty() ? out.erase(it) : ++it;
  }
  return out;
}

}  // namespace

bool same_triangles_by_material(const ir::Mesh& donor, const ir::Mesh& in,
                                const std::vector<uint32_t>* donor_of) {
  return donor_by_number(donor, in, donor_of) ||
         triangles(in, donor_of) == triangles(donor, nullptr);
}

VertexMatch match_by_range(const Donor& donor, const ir::Mesh& in, const HalfStep& half_step) {
  VertexMatch out;
  out.donor_of.assign(in.vertex_count, kNewVertex);
  const auto donor_sets = vertices_by_material(donor.ir);
  const auto in_sets = vertices_by_material(in);
  std::vector<MatchPart> parts;
  for (const auto& [material, incoming] : in_sets) {
    const auto d = donor_sets.find(material);
    if (d != donor_sets.end()) parts.push_back({&d->second, &incoming});
  }
  // Both lists of a part ascend, as match_parts asks: vertices_by_material sorts them.
  const std::vector<std::vector<uint32_t>> found = match_parts(donor.ir, in, half_step, parts);
  for (size_t k = 0; k < parts.size(); ++k) {
    const std::vector<uint32_t>& incoming = *parts[k].incoming;
    for (size_t i = 0; i < incoming.size(); ++i) {
      // A vertex several materials name keeps its first match.
      if (found[k][i] == kNewVertex || out.donor_of[incoming[i]] != kNewVertex) continue;
      out.donor_of[incoming[i]] = found[k][i];
    }
  }
  for (uint32_t d : out.donor_of) out.matched += d != kNewVertex;
  // rebuild.h: the donor's order stands when the vertex sets are the donor's, one to one, and
  // each material keeps its triangles.
  std::vector<uint8_t> taken(donor.vertex_count, 0);
  bool distinct = true;
  for (uint32_t d : out.donor_of) {
    if (d == kNewVertex || taken[d]) {
      distinct = false;
      break;
    }
    taken[d] = 1;
  }
  out.donor_order = distinct && in.vertex_count == donor.vertex_count &&
                    same_triangles_by_material(donor.ir, in, &out.donor_of);
  return out;
}

}  // namespace f2g::sws
