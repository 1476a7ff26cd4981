// Output vertex order and draw chunks. RR draws each range or object from its own vertex
// interval (spec: "successive range boundaries partition the buffers"; inline: "Object vertex
// and index intervals tile their shared buffers"), so a vertex two materials share is written
// once per chunk.
#include <algorithm>

#include "formats/rr/rebuild.h"

namespace f2g::rr {

Plan donor_plan(const ir::Mesh& donor) {
  Plan p;
  p.vertices.resize(donor.vertex_count);
  for (uint32_t v = 0; v < donor.vertex_count; ++v) p.vertices[v] = {v, v};
  p.indices = donor.indices;
  for (size_t i = 0; i < donor.primitives.size(); ++i) {
    const ir::Primitive& pr = donor.primitives[i];
    p.chunks.push_back(
        {pr.material, pr.first_index, pr.index_count, pr.first_vertex, pr.vertex_count});
  }
  return p;
}

namespace {

class Chunker {
 public:
  Chunker(const ir::Mesh& in, const VertexMatch& m, Plan& p, uint64_t max_vertices,
          uint64_t max_triangles)
      : in_(in),
        match_(m),
        plan_(p),
        max_vertices_(max_vertices),
        max_triangles_(max_triangles),
        stamp_(in.vertex_count, 0),
        slot_(in.vertex_count, 0),
        used_(in.vertex_count, 0) {}

  // The triangles (index offsets into in.indices) of one material.
  // `loose`: unused vertices of this material, added to its last chunk while it has room.
  void material(uint32_t material, const std::vector<uint32_t>& triangles,
                const std::vector<uint32_t>& loose) {
    size_t begin = 0, chunks = 0;
    while (begin < triangles.size()) {
      ++epoch_;
      uint64_t count = 0;
      size_t end = begin;
      for (; end < triangles.size() && end - begin < max_triangles_; ++end) {
        uint64_t fresh = 0;
        for (int c = 0; c < 3; ++c) {
          const uint32_t v = in_.indices[triangles[end] + c];
          bool seen = stamp_[v] == epoch_;
          for (int b = 0; b < c; ++b) seen = seen || in_.indices[triangles[end] + b] == v;
          fresh += seen ? 0 : 1;
        }
        if (count + fresh > max_vertices_) break;
        for (int c = 0; c < 3; ++c) stamp_[in_.indices[triangles[end] + c]] = epoch_;
        count += fresh;
      }
      const bool last = end == triangles.size();
      std::vector<uint32_t> extra;
      for (size_t k = 0; last && k < loose.size(); ++k)
        if (count + extra.size() < max_vertices_) extra.push_back(loose[k]);
      plan_.unused_dropped += last ? loose.size() - extra.size() : 0;
      emit(material, triangles, begin, end, extra);
      begin = end;
      ++chunks;
    }
    if (chunks > 1) plan_.split_materials.push_back(material);
  }

 private:
  void emit(uint32_t material, const std::vector<uint32_t>& triangles, size_t begin, size_t end,
            std::vector<uint32_t> verts) {
    for (size_t t = begin; t < end; ++t)
      for (int c = 0; c < 3; ++c) verts.push_back(in_.indices[triangles[t] + c]);
    std::sort(verts.begin(), verts.end());
    verts.erase(std::unique(verts.begin(), verts.end()), verts.end());
    Chunk ch;
    ch.material = material;
    ch.first_vertex = static_cast<uint32_t>(plan_.vertices.size());
    ch.vertex_count = static_cast<uint32_t>(verts.size());
    ch.first_index = static_cast<uint32_t>(plan_.indices.size());
    ch.index_count = static_cast<uint32_t>(3 * (end - begin));
    for (size_t k = 0; k < verts.size(); ++k) {
      const uint32_t v = verts[k];
      slot_[v] = ch.first_vertex + static_cast<uint32_t>(k);
      plan_.duplicated += used_[v] ? 1 : 0;
      used_[v] = 1;
      plan_.vertices.push_back({match_.donor_of[v], v});
    }
    for (size_t t = begin; t < end; ++t)
      for (int c = 0; c < 3; ++c) plan_.indices.push_back(slot_[in_.indices[triangles[t] + c]]);
    plan_.chunks.push_back(ch);
  }

  const ir::Mesh& in_;
  const VertexMatch& match_;
  Plan& plan_;
  const uint64_t max_vertices_, max_triangles_;
  uint32_t epoch_ = 0;
  std::vector<uint32_t> stamp_, slot_;
  std::vector<uint8_t> used_;
};

}  // namespace

Plan incoming_plan(const ir::Mesh& in, const VertexMatch& match,
                   const std::vector<uint32_t>& donor_material_of, size_t donor_materials,
                   uint64_t max_vertices, uint64_t max_triangles) {
  Plan p;
  // check_incoming made every primitive's material < donor_materials.
  std::vector<std::vector<uint32_t>> by_material(donor_materials);
  for (const ir::Primitive& pr : in.primitives)
    for (uint32_t k = pr.first_index; k + 3 <= pr.first_index + pr.index_count; k += 3)
      by_material[pr.material].push_back(k);
  // A vertex no triangle uses (the donor may have them) that matched a donor vertex goes with
  // the material of that vertex's donor range; an unmatched one has no range and is dropped.
  std::vector<uint8_t> used(in.vertex_count, 0);
  for (const ir::Primitive& pr : in.primitives)
    for (uint32_t k = pr.first_index; k < pr.first_index + pr.index_count; ++k)
      used[in.indices[k]] = 1;
  std::vector<std::vector<uint32_t>> loose(donor_materials);
  for (uint32_t v = 0; v < in.vertex_count; ++v) {
    if (used[v]) continue;
    const uint32_t d = match.donor_of[v];
    if (d != kNewVertex && d < donor_material_of.size() && donor_material_of[d] < donor_materials)
      loose[donor_material_of[d]].push_back(v);
    else
      ++p.unused_dropped;
  }
  Chunker chunker(in, match, p, max_vertices, max_triangles);
  for (uint32_t m = 0; m < donor_materials; ++m) {
    if (by_material[m].empty()) {
      p.dropped.push_back(m);
      p.unused_dropped += loose[m].size();
      continue;
    }
    chunker.material(m, by_material[m], loose[m]);
  }
  return p;
}

}  // namespace f2g::rr
