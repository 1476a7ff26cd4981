#include "converter/convert/file_result.h"

namespace f2g::convert {

const char* to_string(Status status) {
  switch (status) {
    case Status::Converted:
      return "converted";
    case Status::Skipped:
      return "skipped";
    case Status::Failed:
      break;
  }
  return "failed";
}

std::string failure_line(const std::string& input, const ir::Diagnostic& error) {
  std::string line = "forge2gltf: " + input + ": ";
  if (error.path.empty()) return line + error.message + " [" + error.code + "]";
  return line + error.to_string();
}

}  // namespace f2g::convert
