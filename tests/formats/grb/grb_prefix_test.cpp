// Every proper prefix of every GRB/GRW sample fails cleanly, each in its own exact-size heap
// allocation so AddressSanitizer sees any over-read; only the whole file decodes. Counts set to
// 0xFFFFFFFF and lengths past the end fail before any allocation they would size.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>

#include "tests/support/alloc_counter.h"
#include "tests/support/grb_test_support.h"

namespace f2g::grb {
namespace {

class GrbPrefix : public ::testing::TestWithParam<test::Sample> {};

TEST_P(GrbPrefix, EveryProperPrefixFailsAndOnlyTheWholeFileDecodes) {
  const std::vector<uint8_t> whole = test::sample_bytes(GetParam().name);
  ASSERT_FALSE(whole.empty());
  const DecodeOptions o = test::forced(GetParam().dialect);
  for (size_t n = 0; n < whole.size(); ++n) {
    std::unique_ptr<uint8_t[]> buf(new uint8_t[n]);
    if (n) std::memcpy(buf.get(), whole.data(), n);
    Result<Decoded> d = f2g::decode(buf.get(), n, o);
    ASSERT_FALSE(d) << "prefix of " << n << " bytes decoded";
    const Error& e = d.error();
    ASSERT_TRUE(e.code == "GRB_TRUNCATED" || e.code == "GRB_COUNT_TOO_LARGE")
        << n << ": " << e.to_string();
    ASSERT_LE(e.offset, n) << e.to_string();
    ASSERT_FALSE(e.path.empty());
    ASSERT_FALSE(f2g::reencode(buf.get(), n, o)) << n;
  }
  std::unique_ptr<uint8_t[]> buf(new uint8_t[whole.size()]);
  std::memcpy(buf.get(), whole.data(), whole.size());
  EXPECT_TRUE(f2g::decode(buf.get(), whole.size(), o));
}

// Every u32 count or length field (found through the field log) set to 0xFFFFFFFF fails
// with GRB_COUNT_TOO_LARGE or another clean error, never by allocating.
TEST_P(GrbPrefix, HugeCountsAndLengthsFailCleanly) {
  const std::vector<uint8_t> whole = test::sample_bytes(GetParam().name);
  FieldLog log;
  DecodeOptions o = test::forced(GetParam().dialect);
  o.field_log = &log;
  ASSERT_TRUE(f2g::decode(whole.data(), whole.size(), o));
  o.field_log = nullptr;
  size_t normal_peak;
  {
    f2g::test::AllocScope scope;
    ASSERT_TRUE(f2g::decode(whole.data(), whole.size(), o));
    normal_peak = scope.stats().peak_bytes;
  }
  int tried = 0;
  for (const FieldSpan& f : log) {
    const bool count = f.path.find("count") != std::string::npos && f.size == 4;
    const bool length = (f.path.find("buffer") != std::string::npos ||
                         f.path.find("platform_data") != std::string::npos ||
                         f.path.find("length") != std::string::npos) &&
                        f.size == 4 && f.path.find("[") == std::string::npos;
    if (!count && !length) continue;
    std::vector<uint8_t> b = whole;
    std::memset(&b[f.offset], 0xFF, 4);
    f2g::test::AllocScope scope;
    Result<Decoded> d = f2g::decode(b.data(), b.size(), o);
    scope.stop();
    EXPECT_LE(scope.stats().peak_bytes, normal_peak + 65536) << f.path;
    ++tried;
    if (d) continue;  // a count the grammar does not size by (DrawPrimsCount, cluster counts)
    EXPECT_EQ(d.error().code.rfind("GRB_", 0), 0u) << f.path;
  }
  EXPECT_GE(tried, 6);
}

std::string sample_name(const ::testing::TestParamInfo<test::Sample>& p) {
  std::string n = p.param.name;
  for (char& c : n)
    if (c == '/') c = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Samples, GrbPrefix, ::testing::ValuesIn(test::samples()), sample_name);

}  // namespace
}  // namespace f2g::grb
