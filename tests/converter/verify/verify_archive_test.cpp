// verify --reencode on archives (every entry recompressed, the tables rewritten) and verify
// --against (which entries changed, each read and decoded strictly), on the sample archives
// and on archives the writer would never produce: a set stored raw where LZO1X-999 compresses,
// a set cut into blocks at other boundaries, a gap between payloads.
#include <gtest/gtest.h>

#include <sstream>

#include "converter/verify/archive_compare.h"
#include "converter/verify/archive_reencode.h"
#include "tests/support/archive_test_support.h"

namespace f2g::verify {
namespace {

using namespace f2g::archive;
using namespace f2g::archive::test;
using Bytes = std::vector<uint8_t>;

const std::vector<std::string> kSamples = {"grw/DataPC.forge", "grw/DataPC_patch_01.forge",
                                           "grb/DataPC.forge", "sws/DataPC.forge"};

// The first resources entry holding a Mesh, or -1.
long mesh_entry(const Bytes& b, const Archive& a) {
  for (size_t i = 0; i < a.entries.size(); ++i) {
    Result<EntryContents> c = read_entry(a, b.data(), b.size(), i);
    if (c && c->kind == EntryKind::Resources)
      for (const Resource& r : c->resources)
        if (r.class_id == class_id("Mesh")) return long(i);
  }
  return -1;
}

// `b` with entry `i`'s payload replaced by `payload` (the writer moves what follows).
Bytes with_payload(const Bytes& b, size_t i, const Bytes& payload) {
  const Archive a = must_read(b);
  std::vector<PayloadRef> refs;
  for (const Entry& e : a.entries) refs.push_back({b.data() + e.offset, e.size});
  refs[i] = {payload.data(), payload.size()};
  return *write_archive(a, refs);
}

// Entry `i` of `b` with its records set rebuilt by `make` from the decompressed records.
Bytes with_records_set(const Bytes& b, size_t i, const std::function<Bytes(const Bytes&)>& make) {
  const Archive a = must_read(b);
  const EntryContents c = *read_entry(a, b.data(), b.size(), i);
  Bytes p(b.begin() + long(c.sets[0].offset), b.begin() + long(c.sets[0].offset + c.sets[0].size));
  const Bytes set = make(c.records);
  p.insert(p.end(), set.begin(), set.end());
  return with_payload(b, i, p);
}

// The records stored raw, in one block (LZO1X-999 would compress them).
Bytes raw_set(const Dialect& d, uint8_t compression, const Bytes& records) {
  BlockSet s;
  s.header.version = d.set_version;
  s.header.compression = compression;
  StoredBlock blk;
  blk.uncompressed_size = blk.stored_size = uint32_t(records.size());
  blk.data = records.data();
  blk.checksum = adler32_zero(records.data(), records.size());
  s.blocks.push_back(blk);
  return encode_stored_block_set(d, s);
}

// The records compressed in two blocks cut at half the records (the writer cuts at 0x8000).
Bytes split_set(const Dialect& d, uint8_t compression, const Bytes& records) {
  const size_t half = records.size() / 2;
  const Bytes x = *encode_block_set(d, records.data(), half, compression);
  const Bytes y = *encode_block_set(d, records.data() + half, records.size() - half, compression);
  BlockSet s = *read_block_set(d, x.data(), x.size(), 0, "x");
  const BlockSet t = *read_block_set(d, y.data(), y.size(), 0, "y");
  s.blocks.push_back(t.blocks[0]);
  return encode_stored_block_set(d, s);
}

ArchiveReencodeReport check(const Bytes& b) { return reencode_archive_check(b.data(), b.size()); }
ArchiveCompareReport against(const Bytes& n, const Bytes& o) {
  return compare_archives(n.data(), n.size(), o.data(), o.size());
}

TEST(ArchiveReencode, EverySampleArchiveIsReproducedByteForByte) {
  for (const std::string& name : kSamples) {
    SCOPED_TRACE(name);
    const Bytes b = sample(name);
    const ArchiveReencodeReport r = check(b);
    EXPECT_TRUE(r.ok()) << to_json(r).dump();
    EXPECT_EQ(r.output_size, b.size());
    EXPECT_EQ(r.entries, must_read(b).entries.size());
    EXPECT_EQ(r.reencoded + r.copied_oodle + r.copied_special, r.entries);
    EXPECT_GT(r.reencoded, 0u);
  }
  EXPECT_EQ(check(sample("grb/DataPC.forge")).copied_oodle, 1u);  // its Oodle entry, verbatim
  EXPECT_EQ(check(sample("grw/DataPC.forge")).copied_oodle, 0u);
}

TEST(ArchiveReencode, ARecordsSetStoredRawIsTheFirstDifferingEntry) {
  for (const std::string& name : {kSamples[0], kSamples[2]}) {
    SCOPED_TRACE(name);
    const Bytes s = sample(name);
    const Archive a = must_read(s);
    const long i = mesh_entry(s, a);
    ASSERT_GE(i, 0);
    const uint8_t number = read_entry(a, s.data(), s.size(), size_t(i))->sets[1].header.compression;
    const Bytes b = with_records_set(
        s, size_t(i), [&](const Bytes& rec) { return raw_set(*a.dialect, number, rec); });
    ASSERT_TRUE(read_entry(must_read(b), b.data(), b.size(), size_t(i)));  // it reads
    const ArchiveReencodeReport r = check(b);
    EXPECT_FALSE(r.ok());
    EXPECT_FALSE(r.error);
    ASSERT_TRUE(r.first_entry);
    EXPECT_EQ(r.first_entry->index, uint64_t(i));
    EXPECT_EQ(r.first_entry->file_id, a.entries[size_t(i)].file_id);
    EXPECT_LT(r.first_entry->output_size, r.first_entry->input_size);  // LZO compresses
    EXPECT_EQ(r.differing_entries, 1u);
    ASSERT_TRUE(r.first_difference);
    // The first byte the rewrite changes: the entry's payload size in its index record.
    const Entry& e = a.entries[size_t(i)];
    EXPECT_GE(*r.first_difference, e.index_record_offset + 16);
    EXPECT_LT(*r.first_difference, e.index_record_offset + 20);
  }
}

TEST(ArchiveReencode, BlocksCutAtOtherBoundariesDiffer) {
  const Bytes s = sample("grw/DataPC.forge");
  const Archive a = must_read(s);
  const size_t i = size_t(mesh_entry(s, a));
  const Bytes b =
      with_records_set(s, i, [&](const Bytes& rec) { return split_set(grw(), 1, rec); });
  const ArchiveReencodeReport r = check(b);
  ASSERT_TRUE(r.first_entry) << to_json(r).dump();
  EXPECT_EQ(r.first_entry->index, i);
  EXPECT_EQ(r.differing_entries, 1u);
}

TEST(ArchiveReencode, AGapBetweenPayloadsIsATableDifferenceNoEntry) {
  const Bytes s = sample("grw/DataPC.forge");
  const Bytes b = relayout(s, {0, 1, 2, 3, 4, 5, 6}, 16);
  const ArchiveReencodeReport r = check(b);
  EXPECT_FALSE(r.ok());
  EXPECT_FALSE(r.first_entry);
  ASSERT_TRUE(r.first_difference);
  // The second entry's offset in the index table is the first byte the writer changes.
  EXPECT_LT(*r.first_difference, must_read(b).entries[0].offset);
}

TEST(ArchiveReencode, AnUnreadableArchiveIsAnError) {
  Bytes b = sample("grw/DataPC.forge");
  b[0] = 'X';
  const ArchiveReencodeReport r = check(b);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->code, "ARCHIVE_MAGIC");
  EXPECT_TRUE(to_json(r)["error"].is_object());
}

TEST(ArchiveReencode, TextAndJsonNameTheEntry) {
  const Bytes s = sample("grw/DataPC.forge");
  const Archive a = must_read(s);
  const size_t i = size_t(mesh_entry(s, a));
  const Bytes b = with_records_set(s, i, [&](const Bytes& rec) { return raw_set(grw(), 1, rec); });
  const ArchiveReencodeReport r = check(b);
  const nlohmann::json j = to_json(r);
  EXPECT_EQ(j["ok"], false);
  EXPECT_EQ(j["first_entry"]["file_id"], a.entries[i].file_id);
  EXPECT_EQ(j["first_entry"]["name"], a.entries[i].name);
  std::ostringstream text;
  print_text(r, text);
  EXPECT_NE(text.str().find("file id " + std::to_string(a.entries[i].file_id)), std::string::npos)
      << text.str();
}

TEST(ArchiveAgainst, AnArchiveAgainstItselfHasNoChange) {
  for (const std::string& name : kSamples) {
    const Bytes b = sample(name);
    const ArchiveCompareReport r = against(b, b);
    EXPECT_TRUE(r.ok()) << to_json(r).dump();
    EXPECT_TRUE(r.changed.empty());
  }
}

TEST(ArchiveAgainst, ARepackedEntryIsListedAndItsMeshesDecoded) {
  const Bytes s = sample("grw/DataPC.forge");
  const Archive a = must_read(s);
  const size_t i = size_t(mesh_entry(s, a));
  const Bytes b = with_records_set(s, i, [&](const Bytes& rec) { return raw_set(grw(), 1, rec); });
  const ArchiveCompareReport r = against(b, s);
  EXPECT_TRUE(r.ok()) << to_json(r).dump();
  ASSERT_EQ(r.changed.size(), 1u);
  EXPECT_EQ(r.changed[0].file_id, a.entries[i].file_id);
  EXPECT_GE(r.changed[0].meshes, 1u);
  EXPECT_GT(r.changed[0].new_size, r.changed[0].old_size);
}

TEST(ArchiveAgainst, AnotherCompressionNumberIsAStructureProblem) {
  const Bytes s = sample("grw/DataPC.forge");
  const Archive a = must_read(s);
  const size_t i = size_t(mesh_entry(s, a));
  const uint8_t number = read_entry(a, s.data(), s.size(), i)->sets[1].header.compression;
  const uint8_t other = number == 1 ? 0 : 1;  // LZO1X and LZO1X-999
  ASSERT_TRUE(grw().compression(other));
  const Bytes b =
      with_records_set(s, i, [&](const Bytes& rec) { return raw_set(grw(), other, rec); });
  const ArchiveCompareReport r = against(b, s);
  EXPECT_FALSE(r.ok());
  ASSERT_EQ(r.problems.size(), 1u) << to_json(r).dump();
  EXPECT_EQ(r.problems[0].code, "VERIFY_ARCHIVE_STRUCTURE");
}

TEST(ArchiveAgainst, ABrokenMeshBodyIsItsDecoderError) {
  const Bytes s = sample("grw/DataPC.forge");
  const Archive a = must_read(s);
  const size_t i = size_t(mesh_entry(s, a));
  const EntryContents c = *read_entry(a, s.data(), s.size(), i);
  std::vector<ResourceRecord> rs = resource_records(c);
  for (ResourceRecord& r : rs)
    if (r.class_id == class_id("Mesh")) r.body.resize(r.body.size() / 2);  // cut short
  const Bytes b = with_payload(s, i, *reencode_entry_payload(grw(), c, rs));
  const ArchiveCompareReport r = against(b, s);
  EXPECT_FALSE(r.ok());
  ASSERT_FALSE(r.problems.empty());
  EXPECT_NE(r.problems[0].message.find("entry " + std::to_string(a.entries[i].file_id)),
            std::string::npos);
}

TEST(ArchiveAgainst, AnotherEntryCountOrOrderIsRefused) {
  const Bytes w = sample("grw/DataPC.forge");
  const ArchiveCompareReport r = against(w, sample("grw/DataPC_patch_01.forge"));
  ASSERT_FALSE(r.problems.empty());
  EXPECT_EQ(r.problems[0].code, "VERIFY_ARCHIVE_ENTRIES");

  Bytes swapped = w;
  const Archive a = must_read(w);
  put<uint64_t>(swapped, a.entries[0].index_record_offset + 8, a.entries[1].file_id);
  put<uint64_t>(swapped, a.entries[1].index_record_offset + 8, a.entries[0].file_id);
  const ArchiveCompareReport o = against(swapped, w);
  ASSERT_FALSE(o.problems.empty());
  EXPECT_EQ(o.problems[0].code, "VERIFY_ARCHIVE_ENTRIES");
}

}  // namespace
}  // namespace f2g::verify
