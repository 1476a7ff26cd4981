// The SubMeshes of a rebuild that keeps the donor's topology (spec: "SubMeshes" note: each
// SubMesh's range holds its positions bit for bit and its triangles; the MorphChannel note:
// channel k's positions are stream k + 1's): the runs tied to the compiled data follow it
// where it changed; everything else is the donor's.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include "formats/sws/rebuild.h"

namespace f2g::sws {

namespace {

struct Key {
  std::array<uint32_t, 5> bits;  // position, then TEXCOORD0 (0 when there is none)
  bool operator<(const Key& o) const { return bits < o.bits; }
};

Float3 unit(const ir::Attribute& a, uint32_t v) {
  double x = a.get(v, 0), y = a.get(v, 1), z = a.get(v, 2);
  const double l = std::sqrt(x * x + y * y + z * z);
  if (l > 0 && std::isfinite(l)) x /= l, y /= l, z /= l;
  return {float(x), float(y), float(z)};
}

Float3 unit(const float* p) {
  ir::Attribute a = ir::f32_attribute("N", 3, {p[0], p[1], p[2]});
  return unit(a, 0);
}

}  // namespace

uint64_t rewrite_submeshes(const Donor& donor, const Plan& plan, const ir::Mesh& in, Mesh& m) {
  const CompiledData& d = m.compiled;
  const LayoutElement* pe = donor.layout.find("POSITION");
  const LayoutElement* te = donor.layout.find("TEXCOORD_0");
  const LayoutElement* ce = donor.layout.find("COLOR_0");
  const LayoutElement* ne = donor.layout.find("NORMAL");
  if (!pe) return 0;
  const auto at = [&](uint32_t u, uint32_t stream, uint32_t offset) {
    return d.streams.data() + uint64_t(d.vertex_bytes) * stream + uint64_t(u) * d.stride + offset;
  };
  const ir::Attribute* nor = in.find("NORMAL");
  const ir::Attribute* tan = in.find("TANGENT");
  // A vertex whose bytes are the donor's in every stream (the donor's topology numbers the
  // vertices as the donor does) changes nothing its SubMesh vertex holds: every run of it,
  // those glTF has no slot for included, stays as the donor stores it.
  const auto unchanged = [&](uint32_t u) {
    for (uint32_t s = 0; s <= d.extra_streams; ++s)
      if (uint64_t(u) >= donor.vertex_count ||
          std::memcmp(at(u, s, 0), donor.vertex(u, s), d.stride) != 0)
        return false;
    return true;
  };
  uint64_t rewritten = 0;
  for (size_t k = 0; k < m.submeshes.size() && k < donor.submesh_ranges.size(); ++k) {
    SubMesh& sm = m.submeshes[k].submesh;
    const Range& g = donor.mesh.compiled.ranges_a[donor.submesh_ranges[k]];
    bool same = true;
    for (uint32_t u = g.first_vertex; same && u < g.first_vertex + g.vertex_count; ++u)
      same = unchanged(u);
    if (same) continue;  // the SubMesh's geometry is the donor's: kept whole
    // Each SubMesh vertex is one vertex of its range with the same position bits (and the
    // same first UV where the positions repeat), first unused first.
    std::map<Key, std::vector<uint32_t>> by_key;
    const auto key_of = [&](const uint8_t* p, const uint8_t* uv) {
      Key key{};
      std::memcpy(key.bits.data(), p, 12);
      if (uv) std::memcpy(key.bits.data() + 3, uv, 8);
      return key;
    };
    const bool uv_key = te && te->def.encoding == Encoding::Float32x2 && !sm.uv_channels.empty() &&
                        sm.uv_channels[0].uvs.size() == sm.positions.size();
    for (uint32_t u = g.first_vertex + g.vertex_count; u-- > g.first_vertex;)
      by_key[key_of(donor.vertex(u) + pe->offset, uv_key ? donor.vertex(u) + te->offset : nullptr)]
          .push_back(u);  // reversed: back() is the lowest
    SubMesh* copy = sm.copy.empty() ? nullptr : &sm.copy[0];
    if (copy && copy->positions.size() != sm.positions.size()) copy = nullptr;
    for (size_t i = 0; i < sm.positions.size(); ++i) {
      uint8_t uv[8];
      if (uv_key) std::memcpy(uv, sm.uv_channels[0].uvs[i].data(), 8);
      uint8_t pos[12];
      std::memcpy(pos, sm.positions[i].data(), 12);
      auto it = by_key.find(key_of(pos, uv_key ? uv : nullptr));
      if (it == by_key.end() || it->second.empty()) continue;  // the decoder matched them all
      const uint32_t u = it->second.back();
      it->second.pop_back();
      if (unchanged(u)) continue;
      const OutVertex& o = plan.vertices[u];
      // Stored float runs read the new compiled values bit for bit (unchanged for kept ones).
      std::memcpy(sm.positions[i].data(), at(u, 0, pe->offset), 12);
      if (copy) copy->positions[i] = sm.positions[i];
      if (uv_key) {
        std::memcpy(sm.uv_channels[0].uvs[i].data(), at(u, 0, te->offset), 8);
        if (copy && !copy->uv_channels.empty() && copy->uv_channels[0].uvs.size() > i)
          copy->uv_channels[0].uvs[i] = sm.uv_channels[0].uvs[i];
      }
      if (ce && ce->def.encoding == Encoding::D3DColor && sm.colours.size() > i) {
        std::memcpy(&sm.colours[i], at(u, 0, ce->offset), 4);
        if (copy && copy->colours.size() > i) copy->colours[i] = sm.colours[i];
      }
      const bool changed = o.kept != u;
      if (changed) ++rewritten;
      // The float normals are finer than the compiled bytes: rewritten only where the
      // compiled normal changed.
      const bool turned =
          ne && std::memcmp(at(u, 0, ne->offset), donor.vertex(u) + ne->offset, ne->def.bytes) != 0;
      if (turned && nor && nor->width >= 3 && sm.normals.size() > i) {
        sm.normals[i] = unit(*nor, o.in);
        if (copy && copy->normals.size() > i) copy->normals[i] = sm.normals[i];
        if (copy && tan && tan->width >= 4 && copy->tangents.size() > i &&
            copy->binormals.size() > i) {
          const Float3 t = unit(*tan, o.in), n = sm.normals[i];
          const float w = tan->get(o.in, 3) < 0 ? -1.0f : 1.0f;
          copy->tangents[i] = t;
          copy->binormals[i] = {w * (n[1] * t[2] - n[2] * t[1]), w * (n[2] * t[0] - n[0] * t[2]),
                                w * (n[0] * t[1] - n[1] * t[0])};
        }
      }
      for (size_t j = 0; j < sm.morph_channels.size() && j < d.extra_streams; ++j) {
        MorphChannel& ch = sm.morph_channels[j];
        if (ch.positions.size() > i)
          std::memcpy(ch.positions[i].data(), at(u, j + 1, pe->offset), 12);
        const bool moved =
            std::memcmp(at(u, j + 1, 0), donor.vertex(u, uint32_t(j + 1)), d.stride) != 0;
        const ir::MorphTarget& t = in.morph_targets[j];
        if (moved && ch.normals.size() > i && !t.normals.empty())
          ch.normals[i] = unit(&t.normals[size_t(o.in) * 3]);
        if (changed && uv_key && ch.uvs.size() > i) ch.uvs[i] = sm.uv_channels[0].uvs[i];
      }
    }
  }
  return rewritten;
}

}  // namespace f2g::sws
