// Texture levels as files a viewer opens: DDS around the blocks as stored, PNG of decoded
// pixels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/texture/block_format.h"

namespace f2g::texture {

// A DDS file: the header for `f` (FourCC DXT1, DXT3, DXT5, ATI1, ATI2; BC7 with the DX10
// header, DXGI_FORMAT_BC7_UNORM or _UNORM_SRGB; B8G8R8A8 as uncompressed 32-bit RGB with
// alpha and masks), the mip count and cube flag, then `blocks` untouched (all levels, largest
// first, as stored). `srgb` only changes BC7: the FourCC and uncompressed headers cannot say it.
std::vector<uint8_t> dds_file(BlockFormat f, uint32_t width, uint32_t height, uint32_t mip_count,
                              bool cube, bool srgb, const uint8_t* blocks, size_t size);

// PNG bytes of `width` x `height` RGBA8 pixels (rows top first) by stb_image_write; the same
// pixels give the same bytes. Empty when stb fails (it fails only when an allocation does).
std::vector<uint8_t> png_file(const uint8_t* rgba, uint32_t width, uint32_t height);

}  // namespace f2g::texture
