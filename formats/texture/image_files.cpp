// DDS headers (Microsoft "DDS_HEADER", "DDS_PIXELFORMAT", "DDS_HEADER_DXT10") and PNG
// through Debian's stb (image_files.h).
#include "formats/texture/image_files.h"

#include <stb/stb_image_write.h>

#include <algorithm>

namespace f2g::texture {
namespace {

// DDS_HEADER.dwFlags, DDS_PIXELFORMAT.dwFlags, dwCaps, dwCaps2 (Microsoft "DDS_HEADER").
constexpr uint32_t kDdsdCaps = 0x1, kDdsdHeight = 0x2, kDdsdWidth = 0x4, kDdsdPitch = 0x8,
                   kDdsdPixelFormat = 0x1000, kDdsdMipMapCount = 0x20000, kDdsdLinearSize = 0x80000;
constexpr uint32_t kDdpfAlphaPixels = 0x1, kDdpfFourCC = 0x4, kDdpfRgb = 0x40;
constexpr uint32_t kCapsComplex = 0x8, kCapsTexture = 0x1000, kCapsMipMap = 0x400000;
constexpr uint32_t kCaps2CubeAllFaces = 0x200 | 0xFC00;
// DXGI_FORMAT values, D3D10_RESOURCE_DIMENSION_TEXTURE2D, D3D10_RESOURCE_MISC_TEXTURECUBE.
constexpr uint32_t kDxgiBc7Unorm = 98, kDxgiBc7UnormSrgb = 99, kDimensionTexture2d = 3,
                   kMiscTextureCube = 0x4;

constexpr uint32_t fourcc(const char (&s)[5]) {
  return uint32_t(uint8_t(s[0])) | uint32_t(uint8_t(s[1])) << 8 | uint32_t(uint8_t(s[2])) << 16 |
         uint32_t(uint8_t(s[3])) << 24;
}

uint32_t legacy_fourcc(BlockFormat f) {
  switch (f) {
    case BlockFormat::BC1:
      return fourcc("DXT1");
    case BlockFormat::BC2:
      return fourcc("DXT3");
    case BlockFormat::BC3:
      return fourcc("DXT5");
    case BlockFormat::BC4:
      return fourcc("ATI1");
    case BlockFormat::BC5:
      return fourcc("ATI2");
    case BlockFormat::BC7:
      return fourcc("DX10");
    case BlockFormat::B8G8R8A8:
      break;
  }
  return 0;
}

void put_u32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}

void append_bytes(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<uint8_t>*>(context);
  const auto* p = static_cast<const uint8_t*>(data);
  out->insert(out->end(), p, p + size);
}

}  // namespace

std::vector<uint8_t> dds_file(BlockFormat f, uint32_t width, uint32_t height, uint32_t mip_count,
                              bool cube, bool srgb, const uint8_t* blocks, size_t size) {
  const bool compressed = is_block_compressed(f);
  const uint64_t top_bytes = compressed ? level_bytes(f, width, height) : uint64_t(width) * 4;
  std::vector<uint8_t> out;
  out.reserve(128 + 20 + size);
  put_u32(out, fourcc("DDS "));
  put_u32(out, 124);  // dwSize
  put_u32(out, kDdsdCaps | kDdsdHeight | kDdsdWidth | kDdsdPixelFormat |
                   (mip_count > 1 ? kDdsdMipMapCount : 0) |
                   (compressed ? kDdsdLinearSize : kDdsdPitch));
  put_u32(out, height);
  put_u32(out, width);
  put_u32(out, uint32_t(std::min<uint64_t>(top_bytes, UINT32_MAX)));  // dwPitchOrLinearSize
  put_u32(out, 0);                                                    // dwDepth
  put_u32(out, mip_count);
  for (int i = 0; i < 11; ++i) put_u32(out, 0);  // dwReserved1
  put_u32(out, 32);                              // DDS_PIXELFORMAT.dwSize
  if (compressed) {
    put_u32(out, kDdpfFourCC);
    put_u32(out, legacy_fourcc(f));
    for (int i = 0; i < 5; ++i) put_u32(out, 0);  // bit count, masks
  } else {
    put_u32(out, kDdpfRgb | kDdpfAlphaPixels);
    put_u32(out, 0);
    put_u32(out, 32);
    put_u32(out, 0x00FF0000);  // B8G8R8A8 in memory is the little-endian word A8R8G8B8
    put_u32(out, 0x0000FF00);
    put_u32(out, 0x000000FF);
    put_u32(out, 0xFF000000);
  }
  put_u32(out, kCapsTexture | (mip_count > 1 || cube ? kCapsComplex : 0) |
                   (mip_count > 1 ? kCapsMipMap : 0));
  put_u32(out, cube ? kCaps2CubeAllFaces : 0);
  for (int i = 0; i < 3; ++i) put_u32(out, 0);  // dwCaps3, dwCaps4, dwReserved2
  if (f == BlockFormat::BC7) {
    put_u32(out, srgb ? kDxgiBc7UnormSrgb : kDxgiBc7Unorm);
    put_u32(out, kDimensionTexture2d);
    put_u32(out, cube ? kMiscTextureCube : 0);
    put_u32(out, 1);  // arraySize: one texture (one cube)
    put_u32(out, 0);  // miscFlags2: alpha mode unknown
  }
  out.insert(out.end(), blocks, blocks + size);
  return out;
}

std::vector<uint8_t> png_file(const uint8_t* rgba, uint32_t width, uint32_t height) {
  std::vector<uint8_t> png;
  if (!stbi_write_png_to_func(append_bytes, &png, int(width), int(height), 4, rgba, int(width * 4)))
    return {};
  return png;
}

}  // namespace f2g::texture
