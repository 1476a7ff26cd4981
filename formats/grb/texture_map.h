// TextureMap (with its inline CompiledTextureMap) and CompiledMip objects of GRW and GRB
// (docs/READING.md "Materials and textures"), read field by field and written back byte for
// byte, each relation a named check (texture_checks.h); and the pixel formats' numbers.
//
//   TextureMap       u64 id, u32 0xA2B7E917, u8, u32 width @13, height, depth, i32 pixel
//                    format @25, texture type @29 (2 cube), gamma @33, u32 mip count @37, i32
//                    map type @41, GRW 10 B / GRB 6 B, i32 n + n x {u8, u64 CompiledMip id},
//                    u8 0, CompiledTextureMap, i32 L + L bytes (the smaller levels, largest
//                    first), tail (kept)
//   CompiledTex.Map  u64 id, u32 0x13237FE9, 12 x u32 (platform, SDK, width, height, depth,
//                    mip count, pixel format, texture type, gamma, top mip size, total size,
//                    alignment), GRB: one more u32
//   CompiledMip      u64 id, u32 0x1D4B87A3, u8, i32 L + L bytes (one level), u8, u64 parent
//                    TextureMap id, u32 level, tail (kept)
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/common/checks.h"
#include "formats/common/error.h"
#include "formats/grb/mesh_format.h"
#include "formats/texture/block_format.h"

namespace f2g::grb {

constexpr uint32_t kTextureMapClass = 0xA2B7E917;
constexpr uint32_t kCompiledTextureMapClass = 0x13237FE9;
constexpr uint32_t kCompiledMipClass = 0x1D4B87A3;
constexpr int32_t kCubeTexture = 2;

struct StreamedMip {
  uint8_t tag = 0;
  uint64_t id = 0;  // the CompiledMip's id, its forge entry's id too
};

struct TextureMap {
  uint64_t id = 0;
  uint8_t managed = 0;
  uint32_t width = 0, height = 0, depth = 0;
  int32_t pixel_format = 0, texture_type = 0, gamma = 0;
  uint32_t mip_count = 0;
  int32_t map_type = 0;
  std::vector<uint8_t> dialect_bytes;  // GRW 10, GRB 6
  std::vector<StreamedMip> streamed;
  uint8_t separator = 0;
  uint64_t compiled_id = 0;
  std::array<uint32_t, 12> compiled{};
  std::optional<uint32_t> compiled_extra;  // GRB only
  std::vector<uint8_t> blob;               // the inline levels
  uint64_t blob_offset = 0;                // in the payload
  std::vector<uint8_t> tail;

  uint32_t levels() const { return mip_count ? mip_count : 1; }  // 0 seen where one is stored
  bool cube() const { return texture_type == kCubeTexture; }
};

struct CompiledMip {
  uint64_t id = 0;
  uint8_t managed = 0;
  std::vector<uint8_t> level;
  uint64_t level_offset = 0;
  uint8_t trailer = 0;
  uint64_t parent = 0;
  uint32_t level_index = 0;
  std::vector<uint8_t> tail;
};

Result<TextureMap> read_texture_map(Dialect dialect, const uint8_t* data, size_t size,
                                    std::vector<ir::Diagnostic>* warnings = nullptr,
                                    DecodeObserver* observer = nullptr);
std::vector<uint8_t> write_texture_map(Dialect dialect, const TextureMap& map);

Result<CompiledMip> read_compiled_mip(const uint8_t* data, size_t size,
                                      std::vector<ir::Diagnostic>* warnings = nullptr,
                                      DecodeObserver* observer = nullptr);
std::vector<uint8_t> write_compiled_mip(const CompiledMip& mip);

// The block format of a pixel format number (GRB numbers 9 and up one more than GRW's);
// nullopt for a number whose format is not established.
std::optional<texture::BlockFormat> block_format(Dialect dialect, int32_t pixel_format);
// "BC7", or "unknown (7)" for a number not established.
std::string pixel_format_name(Dialect dialect, int32_t pixel_format);

// Bytes of level `level` of `map` (all six faces of a cube), 0 when its format is not known.
uint64_t texture_level_bytes(Dialect dialect, const TextureMap& map, uint32_t level);
// The first level the inline blob holds: the first whose chain down to the last level fits
// its size (the bytes of levels above it are streamed); levels() when not even the last fits.
uint32_t first_inline_level(Dialect dialect, const TextureMap& map);

}  // namespace f2g::grb
