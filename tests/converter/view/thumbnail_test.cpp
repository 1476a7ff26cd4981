// Thumbnail rasteriser: size, coverage, determinism and robustness to broken geometry.
#include "converter/view/thumbnail.h"

#include <gtest/gtest.h>
#include <stb/stb_image.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <limits>
#include <random>
#include <set>

namespace f2g::view {
namespace {

// A unit cube centred on the origin: 8 vertices, 12 triangles, two primitives.
ir::Mesh cube() {
  ir::Mesh m;
  m.name = "cube";
  ir::Attribute pos;
  pos.semantic = "POSITION";
  for (int i = 0; i < 8; ++i) {
    pos.f32.push_back(i & 1 ? 0.5f : -0.5f);
    pos.f32.push_back(i & 2 ? 0.5f : -0.5f);
    pos.f32.push_back(i & 4 ? 0.5f : -0.5f);
  }
  m.attributes.push_back(pos);
  m.vertex_count = 8;
  m.indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
               2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
  m.primitives.push_back({0, 0, 18, 0, 8, {}});
  m.primitives.push_back({1, 18, 18, 0, 8, {}});
  m.materials = {{"0x00000001", {}}, {"0x00000002", {}}};
  return m;
}

struct Image {
  int w = 0, h = 0;
  std::vector<uint8_t> rgba;
  uint8_t alpha(int x, int y) const { return rgba[(size_t(y) * w + x) * 4 + 3]; }
};

Image decode_png(const std::vector<uint8_t>& png) {
  Image img;
  int comp = 0;
  uint8_t* data = stbi_load_from_memory(png.data(), int(png.size()), &img.w, &img.h, &comp, 4);
  if (data) {
    img.rgba.assign(data, data + size_t(img.w) * img.h * 4);
    stbi_image_free(data);
  }
  return img;
}

size_t opaque_pixels(const Image& img) {
  size_t n = 0;
  for (int y = 0; y < img.h; ++y)
    for (int x = 0; x < img.w; ++x) n += img.alpha(x, y) > 0;
  return n;
}

TEST(Thumbnail, PngHasTheRequestedSizeAndPngSignature) {
  const std::vector<uint8_t> png = render_png(cube(), 160);
  ASSERT_GT(png.size(), 8u);
  EXPECT_EQ(png[0], 0x89);
  EXPECT_EQ(png[1], 'P');
  const Image img = decode_png(png);
  EXPECT_EQ(img.w, 160);
  EXPECT_EQ(img.h, 160);
  const Image small = decode_png(render_png(cube(), 64));
  EXPECT_EQ(small.w, 64);
  EXPECT_EQ(small.h, 64);
}

TEST(Thumbnail, CubeCoversTheMiddleAndLeavesCornersTransparent) {
  const Image img = decode_png(render_png(cube(), 160));
  ASSERT_EQ(img.w, 160);
  for (int y = 70; y < 90; ++y)
    for (int x = 70; x < 90; ++x) ASSERT_EQ(img.alpha(x, y), 255) << x << "," << y;
  EXPECT_EQ(img.alpha(0, 0), 0);
  EXPECT_EQ(img.alpha(159, 159), 0);
  // Fitted to the bounds: the silhouette's larger side spans 88% of the image, centred.
  int left = 160, right = -1, top = 160, bottom = -1;
  for (int y = 0; y < 160; ++y) {
    for (int x = 0; x < 160; ++x) {
      if (!img.alpha(x, y)) continue;
      left = std::min(left, x), right = std::max(right, x);
      top = std::min(top, y), bottom = std::max(bottom, y);
    }
  }
  EXPECT_NEAR(std::max(right - left, bottom - top) + 1, 141, 2);
  EXPECT_NEAR(left + right, 159, 2);
  EXPECT_NEAR(top + bottom, 159, 2);
}

TEST(Thumbnail, ShadingTellsVisibleFacesApart) {
  // Three faces of the cube face the camera; Lambert shading gives them different tones.
  const std::vector<uint8_t> rgba = render_rgba(cube(), 160);
  std::set<int> greys;
  for (size_t i = 0; i < rgba.size(); i += 4)
    if (rgba[i + 3] == 255) greys.insert(rgba[i] + rgba[i + 1] + rgba[i + 2]);
  EXPECT_GE(greys.size(), 3u);
}

// The camera frames the mesh's bounds: moved by a power of two, every position keeps its
// place in the frame bit for bit, and the picture its every byte.
TEST(Thumbnail, AMeshMovedByAPowerOfTwoGivesTheSamePicture) {
  ir::Mesh moved = cube();
  for (ir::Attribute& a : moved.attributes)
    if (a.semantic == "POSITION")
      for (size_t i = 0; i < a.f32.size(); ++i) a.f32[i] += i % 3 == 2 ? 64.0f : -16.0f;
  const std::vector<uint8_t> png = render_png(cube());
  EXPECT_EQ(render_png(moved), png);
  EXPECT_GT(opaque_pixels(decode_png(png)), 5000u);
}

TEST(Thumbnail, NanAndInfinitePositionsAreSkippedNotDrawn) {
  ir::Mesh m = cube();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  m.attributes[0].f32[0] = nan;   // vertex 0
  m.attributes[0].f32[22] = inf;  // vertex 7
  const Image img = decode_png(render_png(m));
  ASSERT_EQ(img.w, 160);
  EXPECT_GT(opaque_pixels(img), 1000u);  // the triangles not touching 0 or 7 still draw

  for (float& f : m.attributes[0].f32) f = nan;
  const Image none = decode_png(render_png(m));
  ASSERT_EQ(none.w, 160);
  EXPECT_EQ(opaque_pixels(none), 0u);
}

TEST(Thumbnail, HugeFiniteCoordinatesDoNotOverflow) {
  ir::Mesh m = cube();
  for (float& f : m.attributes[0].f32) f *= 3.0e38f;
  const Image img = decode_png(render_png(m));
  ASSERT_EQ(img.w, 160);
  EXPECT_GT(opaque_pixels(img), 1000u);
}

TEST(Thumbnail, EmptyIndicesMissingPositionsAndBadIndicesGiveATransparentImage) {
  ir::Mesh m = cube();
  m.indices.clear();
  EXPECT_EQ(opaque_pixels(decode_png(render_png(m))), 0u);

  ir::Mesh no_positions = cube();
  no_positions.attributes.clear();
  EXPECT_EQ(opaque_pixels(decode_png(render_png(no_positions))), 0u);

  ir::Mesh bad = cube();
  for (uint32_t& i : bad.indices) i += 1000;                 // every index out of POSITION
  bad.primitives.push_back({9, 4000000000u, 99, 0, 0, {}});  // a range past the indices
  const Image img = decode_png(render_png(bad));
  ASSERT_EQ(img.w, 160);
  EXPECT_EQ(opaque_pixels(img), 0u);

  EXPECT_EQ(decode_png(render_png(ir::Mesh{})).w, 160);
}

TEST(Thumbnail, DegenerateTrianglesAreSkipped) {
  ir::Mesh m = cube();
  m.indices = {0, 0, 1, 2, 2, 2, 0, 1, 1};
  m.primitives = {{0, 0, 9, 0, 8, {}}};
  EXPECT_EQ(opaque_pixels(decode_png(render_png(m))), 0u);
}

TEST(Thumbnail, MeshWithoutPrimitivesDrawsItsWholeIndexList) {
  ir::Mesh m = cube();
  m.primitives.clear();
  EXPECT_GT(opaque_pixels(decode_png(render_png(m))), 5000u);
}

TEST(Thumbnail, RandomBrokenGeometryAlwaysGivesAnImage) {
  // Positions from a pool of awkward values, indices past the end, ranges past the index list.
  const float pool[] = {0.0f,
                        1.0f,
                        -1.0f,
                        1e-30f,
                        -1e-30f,
                        3.0e38f,
                        -3.0e38f,
                        1e-45f,
                        12345.678f,
                        std::numeric_limits<float>::quiet_NaN(),
                        std::numeric_limits<float>::infinity(),
                        -std::numeric_limits<float>::infinity()};
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    ir::Mesh m;
    ir::Attribute pos;
    pos.semantic = "POSITION";
    const uint32_t vertices = rng() % 12;
    for (uint32_t i = 0; i < vertices * 3; ++i)
      pos.f32.push_back(rng() % 3 ? float(int(rng() % 200) - 100) * 0.37f
                                  : pool[rng() % std::size(pool)]);
    m.attributes.push_back(pos);
    for (uint32_t i = 0, n = rng() % 40; i < n; ++i) m.indices.push_back(rng() % (vertices + 3));
    for (uint32_t i = 0, n = rng() % 4; i < n; ++i)
      m.primitives.push_back(
          {uint32_t(rng() % 20), uint32_t(rng() % 50), uint32_t(rng() % 60), 0, 0, {}});
    const Image img = decode_png(render_png(m, 48));
    ASSERT_EQ(img.w, 48) << "round " << round;
    ASSERT_EQ(img.h, 48) << "round " << round;
  }
}

TEST(Thumbnail, WriteThumbnailWritesThePngAtomically) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("f2g_thumb_" + std::to_string(::getpid()));
  const std::string path = (dir / "a" / "cube.png").string();
  EXPECT_FALSE(write_thumbnail(cube(), path).has_value());
  EXPECT_EQ(std::filesystem::file_size(path), render_png(cube()).size());
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir / "a")) files += e.is_regular_file();
  EXPECT_EQ(files, 1u);  // no temp file left behind

  const auto err = write_thumbnail(cube(), (dir / "a" / "cube.png" / "x.png").string());
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->code, "OUTPUT_WRITE_FAILED");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace f2g::view
