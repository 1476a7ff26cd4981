#include "formats/common/structure_json.h"

#include "formats/common/error.h"

namespace f2g {

using Json = nlohmann::json;

Json head_json(const ObjectHead& h) {
  return {{"id", hex(h.id, 16)}, {"class", hex(h.cls, 8)}, {"offset", h.offset}};
}

Json blob_json(const Blob& b) {
  return {{"length", b.bytes.size()}, {"offset", b.offset}, {"data_offset", b.offset + 4}};
}

Json byte_list_json(const uint8_t* p, size_t n) {
  Json a = Json::array();
  for (size_t i = 0; i < n; ++i) a.push_back(hex(p[i], 2));
  return a;
}

}  // namespace f2g
