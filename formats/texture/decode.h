// One texture level in a GPU block format -> RGBA8 pixels, rows top first.
// Rounding: BC1-BC5 truncate their interpolations as Pillow 9.4 and libsquish do
// ((2*c0+c1)/3, (6*a0+a1)/7 in integer division); BC7 rounds as its spec says
// (((64-w)*e0 + w*e1 + 32) >> 6).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/texture/block_format.h"
#include "ir/result.h"

namespace f2g::texture {

// Decodes one level of `width` x `height` pixels into 4*width*height RGBA8 bytes. Blocks that
// reach past the right or bottom edge are cropped.
//   BC4: grey, R = G = B = the channel, A = 255.
//   BC5: a normal map: R, G from the two channels, B the reconstructed z
//        (x = R/255*2-1, y = G/255*2-1, z = sqrt(max(0, 1-x*x-y*y)), B = round((z+1)/2*255)),
//        A = 255.
//   BC7: the reserved mode (first byte 0) decodes to opaque black, as Pillow 9.4 does.
// Errors (path "texture"): TEXTURE_LEVEL_SHORT when `size` < level_bytes (offset = size);
// TEXTURE_TOO_LARGE, before anything is allocated, when 4*width*height exceeds
// `max_rgba_bytes`. A width or height of 0 gives no pixels.
ir::Result<std::vector<uint8_t>> decode_level(BlockFormat f, uint32_t width, uint32_t height,
                                              const uint8_t* data, size_t size,
                                              uint64_t max_rgba_bytes = uint64_t(1) << 30);

}  // namespace f2g::texture
