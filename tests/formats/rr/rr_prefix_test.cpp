// Every proper prefix of every sample fails cleanly, each in its own exact-size heap
// allocation so AddressSanitizer sees any over-read; only the full buffer decodes.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>

#include "tests/support/rr_test_support.h"

namespace f2g::rr {
namespace {

class RrPrefix : public ::testing::TestWithParam<std::string> {};

TEST_P(RrPrefix, EveryProperPrefixFailsAndOnlyTheWholeFileDecodes) {
  const std::vector<uint8_t> whole = test::sample_bytes(GetParam());
  ASSERT_FALSE(whole.empty());
  DecodeOptions o;
  o.format = &rr::kFormat;
  for (size_t n = 0; n < whole.size(); ++n) {
    std::unique_ptr<uint8_t[]> buf(new uint8_t[n]);
    if (n) std::memcpy(buf.get(), whole.data(), n);
    Result<Decoded> d = decode(buf.get(), n, o);
    ASSERT_FALSE(d) << "prefix of " << n << " bytes decoded";
    const Error& e = d.error();
    ASSERT_TRUE(e.code == "RR_TRUNCATED" || e.code == "RR_COUNT_TOO_LARGE")
        << n << ": " << e.to_string();
    ASSERT_LE(e.offset, n) << e.to_string();
    ASSERT_FALSE(e.path.empty());
  }
  std::unique_ptr<uint8_t[]> buf(new uint8_t[whole.size()]);
  std::memcpy(buf.get(), whole.data(), whole.size());
  EXPECT_TRUE(decode(buf.get(), whole.size(), o));
}

TEST_P(RrPrefix, ReencodeOfEveryHundredthPrefixFailsToo) {
  const std::vector<uint8_t> whole = test::sample_bytes(GetParam());
  for (size_t n = 0; n < whole.size(); n += 97) {
    std::unique_ptr<uint8_t[]> buf(new uint8_t[n]);
    if (n) std::memcpy(buf.get(), whole.data(), n);
    EXPECT_FALSE(reencode(buf.get(), n, {})) << n;
  }
}

INSTANTIATE_TEST_SUITE_P(Samples, RrPrefix, ::testing::ValuesIn(test::sample_names()));

}  // namespace
}  // namespace f2g::rr
