// Thumbnails of textured meshes: the base colour texture shows at the mesh's UVs, lit like
// the palette tint, and a mesh whose texture cannot be used renders exactly as untextured.
#include <gtest/gtest.h>
#include <stb/stb_image_write.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <vector>

#include "converter/view/thumbnail.h"

namespace f2g::view {
namespace {

using Rgb = std::array<int, 3>;
// The 2x2 texture, rows top first: red green / blue white. Four colours, so a flipped or
// mirrored lookup is seen, not only a checker's parity.
const std::array<Rgb, 4> kTexels = {{{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 255, 255}}};

void append_bytes(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<uint8_t>*>(context);
  out->insert(out->end(), static_cast<uint8_t*>(data), static_cast<uint8_t*>(data) + size);
}

// The 2x2 texture as PNG; texel `transparent` (0..3) gets alpha 0, -1 none.
ir::Image checker(int transparent = -1) {
  std::vector<uint8_t> rgba;
  for (int i = 0; i < 4; ++i) {
    for (int c : kTexels[i]) rgba.push_back(uint8_t(c));
    rgba.push_back(i == transparent ? 0 : 255);
  }
  auto png = std::make_shared<std::vector<uint8_t>>();
  EXPECT_TRUE(stbi_write_png_to_func(append_bytes, png.get(), 2, 2, 4, rgba.data(), 8));
  ir::Image image;
  image.name = "checker";
  image.png = png;
  image.width = image.height = 2;
  return image;
}

// A unit square in the engine's XZ plane (facing +Y, towards the camera), UV (0, 0) at its
// top-left corner as the camera sees it and (uv_span, uv_span) at its bottom-right, shifted
// by uv_offset; one material using image 0. The camera looks from the front (+Y), so the
// engine's +X is on the picture's left.
ir::Mesh textured_quad(double uv_span = 1, double uv_offset = 0) {
  ir::Mesh m;
  m.name = "quad";
  const float x[4] = {0.5f, -0.5f, -0.5f, 0.5f}, z[4] = {0.5f, 0.5f, -0.5f, -0.5f};
  const float u[4] = {0, 1, 1, 0}, v[4] = {0, 0, 1, 1};
  std::vector<float> pos, uv;
  for (int i = 0; i < 4; ++i) {
    pos.insert(pos.end(), {x[i], 0.0f, z[i]});
    uv.insert(uv.end(), {float(u[i] * uv_span + uv_offset), float(v[i] * uv_span + uv_offset)});
  }
  m.attributes.push_back(ir::f32_attribute("POSITION", 3, pos));
  m.attributes.push_back(ir::f32_attribute("TEXCOORD_0", 2, uv));
  m.vertex_count = 4;
  m.indices = {0, 1, 2, 0, 2, 3};
  m.primitives.push_back({0, 0, 6, 0, 4, {}});
  ir::Material material;
  material.name = "0x00000001";
  material.base_colour = 0;
  m.materials.push_back(material);
  m.images.push_back(checker());
  return m;
}

// The same mesh with its textures taken away: what the thumbnail drew before textures.
ir::Mesh stripped(ir::Mesh m) {
  m.images.clear();
  for (ir::Material& material : m.materials) material.base_colour = material.normal = -1;
  return m;
}

struct Picture {
  int size;
  std::vector<uint8_t> rgba;
  const uint8_t* at(int x, int y) const { return &rgba[(size_t(y) * size + x) * 4]; }
};

// The quad's shading factor, read back from its untextured render: palette slot 0 is
// (184, 194, 208) times the shade, and the flat quad has one shade.
double quad_shade(const ir::Mesh& quad, int size) {
  const Picture flat{size, render_rgba(stripped(quad), size)};
  const uint8_t* px = flat.at(size / 2, size / 2);
  EXPECT_EQ(px[3], 255);
  return px[0] / 184.0;
}

// Which texel colour (0..3) an opaque pixel shows, lit by `shade`, within 1 per channel
// (the rounding of shade read back); -1 for a pixel that mixes texels or is not opaque.
int texel_of(const uint8_t* px, double shade) {
  if (px[3] != 255) return -1;
  for (int t = 0; t < 4; ++t) {
    bool same = true;
    for (int k = 0; k < 3; ++k)
      same = same && std::abs(px[k] - int(std::lround(kTexels[t][k] * shade))) <= 1;
    if (same) return t;
  }
  return -1;
}

// 4-connected regions of pixels showing texel t.
int regions_of(const Picture& p, double shade, int t) {
  std::vector<uint8_t> seen(size_t(p.size) * p.size, 0);
  int regions = 0;
  for (int y0 = 0; y0 < p.size; ++y0) {
    for (int x0 = 0; x0 < p.size; ++x0) {
      if (seen[size_t(y0) * p.size + x0] || texel_of(p.at(x0, y0), shade) != t) continue;
      ++regions;
      std::vector<std::array<int, 2>> stack = {{x0, y0}};
      seen[size_t(y0) * p.size + x0] = 1;
      while (!stack.empty()) {
        const auto [x, y] = stack.back();
        stack.pop_back();
        const int next[4][2] = {{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}};
        for (const auto& n : next) {
          if (n[0] < 0 || n[1] < 0 || n[0] >= p.size || n[1] >= p.size) continue;
          uint8_t& s = seen[size_t(n[1]) * p.size + n[0]];
          if (s || texel_of(p.at(n[0], n[1]), shade) != t) continue;
          s = 1;
          stack.push_back({n[0], n[1]});
        }
      }
    }
  }
  return regions;
}

TEST(ThumbnailTexture, QuadShowsEachTexelLitInItsCorner) {
  const ir::Mesh quad = textured_quad();
  const double shade = quad_shade(quad, 160);
  ASSERT_GT(shade, 0.28);
  ASSERT_LE(shade, 1.0);
  const Picture p{160, render_rgba(quad, 160)};
  // Every texel's colour, times the shade, in its own quarter of the quad: red top-left,
  // green top-right, blue bottom-left, white bottom-right (centroids of each colour).
  std::array<double, 4> cx{}, cy{}, n{};
  size_t opaque = 0, mixed = 0;
  for (int y = 0; y < p.size; ++y) {
    for (int x = 0; x < p.size; ++x) {
      if (p.at(x, y)[3] != 255) continue;
      ++opaque;
      const int t = texel_of(p.at(x, y), shade);
      if (t < 0) {
        ++mixed;
        continue;
      }
      cx[t] += x, cy[t] += y, ++n[t];
    }
  }
  ASSERT_GT(opaque, 5000u);
  EXPECT_LT(mixed * 20, opaque) << "only pixels on the texel borders mix colours";
  for (int t = 0; t < 4; ++t) {
    ASSERT_GT(n[t], opaque / 6) << "texel " << t;
    cx[t] /= n[t], cy[t] /= n[t];
  }
  EXPECT_LT(cx[0], cx[1]);  // red left of green
  EXPECT_LT(cx[2], cx[3]);  // blue left of white
  EXPECT_LT(cy[0], cy[2]);  // red above blue
  EXPECT_LT(cy[1], cy[3]);  // green above white
  // The untextured render of the same quad is one flat tint: no texel colour in it.
  const Picture flat{160, render_rgba(stripped(quad), 160)};
  for (size_t i = 0; i < flat.rgba.size(); i += 4)
    ASSERT_EQ(texel_of(&flat.rgba[i], shade), -1) << "pixel " << i / 4;
}

TEST(ThumbnailTexture, UvsOutsideZeroToOneRepeatTheTexture) {
  // UVs from -1 to 1: the 2x2 texture tiles twice each way, so each colour shows in four
  // separate quarters of a quarter.
  const ir::Mesh quad = textured_quad(2, -1);
  const double shade = quad_shade(quad, 160);
  const Picture p{160, render_rgba(quad, 160)};
  for (int t = 0; t < 4; ++t) EXPECT_EQ(regions_of(p, shade, t), 4) << "texel " << t;
  const Picture once{160, render_rgba(textured_quad(), 160)};
  for (int t = 0; t < 4; ++t) EXPECT_EQ(regions_of(once, shade, t), 1) << "texel " << t;
}

TEST(ThumbnailTexture, MaskMaterialsDropTexelsUnderTheCutoff) {
  ir::Mesh quad = textured_quad();
  quad.images[0] = checker(1);  // green transparent
  const double shade = quad_shade(quad, 160);
  const Picture opaque{160, render_rgba(quad, 160)};
  EXPECT_EQ(regions_of(opaque, shade, 1), 1) << "OPAQUE draws the texel whatever its alpha";

  quad.materials[0].alpha_mode = "MASK";
  const Picture masked{160, render_rgba(quad, 160)};
  EXPECT_EQ(regions_of(masked, shade, 1), 0);
  for (int t : {0, 2, 3}) EXPECT_EQ(regions_of(masked, shade, t), 1) << "texel " << t;
  size_t before = 0, after = 0;
  for (size_t i = 3; i < opaque.rgba.size(); i += 4) before += opaque.rgba[i] > 0;
  for (size_t i = 3; i < masked.rgba.size(); i += 4) after += masked.rgba[i] > 0;
  EXPECT_NEAR(double(after) / before, 0.75, 0.03);  // one quarter of the quad gone
}

// Whatever keeps the texture from being used, the picture is the untextured one, byte for
// byte (the HTML report's thumbnails of untextured meshes never change).
TEST(ThumbnailTexture, WithoutAUsableTextureThePictureIsTheUntexturedOne) {
  const ir::Mesh quad = textured_quad();
  const std::vector<uint8_t> plain = render_png(stripped(quad));
  ASSERT_FALSE(plain.empty());
  EXPECT_NE(render_png(quad), plain);

  ir::Mesh no_uv = quad;
  no_uv.attributes.pop_back();  // TEXCOORD_0
  EXPECT_EQ(render_png(no_uv), plain);

  ir::Mesh no_images = quad;
  no_images.images.clear();  // base_colour 0 names no image
  EXPECT_EQ(render_png(no_images), plain);

  ir::Mesh bad_png = quad;
  bad_png.images[0].png = std::make_shared<std::vector<uint8_t>>(64, uint8_t(0x5a));
  EXPECT_EQ(render_png(bad_png), plain);

  ir::Mesh no_png = quad;
  no_png.images[0].png = nullptr;
  EXPECT_EQ(render_png(no_png), plain);

  ir::Mesh normal_only = quad;  // a normal map is not a colour
  normal_only.materials[0].normal = 0;
  normal_only.materials[0].base_colour = -1;
  EXPECT_EQ(render_png(normal_only), plain);

  ir::Mesh other_slot = quad;  // the primitive draws slot 1, which has no texture
  other_slot.primitives[0].material = 1;
  other_slot.materials.push_back(ir::Material{"0x00000002", {}});
  EXPECT_EQ(render_png(other_slot), render_png(stripped(other_slot)));
}

TEST(ThumbnailTexture, BrokenUvsStillGiveAPicture) {
  ir::Mesh quad = textured_quad();
  std::vector<float>& uv = quad.attributes[1].f32;
  uv[0] = std::nanf("");
  uv[3] = 1e30f;
  uv[5] = -INFINITY;
  quad.attributes[1].f32.resize(6);  // vertex 3 has no UV
  const Picture p{160, render_rgba(quad, 160)};
  size_t opaque = 0;
  for (size_t i = 3; i < p.rgba.size(); i += 4) opaque += p.rgba[i] == 255;
  EXPECT_GT(opaque, 5000u);
}

}  // namespace
}  // namespace f2g::view
