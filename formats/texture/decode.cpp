// One level -> RGBA8 (decode.h): the size checks, then the blocks in row order, each decoded
// into 4x4 pixels and cropped to the level. BC1-BC3 are libsquish's; BC4, BC5 and BC7 ours.
#include "formats/texture/decode.h"

#include <squish.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "formats/texture/bc7.h"
#include "formats/texture/channel_block.h"

namespace f2g::texture {
namespace {

using BlockDecoder = void (*)(const uint8_t* block, uint8_t* rgba);

// libsquish's BC2 and BC3 colour blocks always take the four-colour mode, as D3D's do.
void decode_bc1_block(const uint8_t* src, uint8_t* rgba) {
  squish::Decompress(rgba, src, squish::kDxt1);
}
void decode_bc2_block(const uint8_t* src, uint8_t* rgba) {
  squish::Decompress(rgba, src, squish::kDxt3);
}
void decode_bc3_block(const uint8_t* src, uint8_t* rgba) {
  squish::Decompress(rgba, src, squish::kDxt5);
}

BlockDecoder block_decoder(BlockFormat f) {
  switch (f) {
    case BlockFormat::BC1:
      return decode_bc1_block;
    case BlockFormat::BC2:
      return decode_bc2_block;
    case BlockFormat::BC3:
      return decode_bc3_block;
    case BlockFormat::BC4:
      return decode_bc4_block;
    case BlockFormat::BC5:
      return decode_bc5_block;
    case BlockFormat::BC7:
      return decode_bc7_block;
    case BlockFormat::B8G8R8A8:
      break;
  }
  return nullptr;
}

void decode_blocks(BlockDecoder decode, uint32_t block_size, uint32_t width, uint32_t height,
                   const uint8_t* data, uint8_t* out) {
  const size_t row_bytes = size_t(width) * 4;
  uint8_t px[64];
  for (uint32_t y = 0; y < height; y += 4) {
    const uint32_t rows = std::min<uint32_t>(4, height - y);
    for (uint32_t x = 0; x < width; x += 4, data += block_size) {
      decode(data, px);
      const size_t cols_bytes = size_t(std::min<uint32_t>(4, width - x)) * 4;
      uint8_t* dst = out + size_t(y) * row_bytes + size_t(x) * 4;
      for (uint32_t r = 0; r < rows; ++r) std::memcpy(dst + r * row_bytes, px + 16 * r, cols_bytes);
    }
  }
}

void swap_bgra(uint32_t width, uint32_t height, const uint8_t* data, uint8_t* out) {
  const size_t n = size_t(width) * height;
  for (size_t i = 0; i < n; ++i, data += 4, out += 4) {
    out[0] = data[2];
    out[1] = data[1];
    out[2] = data[0];
    out[3] = data[3];
  }
}

}  // namespace

ir::Result<std::vector<uint8_t>> decode_level(BlockFormat f, uint32_t width, uint32_t height,
                                              const uint8_t* data, size_t size,
                                              uint64_t max_rgba_bytes) {
  const uint64_t need = level_bytes(f, width, height);
  if (uint64_t(size) < need)
    return ir::Diagnostic{"TEXTURE_LEVEL_SHORT",
                          std::string(format_name(f)) + " level " + std::to_string(width) + "x" +
                              std::to_string(height) + " needs " + std::to_string(need) +
                              " bytes, " + std::to_string(size) + " given",
                          "texture", uint64_t(size)};
  const uint64_t rgba_bytes = uint64_t(width) * height * 4;
  if (rgba_bytes > max_rgba_bytes)
    return ir::Diagnostic{"TEXTURE_TOO_LARGE",
                          std::string(format_name(f)) + " level " + std::to_string(width) + "x" +
                              std::to_string(height) + " decodes to " + std::to_string(rgba_bytes) +
                              " bytes, more than the limit of " + std::to_string(max_rgba_bytes),
                          "texture", 0};
  std::vector<uint8_t> out(static_cast<size_t>(rgba_bytes));
  if (rgba_bytes == 0) return out;
  if (f == BlockFormat::B8G8R8A8)
    swap_bgra(width, height, data, out.data());
  else
    decode_blocks(block_decoder(f), block_bytes(f), width, height, data, out.data());
  return out;
}

}  // namespace f2g::texture
