// The GLB container (glTF 2.0 sec. 4.4): 12-byte header, JSON chunk padded with spaces, BIN
// chunk padded with zeros. Never an empty BIN chunk (tinygltf 2.7 rejects one).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gltf_writer/bin_builder.h"

namespace f2g::gltf {

// The GLB of `json` and the builder's BIN, in one allocation: each view's bytes are copied
// once, from their source straight into place.
std::vector<uint8_t> pack_glb(const std::string& json, const BinBuilder& bin);

}  // namespace f2g::gltf
