#include "formats/common/skeleton_tree.h"

#include <cstring>

#include "formats/common/classes.h"

namespace f2g {

std::optional<SkeletonBodyAt> skeleton_body_at(const uint8_t* d, size_t size) {
  static const uint32_t kSkeleton = class_id("Skeleton");
  auto is_at = [&](size_t at) {
    if (size < at + 12) return false;
    uint32_t cls;
    std::memcpy(&cls, d + at + 8, 4);
    return cls == kSkeleton;
  };
  auto u64_body = [&](size_t at) {
    uint64_t id;
    std::memcpy(&id, d + at, 8);
    return SkeletonBodyAt{at, id};
  };
  if (is_at(0)) return u64_body(0);
  if (size >= 9 && d[0] == 1) {  // a u32-id body: the managed byte 1, u32 id, then the class
    uint32_t cls;
    std::memcpy(&cls, d + 5, 4);
    uint32_t id;
    std::memcpy(&id, d + 1, 4);
    if (cls == kSkeleton) return SkeletonBodyAt{0, id};
  }
  if (is_at(1)) return u64_body(1);
  if (size >= 8 && d[0] == 1) {
    int32_t n;
    std::memcpy(&n, d + 4, 4);
    if (n >= 0 && uint64_t(n) <= (size - 8) / 12 && is_at(8 + 12 * size_t(n)))
      return u64_body(8 + 12 * size_t(n));
  }
  return std::nullopt;
}

}  // namespace f2g
