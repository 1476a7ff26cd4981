// compact.h's working form of a glb: the JSON and each bufferView's bytes on their own, so a
// pass can replace one view without moving the others; packing lays them out again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace f2g::gltf::compact {

using Json = nlohmann::json;

// Thrown inside the passes; compact.cpp turns it into an ir::Diagnostic.
struct Failure {
  std::string code;
  std::string message;
  std::string path;
};
[[noreturn]] void fail(const char* code, std::string message, std::string path);

struct Parts {
  Json json;
  // views[i]: bufferView i's bytes. For a view carrying EXT_meshopt_compression, its
  // compressed bytes (the extension's byteOffset/byteLength into the BIN chunk).
  std::vector<std::vector<uint8_t>> views;
};

// GLB container (glTF 2.0 sec. 4.4) -> Parts. Every view must lie in buffer 0 (the BIN
// chunk) or, when compressed, in a fallback buffer with its data in buffer 0. `code` names
// failures (GLTF_COMPACT_INVALID / GLTF_EXPAND_INVALID).
Parts parse(const uint8_t* glb, size_t size, const char* code);

// Parts -> GLB. Views with EXT_meshopt_compression have their bytes (compressed) placed in the
// BIN chunk at the extension's byteOffset; their own byteOffset counts in `fallback_buffer`,
// whose byteLength is set to cover them. Every other view goes into the BIN chunk.
std::vector<uint8_t> pack(Parts& parts, int fallback_buffer);

// The member `key` when it is an array (an object), else a shared empty one: no copies of
// the document's big arrays (json::value() would copy them).
const Json& array_at(const Json& object, const char* key);
const Json& object_at(const Json& object, const char* key);

// JSON helpers that fail with `code` on a missing or mistyped member.
const Json& member(const Json& object, const char* key, const char* code, const std::string& path);
size_t size_member(const Json& object, const char* key, size_t otherwise, const char* code,
                   const std::string& path);

// Bytes per component of a glTF componentType (0 when unknown); components per accessor type.
size_t component_bytes(int component_type);
size_t type_width(const std::string& type);

// extensionsUsed / extensionsRequired upkeep.
void add_extension(Json& gltf, const char* name, bool required);
void remove_extension(Json& gltf, const char* name);

}  // namespace f2g::gltf::compact
