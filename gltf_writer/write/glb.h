// The GLB container (glTF 2.0 sec. 4.4): 12-byte header, JSON chunk padded with spaces, BIN
// chunk padded with zeros. Never an empty BIN chunk (tinygltf 2.7 rejects one).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gltf_writer/write/bin_builder.h"

namespace f2g::gltf {

// A GLB's total length is a u32 (sec. 4.4.3.1 header `length`): no larger GLB can exist.
inline constexpr uint64_t kMaxGlbBytes = 0xFFFFFFFF;

// The total length of the GLB of a `json_size`-byte JSON text and a `bin_size`-byte BIN.
uint64_t glb_size(size_t json_size, size_t bin_size);

// The GLB of `json` and the builder's BIN, in one allocation: each view's bytes are copied
// once, from their source straight into place.
std::vector<uint8_t> pack_glb(const std::string& json, const BinBuilder& bin);

// pack_glb's mirror for a quick look: the JSON chunk's text (sec. 4.4.3.2, the first chunk,
// after the 12-byte header), or nullopt when the magic or the chunk header does not hold.
struct GlbJson {
  const uint8_t* text;
  size_t size;
};
std::optional<GlbJson> glb_json_chunk(const uint8_t* glb, size_t size);

}  // namespace f2g::gltf
