// Thumbnails of textured meshes: each primitive's base colour texture, decoded once per
// render, sampled at the interpolated TEXCOORD_0 so the picture looks like the game's mesh.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "ir/mesh.h"

namespace f2g::view {

// One decoded RGBA8 image, sampled nearest with glTF's default REPEAT wrapping. Nearest,
// not bilinear: a thumbnail shrinks a texture many times over, where bilinear adds nothing
// without mipmaps.
class Texture {
 public:
  // nullopt when the image has no PNG or stb_image cannot decode it (then the primitive
  // keeps its palette tint).
  static std::optional<Texture> decode(const ir::Image& image);

  // The texel at (u, v), glTF's convention: (0, 0) is the top-left corner of the image.
  // Non-finite coordinates read texel (0, 0).
  std::array<uint8_t, 4> sample(double u, double v) const;

  int width() const { return width_; }
  int height() const { return height_; }

 private:
  int width_ = 0, height_ = 0;
  std::vector<uint8_t> rgba_;
};

// The textures a render needs: material -> its decoded base colour, each image decoded at
// most once, and only when a drawn primitive uses it.
class BaseColours {
 public:
  explicit BaseColours(const ir::Mesh& mesh);

  // The base colour texture of material slot `material`, or nullptr: no such material, no
  // base_colour, no TEXCOORD_0 in the mesh, or an image that does not decode.
  const Texture* for_material(uint32_t material);

  // MASK materials drop texels whose alpha is under the cutoff, as glTF viewers do: the
  // cutoff in texel units (0..255), or -1 when the material draws every texel.
  double alpha_cutoff(uint32_t material) const;

 private:
  const ir::Mesh& mesh_;
  bool has_uv_ = false;
  std::vector<uint8_t> tried_;  // per image: decode attempted
  std::vector<std::optional<Texture>> decoded_;
};

}  // namespace f2g::view
