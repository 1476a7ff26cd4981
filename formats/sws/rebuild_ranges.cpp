// Ranges, palettes and the material list of the rebuilt mesh (spec: range table, palette
// table, the partition note; Mesh 49+76n+L: range i is drawn with material i).
#include <algorithm>
#include <cstring>
#include <set>

#include "formats/common/rebuild_warnings.h"
#include "formats/sws/rebuild.h"

namespace f2g::sws {

namespace {

constexpr uint64_t kMaxVertices = 65536;       // u16 indices, base vertex 0
constexpr uint32_t kMaxRangeVertices = 65535;  // spec: palette 0x5, a u16 vertex count

std::string n(uint64_t v) { return std::to_string(v); }

// The bones vertex v's weighted lanes name.
void add_bones(const VertexSkin& skin, uint32_t v, std::set<uint16_t>& into) {
  if (skin.influences.empty()) return;
  const Lanes4& x = skin.influences[v];
  for (size_t k = 0; k < x.joints.size(); ++k)
    if (x.weights[k]) into.insert(x.joints[k]);
}

// The donor's second partition as groups of consecutive first ranges [first, end), each with
// its second range (spec: the partition note).
struct Group {
  size_t b, first, end;
};
struct SecondPolicy {
  // mirror: one second range per first range; groups: each over consecutive first ranges
  // (one_over_all the one group of all); otherwise the second ranges cut the indices at
  // other triangles, and an edit follows the two counts the reference has seen: as many as
  // the first partition (as_many_as_first: then a mirror) or fewer (fewer_than_first: then
  // one range over all, as it most often is).
  std::string name;
  std::vector<Group> groups;
};
SecondPolicy second_policy(const CompiledData& d) {
  SecondPolicy out;
  size_t cur = 0;
  for (size_t b = 0; b < d.ranges_b.size(); ++b) {
    const Range& g = d.ranges_b[b];
    size_t end = cur;
    uint64_t next = g.first_index, triangles = 0;
    while (end < d.ranges_a.size() && triangles < g.triangle_count &&
           d.ranges_a[end].first_index == next) {
      triangles += d.ranges_a[end].triangle_count;
      next += uint64_t(d.ranges_a[end].triangle_count) * 3;
      ++end;
    }
    if (triangles != g.triangle_count) break;
    out.groups.push_back({b, cur, end});
    cur = end;
  }
  const size_t A = d.ranges_a.size(), B = d.ranges_b.size();
  if (cur != A || out.groups.size() != B || B == 0) {
    out.groups.clear();
    if (B != 0 && B == A) {
      out.name = "as_many_as_first";
      for (size_t i = 0; i < A; ++i) out.groups.push_back({i, i, i + 1});
    } else {
      out.name = "fewer_than_first";
      out.groups.push_back({0, 0, A});
    }
    return out;
  }
  bool mirror = out.groups.size() == A;
  for (const Group& g : out.groups) mirror = mirror && g.end == g.first + 1;
  out.name = mirror ? "mirror" : out.groups.size() == 1 ? "one_over_all" : "groups";
  return out;
}

// The vertex span [lo, hi) of first ranges `members` of `a` (0, 0 when they hold none).
std::pair<uint64_t, uint64_t> union_span(const std::vector<Range>& a,
                                         const std::vector<size_t>& members) {
  uint64_t lo = UINT64_MAX, hi = 0;
  for (size_t j : members)
    if (a[j].vertex_count) {
      lo = std::min<uint64_t>(lo, a[j].first_vertex);
      hi = std::max<uint64_t>(hi, uint64_t(a[j].first_vertex) + a[j].vertex_count);
    }
  return lo > hi ? std::make_pair(uint64_t(0), uint64_t(0)) : std::make_pair(lo, hi);
}

// The second partition of the new mesh. Indices unchanged: the donor's, as stored (any valid
// partition of them stays one). Otherwise the donor's policy over the new first ranges: a
// mirror copies each first range's span; a group spans its members' vertices, or the whole
// stream where the donor's spanned the whole of the donor's. Each range keeps its donor
// record's other words (primitive type, unknown 0x14).
void write_second_partition(const Plan& plan, const CompiledData& dd, uint32_t donor_vertices,
                            CompiledData& d, nlohmann::json& details) {
  const SecondPolicy policy = second_policy(dd);
  const uint64_t vertex_count = plan.vertices.size();
  bool unchanged = d.indices == dd.indices && dd.ranges_b.size() <= d.ranges_a.size();
  for (const Range& b : dd.ranges_b)
    unchanged = unchanged && uint64_t(b.first_vertex) + b.vertex_count <= vertex_count;
  details["second_partition"] = policy.name;
  details["second_partition_kept"] = unchanged;
  if (unchanged) {
    d.ranges_b = dd.ranges_b;
    return;
  }
  const bool one_each = policy.name == "mirror" || policy.name == "as_many_as_first";
  d.ranges_b.clear();
  for (const Group& grp : policy.groups) {
    std::vector<size_t> members;
    for (size_t i = 0; i < plan.ranges.size(); ++i)
      if (plan.ranges[i].source >= grp.first && plan.ranges[i].source < grp.end)
        members.push_back(i);
    const Range was =
        dd.ranges_b.empty() ? Range{} : dd.ranges_b[std::min(grp.b, dd.ranges_b.size() - 1)];
    const bool whole = !one_each && was.first_vertex == 0 && was.vertex_count == donor_vertices;
    for (size_t k = 0; k < members.size(); k += one_each ? 1 : members.size()) {
      const std::vector<size_t> part = one_each ? std::vector<size_t>{members[k]} : members;
      Range b = was;
      b.first_index = d.ranges_a[part.front()].first_index;
      b.triangle_count = 0;
      for (size_t j : part) b.triangle_count += d.ranges_a[j].triangle_count;
      const auto [lo, hi] =
          whole ? std::make_pair(uint64_t(0), vertex_count) : union_span(d.ranges_a, part);
      b.first_vertex = uint32_t(lo);
      b.vertex_count = uint32_t(hi - lo);
      d.ranges_b.push_back(b);
    }
  }
}

}  // namespace

Result<Plan> plan_new_order(const ir::Mesh& in, const Donor& donor,
                            const std::vector<uint32_t>& kept,
                            const std::vector<uint32_t>& fallback, const VertexSkin& skin,
                            std::vector<Error>& warnings) {
  Plan plan;
  const size_t materials = donor.mesh.compiled.ranges_a.size();
  std::vector<uint32_t> local(in.vertex_count, kNewVertex);
  for (size_t r = 0; r < materials; ++r) {
    std::vector<uint32_t> tris;
    for (const ir::Primitive& p : in.primitives)
      if (p.material == r)
        tris.insert(tris.end(), in.indices.begin() + p.first_index,
                    in.indices.begin() + p.first_index + p.index_count);
    if (tris.empty()) {
      plan.materials_dropped.push_back(uint32_t(r));
      warnings.push_back(material_dropped(uint32_t(r), hex(donor.mesh.material_ids[r], 8),
                                          "its range and its entry of the material list (one "
                                          "per range) are"));
      continue;
    }
    // Greedy chunks of consecutive triangles: a chunk holds at most 32 bones (spec: palette
    // 0x2) and 65,535 vertices (palette 0x5); its vertices in incoming order.
    size_t chunks = 0;
    std::vector<uint32_t> members;
    std::set<uint16_t> bones;
    std::vector<uint32_t> chunk_tris;
    const auto close = [&]() {
      std::sort(members.begin(), members.end());
      const uint32_t base = uint32_t(plan.vertices.size());
      for (size_t i = 0; i < members.size(); ++i) {
        local[members[i]] = base + uint32_t(i);
        plan.vertices.push_back({members[i], kept[members[i]], fallback[members[i]]});
      }
      OutRange g;
      g.source = uint32_t(r);
      for (uint32_t v : chunk_tris) g.indices.push_back(uint16_t(local[v]));
      for (uint32_t v : members) local[v] = kNewVertex;
      plan.ranges.push_back(std::move(g));
      members.clear();
      bones.clear();
      chunk_tris.clear();
      ++chunks;
    };
    std::set<uint32_t> in_chunk;
    for (size_t t = 0; t + 3 <= tris.size(); t += 3) {
      std::set<uint16_t> more = bones;
      size_t fresh = 0;
      for (size_t c = 0; c < 3; ++c) {
        add_bones(skin, tris[t + c], more);
        fresh += in_chunk.count(tris[t + c]) ? 0 : 1;
      }
      if (!chunk_tris.empty() &&
          (more.size() > kMaxPaletteEntries || members.size() + fresh > kMaxRangeVertices)) {
        close();
        in_chunk.clear();
        more.clear();
        for (size_t c = 0; c < 3; ++c) add_bones(skin, tris[t + c], more);
      }
      bones = std::move(more);
      for (size_t c = 0; c < 3; ++c) {
        chunk_tris.push_back(tris[t + c]);
        if (in_chunk.insert(tris[t + c]).second) members.push_back(tris[t + c]);
      }
    }
    close();
    if (plan.vertices.size() > kMaxVertices) break;
    if (chunks > 1)
      warnings.push_back({"IMPORT_SWS_RANGE_SPLIT",
                          "material " + n(r) +
                              "'s triangles need more than 32 bones (or 65,535 "
                              "vertices) in one range: split into " +
                              n(chunks) + " ranges, its material listed once per range",
                          "mesh/compiled.ranges_a", 0});
  }
  if (plan.vertices.size() > kMaxVertices)
    return Error{"IMPORT_TOO_LARGE",
                 "the new mesh needs " + n(plan.vertices.size()) +
                     (plan.vertices.size() > in.vertex_count ? "+" : "") +
                     " vertices (vertices shared by ranges counted once per range); u16 "
                     "indices address at most 65,536",
                 "mesh/vertex_count", 0};
  return plan;
}

bool assign_palettes(Plan& plan, const Donor& donor, const VertexSkin& skin,
                     std::vector<std::array<uint8_t, 4>>& slots) {
  const CompiledData& d = donor.mesh.compiled;
  slots.assign(plan.vertices.size(), {0, 0, 0, 0});
  const LayoutElement* je = donor.layout.find("JOINTS_0");
  for (size_t u = 0; u < plan.vertices.size(); ++u)
    if (je && plan.vertices[u].kept != kNewVertex)
      std::memcpy(slots[u].data(), donor.vertex(plan.vertices[u].kept) + je->offset, 4);
  std::vector<uint8_t> owned(plan.vertices.size(), 0);
  for (OutRange& g : plan.ranges) {
    const std::vector<uint8_t>& base = d.palettes[g.source].bones;
    if (!donor.skinned) {
      g.palette = base;
      continue;
    }
    // The range's vertices: its span where the donor's stands (the decoder resolves every
    // vertex of the span through the palette), else those its indices name.
    std::vector<uint32_t> vs;
    if (g.span) {
      for (uint32_t u = g.span->first; u < g.span->first + g.span->second; ++u) vs.push_back(u);
    } else {
      vs.assign(g.indices.begin(), g.indices.end());
      std::sort(vs.begin(), vs.end());
      vs.erase(std::unique(vs.begin(), vs.end()), vs.end());
    }
    std::set<uint16_t> needed;
    for (uint32_t u : vs) add_bones(skin, plan.vertices[u].in, needed);
    // The donor's palette kept while it holds the bones needed (kept vertices keep their slot
    // bytes), new bones appended; else only the needed bones (a split chunk).
    std::vector<uint8_t> pal = base;
    for (uint16_t b : needed)
      if (std::find(base.begin(), base.end(), b) == base.end()) pal.push_back(uint8_t(b));
    if (pal.size() > kMaxPaletteEntries) {
      if (plan.donor_topology) return false;
      pal.clear();
      for (uint8_t b : base)
        if (needed.count(b)) pal.push_back(b);
      for (uint16_t b : needed)
        if (std::find(base.begin(), base.end(), b) == base.end()) pal.push_back(uint8_t(b));
    }
    g.palette = pal;
    for (uint32_t u : vs) {
      if (owned[u]) continue;  // the first range holding a vertex resolves it (to_ir_skin.cpp)
      owned[u] = 1;
      const Lanes4& x = skin.influences[plan.vertices[u].in];
      bool same = plan.vertices[u].kept != kNewVertex;
      for (size_t k = 0; same && k < 4; ++k)
        same = !x.weights[k] || (slots[u][k] < pal.size() && pal[slots[u][k]] == x.joints[k]);
      if (same) continue;  // the stored slot bytes resolve to the same bones
      for (size_t k = 0; k < 4; ++k) {
        const auto at = std::find(pal.begin(), pal.end(), uint8_t(x.joints[k]));
        slots[u][k] = x.weights[k] && at != pal.end() ? uint8_t(at - pal.begin()) : 0;
      }
    }
  }
  return true;
}

void write_ranges(const Plan& plan, const Donor& donor, Mesh& m, nlohmann::json& details) {
  const CompiledData& dd = donor.mesh.compiled;
  CompiledData& d = m.compiled;
  const uint64_t vertex_count = plan.vertices.size();
  bool positional = true;  // spec: palette 0x3, the range's position on most palettes
  for (size_t i = 0; i < dd.palettes.size(); ++i) positional &= dd.palettes[i].unknown_0x3 == i;
  d.indices.clear();
  d.ranges_a.clear();
  d.palettes.clear();
  m.material_ids.clear();
  for (size_t i = 0; i < plan.ranges.size(); ++i) {
    const OutRange& g = plan.ranges[i];
    Range r = dd.ranges_a[g.source];  // primitive type and unknown 0x14 as the donor's
    r.first_index = uint32_t(d.indices.size());
    r.triangle_count = uint32_t(g.indices.size() / 3);
    uint32_t lo = 0, hi = 0;
    if (!g.indices.empty()) {
      lo = *std::min_element(g.indices.begin(), g.indices.end());
      hi = *std::max_element(g.indices.begin(), g.indices.end()) + 1u;
    }
    // The donor's span kept while it covers the indices inside the stream.
    const bool keep = g.span && g.span->first <= lo &&
                      uint64_t(g.span->first) + g.span->second >= hi &&
                      uint64_t(g.span->first) + g.span->second <= vertex_count;
    r.first_vertex = keep ? g.span->first : lo;
    r.vertex_count = keep ? g.span->second : hi - lo;
    d.indices.insert(d.indices.end(), g.indices.begin(), g.indices.end());
    d.ranges_a.push_back(r);
    Palette p = dd.palettes[g.source];
    p.unknown_0x3 = positional ? uint16_t(i) : p.unknown_0x3;
    p.vertex_count = uint16_t(r.vertex_count);
    p.bones = g.palette;
    d.palettes.push_back(p);
    m.material_ids.push_back(donor.mesh.material_ids[g.source]);
  }

  write_second_partition(plan, dd, donor.vertex_count, d, details);
  // docs/usage.md "The import summary": the draw ranges are the first partition's.
  details["ranges"] = {{"before", dd.ranges_a.size()}, {"after", d.ranges_a.size()}};
  details["second_partition_ranges"] = {{"before", dd.ranges_b.size()},
                                        {"after", d.ranges_b.size()}};
  nlohmann::json before = nlohmann::json::array(), after = nlohmann::json::array();
  for (const Palette& p : dd.palettes) before.push_back(p.bones.size());
  for (const Palette& p : d.palettes) after.push_back(p.bones.size());
  details["palette_sizes"] = {{"before", before}, {"after", after}};
  details["materials_dropped"] = plan.materials_dropped;
}

}  // namespace f2g::sws
