// Patch forges (docs/READING.md "Forge archives", "Patches").
#include "formats/archive/patch.h"

#include <cctype>

namespace f2g::archive {

ForgeName forge_name(std::string_view file_name) {
  const size_t slash = file_name.find_last_of("/\\");
  if (slash != std::string_view::npos) file_name.remove_prefix(slash + 1);
  std::string_view stem = file_name, ext;
  const size_t dot = file_name.rfind('.');
  if (dot != std::string_view::npos) {
    stem = file_name.substr(0, dot);
    ext = file_name.substr(dot);
  }
  const size_t p = stem.rfind("_patch_");
  if (p != std::string_view::npos && p + 7 < stem.size()) {
    const std::string_view digits = stem.substr(p + 7);
    bool all = digits.size() <= 6;
    for (char ch : digits) all = all && std::isdigit(static_cast<unsigned char>(ch));
    if (all)
      return {std::string(stem.substr(0, p)) + std::string(ext), std::stoi(std::string(digits))};
  }
  return {std::string(file_name), 0};
}

bool supersedes(std::string_view a, std::string_view b) {
  const ForgeName x = forge_name(a), y = forge_name(b);
  if (x.patch != y.patch) return x.patch > y.patch;
  return a > b;
}

}  // namespace f2g::archive
