#include "gltf_writer/write/extras.h"

#include <cstdio>

namespace f2g::gltf {

Json extras_object(const Json& extras, Document& doc, const std::string& path) {
  if (extras.is_null()) return Json::object();
  if (extras.is_object()) return extras;
  doc.warn("GLTF_EXTRAS_NOT_OBJECT", "extras are not a JSON object; kept under \"value\"", path);
  return Json{{"value", extras}};
}

void set_key(Json& obj, const char* key, Json value, Document& doc, const std::string& path) {
  if (obj.contains(key))
    doc.warn("GLTF_EXTRAS_KEY_REPLACED",
             std::string("the IR's extras key \"") + key + "\" is replaced by the writer's", path);
  obj[key] = std::move(value);
}

std::string hex_string(uint64_t value, int digits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*llX", digits, static_cast<unsigned long long>(value));
  return buf;
}

}  // namespace f2g::gltf
