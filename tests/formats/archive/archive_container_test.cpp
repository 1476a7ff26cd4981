// The container: the sample archives' tables, the section chain, names and ids, layout
// warnings for inputs the writer never makes, every prefix failing cleanly, and
// write(read(x)) == x.
#include <gtest/gtest.h>

#include "tests/support/archive_test_support.h"

namespace f2g::archive {
namespace {

using test::grb;
using test::grw;

std::vector<PayloadRef> payloads(const Archive& a, const std::vector<uint8_t>& b) {
  std::vector<PayloadRef> p;
  for (const Entry& e : a.entries) p.push_back({b.data() + e.offset, e.size});
  return p;
}

bool has(const std::vector<Error>& ds, const std::string& code) {
  for (const Error& d : ds)
    if (d.code == code) return true;
  return false;
}

TEST(ArchiveContainer, GrwSampleHasTwoSectionsAndItsEntries) {
  const std::vector<uint8_t> b = test::sample("grw/DataPC.forge");
  ASSERT_TRUE(looks_like_archive(b.data(), b.size()));
  const Archive a = test::must_read(b);
  EXPECT_EQ(a.dialect, &grw());
  EXPECT_EQ(a.version, 27);
  EXPECT_TRUE(a.warnings.empty()) << a.warnings[0].to_string();
  ASSERT_EQ(a.sections.size(), 2u);
  EXPECT_EQ(a.sections[0].count, 4);
  EXPECT_EQ(a.sections[1].count, 4);
  EXPECT_EQ(a.sections[1].first_index, 4);
  EXPECT_EQ(a.sections[1].last_index, 7);
  EXPECT_EQ(a.sections[1].next_offset, -1);
  EXPECT_EQ(a.sections[0].next_offset, int64_t(a.sections[1].offset));
  ASSERT_EQ(a.entries.size(), 8u);  // five, the streamed mip's, the two special entries
  EXPECT_EQ(a.data_header.entry_count, 8);
  EXPECT_EQ(a.entries[0].file_id, 1001u);
  EXPECT_EQ(a.entries[0].name, "GR_Ranger");
  EXPECT_EQ(a.entries[0].resource_type, class_id("Mesh"));
  EXPECT_EQ(a.entries[5].section, 1u);
  EXPECT_EQ(a.entries[5].name, "WSkin_Diffuse_Mip0");  // a streamed level: its own entry
  EXPECT_EQ(a.entries[5].file_id, 0x20201u);           // of its CompiledMip's id
  EXPECT_EQ(a.entries[6].name, "GlobalMetaFile");
  EXPECT_EQ(a.entries[7].name, "PrefetchingFileInfos");
  // Names repeat; ids do not.
  EXPECT_EQ(a.entries[1].name, a.entries[4].name);
  EXPECT_EQ(a.entry_with_id(1005), &a.entries[4]);
  EXPECT_EQ(a.entry_with_id(4242), nullptr);
  EXPECT_EQ(b.size() % kArchiveAlignment, 0u);
  EXPECT_EQ(a.prelude.size(), a.entries[0].offset);
  for (size_t i = 1; i < a.entries.size(); ++i)
    EXPECT_EQ(a.entries[i].offset, a.entries[i - 1].offset + a.entries[i - 1].size);
}

TEST(ArchiveContainer, TheDialectComesFromTheSetVersionOrIsForced) {
  const std::vector<uint8_t> b = test::sample("grb/DataPC.forge");
  EXPECT_EQ(test::must_read(b).dialect, &grb());
  EXPECT_EQ(test::must_read(b, &grw()).dialect, &grw());
  EXPECT_EQ(dialect_named("grb"), &grb());
  EXPECT_EQ(dialect_named("rr"), nullptr);
  EXPECT_EQ(dialect_of_set_version(27, 1), &grw());
  // Set version 1 is SWS's too: version 25 alone decides, version 27 does not.
  EXPECT_EQ(dialect_of_set_version(25, 1), dialect_named("sws"));
  EXPECT_EQ(dialect_of_version(25), dialect_named("sws"));
  EXPECT_EQ(dialect_of_version(27), nullptr);
}

TEST(ArchiveContainer, TheVersionPicksTheContainerLayout) {
  const ContainerLayout* v27 = layout_of_version(27);
  ASSERT_NE(v27, nullptr);
  EXPECT_EQ(grw().layout, v27);
  EXPECT_EQ(grb().layout, v27);
  EXPECT_EQ(v27->data_header_size, 44);
  EXPECT_EQ(v27->index_record_size, 20);
  EXPECT_EQ(v27->id_width, 8);
  EXPECT_EQ(v27->name_record_size, 192);
  EXPECT_EQ(layout_of_version(26), nullptr);
  EXPECT_EQ(known_versions(), "25 or 27");
  const ContainerLayout* v25 = layout_of_version(25);
  ASSERT_NE(v25, nullptr);
  EXPECT_EQ(v25->data_header_size, 40);
  EXPECT_EQ(v25->index_record_size, 16);
  EXPECT_EQ(v25->id_width, 4);
  EXPECT_EQ(v25->name_record_size, 188);
  EXPECT_EQ(v25->wrapper_size, 440);
  std::vector<uint8_t> b = test::sample("grw/DataPC.forge");
  EXPECT_EQ(test::must_read(b).layout, v27);
  test::put<int32_t>(b, 9, 26);
  Result<Archive> a = read_archive(b.data(), b.size());
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().code, "ARCHIVE_VERSION");
  EXPECT_EQ(a.error().offset, 9u);
  EXPECT_EQ(a.error().message, "version 26, not 25 or 27");
}

TEST(ArchiveContainer, RewritingEachSampleIsByteIdentical) {
  for (const char* name : {"grw/DataPC.forge", "grw/DataPC_patch_01.forge", "grb/DataPC.forge"}) {
    SCOPED_TRACE(name);
    const std::vector<uint8_t> b = test::sample(name);
    const Archive a = test::must_read(b);
    Result<std::vector<uint8_t>> w = write_archive(a, payloads(a, b));
    ASSERT_TRUE(w) << w.error().to_string();
    EXPECT_TRUE(*w == b);
  }
}

TEST(ArchiveContainer, ARewriteWithANewPayloadReflowsOffsetsAndBothSizes) {
  const std::vector<uint8_t> b = test::sample("grw/DataPC.forge");
  const Archive a = test::must_read(b);
  std::vector<PayloadRef> p = payloads(a, b);
  const std::vector<uint8_t> bigger(p[0].data, p[0].data + p[0].size);
  std::vector<uint8_t> grown = bigger;
  grown.resize(grown.size() + 100, 0);  // a payload 100 bytes longer (trailing: an entry error)
  p[0] = {grown.data(), grown.size()};
  const std::vector<uint8_t> out = *write_archive(a, p);
  const Archive r = test::must_read(out);
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(r.entries[0].size, a.entries[0].size + 100);
  EXPECT_EQ(test::get<int32_t>(out, r.entries[0].name_record_offset), int32_t(r.entries[0].size));
  EXPECT_EQ(r.entries[1].offset, a.entries[1].offset + 100);
  EXPECT_EQ(out.size() % kArchiveAlignment, 0u);
}

TEST(ArchiveContainer, EveryPrefixOfTheGrwSampleFailsCleanly) {
  const std::vector<uint8_t> b = test::sample("grw/DataPC.forge");
  const Archive a = test::must_read(b);
  const uint64_t end = a.entries.back().offset + a.entries.back().size;
  for (size_t n = 0; n < b.size(); ++n) {
    Result<Archive> r = read_archive(b.data(), n);
    if (n < end) {
      ASSERT_FALSE(r) << n;  // a table or a payload is cut
      continue;
    }
    ASSERT_TRUE(r) << n;  // only padding is cut: the layout warning, and it still reads
    ASSERT_FALSE(r->warnings.empty());
    EXPECT_EQ(r->warnings.back().code, "ARCHIVE_FILE_SIZE");
    if (n == end + 1) n = b.size() - 2;  // the rest of the padding reads alike
  }
}

TEST(ArchiveContainer, LayoutOnlyBreaksAreWarningsAndStillRead) {
  const std::vector<uint8_t> w = test::sample("grw/DataPC.forge");
  const std::vector<std::pair<std::vector<uint8_t>, std::string>> cases = {
      {test::relayout(w, {0, 1, 2, 3, 4, 5, 6}, 16), "ARCHIVE_PAYLOAD_GAP"},
      {test::relayout(w, {2, 0, 1, 3, 4, 5, 6}, 0), "ARCHIVE_PAYLOAD_ORDER"},
      {[&] {
         std::vector<uint8_t> b = w;
         b[b.size() - 5] = 0xAA;
         return b;
       }(),
       "ARCHIVE_PADDING"},
      {std::vector<uint8_t>(w.begin(), w.end() - 100), "ARCHIVE_FILE_SIZE"},
      {[&] {
         std::vector<uint8_t> b = w;
         b.resize(b.size() + 7, 0);
         return b;
       }(),
       "ARCHIVE_FILE_SIZE"},
  };
  for (const auto& [bytes, code] : cases) {
    SCOPED_TRACE(code);
    Result<Archive> a = read_archive(bytes.data(), bytes.size());
    ASSERT_TRUE(a) << a.error().to_string();
    EXPECT_TRUE(has(a->warnings, code));
    for (size_t i = 0; i < a->entries.size(); ++i) {
      Result<EntryContents> e = read_entry(*a, bytes.data(), bytes.size(), i);
      ASSERT_TRUE(e) << i << ": " << e.error().to_string();
    }
  }
}

TEST(ArchiveContainer, ASectionChainCycleIsRefused) {
  std::vector<uint8_t> b = test::sample("grw/DataPC.forge");
  const Archive a = test::must_read(b);
  test::put<int64_t>(b, a.sections[1].offset + 16, int64_t(a.sections[1].offset));  // itself
  Result<Archive> r = read_archive(b.data(), b.size());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, "ARCHIVE_SECTION_CYCLE");
  EXPECT_EQ(r.error().path, "archive/sections[2]");
  EXPECT_EQ(r.error().offset, a.sections[1].offset + 16);
}

TEST(ArchiveContainer, TablesTooLargeForTheArchiveAreRefusedBeforeAllocating) {
  std::vector<uint8_t> b = test::sample("grw/DataPC.forge");
  const Archive a = test::must_read(b);
  test::put<int32_t>(b, a.sections[0].offset, 0x7FFFFFFF);
  Result<Archive> r = read_archive(b.data(), b.size());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, "ARCHIVE_TABLE_OFFSET");
}

TEST(ArchiveContainer, MakeArchiveLaysOutSectionsOfTheCapacity) {
  std::vector<NewEntry> e;
  for (uint64_t i = 0; i < 5; ++i) e.push_back({i + 10, 0, 0, "e" + std::to_string(i)});
  Result<Archive> a = make_archive(grb(), e, 2);
  ASSERT_TRUE(a);
  ASSERT_EQ(a->sections.size(), 3u);
  EXPECT_EQ(a->sections[2].count, 1);
  EXPECT_EQ(a->sections[2].first_index, 4);
  EXPECT_FALSE(make_archive(grb(), {{1, 0, 0, std::string(128, 'x')}}));
}

}  // namespace
}  // namespace f2g::archive
