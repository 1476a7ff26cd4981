// The 8-byte single-channel block BC3's alpha, BC4 and BC5 share (Microsoft "Texture Block
// Compression in Direct3D 11", BC4): two endpoints and 16 3-bit indices.
#pragma once

#include <cstddef>
#include <cstdint>

namespace f2g::texture {

// Writes the block's 16 values to dst[0], dst[stride], ... in pixel order. Interpolations
// truncate, as Pillow 9.4 and libsquish's BC3 alpha do: (6*a0 + a1) / 7, (4*a0 + a1) / 5.
void decode_channel_block(const uint8_t* src, uint8_t* dst, size_t stride);

// One 4x4 block -> 64 RGBA8 bytes (decode.h says what each format's channels hold).
void decode_bc4_block(const uint8_t* src, uint8_t* rgba);
void decode_bc5_block(const uint8_t* src, uint8_t* rgba);

}  // namespace f2g::texture
