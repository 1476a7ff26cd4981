// Loading a glTF with tinygltf, for read.h (our own outputs, for verify: a reader that shares
// no code with the writer nor with import's document.h): the loader set up one way, files
// reached only through the caller, images never decoded, extras kept as their JSON text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gltf_writer/read/read_uri.h"
#include "ir/diagnostic.h"
#include "ir/mesh.h"

namespace tinygltf {
class Model;
}

namespace f2g::gltf {

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
