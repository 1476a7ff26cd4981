// Compact JSON text for the writer, in place of Json::dump, which goes through a virtual call
// per character written; this writes the same bytes into a plain buffer without one.
//
// Guarantee: json_text(v, h) == v.dump(-1, ' ', false, h) byte for byte, for every value and
// for the handlers the writer uses (strict, replace; ignore too): keys in the objects' order,
// numbers as nlohmann 3.11 formats them (non-finite floats as null), and under strict the
// same Json::type_error for a string that is not UTF-8.
// tests/gltf_writer/write/gltf_json_text_test.cpp checks it on fixed and random documents.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace f2g::gltf {

using Json = nlohmann::json;

std::string json_text(const Json& value, Json::error_handler_t handler);

}  // namespace f2g::gltf
