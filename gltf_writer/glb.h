// The GLB container (glTF 2.0 sec. 4.4): 12-byte header, JSON chunk padded with spaces, BIN
// chunk padded with zeros. Never an empty BIN chunk (tinygltf 2.7 rejects one).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace f2g::gltf {

std::vector<uint8_t> pack_glb(const std::string& json, const std::vector<uint8_t>& bin);

}  // namespace f2g::gltf
