// How a reader reaches a .gltf's external buffers: only through its caller, which decides
// where a uri may lead (import: beside the .gltf; verify: the one buffer it was given).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace f2g::gltf {

// The bytes of one external buffer uri of a .gltf (data: uris are decoded by the reader), or
// false with an error message.
using ReadUri =
    std::function<bool(const std::string& uri, std::vector<uint8_t>& out, std::string& error)>;

}  // namespace f2g::gltf
