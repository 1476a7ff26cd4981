// Base colour textures for thumbnails: stb_image decoding (Debian's libstb) and REPEAT
// nearest sampling.
#include "converter/view/base_colour.h"

#include <stb/stb_image.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace f2g::view {
namespace {

// The texel column (or row) of coordinate t in an image n texels wide, wrapped (REPEAT).
int wrap(double t, int n) {
  if (!std::isfinite(t)) return 0;
  const double f = t - std::floor(t);  // [0, 1], 1 only by rounding
  return std::min(int(f * n), n - 1);
}

}  // namespace

std::optional<Texture> Texture::decode(const ir::Image& image) {
  if (!image.png || image.png->empty() ||
      image.png->size() > size_t(std::numeric_limits<int>::max()))
    return std::nullopt;
  int w = 0, h = 0, comp = 0;
  uint8_t* data =
      stbi_load_from_memory(image.png->data(), int(image.png->size()), &w, &h, &comp, 4);
  if (!data) return std::nullopt;
  Texture t;
  if (w > 0 && h > 0) {
    t.width_ = w, t.height_ = h;
    t.rgba_.assign(data, data + size_t(w) * h * 4);
  }
  stbi_image_free(data);
  if (t.rgba_.empty()) return std::nullopt;
  return t;
}

std::array<uint8_t, 4> Texture::sample(double u, double v) const {
  const uint8_t* p = &rgba_[(size_t(wrap(v, height_)) * width_ + wrap(u, width_)) * 4];
  return {p[0], p[1], p[2], p[3]};
}

BaseColours::BaseColours(const ir::Mesh& mesh)
    : mesh_(mesh), tried_(mesh.images.size(), 0), decoded_(mesh.images.size()) {
  const ir::Attribute* uv = mesh.find("TEXCOORD_0");
  has_uv_ = uv && uv->width >= 2;
}

const Texture* BaseColours::for_material(uint32_t material) {
  if (!has_uv_ || material >= mesh_.materials.size()) return nullptr;
  const int32_t image = mesh_.materials[material].base_colour;
  if (image < 0 || size_t(image) >= mesh_.images.size()) return nullptr;
  if (!tried_[image]) {
    tried_[image] = 1;
    decoded_[image] = Texture::decode(mesh_.images[image]);
  }
  return decoded_[image] ? &*decoded_[image] : nullptr;
}

double BaseColours::alpha_cutoff(uint32_t material) const {
  if (material >= mesh_.materials.size()) return -1;
  const ir::Material& m = mesh_.materials[material];
  if (m.alpha_mode != "MASK") return -1;
  // glTF's default cutoff for a value that is not a number.
  const double cutoff = std::isfinite(m.alpha_cutoff) ? m.alpha_cutoff : 0.5;
  return std::clamp(cutoff, 0.0, 1.0) * 255.0;
}

}  // namespace f2g::view
