// formats/common/rebuild: the vertex matcher, canonical triangles and influence capping that
// every format's rebuild shares.
#include "formats/common/rebuild.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <stdexcept>

namespace f2g {
namespace {

// Two triangles over a quad; positions on a 1/256 grid (the donor's step), one UV each.
ir::Mesh quad() {
  ir::Mesh m;
  m.vertex_count = 4;
  m.attributes.push_back(ir::f32_attribute("POSITION", 3, {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0}));
  m.attributes.push_back(ir::f32_attribute("TEXCOORD_0", 2, {0, 0, 1, 0, 1, 1, 0, 1}));
  m.indices = {0, 1, 2, 0, 2, 3};
  ir::Primitive p;
  p.material = 0;
  p.index_count = 6;
  p.vertex_count = 4;
  m.primitives.push_back(p);
  return m;
}

// JOINTS_0 of the IR's own type.
ir::Attribute joints16(std::vector<uint16_t> values) {
  ir::Attribute j;
  j.semantic = "JOINTS_0";
  j.type = ir::Scalar::U16;
  j.width = 4;
  j.u16 = std::move(values);
  return j;
}

HalfStep step(double position, double other = 1e-6) {
  return [=](const std::string& semantic) {
    return constant_step(semantic == "POSITION" ? position : other);
  };
}

TEST(MatchVertices, TheDonorItselfMatchesInDonorOrder) {
  const ir::Mesh donor = quad();
  const VertexMatch m = match_vertices(donor, donor, step(0.5 / 256));
  EXPECT_EQ(m.matched, 4u);
  EXPECT_TRUE(m.donor_order);
  EXPECT_EQ(m.donor_of, (std::vector<uint32_t>{0, 1, 2, 3}));
}

TEST(MatchVertices, ReorderedVerticesAndRotatedCornersKeepTheDonorOrder) {
  const ir::Mesh donor = quad();
  ir::Mesh in = quad();
  // Vertices reversed (3 2 1 0), triangles re-pointed and their corners rotated.
  in.attributes[0].f32 = {0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0};
  in.attributes[1].f32 = {0, 1, 1, 1, 1, 0, 0, 0};
  in.indices = {2, 1, 3, 1, 0, 3};  // (1 2 0) and (2 3 0) in donor numbers
  const VertexMatch m = match_vertices(donor, in, step(0.5 / 256));
  EXPECT_EQ(m.donor_of, (std::vector<uint32_t>{3, 2, 1, 0}));
  EXPECT_TRUE(m.donor_order);
}

TEST(MatchVertices, AMirroredTriangleIsNotTheDonors) {
  const ir::Mesh donor = quad();
  ir::Mesh in = quad();
  in.indices = {0, 2, 1, 0, 2, 3};
  const VertexMatch m = match_vertices(donor, in, step(0.5 / 256));
  EXPECT_EQ(m.matched, 4u);
  EXPECT_FALSE(m.donor_order);
}

TEST(MatchVertices, WithinHalfAStepMatchesAndBeyondIsNew) {
  const ir::Mesh donor = quad();
  ir::Mesh in = quad();
  in.attributes[0].f32[3] = 1 + 0.4f / 256;  // vertex 1 x: inside half a step
  in.attributes[0].f32[7] = 1 + 0.6f / 256;  // vertex 2 y: past it
  const VertexMatch m = match_vertices(donor, in, step(0.5 / 256));
  EXPECT_EQ(m.donor_of, (std::vector<uint32_t>{0, 1, kNewVertex, 3}));
  EXPECT_EQ(m.matched, 3u);
  EXPECT_FALSE(m.donor_order);
}

// A mesh that fits the donor vertex for vertex, in the donor's order, takes the donor's
// vertices by number, although a vertex may sit nearer another donor vertex that fits it too:
// donor vertex 4 is vertex 1's near-twin (same spot, UV 0.008 apart, within the 0.01 step),
// and the incoming vertex 1 has moved its UV towards it. The nearest-fit search, which a
// vertex out of step sends the whole mesh to, gives vertex 1 donor vertex 4 instead.
TEST(MatchVertices, AMeshThatFitsTheDonorVertexForVertexTakesItByNumber) {
  ir::Mesh donor = quad();
  donor.vertex_count = 5;
  donor.attributes[0].f32.insert(donor.attributes[0].f32.end(), {1, 0, 0});
  donor.attributes[1].f32.insert(donor.attributes[1].f32.end(), {1, 0.008f});
  donor.primitives[0].vertex_count = 5;
  ir::Mesh in = donor;
  in.attributes[1].f32[3] = 0.006f;  // vertex 1's v: 0.006 from its own, 0.002 from vertex 4's
  const VertexMatch m = match_vertices(donor, in, step(0.5 / 256, 0.01));
  EXPECT_EQ(m.donor_of, (std::vector<uint32_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(m.matched, 5u);
  EXPECT_TRUE(m.donor_order);

  in.attributes[0].f32[6] = 1 + 0.6f / 256;  // vertex 2 out of step: the search decides
  const VertexMatch searched = match_vertices(donor, in, step(0.5 / 256, 0.01));
  EXPECT_EQ(searched.donor_of, (std::vector<uint32_t>{0, 4, kNewVertex, 3, 4}));
  EXPECT_FALSE(searched.donor_order);
}

// A fixed pseudo-random sequence in [0, 1) (a 64-bit LCG's top 53 bits).
struct Uniform {
  uint64_t state;
  double operator()() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return double(state >> 11) / double(uint64_t(1) << 53);
  }
};

// The matcher's rule by a scan of every donor vertex for each incoming vertex in turn: the
// nearest that fits (POSITION within `half` on every axis, and TEXCOORD_0 within 1e-6 where
// given; the distance sums every gap), an untaken one among equally near.
std::vector<uint32_t> scan_every_donor_vertex(const std::vector<float>& dp,
                                              const std::vector<float>& ip, double half,
                                              const std::vector<float>& duv = {},
                                              const std::vector<float>& iuv = {}) {
  const size_t donors = dp.size() / 3, incoming = ip.size() / 3;
  std::vector<uint8_t> taken(donors, 0);
  std::vector<uint32_t> out(incoming, kNewVertex);
  for (size_t v = 0; v < incoming; ++v) {
    uint32_t best = kNewVertex;
    double best_distance = 0;
    for (uint32_t d = 0; d < donors; ++d) {
      double distance = 0;
      bool fits = true;
      const auto gap = [&](const std::vector<float>& a, const std::vector<float>& b, size_t w,
                           double most) {
        for (size_t c = 0; c < w; ++c) {
          const double g = std::fabs(double(a[d * w + c]) - double(b[v * w + c]));
          fits = fits && g <= most;
          distance += g;
        }
      };
      gap(dp, ip, 3, half);
      if (!duv.empty()) gap(duv, iuv, 2, 1e-6);
      if (fits && (best == kNewVertex || distance < best_distance ||
                   (distance == best_distance && taken[best] && !taken[d]))) {
        best = d;
        best_distance = distance;
      }
    }
    out[v] = best;
    if (best != kNewVertex) taken[best] = 1;
  }
  return out;
}

// The grid (cells, their hash slots and the filter in front of them) finds what looking at
// every donor vertex finds: on 3,000 random donor vertices about one per cell, and incoming
// ones shuffled and moved by up to 1.5 half steps (some across a cell border, some too far),
// each incoming vertex gets the nearest donor vertex within half a step on every axis.
TEST(MatchVertices, TheGridFindsWhatAScanOfEveryDonorVertexFinds) {
  const double half = 1.0 / 64;
  Uniform uniform{12345};
  const uint32_t n = 3000;
  std::vector<float> dp, ip;
  for (uint32_t v = 0; v < n * 3; ++v) dp.push_back(float(uniform() * 0.5 - 0.25));
  std::vector<uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  for (uint32_t v = n - 1; v > 0; --v) std::swap(order[v], order[uint32_t(uniform() * (v + 1))]);
  for (uint32_t v = 0; v < n; ++v)
    for (size_t c = 0; c < 3; ++c)
      ip.push_back(float(dp[order[v] * 3 + c] + (uniform() * 3 - 1.5) * half));
  ir::Mesh donor, in;
  donor.vertex_count = in.vertex_count = n;
  donor.attributes.push_back(ir::f32_attribute("POSITION", 3, dp));
  in.attributes.push_back(ir::f32_attribute("POSITION", 3, ip));
  const VertexMatch m = match_vertices(donor, in, step(half));

  const std::vector<uint32_t> expected = scan_every_donor_vertex(dp, ip, half);
  uint64_t matched = 0, moved_to_another = 0;
  for (uint32_t v = 0; v < n; ++v) {
    ASSERT_EQ(m.donor_of[v], expected[v]) << "incoming vertex " << v;
    if (expected[v] == kNewVertex) continue;
    ++matched;
    moved_to_another += expected[v] != order[v];
  }
  EXPECT_EQ(m.matched, matched);
  // The inputs exercise both outcomes, and a neighbour nearer than the vertex's own donor.
  EXPECT_GT(matched, n / 10);
  EXPECT_LT(matched, n);
  EXPECT_GT(moved_to_another, 0u);
}

// A vertex at its donor vertex's very spot takes what the scan of every donor vertex takes,
// where the donor sits on a lattice whose points lie on the cells' faces (as a quantised
// format's do), with copies on one spot and vertices moved across a face within half a step:
// incoming vertices in donor order (the unedited case), some with another UV (their own donor
// vertex no longer fits, a neighbour's copy may) and some on another lattice point.
TEST(MatchVertices, AVertexAtItsDonorVertexsSpotTakesWhatTheScanTakes) {
  const double half = 1.0 / 64;
  Uniform uniform{777};
  const auto below = [&uniform](uint32_t n) { return uint32_t(uniform() * n); };
  std::vector<float> dp, duv;
  std::vector<uint32_t> moved_of;  // per donor vertex: the spot's moved neighbour, if any
  while (dp.size() < 3000 * 3) {
    float spot[3], uv[2];
    for (float& x : spot) x = float(below(16) * 2 * half);
    for (float& x : uv) x = float(below(4)) / 4;
    const uint32_t copies = 1 + (below(3) == 0), first = uint32_t(dp.size() / 3);
    for (uint32_t k = 0; k < copies; ++k) {
      for (float x : spot) dp.push_back(x);
      duv.insert(duv.end(), {uv[0], k == 0 ? uv[1] : float(below(4)) / 4});
    }
    const bool moved = below(3) == 0;
    moved_of.insert(moved_of.end(), copies, moved ? first + copies : kNewVertex);
    if (moved) {  // a neighbour within half a step, across the face below or above, its own UV
      for (float x : spot) dp.push_back(float(x + (uniform() * 1.8 - 0.9) * half));
      duv.insert(duv.end(), {uv[0] + 0.125f, uv[1]});
      moved_of.push_back(kNewVertex);
    }
  }
  const uint32_t n = uint32_t(dp.size() / 3);
  std::vector<float> ip = dp, iuv = duv;
  for (uint32_t v = 0; v < n; ++v) {
    const uint32_t what = below(10);
    if (what < 2 && moved_of[v] != kNewVertex) iuv[v * 2] = duv[moved_of[v] * 2];
    if (what == 2) iuv[v * 2] = float(below(4)) / 4;
    if (what == 3)
      for (size_t c = 0; c < 3; ++c) ip[v * 3 + c] = float(below(16) * 2 * half);
  }
  ir::Mesh donor, in;
  donor.vertex_count = in.vertex_count = n;
  donor.attributes.push_back(ir::f32_attribute("POSITION", 3, dp));
  donor.attributes.push_back(ir::f32_attribute("TEXCOORD_0", 2, duv));
  in.attributes.push_back(ir::f32_attribute("POSITION", 3, ip));
  in.attributes.push_back(ir::f32_attribute("TEXCOORD_0", 2, iuv));
  const VertexMatch m = match_vertices(donor, in, step(half));

  const std::vector<uint32_t> expected = scan_every_donor_vertex(dp, ip, half, duv, iuv);
  uint64_t matched = 0, own = 0, neighbour = 0;
  for (uint32_t v = 0; v < n; ++v) {
    const uint32_t d = expected[v];
    ASSERT_EQ(m.donor_of[v], d) << "incoming vertex " << v;
    if (d == kNewVertex) continue;
    ++matched;
    own += d == v;
    neighbour +=
        dp[d * 3] != ip[v * 3] || dp[d * 3 + 1] != ip[v * 3 + 1] || dp[d * 3 + 2] != ip[v * 3 + 2];
  }
  EXPECT_EQ(m.matched, matched);
  // The inputs reach each outcome: the vertex's own donor, one moved across a face, none.
  EXPECT_GT(own, uint64_t(n / 2));
  EXPECT_GT(neighbour, 20u);
  EXPECT_LT(matched, uint64_t(n));
}

TEST(MatchVertices, CoincidentDonorVerticesAreEachFoundOnce) {
  ir::Mesh donor = quad();
  donor.attributes[0].f32 = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // all on one spot
  donor.attributes[1].f32 = {0, 0, 0, 0, 0, 0, 0, 0};              // and equal UVs
  const VertexMatch m = match_vertices(donor, donor, step(0.5 / 256));
  EXPECT_EQ(m.donor_of, (std::vector<uint32_t>{0, 1, 2, 3}));
  EXPECT_TRUE(m.donor_order);
}

// The quad with vertex 2 stored twice (4 is its twin), the second triangle naming the copy.
ir::Mesh quad_with_twin() {
  ir::Mesh m = quad();
  m.vertex_count = 5;
  m.attributes[0].f32.insert(m.attributes[0].f32.end(), {1, 1, 0});
  m.attributes[1].f32.insert(m.attributes[1].f32.end(), {1, 1});
  m.indices = {0, 1, 2, 0, 4, 3};
  m.primitives[0].vertex_count = 5;
  return m;
}

TEST(MatchVertices, TwinDonorVerticesSwappedBetweenTrianglesKeepTheDonorOrder) {
  const ir::Mesh donor = quad_with_twin();
  ir::Mesh in = donor;
  in.indices = {0, 1, 4, 0, 2, 3};  // each triangle names the other copy
  const VertexMatch m = match_vertices(donor, in, step(0.5 / 256));
  EXPECT_EQ(m.matched, 5u);
  EXPECT_TRUE(m.donor_order);
}

TEST(MatchVertices, TwinDonorVerticesExportedAsOneKeepTheDonorOrder) {
  const ir::Mesh donor = quad_with_twin();
  const VertexMatch m = match_vertices(donor, quad(), step(0.5 / 256));  // a tool merged them
  EXPECT_EQ(m.matched, 4u);
  EXPECT_TRUE(m.donor_order);
  ir::Mesh other = quad();
  other.attributes[1].f32[4] = 0.5f;  // but vertex 2 with another UV is an edit
  EXPECT_FALSE(match_vertices(donor, other, step(0.5 / 256, 0.5 / 1024)).donor_order);
}

TEST(MatchVertices, AnotherUvMakesANewVertex) {
  const ir::Mesh donor = quad();
  ir::Mesh in = quad();
  in.attributes[1].f32[0] = 0.25f;
  const VertexMatch m = match_vertices(donor, in, step(0.5 / 256, 0.5 / 1024));
  EXPECT_EQ(m.donor_of[0], kNewVertex);
  EXPECT_EQ(m.matched, 3u);
}

TEST(MatchVertices, NormalsCompareAsDirections) {
  ir::Mesh donor = quad();
  donor.attributes.push_back(
      ir::f32_attribute("NORMAL", 3, {0, 0, 0.9f, 0, 0, 0.9f, 0, 0, 0.9f, 0, 0, 0.9f}));
  ir::Mesh in = quad();
  in.attributes.push_back(
      ir::f32_attribute("NORMAL", 3, {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0.6f, 0.8f}));
  const VertexMatch m = match_vertices(donor, in, step(0.5 / 256, 0.5 / 127));
  EXPECT_EQ(m.donor_of, (std::vector<uint32_t>{0, 1, 2, kNewVertex}));
}

TEST(MatchVertices, InfluencesCompareAsSetsWhateverTheLaneOrder) {
  ir::Mesh donor = quad(), in = quad();
  const ir::Attribute dj = joints16({1, 2, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 3, 0, 0, 0});
  const ir::Attribute ij = joints16({2, 1, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0});
  donor.attributes.push_back(dj);
  donor.attributes.push_back(
      ir::f32_attribute("WEIGHTS_0", 4, {0.75f, 0.25f, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}));
  in.attributes.push_back(ij);
  in.attributes.push_back(
      ir::f32_attribute("WEIGHTS_0", 4, {0.25f, 0.75f, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}));
  const VertexMatch m = match_vertices(donor, in, step(0.5 / 256, 0.5 / 255));
  EXPECT_EQ(m.donor_of, (std::vector<uint32_t>{0, 1, 2, kNewVertex}));  // vertex 3: bone 2, not 3
}

TEST(MatchVertices, ACopyTakesTheDonorVertexOfItsOwnWeightsNotOneAUnitAway) {
  // Donor vertices 2 and 4 share position and UV, their weights one unorm8 unit apart: each
  // fits a copy of the other within a weight step. Blender's copies of vertex 2 (one per
  // corner) must all take vertex 2, and vertex 4's its own.
  ir::Mesh donor = quad_with_twin();
  donor.attributes.push_back(
      joints16({0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0}));
  const float a = 128 / 255.f, b = 127 / 255.f;
  donor.attributes.push_back(ir::f32_attribute(
      "WEIGHTS_0", 4, {a, b, 0, 0, a, b, 0, 0, a, b, 0, 0, a, b, 0, 0, b, a, 0, 0}));
  // The incoming mesh: vertex 2 split into two copies (4 the second), then vertex 4 as 5.
  ir::Mesh in = donor;
  in.vertex_count = 6;
  in.attributes[0].f32.insert(in.attributes[0].f32.end(), {1, 1, 0});
  in.attributes[1].f32.insert(in.attributes[1].f32.end(), {1, 1});
  in.attributes[2].u16.insert(in.attributes[2].u16.end(), {0, 1, 0, 0});
  in.attributes[3].f32 = {a, b, 0, 0, a, b, 0, 0, a, b, 0, 0, a, b, 0, 0, a, b, 0, 0, b, a, 0, 0};
  in.indices = {0, 1, 2, 0, 5, 3, 4, 0, 1};
  in.primitives[0].index_count = 9;
  const VertexMatch m = match_vertices(donor, in, step(0.5 / 256, 0.5 / 255));
  EXPECT_EQ(m.donor_of, (std::vector<uint32_t>{0, 1, 2, 3, 2, 4}));
}

// Eight lanes on the donor (the games store up to 8): each vertex has six influences.
ir::Mesh six_influences() {
  ir::Mesh m = quad();
  ir::Attribute j;
  j.semantic = "JOINTS_0";
  j.type = ir::Scalar::U16;
  j.width = 4;
  ir::Attribute k = j;
  k.semantic = "JOINTS_1";
  std::vector<float> w0, w1;
  for (uint16_t v = 0; v < 4; ++v) {
    j.u16.insert(j.u16.end(), {1, 2, 3, 4});
    k.u16.insert(k.u16.end(), {5, 6, 0, 0});
    w0.insert(w0.end(), {0.4f, 0.2f, 0.15f, 0.1f});
    w1.insert(w1.end(), {0.1f, 0.05f, 0, 0});
  }
  m.attributes.push_back(j);
  m.attributes.push_back(ir::f32_attribute("WEIGHTS_0", 4, w0));
  m.attributes.push_back(k);
  m.attributes.push_back(ir::f32_attribute("WEIGHTS_1", 4, w1));
  return m;
}

// The four largest of vertex v's six, renormalised (what Blender's default export writes),
// with `edit` added to the weight of joint 3.
void four_largest(ir::Mesh& in, uint32_t v, float edit = 0) {
  ir::Attribute& w = *in.find("WEIGHTS_0");
  const float sum = 0.4f + 0.2f + 0.15f + 0.1f;
  const float x[4] = {0.4f / sum, 0.2f / sum, 0.15f / sum + edit, 0.1f / sum - edit};
  for (size_t c = 0; c < 4; ++c) w.f32[v * 4 + c] = x[c];
}

TEST(MatchVertices, FewerLanesThanInfluencesCompareTheLargestRenormalised) {
  const ir::Mesh donor = six_influences();
  ir::Mesh in = six_influences();
  in.attributes.erase(in.attributes.begin() + 4, in.attributes.end());       // JOINTS_1, WEIGHTS_1
  for (uint32_t v = 0; v < 4; ++v) four_largest(in, v, v == 2 ? 0.02f : 0);  // vertex 2 edited
  const VertexMatch m = match_vertices(donor, in, step(0.5 / 256, 0.5 / 255));
  EXPECT_EQ(m.donor_of, (std::vector<uint32_t>{0, 1, kNewVertex, 3}));
}

TEST(MatchVertices, ATrimmedSetInAFileWithRoomForAllIsAnEdit) {
  const ir::Mesh donor = six_influences();
  ir::Mesh in = six_influences();
  ir::Attribute& w1 = *in.find("WEIGHTS_1");
  for (float& x : w1.f32) x = 0;  // eight lanes, only four used: the file dropped two
  for (uint32_t v = 0; v < 4; ++v) four_largest(in, v);
  const VertexMatch m = match_vertices(donor, in, step(0.5 / 256, 0.5 / 255));
  EXPECT_EQ(m.matched, 0u);
}

// A game's influences (u8 joints, unorm8 weights) read as the values get() gives: equal to
// the IR's own types (U16 joints, float weights) of the same values, at a weight step of 0.
TEST(MatchVertices, U8InfluencesCompareWithTheSameValuesAsU16AndFloat) {
  ir::Mesh donor = quad(), in = quad();
  donor.attributes.push_back(
      ir::u8_attribute("JOINTS_0", 4, false, {1, 2, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 3, 4, 0, 0}));
  donor.attributes.push_back(ir::u8_attribute(
      "WEIGHTS_0", 4, true, {191, 64, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 128, 127, 0, 0}));
  in.attributes.push_back(joints16({2, 1, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 3, 4, 0, 0}));
  in.attributes.push_back(ir::f32_attribute(
      "WEIGHTS_0", 4,
      {64 / 255.0f, 191 / 255.0f, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 128 / 255.0f, 127 / 255.0f, 0, 0}));
  const HalfStep exact = step(0.5 / 256, 0);
  EXPECT_EQ(match_vertices(donor, in, exact).donor_of, (std::vector<uint32_t>{0, 1, 2, 3}));
  in.find("WEIGHTS_0")->f32[12] = 0.5f;  // 128 / 255 is not 0.5
  EXPECT_EQ(match_vertices(donor, in, exact).donor_of[3], kNewVertex);
}

// Mesh `m` cut down to `vertices`, every attribute with it: the copy match_parts spares.
ir::Mesh cut(const ir::Mesh& m, const std::vector<uint32_t>& vertices) {
  ir::Mesh out;
  out.vertex_count = uint32_t(vertices.size());
  out.extras = m.extras;
  for (const ir::Attribute& a : m.attributes) {
    ir::Attribute b = a;
    b.f32.clear();
    b.u8.clear();
    b.u16.clear();
    for (uint32_t v : vertices)
      for (size_t c = 0; c < a.width; ++c) {
        const size_t at = size_t(v) * a.width + c;
        if (a.type == ir::Scalar::F32) b.f32.push_back(a.f32[at]);
        if (a.type == ir::Scalar::U8) b.u8.push_back(a.u8[at]);
        if (a.type == ir::Scalar::U16) b.u16.push_back(a.u16[at]);
      }
    out.attributes.push_back(std::move(b));
  }
  return out;
}

// Each part is matched as match_vertices matches a copy of its vertices: the same donor
// vertex for every incoming one, on a donor with coincident vertices (ties), normals,
// influences, parts that share vertices and a part whose incoming vertices sit elsewhere.
TEST(MatchParts, EachPartMatchesAsACopyOfItsVerticesWould) {
  uint64_t state = 99;
  const auto below = [&state](uint32_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return uint32_t((state >> 33) % n);
  };
  const uint32_t n = 900;
  std::vector<float> p, nrm;
  std::vector<uint8_t> j, w;
  for (uint32_t v = 0; v < n; ++v) {
    // A coarse grid: many vertices share a spot, some all their values.
    for (int c = 0; c < 3; ++c) p.push_back(float(below(6)) / 64);
    const uint32_t face = below(3);
    for (uint32_t c = 0; c < 3; ++c) nrm.push_back(c == face ? 0.9f : 0.1f);
    j.insert(j.end(), {uint8_t(below(3)), uint8_t(3 + below(2)), 0, 0});
    const uint8_t first = uint8_t(128 + below(2) * 100);
    w.insert(w.end(), {first, uint8_t(255 - first), 0, 0});
  }
  ir::Mesh donor;
  donor.vertex_count = n;
  donor.attributes.push_back(ir::f32_attribute("POSITION", 3, p));
  donor.attributes.push_back(ir::f32_attribute("NORMAL", 3, nrm));
  donor.attributes.push_back(ir::u8_attribute("JOINTS_0", 4, false, j));
  donor.attributes.push_back(ir::u8_attribute("WEIGHTS_0", 4, true, w));
  // Incoming: the donor's vertices shuffled, a few moved past the step.
  std::vector<uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  for (uint32_t v = n - 1; v > 0; --v) std::swap(order[v], order[below(v + 1)]);
  ir::Mesh in = cut(donor, order);
  for (uint32_t v = 0; v < n; v += 37) in.attributes[0].f32[size_t(v) * 3] += 0.05f;
  // Parts: by vertex number (ascending), overlapping, and one with nothing to match.
  std::vector<std::vector<uint32_t>> dl(3), il(3);
  for (uint32_t v = 0; v < n; ++v) {
    dl[v % 2].push_back(v);
    if (v % 5 == 0) dl[2].push_back(v);
    il[order[v] % 2].push_back(v);
    if (v % 3 == 0) il[2].push_back(v);
  }
  std::vector<MatchPart> parts;
  for (size_t k = 0; k < 3; ++k) parts.push_back({&dl[k], &il[k]});
  const HalfStep half = step(0.5 / 64, 0.5 / 255);
  const std::vector<std::vector<uint32_t>> found = match_parts(donor, in, half, parts);
  ASSERT_EQ(found.size(), 3u);
  uint64_t matched = 0;
  for (size_t k = 0; k < 3; ++k) {
    const VertexMatch alone = match_vertices(cut(donor, dl[k]), cut(in, il[k]), half);
    ASSERT_EQ(found[k].size(), il[k].size());
    for (size_t i = 0; i < il[k].size(); ++i) {
      const uint32_t expected =
          alone.donor_of[i] == kNewVertex ? kNewVertex : dl[k][alone.donor_of[i]];
      ASSERT_EQ(found[k][i], expected) << "part " << k << ", incoming vertex " << il[k][i];
      matched += expected != kNewVertex;
    }
  }
  // The inputs reach both outcomes.
  EXPECT_GT(matched, uint64_t(n));
  EXPECT_LT(matched, uint64_t(il[0].size() + il[1].size() + il[2].size()));
}

TEST(MatchParts, APartOutOfOrderOrPastTheMeshIsRefused) {
  const ir::Mesh donor = quad();
  const std::vector<uint32_t> fine{0, 1, 2, 3}, unordered{1, 0}, past{2, 4};
  EXPECT_NO_THROW(match_parts(donor, donor, step(0.5 / 256), {{&fine, &fine}}));
  EXPECT_THROW(match_parts(donor, donor, step(0.5 / 256), {{&unordered, &fine}}),
               std::invalid_argument);
  EXPECT_THROW(match_parts(donor, donor, step(0.5 / 256), {{&fine, &past}}), std::invalid_argument);
}

TEST(FloatHalfStep, CountsUlpsOfTheVertexsLargestComponent) {
  // Blender's skinned export hands back a stored (0.18, 0, 0) as (0.18, 3.3e-9, 0): the 0 is
  // rounded at the precision of 0.18 (2 x FLT_EPSILON x 0.18 = 4.3e-8), not of 0.
  const ir::Attribute p = ir::f32_attribute("POSITION", 3, {0.18f, 0, 0, 0, 0, 0});
  EXPECT_GT(float_step(&p, 2)(0, 0), 3.3e-9);
  EXPECT_LT(float_step(&p, 2)(0, 0), 4.3e-8);
  EXPECT_LT(float_step(&p, 2)(1, 0), 1e-37);  // an all-zero vertex: FLT_MIN only
  EXPECT_LT(float_step(nullptr, 2)(0, 0), 1e-37);
}

TEST(FloatHalfStep, OneStepAnswersEachVertexAskedInTurn) {
  // float_step keeps the last vertex's step: asking vertices in any order, the first vertex
  // last of all included, gives each its own.
  const ir::Attribute p = ir::f32_attribute("POSITION", 3, {0.18f, 0, 0, 0, 0, 0, 4, 0, 0});
  const StepAt step = float_step(&p, 2);
  const double at0 = float_step(&p, 2)(0, 0), at2 = float_step(&p, 2)(2, 0);
  ASSERT_GT(at2, at0);
  EXPECT_EQ(step(0, 0), at0);
  EXPECT_EQ(step(0, 2), at0);
  EXPECT_LT(step(1, 0), 1e-37);
  EXPECT_EQ(step(2, 1), at2);
  EXPECT_EQ(step(0, 1), at0);
  EXPECT_EQ(step(2, 2), at2);
}

TEST(FloatHalfStep, APositionAtTheOriginCountsAtTheMeshsPrecision) {
  // A cap centre at (0, 0, 0) comes back from Blender's skinned export as ~1e-9: the bone
  // matrices round it at the precision of the mesh (here 0.18 across).
  const ir::Attribute p = ir::f32_attribute("POSITION", 3, {0.18f, 0, 0, 0, 0, 0});
  EXPECT_DOUBLE_EQ(largest_magnitude(&p), double(0.18f));
  EXPECT_LT(float_step(&p, 2)(1, 0), 1e-37);
  EXPECT_GT(float_step(&p, 2, largest_magnitude(&p))(1, 0), 3.3e-9);
  EXPECT_EQ(largest_magnitude(nullptr), 0.0);
}

TEST(FloatHalfStep, ATexcoordCountsAtLeastOneForTheFlippedV) {
  // 1 - (1 - 0.1f) in float32 is 0.1f + 7.5e-9: the flip rounds at the precision of 1.
  const ir::Attribute uv = ir::f32_attribute("TEXCOORD_0", 2, {0.1f, 0.1f});
  const float v = 0.1f, back = 1.0f - (1.0f - v);
  ASSERT_NE(v, back);
  EXPECT_GT(float_step(&uv, 2)(0, 0), std::fabs(double(back) - double(v)));
  EXPECT_LT(float_step(&uv, 2)(0, 0), 2.5e-7);  // 2 ulp of 1
}

TEST(CanonicalTriangles, RotatesToTheSmallestCornerAndSorts) {
  ir::Mesh m = quad();
  m.indices = {2, 3, 0, 1, 2, 0};
  EXPECT_EQ(canonical_triangles(m, 0, nullptr),
            (std::vector<std::array<uint32_t, 3>>{{0, 1, 2}, {0, 2, 3}}));
}

TEST(CapInfluences, KeepsTheLargestAndSumsTo255) {
  Influences8 out;
  const uint32_t dropped =
      cap_influences({{1, 0.3f}, {2, 0.25f}, {3, 0.2f}, {4, 0.1f}, {5, 0.1f}, {6, 0.05f}}, 4, out);
  EXPECT_EQ(dropped, 2u);
  EXPECT_EQ(out.joints, (std::vector<uint16_t>{1, 2, 3, 4}));  // 4 before 5: the lower joint
  EXPECT_EQ(std::accumulate(out.weights.begin(), out.weights.end(), 0), 255);
  // 0.3/0.85, 0.25/0.85, 0.2/0.85, 0.1/0.85 of 255: 90, 75, 60, 30 exactly.
  EXPECT_EQ(out.weights, (std::vector<uint8_t>{90, 75, 60, 30}));
}

TEST(CapInfluences, RoundsThirdsToExactly255AndMergesRepeatedJoints) {
  Influences8 out;
  EXPECT_EQ(cap_influences({{7, 1}, {8, 1}, {9, 0.5f}, {9, 0.5f}}, 4, out), 0u);
  EXPECT_EQ(out.joints, (std::vector<uint16_t>{7, 8, 9, 0}));
  EXPECT_EQ(out.weights, (std::vector<uint8_t>{85, 85, 85, 0}));
  EXPECT_EQ(cap_influences({{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {7, 1}}, 1, out), 6u);
  EXPECT_EQ(out.joints, (std::vector<uint16_t>{1}));
  EXPECT_EQ(out.weights, (std::vector<uint8_t>{255}));
  EXPECT_EQ(cap_influences({{1, 2}, {2, 1}}, 4, out), 0u);
  EXPECT_EQ(out.weights, (std::vector<uint8_t>{170, 85, 0, 0}));
}

TEST(CapInfluences, NoWeightGivesNoWeights) {
  Influences8 out;
  EXPECT_EQ(cap_influences({{3, 0}}, 4, out), 0u);
  EXPECT_EQ(out.weights, (std::vector<uint8_t>{0, 0, 0, 0}));
  EXPECT_EQ(out.joints, (std::vector<uint16_t>{0, 0, 0, 0}));
}

}  // namespace
}  // namespace f2g
