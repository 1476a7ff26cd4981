// Bounds before allocation: every shortened payload of every sample entry fails cleanly
// (never reading past its end, never decompressing), and counts and sizes set to their
// largest values are refused before they size anything.
#include <gtest/gtest.h>

#include "tests/support/alloc_counter.h"
#include "tests/support/archive_test_support.h"

namespace f2g::archive {
namespace {

TEST(ArchiveBounds, EveryShortenedPayloadFailsCleanly) {
  for (const char* name : {"grw/DataPC.forge", "grb/DataPC.forge", "sws/DataPC.forge"}) {
    std::vector<uint8_t> b = test::sample(name);
    const Archive a = test::must_read(b);
    for (size_t i = 0; i < a.entries.size(); ++i) {
      if (is_special(a.entries[i])) continue;
      const Entry& e = a.entries[i];
      const uint64_t size_at = e.index_record_offset + 8 + a.layout->id_width;
      // Every cut in the first 2 KB (the set headers, size pairs, the first blocks), then every
      // 61st byte: a cut's cost grows with the checksums before it.
      for (uint32_t n = 0; n < e.size; n += n < 2048 ? 1 : 61) {
        // The entry's payload ends after n bytes: both records say so, the rest is a gap,
        // and the bytes given end there too.
        test::put<int32_t>(b, size_at, int32_t(n));
        test::put<int32_t>(b, e.name_record_offset, int32_t(n));
        Archive c = a;
        c.entries[i].size = n;
        Result<EntryContents> r = read_entry(c, b.data(), e.offset + n, i);
        ASSERT_FALSE(r) << name << " entry " << i << " cut to " << n;
        ASSERT_EQ(r.error().path.rfind("archive/entries[" + std::to_string(i) + "]", 0), 0u);
      }
      test::put<int32_t>(b, size_at, int32_t(e.size));
      test::put<int32_t>(b, e.name_record_offset, int32_t(e.size));
      EXPECT_TRUE(read_entry(test::must_read(b), b.data(), b.size(), i));
    }
  }
}

TEST(ArchiveBounds, LargestCountsAndSizesAreRefusedBeforeAllocating) {
  const std::vector<uint8_t> g = test::sample("grb/DataPC.forge");
  const Archive a = test::must_read(g);
  const std::vector<BlockSet> sets = read_entry(a, g.data(), g.size(), 1)->sets;
  struct Case {
    const char* what;
    uint64_t at;
    int32_t value;
    const char* code;
  };
  const Case cases[] = {
      {"section count", a.sections[0].offset, 0x7FFFFFFF, "ARCHIVE_TABLE_OFFSET"},
      {"block count", sets[1].offset + 15, 0x7FFFFFFF, "ARCHIVE_BLOCK_COUNT"},
      {"uncompressed size", sets[1].offset + 19, 0x7FFFFFFF, "ARCHIVE_BLOCK_SIZE"},
      {"stored size", sets[1].offset + 23, 0x7FFFFFFF, "ARCHIVE_TRUNCATED"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    std::vector<uint8_t> b = g;
    test::put<int32_t>(b, c.at, c.value);
    f2g::test::AllocScope scope;
    const std::vector<Error> ds = test::diagnostics(b);
    scope.stop();
    bool found = false;
    for (const Error& d : ds) found = found || d.code == c.code;
    EXPECT_TRUE(found) << (ds.empty() ? "nothing" : ds[0].to_string());
    // Reading every entry of a 64 KB archive decompresses about 130 KB of records.
    EXPECT_LT(scope.stats().peak_bytes, 1u << 20);
  }
}

}  // namespace
}  // namespace f2g::archive
