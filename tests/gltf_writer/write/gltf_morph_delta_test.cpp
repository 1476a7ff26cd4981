#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

#include "gltf_writer/write/morph_delta.h"

namespace f2g::gltf {
namespace {

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

float from_bits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

float add(float a, float b) {
  volatile float s = a + b;
  return s;
}

// Independent oracle. Finite floats ordered by value as signed integers: n(f) = bits for
// f >= +0, -(bits & 0x7FFFFFFF) - 1 for negatives (so -0 sits just below +0).
int64_t order(float f) {
  const uint32_t u = bits(f);
  return (u & 0x80000000u) ? -int64_t(u & 0x7FFFFFFFu) - 1 : int64_t(u);
}
float unorder(int64_t n) {
  return n >= 0 ? from_bits(uint32_t(n)) : from_bits(uint32_t(-(n + 1)) | 0x80000000u);
}

struct Bracket {
  bool has_up = false, has_down = false;
  float up = 0, down = 0;  // smallest d with sum >= t, and the d just below it
};

// float32(b + d) is monotone in d: find the first finite d whose sum reaches t.
Bracket bracket(float b, float t) {
  int64_t lo = order(-FLT_MAX), hi = order(FLT_MAX);
  Bracket br;
  if (add(b, unorder(hi)) < t) {
    br.has_down = true, br.down = FLT_MAX;
    return br;
  }
  if (add(b, unorder(lo)) >= t) {
    br.has_up = true, br.up = -FLT_MAX;
    return br;
  }
  while (hi - lo > 1) {  // sum(lo) < t <= sum(hi)
    const int64_t mid = lo + (hi - lo) / 2;
    (add(b, unorder(mid)) >= t ? hi : lo) = mid;
  }
  br.has_up = br.has_down = true;
  br.up = unorder(hi), br.down = unorder(lo);
  return br;
}

// Checks morph_delta(b, t) against the oracle; finite nonzero targets.
void expect_optimal(float b, float t) {
  SCOPED_TRACE(::testing::Message() << std::hexfloat << "base " << b << " target " << t);
  const MorphDelta md = morph_delta(b, t);
  ASSERT_TRUE(std::isfinite(md.delta));
  ASSERT_EQ(bits(md.reached), bits(add(b, md.delta)));
  const Bracket br = bracket(b, t);
  const bool reachable = br.has_up && add(b, br.up) == t;
  ASSERT_EQ(md.exact, reachable);
  if (reachable) {
    ASSERT_EQ(bits(md.reached), bits(t));
    return;
  }
  // Proof that no delta reaches t: the neighbouring candidates' sums bracket it.
  if (br.has_up) {
    ASSERT_GT(add(b, br.up), t);
  }
  if (br.has_down) {
    ASSERT_LT(add(b, br.down), t);
  }
  double best = std::numeric_limits<double>::infinity();
  if (br.has_up) best = std::min(best, std::abs(double(add(b, br.up)) - t));
  if (br.has_down) best = std::min(best, std::abs(double(add(b, br.down)) - t));
  ASSERT_EQ(std::abs(double(md.reached) - t), best) << "not the nearest reachable value";
}

float random_finite(std::mt19937& rng) {
  for (;;) {
    const float f = from_bits(uint32_t(rng()));
    if (std::isfinite(f)) return f;
  }
}

TEST(MorphDelta, PlainDifferenceWhenItIsExact) {
  const MorphDelta md = morph_delta(1.5f, 2.25f);
  EXPECT_TRUE(md.exact);
  EXPECT_EQ(md.delta, 0.75f);
  EXPECT_EQ(md.reached, 2.25f);
  EXPECT_EQ(morph_delta(3.0f, 3.0f).delta, 0.0f);
}

TEST(MorphDelta, RandomBitPatternsAreOptimal) {
  std::mt19937 rng(12345);
  for (int i = 0; i < 100000; ++i) {
    const float b = random_finite(rng), t = random_finite(rng);
    if (t == 0) continue;
    expect_optimal(b, t);
  }
}

TEST(MorphDelta, NearbyTargetsAreExactAndOptimal) {
  std::mt19937 rng(777);
  std::uniform_real_distribution<float> pos(-100.0f, 100.0f), rel(-0.2f, 0.2f);
  int sterbenz = 0;
  for (int i = 0; i < 200000; ++i) {
    const float b = pos(rng), t = b + b * rel(rng) + rel(rng);
    if (t == 0) continue;
    expect_optimal(b, t);
    // Sterbenz: b/2 <= t <= 2b makes t - b exact, so the plain difference always reaches.
    if ((b > 0 && t >= b / 2 && t <= 2 * b) || (b < 0 && t <= b / 2 && t >= 2 * b)) {
      ++sterbenz;
      ASSERT_TRUE(morph_delta(b, t).exact);
      ASSERT_EQ(morph_delta(b, t).delta, t - b);
    }
  }
  EXPECT_GT(sterbenz, 150000);
}

TEST(MorphDelta, FarTargetsAcrossMagnitudes) {
  std::mt19937 rng(99);
  std::uniform_int_distribution<int> exponent(-149, 127);
  std::uniform_real_distribution<float> mant(1.0f, 2.0f);
  auto any = [&] {
    const float m = std::ldexp(mant(rng), exponent(rng));
    return (rng() & 1) ? -m : m;
  };
  int unreachable = 0;
  for (int i = 0; i < 100000; ++i) {
    const float b = any(), t = any();
    if (!std::isfinite(b) || !std::isfinite(t) || t == 0) continue;
    expect_optimal(b, t);
    unreachable += !morph_delta(b, t).exact;
  }
  EXPECT_GT(unreachable, 1000);  // the far cases do occur and are handled
}

TEST(MorphDelta, TinyTargetOverHugeBaseIsNearestNotExact) {
  const MorphDelta md = morph_delta(1.0e10f, 1.0e-3f);
  EXPECT_FALSE(md.exact);
  EXPECT_EQ(md.reached, 0.0f);  // the reachable sums near 1e-3 are 0 and +-1024
  expect_optimal(1.0e10f, 1.0e-3f);
}

TEST(MorphDelta, DenormalsAreExact) {
  const float dmin = std::numeric_limits<float>::denorm_min();
  for (float b : {dmin, -dmin, 3 * dmin, FLT_MIN, -FLT_MIN / 3, 0.0f, -0.0f})
    for (float t : {dmin, -dmin, 7 * dmin, FLT_MIN, FLT_MIN / 2, -FLT_MIN}) {
      expect_optimal(b, t);
      EXPECT_TRUE(morph_delta(b, t).exact);  // denormal sums are exact
    }
}

TEST(MorphDelta, HugeMagnitudesNeverOverflowTheDelta) {
  expect_optimal(-FLT_MAX, FLT_MAX);  // t - b overflows: no finite delta reaches
  const MorphDelta md = morph_delta(-FLT_MAX, FLT_MAX);
  EXPECT_FALSE(md.exact);
  EXPECT_EQ(md.delta, FLT_MAX);
  EXPECT_EQ(md.reached, 0.0f);
  expect_optimal(FLT_MAX, -FLT_MAX);
  expect_optimal(3e38f, 2e38f);
  EXPECT_TRUE(morph_delta(3e38f, 2e38f).exact);
  expect_optimal(1e38f, FLT_MAX);
}

TEST(MorphDelta, PositiveZeroTargetIsReachedFromAnyBase) {
  for (float b : {1.0f, -3.5f, 0.0f, -0.0f, 1e-40f, FLT_MAX}) {
    const MorphDelta md = morph_delta(b, 0.0f);
    EXPECT_TRUE(md.exact) << b;
    EXPECT_EQ(bits(add(b, md.delta)), bits(0.0f)) << b;
  }
}

TEST(MorphDelta, NegativeZeroTargetOnlyFromNegativeZeroBase) {
  // Round-to-nearest: x + (-x) = +0 and -0 + +0 = +0; only -0 + -0 = -0.
  const MorphDelta from_neg = morph_delta(-0.0f, -0.0f);
  EXPECT_TRUE(from_neg.exact);
  EXPECT_EQ(bits(from_neg.delta), bits(-0.0f));
  EXPECT_EQ(bits(add(-0.0f, from_neg.delta)), bits(-0.0f));
  for (float b : {0.0f, 1.0f, -2.0f, 1e-45f}) {
    const MorphDelta md = morph_delta(b, -0.0f);
    EXPECT_FALSE(md.exact) << b;
    EXPECT_EQ(bits(md.reached), bits(0.0f)) << b;  // +0: equal in value, nearest
  }
  // No float32 d gives -0 from +0 base: check every delta near zero and the opposite base.
  for (float d : {-0.0f, 0.0f, 1e-45f, -1e-45f}) EXPECT_NE(bits(add(0.0f, d)), bits(-0.0f));
  EXPECT_NE(bits(add(1.0f, -1.0f)), bits(-0.0f));
}

TEST(MorphDelta, NonFiniteInputsNeverHang) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(morph_delta(1.0f, inf).exact);
  EXPECT_EQ(morph_delta(1.0f, inf).reached, inf);
  EXPECT_TRUE(morph_delta(1.0f, -inf).exact);
  EXPECT_FALSE(morph_delta(-inf, inf).exact);
  EXPECT_TRUE(morph_delta(inf, inf).exact);
  EXPECT_TRUE(std::isnan(morph_delta(1.0f, nan).reached));
  EXPECT_TRUE(morph_delta(1.0f, nan).exact);
  EXPECT_FALSE(morph_delta(nan, 1.0f).exact);
  EXPECT_FALSE(morph_delta(inf, 1.0f).exact);
  EXPECT_EQ(morph_delta(inf, 1.0f).delta, 0.0f);
}

TEST(MorphDelta, NeighbourSearchReachesWherePlainDifferenceFails) {
  // Found by search: float32(t - b) rounds to the wrong side, a neighbouring delta reaches t.
  std::mt19937 rng(4242);
  int found = 0;
  for (int i = 0; i < 2000000 && found < 20; ++i) {
    const float b = random_finite(rng);
    const float t = std::ldexp(1.0f, int(rng() % 200) - 100) * ((rng() & 1) ? 1 : -1);
    const float d0 = t - b;
    if (!std::isfinite(d0) || add(b, d0) == t) continue;
    const MorphDelta md = morph_delta(b, t);
    if (!md.exact) continue;
    ++found;
    expect_optimal(b, t);
    EXPECT_EQ(bits(add(b, md.delta)), bits(t));
  }
  EXPECT_GT(found, 0);
}

TEST(UnormMorphDelta, EveryU8PairIsExact) {
  for (int b = 0; b < 256; ++b)
    for (int t = 0; t < 256; ++t) {
      const UnormDelta ud = unorm8_morph_delta(b, t);
      ASSERT_TRUE(ud.exact) << b << " -> " << t;
      ASSERT_EQ(unorm8_from_delta(b, ud.delta), t);
      ASSERT_TRUE(std::isfinite(ud.delta));
    }
}

}  // namespace
}  // namespace f2g::gltf
