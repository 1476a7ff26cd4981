// A game's materials and texture maps as the converter follows them (docs/READING.md
// "Materials and textures"): from a draw's material id to the texture maps of its slots, and
// from a map to the stored blocks of its levels. Game-neutral: each game's codecs fill these.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/common/checks.h"
#include "formats/common/error.h"
#include "formats/texture/block_format.h"
#include "ir/mesh.h"

namespace f2g {

// The slots a glTF material carries (the TextureSet's slot numbers).
constexpr int32_t kBaseColourSlot = 0;
constexpr int32_t kNormalSlot = 1;

struct SlotMap {
  int32_t slot = 0;
  uint64_t map = 0;  // the TextureMap's id
};

struct MaterialReading {
  std::optional<uint64_t> texture_set;  // the set to look up, when the Material names one
  std::vector<SlotMap> selectors;       // maps named by the Material's own parameters
  int32_t blend_mode = 0;
  uint8_t alpha_test = 0;
  bool double_sided = false;
  ir::Json extras = ir::Json::object();
  std::vector<ir::Diagnostic> warnings;
};

struct TextureSetReading {
  std::vector<SlotMap> slots;  // the slots holding a map, in slot order
  std::vector<ir::Diagnostic> warnings;
};

struct TextureMapReading {
  uint32_t width = 0, height = 0;
  uint32_t levels = 1;
  bool cube = false;
  int32_t gamma = 0;
  std::optional<texture::BlockFormat> format;  // nullopt: a pixel format not established
  std::string format_name;                     // "BC7", "unknown (7)"
  std::vector<uint64_t> streamed;              // CompiledMip ids of levels 0 .. n-1
  uint32_t first_inline = 0;                   // the first level of `blob`
  std::vector<uint8_t> blob;                   // the inline levels, largest first
  ir::Json extras = ir::Json::object();
  std::vector<ir::Diagnostic> warnings;
};

struct CompiledMipReading {
  uint64_t parent = 0;
  uint32_t level = 0;
  std::vector<uint8_t> bytes;
  std::vector<ir::Diagnostic> warnings;
};

// Class names of the resources these read, for the archive walk.
struct TextureCodecs {
  Result<MaterialReading> (*material)(const uint8_t* data, size_t size, DecodeObserver* o);
  Result<TextureSetReading> (*texture_set)(const uint8_t* data, size_t size, DecodeObserver* o);
  Result<TextureMapReading> (*texture_map)(const uint8_t* data, size_t size, DecodeObserver* o);
  Result<CompiledMipReading> (*compiled_mip)(const uint8_t* data, size_t size, DecodeObserver* o);
  // A Material, TextureSet, TextureMap or CompiledMip body (by its class at +8) read whole and
  // written again (verify --reencode).
  Result<std::vector<uint8_t>> (*reencode)(const uint8_t* data, size_t size);
  const char* (*slot_name)(int32_t slot);  // "Diffuse", "Normal", ...
};

// Where the body of an extracted Material, TextureSet, TextureMap or CompiledMip starts (its
// class 8 bytes on): at 0, after a one-byte gap, or after a FileHeader (u8 1, 3 bytes, i32 n,
// n x 12 bytes; docs/READING.md "Forge archives", "Payload"); nullopt when it is none of these.
std::optional<size_t> texture_body_at(const uint8_t* data, size_t size);

}  // namespace f2g
