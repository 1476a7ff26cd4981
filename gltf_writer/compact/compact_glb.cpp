#include "gltf_writer/compact/compact_glb.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "gltf_writer/write/glb.h"
#include "gltf_writer/write/json_text.h"

namespace f2g::gltf::compact {
namespace {

constexpr uint32_t kMagic = 0x46546C67;      // "glTF"
constexpr uint32_t kJsonChunk = 0x4E4F534A;  // "JSON"
constexpr uint32_t kBinChunk = 0x004E4942;   // "BIN\0"
constexpr const char* kMeshopt = "EXT_meshopt_compression";

uint32_t u32_at(const uint8_t* b, size_t at) {
  uint32_t v;
  std::memcpy(&v, b + at, 4);
  return v;
}

}  // namespace

void fail(const char* code, std::string message, std::string path) {
  throw Failure{code, std::move(message), std::move(path)};
}

const Json& array_at(const Json& object, const char* key) {
  static const Json empty = Json::array();
  if (!object.is_object()) return empty;
  const auto it = object.find(key);
  return it != object.end() && it->is_array() ? *it : empty;
}

const Json& object_at(const Json& object, const char* key) {
  static const Json empty = Json::object();
  if (!object.is_object()) return empty;
  const auto it = object.find(key);
  return it != object.end() && it->is_object() ? *it : empty;
}

const Json& member(const Json& object, const char* key, const char* code, const std::string& path) {
  if (!object.is_object() || !object.contains(key))
    fail(code, std::string("missing \"") + key + "\"", path);
  return object[key];
}

size_t size_member(const Json& object, const char* key, size_t otherwise, const char* code,
                   const std::string& path) {
  if (!object.is_object() || !object.contains(key)) return otherwise;
  const Json& v = object[key];
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<int64_t>() >= 0))
    fail(code, std::string("\"") + key + "\" is not a non-negative integer", path);
  return v.get<size_t>();
}

size_t component_bytes(int component_type) {
  switch (component_type) {
    case 5120:  // BYTE
    case 5121:  // UNSIGNED_BYTE
      return 1;
    case 5122:  // SHORT
    case 5123:  // UNSIGNED_SHORT
      return 2;
    case 5125:  // UNSIGNED_INT
    case 5126:  // FLOAT
      return 4;
    default:
      return 0;
  }
}

size_t type_width(const std::string& type) {
  if (type == "SCALAR") return 1;
  if (type == "VEC2") return 2;
  if (type == "VEC3") return 3;
  if (type == "VEC4") return 4;
  if (type == "MAT2") return 4;
  if (type == "MAT3") return 9;
  if (type == "MAT4") return 16;
  return 0;
}

void add_extension(Json& gltf, const char* name, bool required) {
  for (const char* list : {"extensionsUsed", "extensionsRequired"}) {
    if (list[10] == 'R' && !required) continue;
    Json& l = gltf[list];
    if (!l.is_array()) l = Json::array();
    if (std::find(l.begin(), l.end(), Json(name)) == l.end()) l.push_back(name);
  }
}

void remove_extension(Json& gltf, const char* name) {
  for (const char* list : {"extensionsUsed", "extensionsRequired"}) {
    if (!gltf.contains(list) || !gltf[list].is_array()) continue;
    Json& l = gltf[list];
    l.erase(std::remove(l.begin(), l.end(), Json(name)), l.end());
    if (l.empty()) gltf.erase(list);
  }
}

Parts parse(const uint8_t* glb, size_t size, const char* code) {
  // glTF 2.0 sec. 4.4: 12-byte header, then chunks [u32 length][u32 type][data].
  if (size < 20 || u32_at(glb, 0) != kMagic || u32_at(glb, 4) != 2)
    fail(code, "not a glTF 2.0 binary (" + std::to_string(size) + " bytes)", "glb");
  const uint64_t total = std::min<uint64_t>(u32_at(glb, 8), size);
  const uint64_t json_len = u32_at(glb, 12);
  if (u32_at(glb, 16) != kJsonChunk || 20 + json_len > total)
    fail(code, "the first chunk is not a JSON chunk inside the file", "glb");
  const uint8_t* bin = nullptr;
  uint64_t bin_len = 0;
  const uint64_t bin_at = 20 + json_len;
  if (bin_at + 8 <= total && u32_at(glb, bin_at + 4) == kBinChunk) {
    bin_len = u32_at(glb, bin_at);
    if (bin_at + 8 + bin_len > total) fail(code, "the BIN chunk runs past the file", "glb");
    bin = glb + bin_at + 8;
  }

  Parts p;
  p.json = Json::parse(glb + 20, glb + 20 + json_len, nullptr, false);
  if (p.json.is_discarded() || !p.json.is_object())
    fail(code, "the JSON chunk is not an object", "glb");
  const Json& buffers = member(p.json, "buffers", code, "buffers");
  if (!buffers.is_array() || buffers.empty()) fail(code, "no buffers", "buffers");
  if (buffers[0].contains("uri"))
    fail(code, "buffer 0 is external, not the BIN chunk", "buffers[0]");

  const Json& views = array_at(p.json, "bufferViews");
  if (!views.is_array()) fail(code, "bufferViews is not an array", "bufferViews");
  for (size_t i = 0; i < views.size(); ++i) {
    const std::string path = "bufferViews[" + std::to_string(i) + "]";
    const Json& v = views[i];
    const Json* source = &v;
    if (v.contains("extensions") && v["extensions"].contains(kMeshopt)) {
      source = &v["extensions"][kMeshopt];
    }
    const std::string src_path = source == &v ? path : path + ".extensions." + kMeshopt;
    if (size_member(*source, "buffer", 0, code, src_path) != 0)
      fail(code, "data outside the BIN chunk (buffer 0)", src_path);
    const uint64_t at = size_member(*source, "byteOffset", 0, code, src_path);
    const uint64_t len = size_member(*source, "byteLength", 0, code, src_path);
    if (at > bin_len || len > bin_len - at)
      fail(code,
           std::to_string(len) + " bytes at " + std::to_string(at) + " run past the BIN chunk of " +
               std::to_string(bin_len),
           src_path);
    p.views.emplace_back(bin + at, bin + at + len);
  }
  return p;
}

std::vector<uint8_t> pack(Parts& p, int fallback_buffer) {
  // Lay the views out first (the JSON needs their offsets), then copy each once, straight
  // into the GLB.
  std::vector<size_t> at(p.views.size());
  size_t bin_len = 0;
  uint64_t fallback_len = 0;
  Json& views = p.json["bufferViews"];
  for (size_t i = 0; i < p.views.size(); ++i) {
    Json& v = views[i];
    bin_len = (bin_len + 3) & ~size_t(3);
    at[i] = bin_len;
    const bool compressed = v.contains("extensions") && v["extensions"].contains(kMeshopt);
    Json& target = compressed ? v["extensions"][kMeshopt] : v;
    target["buffer"] = 0;
    if (bin_len == 0)
      target.erase("byteOffset");
    else
      target["byteOffset"] = bin_len;
    target["byteLength"] = p.views[i].size();
    bin_len += p.views[i].size();
    if (compressed) {
      // The uncompressed layout, in the fallback buffer that holds no data.
      fallback_len = (fallback_len + 3) & ~uint64_t(3);
      v["buffer"] = fallback_buffer;
      if (fallback_len)
        v["byteOffset"] = fallback_len;
      else
        v.erase("byteOffset");
      fallback_len += v["byteLength"].get<uint64_t>();
    }
  }
  bin_len = (bin_len + 3) & ~size_t(3);
  Json& buffers = p.json["buffers"];
  buffers[0]["byteLength"] = bin_len;
  if (fallback_buffer > 0)
    buffers[fallback_buffer]["byteLength"] = std::max<uint64_t>(fallback_len, 4);
  // json_text: Json::dump's bytes at a fraction of its cost (json_text.h).
  const std::string json = json_text(p.json, Json::error_handler_t::replace);

  // glTF 2.0 sec. 4.4, as glb.cpp lays it out: JSON padded with spaces, BIN with zeros.
  // Expanding can make a glb larger than the one it came from: the u32 length still bounds it.
  const uint64_t total = glb_size(json.size(), bin_len);
  if (total > kMaxGlbBytes)
    fail("GLTF_TOO_LARGE",
         "the GLB would need " + std::to_string(total) + " bytes; a GLB holds at most 4 GiB",
         "glb");
  const size_t json_len = (json.size() + 3) & ~size_t(3);
  const size_t bin_at = 20 + json_len + 8;
  std::vector<uint8_t> out(static_cast<size_t>(total), 0);
  auto put = [&](size_t where, uint32_t v) { std::memcpy(out.data() + where, &v, 4); };
  put(0, kMagic);
  put(4, 2);
  put(8, uint32_t(out.size()));
  put(12, uint32_t(json_len));
  put(16, kJsonChunk);
  std::memcpy(out.data() + 20, json.data(), json.size());
  std::memset(out.data() + 20 + json.size(), ' ', json_len - json.size());
  if (bin_len) {
    put(20 + json_len, uint32_t(bin_len));
    put(24 + json_len, kBinChunk);
    for (size_t i = 0; i < p.views.size(); ++i)
      if (!p.views[i].empty())
        std::memcpy(out.data() + bin_at + at[i], p.views[i].data(), p.views[i].size());
  }
  return out;
}

}  // namespace f2g::gltf::compact
