#include "formats/common/texture_reading.h"

#include <cstring>

#include "formats/common/classes.h"

namespace f2g {

std::optional<size_t> texture_body_at(const uint8_t* d, size_t size) {
  static const uint32_t kClasses[] = {class_id("Material"), class_id("TextureSet"),
                                      class_id("TextureMap"), class_id("CompiledMip")};
  auto is_at = [&](size_t at) {
    if (size < at + 12) return false;
    uint32_t cls;
    std::memcpy(&cls, d + at + 8, 4);
    for (uint32_t c : kClasses)
      if (c == cls) return true;
    return false;
  };
  if (is_at(0)) return size_t(0);
  if (is_at(1)) return size_t(1);
  if (size >= 8 && d[0] == 1) {
    int32_t n;
    std::memcpy(&n, d + 4, 4);
    if (n >= 0 && uint64_t(n) <= (size - 8) / 12 && is_at(8 + 12 * size_t(n)))
      return 8 + 12 * size_t(n);
  }
  return std::nullopt;
}

}  // namespace f2g
