// libFuzzer target: the texture block decoders (formats/texture/decode.h) over arbitrary
// bytes. Byte 0 picks the format, bytes 1 and 2 the width and height (1 to 64), the rest is
// the level. A level decodes exactly when it holds level_bytes, to 4*width*height bytes, and
// reads nothing past its end (ASan).
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "formats/texture/decode.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace f2g::texture;
  if (size < 3) return 0;
  constexpr BlockFormat kFormats[] = {BlockFormat::B8G8R8A8, BlockFormat::BC1, BlockFormat::BC2,
                                      BlockFormat::BC3,      BlockFormat::BC4, BlockFormat::BC5,
                                      BlockFormat::BC7};
  const BlockFormat f = kFormats[data[0] % 7];
  const uint32_t width = 1u + data[1] % 64u;
  const uint32_t height = 1u + data[2] % 64u;
  // A copy of its own, so ASan sees a read past the level's last byte.
  const std::vector<uint8_t> level(data + 3, data + size);
  auto rgba = decode_level(f, width, height, level.data(), level.size());
  if (bool(rgba) != (level.size() >= level_bytes(f, width, height))) std::abort();
  if (rgba && rgba->size() != size_t(width) * height * 4) std::abort();
  return 0;
}
