#include "gltf_writer/write/morph_delta.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace f2g::gltf {
namespace {

uint32_t bits_of(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

float float_of(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// Order-preserving key: key(a) < key(b) iff a < b, with -0 just below +0. Lets a binary
// search walk every float32 in value order.
uint32_t key_of(float f) {
  const uint32_t u = bits_of(f);
  return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

float float_of_key(uint32_t k) { return float_of((k & 0x80000000u) ? (k & 0x7FFFFFFFu) : ~k); }

// One float32 addition, never fused or widened (x86-64 SSE evaluates float as float).
float sum32(float a, float b) {
  volatile float s = a + b;
  return s;
}

bool same_bits(float a, float b) { return bits_of(a) == bits_of(b); }

}  // namespace

MorphDelta morph_delta(float base, float target) {
  if (std::isnan(target)) {
    const float d = std::numeric_limits<float>::quiet_NaN();
    return {d, sum32(base, d), true};
  }
  if (std::isinf(target)) {
    // inf - inf is NaN: a base of the opposite infinity cannot reach the target.
    if (std::isinf(base) && base != target) return {0.0f, base, false};
    return {target, sum32(base, target), true};
  }
  if (!std::isfinite(base)) return {0.0f, base, false};

  // The plain difference is exact in all but rare cases (a delta much larger than the
  // target, or a tie at a binade boundary). It always reaches +0 (x + (-x) = +0).
  const float d0 = target - base;
  if (std::isfinite(d0) && same_bits(sum32(base, d0), target)) return {d0, target, true};

  if (target == 0.0f) {
    // -0: round-to-nearest gives -0 only for (-0) + (-0); from any other base +0 is nearest.
    if (same_bits(base, -0.0f)) return {-0.0f, -0.0f, true};
    return {-base, sum32(base, -base), false};
  }

  // float32(base + d) is monotone in d, so the deltas reaching the target (if any) sit at the
  // first d whose sum is >= target. Binary search over every finite float in value order.
  const uint32_t lo = key_of(-FLT_MAX), hi = key_of(FLT_MAX);
  auto at_least = [&](uint32_t k) { return sum32(base, float_of_key(k)) >= target; };
  if (!at_least(hi)) return {FLT_MAX, sum32(base, FLT_MAX), false};
  uint32_t a = lo, b = hi;
  if (at_least(lo)) {
    b = lo;
  } else {
    while (b - a > 1) {  // !at_least(a), at_least(b)
      const uint32_t m = a + (b - a) / 2;
      (at_least(m) ? b : a) = m;
    }
  }
  const float d_up = float_of_key(b);
  const float s_up = sum32(base, d_up);
  if (s_up == target) return {d_up, s_up, true};  // target != 0: equal value, equal bits
  if (b == lo) return {d_up, s_up, false};
  const float d_down = float_of_key(b - 1);
  const float s_down = sum32(base, d_down);
  const double e_up = double(s_up) - double(target), e_down = double(target) - double(s_down);
  if (e_down <= e_up) return {d_down, s_down, false};
  return {d_up, s_up, false};
}

int unorm8_from_delta(int base, float delta) {
  const float v = sum32(static_cast<float>(base / 255.0), delta);
  if (!std::isfinite(v)) return v > 0 ? 255 : 0;
  const double x = std::nearbyint(double(v) * 255.0);
  return x < 0 ? 0 : x > 255 ? 255 : static_cast<int>(x);
}

UnormDelta unorm8_morph_delta(int base, int target) {
  base = base < 0 ? 0 : base > 255 ? 255 : base;
  target = target < 0 ? 0 : target > 255 ? 255 : target;
  float d = static_cast<float>((target - base) / 255.0);
  for (int step = 0; step < 8; ++step) {  // the first candidate always works; stay safe
    if (unorm8_from_delta(base, d) == target) return {d, target, true};
    d = std::nextafter(d, unorm8_from_delta(base, d) < target ? 2.0f : -2.0f);
  }
  d = static_cast<float>((target - base) / 255.0);
  return {d, unorm8_from_delta(base, d), false};
}

}  // namespace f2g::gltf
