#include "ir/diagnostic.h"

#include <cstdio>

namespace f2g::ir {

std::string Diagnostic::to_string() const {
  char off[32];
  std::snprintf(off, sizeof off, "0x%llX", static_cast<unsigned long long>(offset));
  std::string s = path.empty() ? message : path + ": " + message;
  return s + " (offset " + off + ") [" + code + "]";
}

}  // namespace f2g::ir
