// BC4 and BC5 blocks written here: libsquish 1.15 compresses them, but its Decompress reads
// a kBc4 or kBc5 block as a BC1 colour block.
#include "formats/texture/channel_block.h"

#include <array>
#include <cmath>

namespace f2g::texture {

void decode_channel_block(const uint8_t* src, uint8_t* dst, size_t stride) {
  const uint32_t a0 = src[0];
  const uint32_t a1 = src[1];
  uint8_t v[8] = {uint8_t(a0), uint8_t(a1)};
  // Eight interpolated values when a0 > a1, else six plus 0 and 255 (BC4 UNORM).
  if (a0 > a1) {
    for (uint32_t i = 1; i < 7; ++i) v[i + 1] = uint8_t(((7 - i) * a0 + i * a1) / 7);
  } else {
    for (uint32_t i = 1; i < 5; ++i) v[i + 1] = uint8_t(((5 - i) * a0 + i * a1) / 5);
    v[6] = 0;
    v[7] = 255;
  }
  uint64_t bits = 0;  // 48 bits of indices, pixel 0 in the lowest three
  for (int i = 7; i >= 2; --i) bits = (bits << 8) | src[i];
  for (size_t i = 0; i < 16; ++i, bits >>= 3) dst[i * stride] = v[bits & 7];
}

void decode_bc4_block(const uint8_t* src, uint8_t* rgba) {
  decode_channel_block(src, rgba, 4);
  for (size_t i = 0; i < 64; i += 4) {
    rgba[i + 1] = rgba[i + 2] = rgba[i];
    rgba[i + 3] = 255;
  }
}

namespace {

// The z rule of decode.h for every (R, G), worked out once: a square root per pixel would
// cost more than the rest of the block.
using ZTable = std::array<uint8_t, 256 * 256>;
ZTable make_z_table() {
  ZTable t{};
  for (int r = 0; r < 256; ++r)
    for (int g = 0; g < 256; ++g) {
      const double x = r / 255.0 * 2 - 1;
      const double y = g / 255.0 * 2 - 1;
      const double z = std::sqrt(std::fmax(0.0, 1 - x * x - y * y));
      t[size_t(r) * 256 + size_t(g)] = uint8_t(std::lround((z + 1) / 2 * 255));
    }
  return t;
}

}  // namespace

void decode_bc5_block(const uint8_t* src, uint8_t* rgba) {
  static const ZTable z = make_z_table();
  decode_channel_block(src, rgba, 4);
  decode_channel_block(src + 8, rgba + 1, 4);
  for (size_t i = 0; i < 64; i += 4) {
    rgba[i + 2] = z[size_t(rgba[i]) * 256 + rgba[i + 1]];
    rgba[i + 3] = 255;
  }
}

}  // namespace f2g::texture
