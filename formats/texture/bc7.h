// BC7 (BPTC UNORM) blocks, decoded from the specification (Khronos Data Format
// Specification 1.3, §21 "BPTC"; Microsoft "BC7 Format").
#pragma once

#include <cstdint>

namespace f2g::texture {

// One 16-byte block -> 64 RGBA8 bytes, rows top first. All eight modes; a first byte of 0
// (the reserved mode) gives opaque black (0, 0, 0, 255), as Pillow 9.4 does; D3D's hardware
// gives transparent black.
void decode_bc7_block(const uint8_t* src, uint8_t* rgba);

}  // namespace f2g::texture
