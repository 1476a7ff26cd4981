// IR extras as glTF extras: the IR's JSON passes through untouched; keys the writer adds are
// in extras_keys.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "gltf_writer/write/document.h"

namespace f2g::gltf {

// `extras` as an object to add keys to: null -> {}, an object as is, anything else wrapped as
// {"value": extras} with a GLTF_EXTRAS_NOT_OBJECT warning.
Json extras_object(const Json& extras, Document& doc, const std::string& path);

// Sets obj[key] = value, warning GLTF_EXTRAS_KEY_REPLACED when the IR already had that key.
void set_key(Json& obj, const char* key, Json value, Document& doc, const std::string& path);

std::string hex_string(uint64_t value, int digits);  // "0x%0*llX"

}  // namespace f2g::gltf
