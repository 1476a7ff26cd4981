// A small deterministic random source for the benchmark corpus: splitmix64, with its own
// distributions (the standard library's are implementation-defined), so a seed makes the
// same corpus on every machine and compiler.
#pragma once

#include <cmath>
#include <cstdint>

namespace f2g::bench {

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint32_t u32() { return uint32_t(next() >> 32); }
  double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }  // [0, 1)
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  // An integer in [lo, hi].
  uint32_t range(uint32_t lo, uint32_t hi) {
    return lo + uint32_t(uniform() * (double(hi) - lo + 1));
  }
  bool chance(double p) { return uniform() < p; }
  double normal() {  // Box-Muller
    const double u = 1.0 - uniform(), v = uniform();
    return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * v);
  }
  double lognormal(double median, double sigma) { return median * std::exp(sigma * normal()); }

 private:
  uint64_t state_;
};

// A seed for item `index` of stream `stream` under the corpus seed.
inline uint64_t item_seed(uint64_t seed, uint64_t stream, uint64_t index) {
  Rng r(seed ^ (stream * 0xD1B54A32D192ED03ull) ^ (index * 0x9E3779B97F4A7C15ull));
  r.next();
  return r.next();
}

}  // namespace f2g::bench
