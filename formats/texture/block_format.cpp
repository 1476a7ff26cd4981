// Names and sizes of the texture formats (block_format.h).
#include "formats/texture/block_format.h"

#include <algorithm>

namespace f2g::texture {

const char* format_name(BlockFormat f) {
  switch (f) {
    case BlockFormat::B8G8R8A8:
      return "B8G8R8A8";
    case BlockFormat::BC1:
      return "BC1";
    case BlockFormat::BC2:
      return "BC2";
    case BlockFormat::BC3:
      return "BC3";
    case BlockFormat::BC4:
      return "BC4";
    case BlockFormat::BC5:
      return "BC5";
    case BlockFormat::BC7:
      return "BC7";
  }
  return "unknown";
}

bool is_block_compressed(BlockFormat f) { return f != BlockFormat::B8G8R8A8; }

uint32_t block_bytes(BlockFormat f) {
  switch (f) {
    case BlockFormat::B8G8R8A8:
      return 4;
    case BlockFormat::BC1:
    case BlockFormat::BC4:
      return 8;
    default:
      return 16;
  }
}

uint64_t level_bytes(BlockFormat f, uint32_t width, uint32_t height) {
  if (!is_block_compressed(f)) return uint64_t(width) * height * 4;
  const uint64_t bw = std::max<uint64_t>(1, (uint64_t(width) + 3) / 4);
  const uint64_t bh = std::max<uint64_t>(1, (uint64_t(height) + 3) / 4);
  return bw * bh * block_bytes(f);
}

}  // namespace f2g::texture
