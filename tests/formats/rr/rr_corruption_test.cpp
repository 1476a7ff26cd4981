// Corrupted samples decode or fail with an RR_ diagnostic: never a crash, an over-read
// (run under the sanitizer option) or another exception.
#include <gtest/gtest.h>

#include <cstring>

#include "tests/support/rr_test_support.h"

namespace f2g::rr {
namespace {

class RrCorruption : public ::testing::TestWithParam<std::string> {};

TEST_P(RrCorruption, RandomEditsDecodeOrFailCleanly) {
  const std::vector<uint8_t> whole = test::sample_bytes(GetParam());
  uint64_t state = 0x9E3779B97F4A7C15ull;  // fixed seed: the same edits on every run
  auto next = [&] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  const uint32_t values[] = {0, 1, 3, 0xFF, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF};
  int failed = 0;
  for (int round = 0; round < 400; ++round) {
    std::vector<uint8_t> b = whole;
    const size_t at = next() % (b.size() - 4);
    if (round % 2) {
      b[at] ^= uint8_t(1u << (next() % 8));
    } else {
      const uint32_t v = values[next() % (sizeof values / sizeof values[0])];
      std::memcpy(b.data() + at, &v, 4);
    }
    Result<Decoded> d = test::decode_bytes(b, test::forced_rr());
    if (!d) {
      ++failed;
      EXPECT_EQ(d.error().code.rfind("RR_", 0), 0u) << d.error().to_string();
      EXPECT_LE(d.error().offset, b.size());
    }
    EXPECT_NO_THROW(reencode(b.data(), b.size(), {}));
  }
  EXPECT_GT(failed, 0);  // some edits hit structure, not only vertex bytes
}

INSTANTIATE_TEST_SUITE_P(Samples, RrCorruption, ::testing::ValuesIn(test::sample_names()));

}  // namespace
}  // namespace f2g::rr
