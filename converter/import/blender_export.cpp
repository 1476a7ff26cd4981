#include "converter/import/blender_export.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <set>

#include "formats/common/rebuild.h"

namespace f2g::import {
namespace {

constexpr uint32_t kNone = 0xFFFFFFFF;

// Blender keeps corner colours as bytes: red, green and blue in sRGB, alpha as it is.
double linear_to_srgb(double l) {
  return l <= 0.0031308 ? 12.92 * l : 1.055 * std::pow(l, 1 / 2.4) - 0.055;
}

// True when `value` (as the exporter wrote it) is the byte Blender stores for the donor's
// `own` value: the byte nearest its exact sRGB value, or the other one within 1/32 of a tie
// (Blender 3.4's conversion rounds 4 of the 256 unorm8 values, each within 0.02 of a tie,
// the other way). The file then holds no edit of this channel that Blender could have kept.
bool same_byte(double value, double own, bool srgb) {
  const double at = (srgb ? linear_to_srgb(own) : own) * 255;
  const double byte = std::round((srgb ? linear_to_srgb(value) : value) * 255);
  return std::fabs(byte - at) <= 0.5 + 1.0 / 32;
}

// Incoming colour `vb` is what Blender keeps of donor colour `va`, channel by channel.
bool same_colour(const ir::Attribute& a, uint32_t va, const ir::Attribute& b, uint32_t vb) {
  const size_t width = std::min<size_t>(a.width, b.width);
  for (size_t c = 0; c < width; ++c)
    if (!same_byte(b.get(vb, c), a.get(va, c), c < 3)) return false;
  return true;
}

// Blender's numbering of the donor's glb: its importer gives each primitive the vertices its
// indices name, ascending, after the previous primitives' (a vertex two primitives share is
// two Blender vertices), and one face corner per index, dropping each triangle that repeats
// a vertex or the vertex set of an earlier one (its mesh validation removes those).
struct BlenderNumbers {
  std::vector<std::vector<uint32_t>> used;  // per primitive: its donor vertices, ascending
  std::vector<uint32_t> base;               // per primitive: its first Blender vertex
  std::vector<std::pair<uint32_t, uint32_t>> corners;  // per corner: (primitive, donor vertex)

  uint32_t number(uint32_t p, uint32_t d) const {
    const auto it = std::lower_bound(used[p].begin(), used[p].end(), d);
    return it == used[p].end() || *it != d ? kNone : base[p] + uint32_t(it - used[p].begin());
  }
};

BlenderNumbers blender_numbers(const ir::Mesh& m) {
  BlenderNumbers out;
  uint32_t next = 0;
  std::set<std::array<uint32_t, 3>> faces;
  for (uint32_t p = 0; p < m.primitives.size(); ++p) {
    const ir::Primitive& g = m.primitives[p];
    const size_t end = std::min<size_t>(size_t(g.first_index) + g.index_count, m.indices.size());
    std::vector<uint32_t> used;
    for (size_t i = g.first_index; i < end; ++i)
      if (m.indices[i] < m.vertex_count) used.push_back(m.indices[i]);
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    out.base.push_back(next);
    next += uint32_t(used.size());
    out.used.push_back(std::move(used));
    for (size_t i = g.first_index; i + 3 <= end; i += 3) {
      std::array<uint32_t, 3> t{m.indices[i], m.indices[i + 1], m.indices[i + 2]};
      if (t[0] >= m.vertex_count || t[1] >= m.vertex_count || t[2] >= m.vertex_count) continue;
      if (t[0] == t[1] || t[1] == t[2] || t[0] == t[2]) continue;
      std::array<uint32_t, 3> key{out.number(p, t[0]), out.number(p, t[1]), out.number(p, t[2])};
      std::sort(key.begin(), key.end());
      if (!faces.insert(key).second) continue;
      for (uint32_t d : t) out.corners.push_back({p, d});
    }
  }
  return out;
}

// The incoming mesh with only what Blender's exporter carries unchanged: positions, normals
// and UVs (matched loosely: the match only finds each vertex's Blender number; identity is
// decided later, by the format's own steps).
VertexMatch loose_match(const ir::Mesh& donor, const ir::Mesh& in) {
  ir::Mesh shape;
  shape.vertex_count = in.vertex_count;
  shape.indices = in.indices;
  shape.primitives = in.primitives;
  shape.extras = in.extras;
  for (const ir::Attribute& a : in.attributes)
    if (a.semantic == "POSITION" || a.semantic == "NORMAL" || a.semantic.rfind("TEXCOORD_", 0) == 0)
      shape.attributes.push_back(a);
  const double extent = largest_magnitude(donor.find("POSITION"));
  const HalfStep loose = [&donor, extent](const std::string& s) {
    if (s == "POSITION") return float_step(donor.find(s), 64, extent);
    if (s == "NORMAL") return constant_step(0.005);  // compared as directions within twice this
    return float_step(donor.find(s), 64);
  };
  return match_vertices(donor, shape, loose);
}

// COLOR_0: which reading explains the file, its colour where it stands or corner k's at
// vertex k; in the second case every matched vertex gets the colour the file carries for it.
CornerColours read_colours(const ir::Mesh& donor, ir::Mesh& incoming, const VertexMatch& match) {
  CornerColours out;
  const ir::Attribute* dc = donor.find("COLOR_0");
  ir::Attribute* ic = incoming.find("COLOR_0");
  if (!dc || !ic || ic->width < 3 || ic->type != ir::Scalar::F32 ||
      ic->vertex_count() != incoming.vertex_count || dc->vertex_count() != donor.vertex_count)
    return out;
  const BlenderNumbers numbers = blender_numbers(donor);

  // Each incoming vertex's Blender number: its donor vertex in the first donor primitive of
  // its material that names it.
  std::vector<uint32_t> material(incoming.vertex_count, kNone);
  for (const ir::Primitive& g : incoming.primitives)
    for (size_t i = g.first_index;
         i < std::min<size_t>(size_t(g.first_index) + g.index_count, incoming.indices.size()); ++i)
      if (incoming.indices[i] < incoming.vertex_count && material[incoming.indices[i]] == kNone)
        material[incoming.indices[i]] = g.material;
  std::vector<uint32_t> number(incoming.vertex_count, kNone);
  for (uint32_t v = 0; v < incoming.vertex_count; ++v) {
    const uint32_t d = match.donor_of[v];
    if (d == kNewVertex) continue;
    for (uint32_t p = 0; p < donor.primitives.size() && number[v] == kNone; ++p)
      if (donor.primitives[p].material == material[v]) number[v] = numbers.number(p, d);
  }
  // Blender writes each primitive's vertices by ascending number: an unmatched vertex (a moved
  // one) between vertices numbered a and a + 2 is number a + 1, and still carries a colour.
  for (uint32_t v = 1; v + 1 < incoming.vertex_count; ++v)
    if (number[v] == kNone && number[v - 1] != kNone && number[v + 1] == number[v - 1] + 2 &&
        material[v - 1] == material[v] && material[v + 1] == material[v])
      number[v] = number[v - 1] + 1;

  uint64_t straight = 0, cornered = 0;
  for (uint32_t v = 0; v < incoming.vertex_count; ++v) {
    if (number[v] == kNone || match.donor_of[v] == kNewVertex) continue;
    straight += same_colour(*dc, match.donor_of[v], *ic, v);
    if (number[v] < numbers.corners.size())
      cornered += same_colour(*dc, numbers.corners[number[v]].second, *ic, v);
  }
  if (cornered <= straight) return out;

  // The vertex carrying each Blender vertex's colour: the one numbered like its corner.
  uint32_t blender_vertices = 0;
  for (size_t p = 0; p < numbers.used.size(); ++p)
    blender_vertices =
        std::max(blender_vertices, numbers.base[p] + uint32_t(numbers.used[p].size()));
  std::vector<uint32_t> carrier(blender_vertices, kNone);
  for (uint32_t v = 0; v < incoming.vertex_count; ++v) {
    if (number[v] == kNone || number[v] >= numbers.corners.size()) continue;
    const auto [p, d] = numbers.corners[number[v]];
    const uint32_t owner = numbers.number(p, d);
    if (owner != kNone && carrier[owner] == kNone) carrier[owner] = v;
  }
  const ir::Attribute original = *ic;
  for (uint32_t v = 0; v < incoming.vertex_count; ++v) {
    if (number[v] == kNone) continue;
    const uint32_t from = carrier[number[v]];
    const uint32_t d = match.donor_of[v];
    if (d == kNewVertex) {  // no donor colour to fall back on: the carried one, if any
      for (size_t c = 0; c < ic->width && from != kNone; ++c)
        ic->f32[size_t(v) * ic->width + c] = float(original.get(from, c));
      continue;
    }
    for (size_t c = 0; c < ic->width; ++c) {
      const double own = c < dc->width ? dc->get(d, c) : 1.0;
      double value = from != kNone ? original.get(from, c) : own;
      // The byte Blender kept for the donor's value stands for the donor's value (near white
      // its sRGB steps are coarser than the donor's unorm8 ones).
      if (same_byte(value, own, c < 3)) value = own;
      ic->f32[size_t(v) * ic->width + c] = float(value);
    }
    ++(from != kNone ? out.carried : out.absent);
  }
  out.applied = true;
  return out;
}

// Shape-key normals: Blender keeps none of a glTF's, and exports the ones it computes from
// each deformed shape. Where a target's position at a matched vertex is the donor's, its
// normal is the donor's target normal; elsewhere (a moved shape) Blender's stands.
uint64_t read_target_normals(const ir::Mesh& donor, ir::Mesh& incoming, const VertexMatch& match) {
  uint64_t out = 0;
  const ir::Attribute* dp = donor.find("POSITION");
  const double extent = largest_magnitude(dp);
  for (size_t k = 0; k < incoming.morph_targets.size() && k < donor.morph_targets.size(); ++k) {
    ir::MorphTarget& t = incoming.morph_targets[k];
    const ir::MorphTarget& dt = donor.morph_targets[k];
    const size_t n3 = size_t(incoming.vertex_count) * 3, d3 = size_t(donor.vertex_count) * 3;
    if (t.name != dt.name || t.normals.size() != n3 || dt.normals.size() != d3 ||
        t.positions.size() != n3 || dt.positions.size() != d3)
      continue;
    for (uint32_t v = 0; v < incoming.vertex_count; ++v) {
      const uint32_t d = match.donor_of[v];
      if (d == kNewVertex) continue;
      bool same = true;
      for (size_t c = 0; same && c < 3; ++c) {
        const double want = dt.positions[size_t(d) * 3 + c];
        same = std::fabs(t.positions[size_t(v) * 3 + c] - want) <=
               64 * FLT_EPSILON * std::max(extent, std::fabs(want));
      }
      if (!same) continue;
      for (size_t c = 0; c < 3; ++c) t.normals[size_t(v) * 3 + c] = dt.normals[size_t(d) * 3 + c];
      ++out;
    }
  }
  return out;
}

}  // namespace

BlenderReadback read_blender_export(const std::string& generator, const ir::Mesh& donor,
                                    ir::Mesh& incoming) {
  BlenderReadback out;
  if (generator.rfind("Khronos glTF Blender I/O", 0) != 0) return out;
  const bool colours = donor.find("COLOR_0") && incoming.find("COLOR_0");
  const bool normals = !incoming.morph_targets.empty() && !donor.morph_targets.empty();
  if (!colours && !normals) return out;
  const VertexMatch match = loose_match(donor, incoming);
  if (colours) out.colours = read_colours(donor, incoming, match);
  if (normals) out.target_normals = read_target_normals(donor, incoming, match);
  return out;
}

}  // namespace f2g::import
