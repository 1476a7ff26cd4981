#include "formats/common/vertex_table_json.h"

namespace f2g::vertex_table_json {

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

const Json& member(const Json& obj, const char* key, const std::string& path) {
  auto it = obj.find(key);
  if (it == obj.end())
    throw TableError{path.empty() ? key : path + "." + key, std::string("missing \"") + key + "\""};
  return *it;
}

uint32_t integer(const Json& v, const std::string& path, uint64_t max) {
  if (!v.is_number_unsigned() || v.get<uint64_t>() > max)
    throw TableError{path, "expected an integer 0.." + std::to_string(max) + ", found " + v.dump()};
  return static_cast<uint32_t>(v.get<uint64_t>());
}

std::string text(const Json& v, const std::string& path) {
  if (!v.is_string() || v.get<std::string>().empty())
    throw TableError{path, "expected a non-empty string, found " + v.dump()};
  return v.get<std::string>();
}

void check_inside(uint32_t offset, uint32_t size, uint32_t stride, const std::string& path) {
  if (uint64_t(offset) + size > stride)
    throw TableError{path, "offset " + std::to_string(offset) + " + size " + std::to_string(size) +
                               " exceeds stride " + std::to_string(stride)};
}

const Json& entries_of(const Json& root, const char* format) {
  if (!root.is_object()) throw TableError{"", "expected a JSON object"};
  const Json& name = member(root, "format", "");
  if (!name.is_string() || name.get<std::string>() != format)
    throw TableError{"format", std::string("expected \"") + format + "\", found " + name.dump()};
  const Json& formats = member(root, "formats", "");
  if (!formats.is_array() || formats.empty())
    throw TableError{"formats", "expected a non-empty array"};
  return formats;
}

}  // namespace f2g::vertex_table_json
