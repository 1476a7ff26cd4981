// The committed sample archives are exactly what the generator makes today, and small.
#include <gtest/gtest.h>

#include "samples/generator/sample_file.h"
#include "tests/support/files.h"

namespace f2g::samples {
namespace {

TEST(ArchiveSamples, CommittedFilesEqualAFreshGeneration) {
  const std::vector<SampleFile> fresh = archive_samples();
  ASSERT_EQ(fresh.size(), 4u);
  size_t total = 0;
  for (const SampleFile& s : fresh) {
    SCOPED_TRACE(s.path);
    const std::vector<uint8_t> committed =
        f2g::test::read_bytes(std::string(F2G_SOURCE_DIR) + "/samples/" + s.path);
    EXPECT_TRUE(committed == s.bytes) << "regenerate with forge2gltf-samples samples/";
    total += s.bytes.size();
  }
  EXPECT_LT(total, 512u * 1024);
}

TEST(ArchiveSamples, GenerationIsDeterministic) {
  const std::vector<SampleFile> a = archive_samples(), b = archive_samples();
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_TRUE(a[i].bytes == b[i].bytes) << a[i].path;
}

}  // namespace
}  // namespace f2g::samples
