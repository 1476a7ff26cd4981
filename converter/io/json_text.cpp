#include "converter/io/json_text.h"

namespace f2g::io {

std::string json_text(const nlohmann::json& value, int indent) {
  return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace f2g::io
