// convert --optimize (converter/convert/index_order.h): only whole triangles move, each within its
// own primitive and with its own corner order; the vertex cache does better; what cannot be
// reordered safely keeps its stored order; verify compares against the same reordering.
#include <gtest/gtest.h>
#include <meshoptimizer.h>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "converter/convert/index_order.h"
#include "converter/verify/verify.h"
#include "gltf_writer/read/read.h"
#include "gltf_writer/write/write.h"
#include "tests/support/gltf_synthetic.h"

namespace f2g::convert {
namespace {

using Triangle = std::array<uint32_t, 3>;

std::vector<Triangle> triangles(const std::vector<uint32_t>& indices, size_t first, size_t count) {
  std::vector<Triangle> out;
  for (size_t i = first; i + 3 <= first + count; i += 3)
    out.push_back({indices[i], indices[i + 1], indices[i + 2]});
  return out;
}

// A side x side grid of quads, its triangles in a shuffled order: a poor order for the cache.
ir::Mesh shuffled_grid(uint32_t side) {
  ir::Mesh m;
  m.vertex_count = (side + 1) * (side + 1);
  std::vector<Triangle> tris;
  for (uint32_t y = 0; y < side; ++y)
    for (uint32_t x = 0; x < side; ++x) {
      const uint32_t a = y * (side + 1) + x, b = a + 1, c = a + side + 1, d = c + 1;
      tris.push_back({a, b, d});
      tris.push_back({a, d, c});
    }
  std::mt19937 rng(7);
  std::shuffle(tris.begin(), tris.end(), rng);
  for (const Triangle& t : tris) m.indices.insert(m.indices.end(), t.begin(), t.end());
  ir::Primitive p;
  p.index_count = uint32_t(m.indices.size());
  p.vertex_count = m.vertex_count;
  m.primitives.push_back(p);
  return m;
}

double acmr(const ir::Mesh& m) {
  return meshopt_analyzeVertexCache(m.indices.data(), m.indices.size(), m.vertex_count, 16, 0, 0)
      .acmr;
}

TEST(IndexOrder, OnlyTheTriangleOrderChangesAndTheCacheDoesBetter) {
  const ir::Mesh before = shuffled_grid(40);
  ir::Mesh after = before;
  EXPECT_EQ(optimize_vertex_cache(after), 1u);
  std::vector<Triangle> a = triangles(before.indices, 0, before.indices.size());
  std::vector<Triangle> b = triangles(after.indices, 0, after.indices.size());
  EXPECT_NE(a, b);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_EQ(a, b) << "the same triangles, each with its own corner order (winding)";
  // Vertex shader runs per triangle (16-entry FIFO): 2.97 shuffled, 0.64 in cache order (0.5
  // is the limit for a large regular grid).
  EXPECT_GT(acmr(before), 2.9);
  EXPECT_LT(acmr(after), 0.7);
  EXPECT_TRUE(has_vertex_cache_order(after));
  EXPECT_FALSE(has_vertex_cache_order(before));
}

TEST(IndexOrder, EachPrimitiveIsReorderedWithinItsOwnRangeAndTrailingIndicesStay) {
  ir::Mesh m = shuffled_grid(10);
  ir::Mesh two = shuffled_grid(10);  // a second primitive over its own vertices
  for (uint32_t& i : two.indices) i += m.vertex_count;
  ir::Primitive p = m.primitives[0];
  p.first_index = uint32_t(m.indices.size());
  p.first_vertex = m.vertex_count;
  m.indices.insert(m.indices.end(), two.indices.begin(), two.indices.end());
  m.indices.push_back(m.vertex_count + 5);  // a trailing index past the last whole triangle
  p.index_count = uint32_t(two.indices.size()) + 1;
  m.primitives.push_back(p);
  m.vertex_count *= 2;
  const ir::Mesh before = m;
  EXPECT_EQ(optimize_vertex_cache(m), 2u);
  for (const ir::Primitive& q : m.primitives) {
    std::vector<Triangle> a = triangles(before.indices, q.first_index, q.index_count);
    std::vector<Triangle> b = triangles(m.indices, q.first_index, q.index_count);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b) << "primitive at index " << q.first_index;
  }
  EXPECT_EQ(m.indices.back(), before.indices.back());
  EXPECT_NE(m.indices, before.indices);
}

ir::Primitive range(uint32_t first_index, uint32_t index_count) {
  ir::Primitive p;
  p.first_index = first_index;
  p.index_count = index_count;
  return p;
}

// A = [0, 30), B = [3, 9) inside it, C = [13, 19) inside A but not next to B in index order,
// D = [40, 42) (too few for a triangle) inside E = [39, 48), F = [48, 60) alone, G empty.
TEST(IndexOrder, OnlyPrimitivesSharingNoIndexWithAnyOtherAreIsolated) {
  ir::Mesh m;
  m.indices.resize(60);
  m.primitives = {range(0, 30), range(3, 6),   range(13, 6), range(40, 2),
                  range(39, 9), range(48, 12), range(50, 0)};
  EXPECT_EQ(isolated_primitives(m), (std::vector<size_t>{5}));
  m.indices.resize(59);  // F now runs past the index buffer
  EXPECT_TRUE(isolated_primitives(m).empty());
}

TEST(IndexOrder, OverlappingPrimitivesAndIndicesPastTheVerticesKeepTheirOrder) {
  ir::Mesh m = shuffled_grid(6);
  m.primitives.push_back(m.primitives[0]);  // the same range drawn twice
  const ir::Mesh before = m;
  EXPECT_EQ(optimize_vertex_cache(m), 0u);
  EXPECT_EQ(m.indices, before.indices);

  ir::Mesh nested = shuffled_grid(6);  // A, B inside A, C inside A after B (the A/B/C case)
  nested.primitives.push_back(range(3, 6));
  nested.primitives.push_back(range(13, 6));
  const ir::Mesh nested_before = nested;
  EXPECT_EQ(optimize_vertex_cache(nested), 0u);
  EXPECT_EQ(nested.indices, nested_before.indices);

  ir::Mesh wild = shuffled_grid(6);
  wild.indices[4] = 0xFFFFFFF0u;  // the writer refuses it later; nothing sized by it here
  const ir::Mesh wild_before = wild;
  EXPECT_EQ(optimize_vertex_cache(wild), 0u);
  EXPECT_EQ(wild.indices, wild_before.indices);
}

// Dense renumbering: a primitive whose few triangles span a huge vertex range costs no more
// than its triangles (meshoptimizer sizes its tables by the vertex count it is given).
TEST(IndexOrder, FewTrianglesOverAWideVertexRangeAreReorderedToo) {
  ir::Mesh m;
  m.vertex_count = 4'000'000;
  m.indices = {0, 3'999'999, 2'000'000, 1, 3'999'998, 2'000'001, 0, 1, 2'000'000};
  m.primitives = {range(0, 9)};
  const ir::Mesh before = m;
  EXPECT_EQ(optimize_vertex_cache(m), 1u);
  std::vector<Triangle> a = triangles(before.indices, 0, 9), b = triangles(m.indices, 0, 9);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_EQ(a, b);
}

// verify: an optimised output matches its unoptimised input (compared as triangle sets, not
// through meshoptimizer); a triangle moved across primitives, a changed winding or a changed
// index does not.
TEST(IndexOrder, VerifyComparesEachReorderedPrimitiveAsATriangleSet) {
  const ir::Mesh input = gltf::test::static_multi();
  ir::Mesh optimized = input;
  ASSERT_GT(optimize_vertex_cache(optimized), 0u);
  auto written = gltf::write(optimized, {});
  ASSERT_TRUE(written) << written.error().to_string();
  auto back = gltf::read_glb(written->glb.data(), written->glb.size());
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_NE(back->indices, input.indices);
  const verify::VerifyReport ok = verify::compare(input, *back);
  EXPECT_TRUE(ok.ok()) << (ok.mismatches.empty() ? "" : ok.mismatches[0].attribute);

  const auto fails = [&](ir::Mesh changed, const char* what) {
    const verify::VerifyReport r = verify::compare(input, changed);
    EXPECT_FALSE(r.ok()) << what;
    ASSERT_NE(r.row("indices"), nullptr);
    EXPECT_GT(r.row("indices")->mismatched, 0u) << what;
  };
  ir::Mesh winding = *back;
  std::swap(winding.indices[0], winding.indices[1]);
  fails(winding, "a triangle's corners swapped");
  ir::Mesh other = *back;
  other.indices[4] = other.indices[4] == 0 ? 1 : 0;
  fails(other, "an index changed");
  ir::Mesh across = *back;  // the first triangles of primitives 0 and 1 exchanged
  const uint32_t p1 = across.primitives[1].first_index;
  std::swap_ranges(across.indices.begin(), across.indices.begin() + 3, across.indices.begin() + p1);
  fails(across, "a triangle moved to another primitive");
}

}  // namespace
}  // namespace f2g::convert
