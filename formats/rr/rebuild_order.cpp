// Donor order, up to vertices with identical stored bytes. The samples' builder (and any
// game mesh whose parts touch) stores byte-identical vertices: a cap's centre twice, two bars
// meeting at a corner. The matcher pairs a shuffled incoming vertex with either copy, and its
// donor_order then fails on the swapped numbers although the bytes the donor order writes are
// exactly what the incoming mesh describes. Here vertices count as equal by their bytes.
#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>

#include "formats/rr/rebuild.h"

namespace f2g::rr {

namespace {

using Triangle = std::array<uint32_t, 3>;

// The smallest of the three rotations (never a mirror: the winding stays), so that a
// triangle with two equal corners has one form.
Triangle canonical(Triangle t) {
  Triangle best = t;
  for (int r = 0; r < 2; ++r) {
    std::rotate(t.begin(), t.begin() + 1, t.end());
    best = std::min(best, t);
  }
  return best;
}

std::map<uint32_t, std::vector<Triangle>> triangles_by_material(const ir::Mesh& m,
                                                                const std::vector<uint32_t>& cls) {
  std::map<uint32_t, std::vector<Triangle>> out;
  for (const ir::Primitive& p : m.primitives) {
    std::vector<Triangle>& into = out[p.material];
    for (uint64_t k = p.first_index; k + 3 <= uint64_t(p.first_index) + p.index_count; k += 3)
      into.push_back(canonical({cls[m.indices[k]], cls[m.indices[k + 1]], cls[m.indices[k + 2]]}));
  }
  for (auto it = out.begin(); it != out.end();) {
    std::sort(it->second.begin(), it->second.end());
    it = it->second.empty() ? out.erase(it) : std::next(it);
  }
  return out;
}

}  // namespace

bool donor_order_stands(const ir::Mesh& donor, const Layout& l, const VertexFormat& f,
                        const ir::Mesh& in, const VertexMatch& match) {
  if (match.donor_order) return true;
  const uint32_t n = donor.vertex_count;
  if (in.vertex_count != n || match.matched != n) return false;
  // Class of a donor vertex: the first donor vertex with the same record in every stream.
  std::vector<uint32_t> cls(n);
  std::unordered_map<std::string, uint32_t> first;
  first.reserve(n);
  for (uint32_t v = 0; v < n; ++v) {
    std::string key;
    for (int s = 0; s < 3; ++s)
      if (f.strides[s])
        key.append(
            reinterpret_cast<const char*>(l.streams[s]->bytes.data()) + size_t(v) * f.strides[s],
            f.strides[s]);
    cls[v] = first.emplace(std::move(key), v).first->second;
  }
  std::vector<uint32_t> count(n, 0);
  for (uint32_t v = 0; v < n; ++v) ++count[cls[v]];
  std::vector<uint32_t> in_cls(n);
  for (uint32_t v = 0; v < n; ++v) {
    in_cls[v] = cls[match.donor_of[v]];
    if (count[in_cls[v]]-- == 0) return false;  // more of one record than the donor has
  }
  return triangles_by_material(donor, cls) == triangles_by_material(in, in_cls);
}

}  // namespace f2g::rr
