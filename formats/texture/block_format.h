// The GPU texture formats the games store, and the byte size of one level of each: the sizes
// every reader of texture blocks checks against before it decodes.
#pragma once

#include <cstdint>

namespace f2g::texture {

// B8G8R8A8: 4 bytes per pixel in memory order B, G, R, A; BCn: 4x4 pixel blocks
// (Microsoft "Texture Block Compression in Direct3D 11").
enum class BlockFormat { B8G8R8A8, BC1, BC2, BC3, BC4, BC5, BC7 };

// "B8G8R8A8", "BC1", ...
const char* format_name(BlockFormat f);
bool is_block_compressed(BlockFormat f);
// Bytes of one 4x4 block: 8 (BC1, BC4) or 16; for B8G8R8A8 the 4 bytes of one pixel.
uint32_t block_bytes(BlockFormat f);
// Bytes of one level: max(1, ceil(w/4)) * max(1, ceil(h/4)) blocks for BCn, w*h pixels
// otherwise; in 64 bits, so 65536 x 65536 does not overflow.
uint64_t level_bytes(BlockFormat f, uint32_t width, uint32_t height);

}  // namespace f2g::texture
