#include "formats/common/error.h"

#include <cstdio>

namespace f2g {

std::string hex(uint64_t value, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%0*llX", digits, static_cast<unsigned long long>(value));
  return buf;
}

}  // namespace f2g
