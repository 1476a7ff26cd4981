// The committed RR samples are exactly what the generator makes today.
#include <gtest/gtest.h>

#include <set>

#include "samples/generator/game_samples.h"
#include "tests/support/rr_test_support.h"

namespace f2g::rr {
namespace {

TEST(RrSamples, CommittedFilesEqualAFreshGeneration) {
  const std::vector<samples::SampleFile> fresh = samples::rr_samples();
  ASSERT_EQ(fresh.size(), test::sample_names().size());
  for (const samples::SampleFile& s : fresh) {
    SCOPED_TRACE(s.path);
    const std::vector<uint8_t> committed =
        test::read_file(std::string(F2G_SOURCE_DIR) + "/samples/" + s.path);
    EXPECT_EQ(committed.size(), s.bytes.size());
    EXPECT_TRUE(committed == s.bytes) << "regenerate with forge2gltf-samples samples/";
  }
}

TEST(RrSamples, GenerationIsDeterministic) {
  const std::vector<samples::SampleFile> a = samples::rr_samples(), b = samples::rr_samples();
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_TRUE(a[i].bytes == b[i].bytes) << a[i].path;
}

TEST(RrSamples, PathsAreRrMeshesUnder200KB) {
  std::set<std::string> names;
  for (const std::string& n : test::sample_names()) names.insert("rr/" + n + ".mesh");
  for (const samples::SampleFile& s : samples::rr_samples()) {
    EXPECT_EQ(names.count(s.path), 1u) << s.path;
    EXPECT_LT(s.bytes.size(), 200u * 1024) << s.path;
    EXPECT_GT(s.bytes.size(), 4000u) << s.path;
  }
}

}  // namespace
}  // namespace f2g::rr
