// The rule of docs/ARCHITECTURE.md "Back into the game", "Kept unless the edit made it wrong",
// per game's rebuild, on the donors unlike the samples (samples/generator/unlike_samples.cpp):
// padded boxes kept while no extreme coordinate moves and padded alike when one does, each
// copy of a box by its own padding (a stale copy kept while nothing moved, else tight); an SWS
// second partition kept while the indices stand and its policy followed after an edit; twin
// vertices a tool merged are no topology change of a SubMesh mesh.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "formats/common/bounds.h"
#include "formats/grb/mesh_codec.h"
#include "formats/registry.h"
#include "formats/rr/mesh_codec.h"
#include "formats/sws/mesh_codec.h"
#include "samples/generator/game_samples.h"

namespace f2g {
namespace {

const std::vector<samples::SampleFile>& unlike() {
  static const std::vector<samples::SampleFile> all = samples::unlike_samples();
  return all;
}

const std::vector<uint8_t>& donor_bytes(const std::string& path) {
  for (const samples::SampleFile& s : unlike())
    if (s.path == path) return s.bytes;
  static const std::vector<uint8_t> none;
  ADD_FAILURE() << "no donor " << path;
  return none;
}

Decoded decoded(const std::vector<uint8_t>& b) {
  Result<Decoded> d = decode(b.data(), b.size(), DecodeOptions{});
  EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().to_string());
  return d.ok() ? *d : Decoded{};
}

Result<Rebuilt> rebuilt(const std::vector<uint8_t>& donor, ir::Mesh mesh) {
  const Decoded d = decoded(donor);
  RebuildInput in;
  in.donor = donor.data();
  in.donor_size = donor.size();
  in.decode.format = d.format;
  in.mesh = std::move(mesh);
  Result<Rebuilt> r = d.format->rebuild(in);
  if (r.ok()) {  // the gate import applies
    Result<Decoded> back = decode(r->bytes.data(), r->bytes.size(), DecodeOptions{});
    EXPECT_TRUE(back.ok()) << (back.ok() ? "" : back.error().to_string());
  }
  return r;
}

// Every primitive's triangles in reverse order: no position moves, but the donor's order no
// longer stands, so every derived field goes through its recomputation.
ir::Mesh triangles_reversed(ir::Mesh m) {
  for (const ir::Primitive& p : m.primitives) {
    std::vector<uint32_t> t(m.indices.begin() + p.first_index,
                            m.indices.begin() + p.first_index + p.index_count);
    for (size_t k = 0; k + 3 <= t.size(); k += 3)
      std::copy(t.begin() + k, t.begin() + k + 3,
                m.indices.begin() + p.first_index + (t.size() - k - 3));
  }
  return m;
}

ir::Mesh scaled(ir::Mesh m, float s) {
  for (float& f : m.find("POSITION")->f32) f *= s;
  for (ir::MorphTarget& t : m.morph_targets)
    for (float& f : t.positions) f *= s;
  return m;
}

bool padded(const std::string& path) { return path.find("_padded.") != std::string::npos; }

// The stored boxes of a padded donor as one list of floats (RR: header extents, centre, half
// extent, descriptors; GRB/GRW: extents, clustered centre, half extent, descriptors).
std::vector<float> boxes(const std::string& path, const std::vector<uint8_t>& b) {
  std::vector<float> out;
  auto add = [&out](const auto& v, size_t n) { out.insert(out.end(), v.begin(), v.begin() + n); };
  if (path.rfind("rr/", 0) == 0) {
    Result<rr::MeshFile> m = rr::parse(b.data(), b.size());
    EXPECT_TRUE(m.ok());
    if (!m) return out;
    add(m->header.extent_min, 3);
    add(m->header.extent_max, 3);
    if (m->ranged) {
      add(m->ranged->centre, 3);
      add(m->ranged->half_extent, 3);
      for (const rr::PrimitiveDesc& d : m->ranged->primitive_descs) {
        add(d.centre, 3);
        add(d.half_extent, 3);
      }
    }
    return out;
  }
  const grb::Dialect d = path.rfind("grw/", 0) == 0 ? grb::Dialect::Grw : grb::Dialect::Grb;
  Result<grb::MeshFile> m = grb::parse(b.data(), b.size(), d);
  EXPECT_TRUE(m.ok());
  if (!m) return out;
  add(m->mesh.extent_min, 3);
  add(m->mesh.extent_max, 3);
  if (m->compiled.clustered) {
    add(m->compiled.clustered->center, 3);
    add(m->compiled.clustered->half_extent, 3);
    for (const grb::PrimitiveDesc& p : m->compiled.clustered->primitive_descs) {
      add(p.centre, 3);
      add(p.half_extent, 3);
    }
  }
  return out;
}

TEST(RebuildKeptFields, PaddedBoxesStayWhileNoPositionMoves) {
  size_t donors = 0;
  for (const samples::SampleFile& s : unlike()) {
    if (!padded(s.path)) continue;
    ++donors;
    const Decoded d = decoded(s.bytes);
    Result<Rebuilt> same = rebuilt(s.bytes, d.mesh);
    ASSERT_TRUE(same.ok()) << s.path << ": " << same.error().to_string();
    EXPECT_TRUE(same->bytes == s.bytes) << s.path;
    Result<Rebuilt> r = rebuilt(s.bytes, triangles_reversed(d.mesh));
    ASSERT_TRUE(r.ok()) << s.path << ": " << r.error().to_string();
    EXPECT_EQ(boxes(s.path, r->bytes), boxes(s.path, s.bytes)) << s.path;
  }
  EXPECT_EQ(donors, 9u + 18u);
}

// Scaled by 2, every extreme moves: the header / mesh box is the new tight box padded as the
// donor's was (0.25, 0.375, 0.5 below, 0.125 above).
TEST(RebuildKeptFields, AMovedExtremeRecomputesTheBoxWithTheDonorsPadding) {
  for (const samples::SampleFile& s : unlike()) {
    if (!padded(s.path)) continue;
    const Decoded d = decoded(s.bytes);
    Result<Rebuilt> r = rebuilt(s.bytes, scaled(d.mesh, 2));
    ASSERT_TRUE(r.ok()) << s.path << ": " << r.error().to_string();
    const Decoded back = decoded(r->bytes);
    const std::vector<float>& p = back.mesh.find("POSITION")->f32;
    const std::vector<float> b = boxes(s.path, r->bytes);
    ASSERT_GE(b.size(), 6u);
    const float below[3] = {0.25f, 0.375f, 0.5f};
    for (int c = 0; c < 3; ++c) {
      float lo = p[c], hi = p[c];
      for (size_t v = 0; v * 3 < p.size(); ++v) {
        lo = std::min(lo, p[v * 3 + c]);
        hi = std::max(hi, p[v * 3 + c]);
      }
      const float tol = 1e-5f * (1 + std::fabs(lo) + std::fabs(hi));
      EXPECT_NEAR(lo - b[c], below[c], tol) << s.path << " axis " << c;
      EXPECT_NEAR(b[3 + c] - hi, 0.125f, tol) << s.path << " axis " << c;
    }
  }
}

// ---- box copies padded unlike each other (RR, GRB/GRW) -----------------------------------

bool box_donor(const std::string& path) { return path.find("_boxes_") != std::string::npos; }

// One stored copy of a box: corners (a = lo, b = hi) or a centre (a) and half extent (b), and
// the vertices it bounds. `via_centre`: corners the format computes as centre -+ half extent
// (GRB/GRW extents, as formats/grb/mesh_builder.cpp writes them).
struct BoxCopy {
  std::string name;
  bool centred = false;
  Float3 a{}, b{};
  uint64_t first = 0, count = 0;
  bool via_centre = false;
};

Float3 f3(const std::array<float, 4>& v) { return {v[0], v[1], v[2]}; }

// Every stored copy of a box of mesh file `b` (decoded as `mesh`): RR header extents, ranged
// centre / half extent and PrimitiveDescData (a single range's bounds all vertices); GRB/GRW
// extents, clustered centre / half extent and primitive descs (over their draw's vertices).
std::vector<BoxCopy> box_copies(const std::string& path, const std::vector<uint8_t>& b,
                                const ir::Mesh& mesh) {
  std::vector<BoxCopy> out;
  const uint64_t all = mesh.vertex_count;
  if (path.rfind("rr/", 0) == 0) {
    Result<rr::MeshFile> m = rr::parse(b.data(), b.size());
    EXPECT_TRUE(m.ok());
    if (!m) return out;
    out.push_back({"extents", false, f3(m->header.extent_min), f3(m->header.extent_max), 0, all});
    if (!m->ranged) return out;
    out.push_back({"centre", true, m->ranged->centre, m->ranged->half_extent, 0, all});
    const auto& descs = m->ranged->primitive_descs;
    for (size_t i = 0; i < descs.size(); ++i) {
      const ir::Primitive& p = mesh.primitives.at(i);
      const bool single = descs.size() == 1;
      out.push_back({"desc " + std::to_string(i), true, descs[i].centre, descs[i].half_extent,
                     single ? 0 : p.first_vertex, single ? all : p.vertex_count});
    }
    return out;
  }
  const grb::Dialect d = path.rfind("grw/", 0) == 0 ? grb::Dialect::Grw : grb::Dialect::Grb;
  Result<grb::MeshFile> m = grb::parse(b.data(), b.size(), d);
  EXPECT_TRUE(m.ok());
  if (!m) return out;
  out.push_back({"extents", false, f3(m->mesh.extent_min), f3(m->mesh.extent_max), 0, all, true});
  if (!m->compiled.clustered) return out;
  const grb::Clustered& g = *m->compiled.clustered;
  out.push_back({"centre", true, g.center, g.half_extent, 0, all});
  for (size_t i = 0; i < g.primitive_descs.size(); ++i) {
    const grb::MeshPrimitive& p = m->compiled.mesh_data.standard.at(i);
    out.push_back({"desc " + std::to_string(i), true, g.primitive_descs[i].centre,
                   g.primitive_descs[i].half_extent, p.min_index, p.num_vertices});
  }
  return out;
}

// The tight box of `c`'s vertices in its own form: corners, or centre and half extent.
std::pair<Float3, Float3> tight(const BoxCopy& c, const std::vector<float>& positions) {
  const Bounds t = bounds_of(positions, c.first, c.count);
  if (c.centred) return {t.centre(), t.half()};
  if (!c.via_centre) return {t.lo, t.hi};
  const Float3 m = t.centre(), h = t.half();
  return {Float3{m[0] - h[0], m[1] - h[1], m[2] - h[2]},
          Float3{m[0] + h[0], m[1] + h[1], m[2] + h[2]}};
}

// The copy misses some of the positions it bounds (by more than float rounding).
bool misses(const BoxCopy& c, const std::vector<float>& positions) {
  const Bounds t = bounds_of(positions, c.first, c.count);
  for (int k = 0; k < 3; ++k) {
    const float lo = c.centred ? c.a[k] - c.b[k] : c.a[k];
    const float hi = c.centred ? c.a[k] + c.b[k] : c.b[k];
    const float tol = 1e-5f * (1 + std::fabs(t.lo[k]) + std::fabs(t.hi[k]));
    if (lo > t.lo[k] + tol || hi < t.hi[k] - tol) return true;
  }
  return false;
}

// The vertex of largest x moved along x: outward by 0.25, or inward half way to the next
// largest x (the tight box shrinks unless another vertex shares that x).
ir::Mesh extreme_moved(ir::Mesh m, bool outward) {
  std::vector<float>& p = m.find("POSITION")->f32;
  size_t top = 0;
  for (size_t v = 0; v * 3 < p.size(); ++v)
    if (p[v * 3] > p[top * 3]) top = v;
  float next = -1e30f;
  for (size_t v = 0; v * 3 < p.size(); ++v)
    if (v != top) next = std::max(next, p[v * 3]);
  p[top * 3] = outward ? p[top * 3] + 0.25f : (p[top * 3] + next) / 2;
  return m;
}

TEST(RebuildKeptFields, BoxCopiesPaddedUnlikeEachOtherStayWhileNoPositionMoves) {
  size_t donors = 0, stale = 0;
  for (const samples::SampleFile& s : unlike()) {
    if (!box_donor(s.path)) continue;
    ++donors;
    const Decoded d = decoded(s.bytes);
    for (const BoxCopy& c : box_copies(s.path, s.bytes, d.mesh))
      stale += misses(c, d.mesh.find("POSITION")->f32);
    Result<Rebuilt> same = rebuilt(s.bytes, d.mesh);
    ASSERT_TRUE(same.ok()) << s.path << ": " << same.error().to_string();
    EXPECT_TRUE(same->bytes == s.bytes) << s.path;
    Result<Rebuilt> r = rebuilt(s.bytes, triangles_reversed(d.mesh));
    ASSERT_TRUE(r.ok()) << s.path << ": " << r.error().to_string();
    EXPECT_EQ(boxes(s.path, r->bytes), boxes(s.path, s.bytes)) << s.path;
  }
  // Five variants of each RR ranged (7) and GRB/GRW clustered (16) sample, two of the others
  // (2 RR inline, 2 GRB/GRW MeshData-only).
  EXPECT_EQ(donors, 5u * (7 + 16) + 2u * (2 + 2));
  // Each "_boxes_stale_extents" (27) and "_boxes_stale_centre" (23) donor has a copy that
  // misses its positions.
  EXPECT_GE(stale, 27u + 23u);
}

// One extreme vertex moved outward, or inward: every copy whose tight box changed is the new
// tight box plus that copy's own offset from the donor's tight box (a minimum only lowered,
// a maximum or half extent only raised), or the tight box for a copy that missed its
// positions; a copy whose tight box stands keeps the donor's floats.
TEST(RebuildKeptFields, AMovedExtremeKeepsEachBoxCopysOwnPadding) {
  size_t changed = 0, recomputed_tight = 0;
  for (const samples::SampleFile& s : unlike()) {
    if (!box_donor(s.path)) continue;
    const Decoded d = decoded(s.bytes);
    const std::vector<float>& p0 = d.mesh.find("POSITION")->f32;
    const std::vector<BoxCopy> before = box_copies(s.path, s.bytes, d.mesh);
    for (bool outward : {true, false}) {
      SCOPED_TRACE(s.path + (outward ? " outward" : " inward"));
      Result<Rebuilt> r = rebuilt(s.bytes, extreme_moved(d.mesh, outward));
      ASSERT_TRUE(r.ok()) << r.error().to_string();
      const Decoded back = decoded(r->bytes);
      const std::vector<float>& p1 = back.mesh.find("POSITION")->f32;
      const std::vector<BoxCopy> after = box_copies(s.path, r->bytes, back.mesh);
      ASSERT_EQ(after.size(), before.size());
      for (size_t i = 0; i < after.size(); ++i) {
        const BoxCopy &was = before[i], &now = after[i];
        const auto [wa, wb] = tight(was, p0);
        const auto [na, nb] = tight(now, p1);
        if (wa == na && wb == nb) {
          EXPECT_EQ(now.a, was.a) << now.name;
          EXPECT_EQ(now.b, was.b) << now.name;
          continue;
        }
        ++changed;
        if (misses(was, p0)) {
          ++recomputed_tight;
          EXPECT_EQ(now.a, na) << now.name;
          EXPECT_EQ(now.b, nb) << now.name;
          continue;
        }
        for (int k = 0; k < 3; ++k) {
          float off_a = was.a[k] - wa[k], off_b = std::max(was.b[k] - wb[k], 0.0f);
          if (!was.centred) off_a = std::min(off_a, 0.0f);
          EXPECT_EQ(now.a[k], na[k] + off_a) << now.name << " axis " << k;
          EXPECT_EQ(now.b[k], nb[k] + off_b) << now.name << " axis " << k;
        }
      }
      // The "_boxes_unlike" donors' copies keep their own paddings (samples/generator/
      // unlike_samples.cpp): the extents 0.0625, 0.125, 0.1875 below and 0.25, 0.3125, 0.375
      // above; the centre / half extent (0.5, 0.03125, 0.25 below; 0, 0.75, 0.125 above) a
      // half extent wider by 0.25, 0.390625, 0.1875.
      if (s.path.find("_boxes_unlike.") == std::string::npos) continue;
      const float below[3] = {0.0625f, 0.125f, 0.1875f}, above[3] = {0.25f, 0.3125f, 0.375f};
      const float wider[3] = {0.25f, 0.390625f, 0.1875f};
      for (const BoxCopy& c : after) {
        const auto [ta, tb] = tight(c, p1);
        for (int k = 0; k < 3; ++k) {
          const float tol = 1e-5f * (1 + std::fabs(ta[k]) + std::fabs(tb[k]));
          if (c.name == "extents") {
            EXPECT_NEAR(ta[k] - c.a[k], below[k], tol) << "axis " << k;
            EXPECT_NEAR(c.b[k] - tb[k], above[k], tol) << "axis " << k;
          } else if (c.name == "centre") {
            EXPECT_NEAR(c.b[k] - tb[k], wider[k], tol) << "axis " << k;
          }
        }
      }
    }
  }
  EXPECT_GT(changed, 0u);
  EXPECT_GT(recomputed_tight, 0u);
}

// ---- SWS second partition ----------------------------------------------------------------

std::vector<sws::Range> second(const std::vector<uint8_t>& b) {
  Result<sws::Mesh> m = sws::decode_structure(b.data(), b.size(), DecodeOptions{});
  EXPECT_TRUE(m.ok());
  return m ? m->compiled.ranges_b : std::vector<sws::Range>{};
}
std::vector<sws::Range> first(const std::vector<uint8_t>& b) {
  Result<sws::Mesh> m = sws::decode_structure(b.data(), b.size(), DecodeOptions{});
  EXPECT_TRUE(m.ok());
  return m ? m->compiled.ranges_a : std::vector<sws::Range>{};
}
bool same_span(const sws::Range& a, const sws::Range& b) {
  return a.first_index == b.first_index && a.triangle_count == b.triangle_count &&
         a.first_vertex == b.first_vertex && a.vertex_count == b.vertex_count;
}

TEST(RebuildKeptFields, ASecondPartitionCutAtOtherTrianglesStandsWhileTheIndicesDo) {
  for (const char* path :
       {"sws/static_materials_b_cut_two.mesh", "sws/static_materials_b_cut_three.mesh"}) {
    const std::vector<uint8_t>& donor = donor_bytes(path);
    const Decoded d = decoded(donor);
    Result<Rebuilt> same = rebuilt(donor, d.mesh);
    ASSERT_TRUE(same.ok()) << path;
    EXPECT_TRUE(same->bytes == donor) << path;
    EXPECT_EQ(same->summary.details["second_partition_kept"], true) << path;
    // Moved positions keep the indices: the stored partition still partitions them.
    Result<Rebuilt> moved = rebuilt(donor, scaled(d.mesh, 2));
    ASSERT_TRUE(moved.ok()) << path;
    const std::vector<sws::Range> want = second(donor), got = second(moved->bytes);
    ASSERT_EQ(got.size(), want.size()) << path;
    for (size_t i = 0; i < got.size(); ++i) {
      EXPECT_TRUE(same_span(got[i], want[i])) << path << " " << i;
      EXPECT_EQ(got[i].unknown_0x14, want[i].unknown_0x14) << path << " " << i;
    }
  }
}

// After an edit (every triangle's winding flipped, as a mirroring node does; or a material's
// triangles deleted), the donor's policy: a mirror stays a mirror, fewer ranges than the
// first partition become one over all, as many become a mirror.
TEST(RebuildKeptFields, AfterAnEditTheSecondPartitionFollowsTheDonorsPolicy) {
  struct Case {
    std::string path;
    const char* policy;
    bool mirror;  // else one range over all
  };
  const std::vector<samples::SampleFile> sws = samples::sws_samples();
  auto sample = [&](const std::string& p) {
    for (const samples::SampleFile& s : sws)
      if (s.path == p) return s.bytes;
    return std::vector<uint8_t>{};
  };
  const std::vector<std::pair<Case, std::vector<uint8_t>>> cases = {
      {{"sws/static_materials.mesh", "mirror", true}, sample("sws/static_materials.mesh")},
      {{"sws/skinned_palettes.mesh", "one_over_all", false}, sample("sws/skinned_palettes.mesh")},
      {{"sws/static_materials_b_cut_two.mesh", "fewer_than_first", false},
       donor_bytes("sws/static_materials_b_cut_two.mesh")},
      {{"sws/static_materials_b_cut_three.mesh", "as_many_as_first", true},
       donor_bytes("sws/static_materials_b_cut_three.mesh")},
  };
  for (const auto& [c, donor] : cases) {
    const Decoded d = decoded(donor);
    std::vector<ir::Mesh> edits;
    ir::Mesh flipped = d.mesh;
    for (size_t t = 0; t + 3 <= flipped.indices.size(); t += 3)
      std::swap(flipped.indices[t + 1], flipped.indices[t + 2]);
    edits.push_back(flipped);
    if (d.mesh.primitives.size() > 1) {
      ir::Mesh deleted = d.mesh;
      deleted.primitives.erase(deleted.primitives.begin());
      edits.push_back(deleted);
    }
    for (size_t e = 0; e < edits.size(); ++e) {
      Result<Rebuilt> r = rebuilt(donor, edits[e]);
      ASSERT_TRUE(r.ok()) << c.path << " " << e << ": " << r.error().to_string();
      EXPECT_EQ(r->summary.details["second_partition"], c.policy) << c.path;
      EXPECT_EQ(r->summary.details["second_partition_kept"], false) << c.path;
      const std::vector<sws::Range> a = first(r->bytes), b = second(r->bytes);
      if (c.mirror) {
        ASSERT_EQ(b.size(), a.size()) << c.path << " " << e;
        for (size_t i = 0; i < a.size(); ++i)
          EXPECT_TRUE(same_span(a[i], b[i])) << c.path << " " << e << " range " << i;
      } else {
        ASSERT_EQ(b.size(), 1u) << c.path << " " << e;
        uint64_t triangles = 0;
        for (const sws::Range& g : a) triangles += g.triangle_count;
        EXPECT_EQ(b[0].first_index, 0u);
        EXPECT_EQ(b[0].triangle_count, triangles) << c.path;
      }
    }
  }
}

// ---- SWS SubMeshes -----------------------------------------------------------------------

// The donor's own vertex `gone` merged into `kept` (equal in everything the IR holds), as
// Blender's exporter merges corners equal in everything it writes.
ir::Mesh merged(const ir::Mesh& m, uint32_t kept, uint32_t gone) {
  ir::Mesh out = m;
  auto drop = [&](auto& values, size_t w) {
    if (values.size() >= size_t(m.vertex_count) * w && w)
      values.erase(values.begin() + size_t(gone) * w, values.begin() + size_t(gone + 1) * w);
  };
  for (ir::Attribute& a : out.attributes) {
    drop(a.f32, a.width);
    drop(a.u8, a.width);
    drop(a.u16, a.width);
  }
  for (ir::MorphTarget& t : out.morph_targets) {
    drop(t.positions, 3);
    drop(t.normals, 3);
    for (ir::Attribute& a : t.others) {
      drop(a.f32, a.width);
      drop(a.u8, a.width);
      drop(a.u16, a.width);
    }
  }
  for (uint32_t& i : out.indices) {
    if (i == gone) i = kept;
    if (i > gone) --i;
  }
  --out.vertex_count;
  for (ir::Primitive& p : out.primitives) {
    p.first_vertex = 0;
    p.vertex_count = out.vertex_count;
  }
  return out;
}

TEST(RebuildKeptFields, TwinsMergedByATopologyPreservingToolAreNoSubMeshTopologyChange) {
  const std::vector<uint8_t>& donor = donor_bytes("sws/morph_submeshes_twins.mesh");
  const Decoded d = decoded(donor);
  // The twins: two vertices of one range equal in every attribute and target.
  const ir::Attribute& p = *d.mesh.find("POSITION");
  uint32_t a = 0, b = 0;
  const ir::Primitive& range = d.mesh.primitives.at(0);
  const uint32_t end = range.first_vertex + range.vertex_count;
  for (uint32_t u = range.first_vertex; u < end && !b; ++u)
    for (uint32_t v = u + 1; v < end && !b; ++v)
      if (std::equal(&p.f32[u * 3], &p.f32[u * 3] + 3, &p.f32[v * 3])) {
        bool all = true;
        for (const ir::Attribute& x : d.mesh.attributes)
          for (size_t c = 0; c < x.width; ++c) all = all && x.get(u, c) == x.get(v, c);
        if (all) a = u, b = v;
      }
  ASSERT_NE(b, 0u);
  Result<Rebuilt> r = rebuilt(donor, merged(d.mesh, a, b));
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(r->bytes == donor);
}

TEST(RebuildKeptFields, SubMeshRunsTheGlbHasNoSlotForStandWhileTheGeometryDoes) {
  const std::vector<uint8_t>& donor = donor_bytes("sws/morph_submeshes_unknown_runs.mesh");
  const Decoded d = decoded(donor);
  Result<Rebuilt> same = rebuilt(donor, d.mesh);
  ASSERT_TRUE(same.ok()) << same.error().to_string();
  EXPECT_TRUE(same->bytes == donor);
  // Targets re-expressed (each target value recomputed as base + (target - base) in float,
  // as a sparse accessor's reader does) leave every value where it was.
  ir::Mesh re = d.mesh;
  const std::vector<float>& base = re.find("POSITION")->f32;
  for (ir::MorphTarget& t : re.morph_targets)
    for (size_t i = 0; i < t.positions.size(); ++i)
      t.positions[i] = base[i] + (t.positions[i] - base[i]);
  Result<Rebuilt> r = rebuilt(donor, re);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(r->bytes == donor);
}

// ---- more influences than the format stores ---------------------------------------------

// `m` with every vertex's influences spread over `lanes` lanes (JOINTS_0/1 as u16, WEIGHTS_0/1
// as float): its own joints keep most of the weight, the next bones get the rest equally.
ir::Mesh spread_influences(ir::Mesh m, size_t lanes, size_t bones) {
  const ir::Attribute j0 = *m.find("JOINTS_0"), w0 = *m.find("WEIGHTS_0");
  std::vector<uint16_t> joints[2];
  std::vector<float> weights[2];
  for (uint32_t v = 0; v < m.vertex_count; ++v) {
    const uint16_t first = uint16_t(j0.get(v, 0));
    std::vector<std::pair<uint16_t, float>> in;
    for (size_t c = 0; c < 4; ++c)
      if (w0.get(v, c) > 0) in.push_back({uint16_t(j0.get(v, c)), float(w0.get(v, c) * 0.75)});
    for (size_t k = 1; in.size() < lanes; ++k) {
      const uint16_t j = uint16_t((first + k) % bones);
      bool seen = false;
      for (const auto& x : in) seen = seen || x.first == j;
      if (!seen) in.push_back({j, 0});
      if (k > bones) break;
    }
    float rest = 1;
    for (const auto& x : in) rest -= x.second;
    size_t fresh = 0;
    for (const auto& x : in) fresh += x.second == 0;
    for (auto& x : in)
      if (x.second == 0) x.second = rest / float(fresh ? fresh : 1);
    for (size_t lane = 0; lane < 8; ++lane) {
      joints[lane / 4].push_back(lane < in.size() ? in[lane].first : 0);
      weights[lane / 4].push_back(lane < in.size() ? in[lane].second : 0);
    }
  }
  m.attributes.erase(std::remove_if(m.attributes.begin(), m.attributes.end(),
                                    [](const ir::Attribute& a) {
                                      return a.semantic.rfind("JOINTS_", 0) == 0 ||
                                             a.semantic.rfind("WEIGHTS_", 0) == 0;
                                    }),
                     m.attributes.end());
  for (int set = 0; set < 2; ++set) {
    ir::Attribute j;
    j.semantic = "JOINTS_" + std::to_string(set);
    j.type = ir::Scalar::U16;
    j.width = 4;
    j.u16 = joints[set];
    m.attributes.push_back(j);
    m.attributes.push_back(
        ir::f32_attribute("WEIGHTS_" + std::to_string(set), 4, std::move(weights[set])));
  }
  return m;
}

// The edit moves no vertex: every written position is one the incoming mesh holds (float32
// SWS bit for bit, quantised RR within its step), so the weights can be compared.
TEST(RebuildKeptFields, MoreInfluencesThanStoredKeepEveryVertexWhereTheIncomingMeshPutsIt) {
  const std::vector<samples::SampleFile> sws = samples::sws_samples(), rr = samples::rr_samples();
  struct Case {
    const samples::SampleFile* donor;
    size_t lanes;
  };
  std::vector<Case> cases;
  for (const samples::SampleFile& s : sws)
    if (s.path == "sws/skinned_palettes.mesh") cases.push_back({&s, 6});
  for (const samples::SampleFile& s : rr)
    if (s.path.find("skin8") != std::string::npos) cases.push_back({&s, 8});
  ASSERT_EQ(cases.size(), 2u);
  for (const Case& c : cases) {
    const Decoded d = decoded(c.donor->bytes);
    size_t bones = 0;
    for (uint32_t v = 0; v < d.mesh.vertex_count; ++v)
      for (size_t k = 0; k < 4; ++k)
        bones = std::max(bones, size_t(d.mesh.find("JOINTS_0")->get(v, k)) + 1);
    const ir::Mesh edit = spread_influences(d.mesh, c.lanes, bones);
    Result<Rebuilt> r = rebuilt(c.donor->bytes, edit);
    ASSERT_TRUE(r.ok()) << c.donor->path << ": " << r.error().to_string();
    if (c.lanes > 4 && c.donor->path.rfind("sws/", 0) == 0) {  // 4 BLENDWEIGHT lanes
      EXPECT_GT(r->summary.influences_dropped, 0u) << c.donor->path;
    }
    const Decoded back = decoded(r->bytes);
    const std::vector<float>& in = edit.find("POSITION")->f32;
    const std::vector<float>& out = back.mesh.find("POSITION")->f32;
    float size = 0;
    for (float f : in) size = std::max(size, std::fabs(f));
    const float tol = c.donor->path.rfind("rr/", 0) == 0 ? size / 32767 : 0;
    std::vector<std::array<float, 3>> want;
    for (size_t v = 0; v * 3 < in.size(); ++v)
      want.push_back({in[v * 3], in[v * 3 + 1], in[v * 3 + 2]});
    std::sort(want.begin(), want.end());
    size_t missing = 0;
    for (size_t v = 0; v * 3 < out.size(); ++v) {
      bool found = false;
      const float x = out[v * 3];
      for (auto it = std::lower_bound(want.begin(), want.end(),
                                      std::array<float, 3>{x - tol, -1e30f, -1e30f});
           it != want.end() && (*it)[0] <= x + tol && !found; ++it)
        found = std::fabs((*it)[1] - out[v * 3 + 1]) <= tol &&
                std::fabs((*it)[2] - out[v * 3 + 2]) <= tol;
      missing += !found;
    }
    EXPECT_EQ(missing, 0u) << c.donor->path << ": of " << out.size() / 3 << " vertices";
  }
}

}  // namespace
}  // namespace f2g
