// Loading a glTF with tinygltf, for both readers (read.h: our own outputs, for verify;
// scene_read.h: any glTF, for import): the loader set up one way, files reached only through
// the caller, images never decoded, extras kept as their JSON text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ir/diagnostic.h"
#include "ir/mesh.h"

namespace tinygltf {
class Model;
}

namespace f2g::gltf {

// The bytes of one external buffer uri of a .gltf (data: uris are decoded by tinygltf), or
// false with an error message.
using ReadUri =
    std::function<bool(const std::string& uri, std::vector<uint8_t>& out, std::string& error)>;

// A GLB in memory into `model` (it reads no other file). nullopt when it loaded; else `code`
// with tinygltf's message, or the exception's for input that throws (malformed JSON).
std::optional<ir::Diagnostic> load_glb(const uint8_t* data, size_t size, tinygltf::Model& model,
                                       const char* code);
// A .gltf's JSON into `model`, its buffers through `read_uri`.
std::optional<ir::Diagnostic> load_gltf(const std::string& json, const ReadUri& read_uri,
                                        tinygltf::Model& model, const char* code);

// An object's extras from the JSON text tinygltf kept: an object, {} when absent or not JSON.
ir::Json extras_of(const std::string& raw);

}  // namespace f2g::gltf
