// Each archive relation broken gives its code (tests/support/archive_test_support.h, shared
// with the error catalogue), and nothing but the one break is reported as an error.
#include <gtest/gtest.h>

#include <set>

#include "tests/support/archive_test_support.h"

namespace f2g::archive {
namespace {

TEST(ArchiveBreaks, EachBreakGivesItsCode) {
  for (const test::Break& b : test::breaks()) {
    SCOPED_TRACE(b.code + ": " + b.how);
    const std::vector<Error> ds = b.run();
    bool found = false;
    for (const Error& d : ds) found = found || d.code == b.code;
    EXPECT_TRUE(found) << (ds.empty() ? "nothing reported" : ds[0].to_string());
  }
}

TEST(ArchiveBreaks, EveryCheckHasABreak) {
  std::set<std::string> codes;
  for (const test::Break& b : test::breaks()) codes.insert(b.code);
  for (const CheckDef* c : check::all()) EXPECT_EQ(codes.count(c->code), 1u) << c->name;
}

TEST(ArchiveBreaks, ABadEntryLeavesTheOthersReadable) {
  std::vector<uint8_t> b = test::sample("grw/DataPC.forge");
  const Archive a = test::must_read(b);
  b[a.entries[1].offset + 30] ^= 0xFF;  // inside entry 1's first set: a checksum or size breaks
  const Archive r = test::must_read(b);
  for (size_t i = 0; i < r.entries.size(); ++i) {
    Result<EntryContents> e = read_entry(r, b.data(), b.size(), i);
    EXPECT_EQ(bool(e), i != 1) << i;
    if (i == 1) {
      EXPECT_EQ(e.error().path.rfind("archive/entries[1]", 0), 0u) << e.error().path;
      EXPECT_EQ(e.error().message.rfind("entry 1002 'GR_Props': ", 0), 0u) << e.error().message;
      EXPECT_GE(e.error().offset, a.entries[1].offset);
    }
  }
}

}  // namespace
}  // namespace f2g::archive
