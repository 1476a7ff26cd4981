// Version-25 archives (docs/READING.md "Version 25"): the SWS sample forge read to its tables,
// wrappers and data files, each payload form told from the bytes, and written back byte for
// byte; then the forms the sample generator does not write (ACX's u16 raw lengths, rows without
// their u16s, a data file stored as is, checksums from 1, LZO1C), built here by hand.
#include <gtest/gtest.h>

#include "tests/support/archive_test_support.h"

namespace f2g::archive {
namespace {

const Dialect& sws() { return *dialect_named("sws"); }

std::vector<uint8_t> sws_sample() { return test::sample("sws/DataPC.forge"); }

std::vector<uint8_t> sws_mesh(const std::string& name) {
  return f2g::test::read_bytes(std::string(F2G_SOURCE_DIR) + "/samples/sws/" + name);
}

bool has_code(const std::vector<Error>& ds, const std::string& code) {
  for (const Error& d : ds)
    if (d.code == code) return true;
  return false;
}

// A one-entry version-25 archive holding `payload`, its entry id 1.
std::vector<uint8_t> forge_of(const std::vector<uint8_t>& payload) {
  return test::archive_of(sws(), {payload});
}

// A managed body (u8 1, u32 id, u32 class) with `fields`.
ResourceRecord body_record(uint32_t id, const std::string& name, std::vector<uint8_t> fields) {
  ResourceRecord r;
  r.class_id = class_id("Material");
  r.name = name;
  r.body = {1};
  for (int k = 0; k < 4; ++k) r.body.push_back(uint8_t(id >> (8 * k)));
  for (int k = 0; k < 4; ++k) r.body.push_back(uint8_t(r.class_id >> (8 * k)));
  r.body.insert(r.body.end(), fields.begin(), fields.end());
  return r;
}

TEST(ArchiveV25, TheSampleForgeReadsAsVersion25WithAc1Layout) {
  const std::vector<uint8_t> b = sws_sample();
  const Archive a = test::must_read(b);
  EXPECT_EQ(a.version, 25);
  EXPECT_EQ(a.dialect, &sws());
  EXPECT_EQ(a.data_header.offset, 0x416u);
  EXPECT_EQ(a.data_header.first_section_offset, 0x416u + 40);
  ASSERT_EQ(a.sections.size(), 2u);  // AC1's empty second section
  EXPECT_EQ(a.sections[1].count, 0);
  EXPECT_EQ(a.sections[1].first_index, 4);
  EXPECT_EQ(a.sections[1].last_index, 7);
  ASSERT_EQ(a.entries.size(), 4u);
  EXPECT_EQ(a.payload_alignment, 2048u);
  for (const Entry& e : a.entries) {
    EXPECT_EQ((e.offset - 440) % 2048, 0u) << e.name;
    ASSERT_EQ(e.wrapper.size(), 440u);
    EXPECT_EQ(std::string(e.wrapper.begin(), e.wrapper.begin() + 8), "FILEDATA");
    EXPECT_EQ(test::get<uint32_t>(b, e.index_record_offset + 8), uint32_t(e.file_id));
    EXPECT_EQ(test::get<uint32_t>(b, e.index_record_offset + 12), e.size);
  }
  EXPECT_EQ(a.entries[0].file_id, 3001u);
  EXPECT_EQ(a.entries[2].name, "SWS_Morph");
  // The empty section's range is the only layout break: a warning, never an error.
  ASSERT_EQ(a.warnings.size(), 1u);
  EXPECT_EQ(a.warnings[0].code, "ARCHIVE_SECTION_RANGE");
}

TEST(ArchiveV25, EachEntryNamesItsPayloadForm) {
  const std::vector<uint8_t> b = sws_sample();
  const Archive a = test::must_read(b);
  const char* want[] = {
      "no prefix, table sets, AC1 rows",
      "prefix of 20, table sets, AC2 rows, 1 records flagged 1",
      "no prefix, table sets, AC1 rows",
      "no prefix, stream set, AC1 rows",
  };
  for (size_t i = 0; i < a.entries.size(); ++i) {
    Result<EntryContents> c = read_entry(a, b.data(), b.size(), i);
    ASSERT_TRUE(c) << c.error().to_string();
    EXPECT_TRUE(c->data_file);
    EXPECT_EQ(describe(c->form), want[i]) << i;
    EXPECT_TRUE(c->warnings.empty()) << c->warnings[0].to_string();
  }
}

TEST(ArchiveV25, MeshPayloadsAreTheSwsMeshFilesByteForByte) {
  const std::vector<test::MeshResource> m = test::meshes_of(sws_sample());
  ASSERT_EQ(m.size(), 5u);
  const std::pair<const char*, const char*> files[] = {
      {"Skater_Palettes", "skinned_palettes.mesh"},
      {"Props_Materials", "static_materials.mesh"},
      {"Props_LitTwoUV", "lit_two_uv.mesh"},
      {"Morph_SubMeshes", "morph_submeshes.mesh"},
      {"Unknown_Category", "unknown_category.mesh"}};
  for (size_t i = 0; i < m.size(); ++i) {
    EXPECT_EQ(m[i].name, files[i].first);
    const std::vector<uint8_t> f = sws_mesh(files[i].second);
    EXPECT_TRUE(m[i].body == f) << files[i].second;
    EXPECT_EQ(m[i].id, test::get<uint32_t>(f, 1));  // u32 ids after the managed byte
  }
}

TEST(ArchiveV25, TheDirectoryAloneIsTheEntrysRows) {
  const std::vector<uint8_t> b = sws_sample();
  const Archive a = test::must_read(b);
  for (size_t i = 0; i < a.entries.size(); ++i) {
    const EntryContents c = *read_entry(a, b.data(), b.size(), i);
    Result<std::vector<DirectoryEntry>> d = read_directory(a, b.data(), b.size(), i);
    ASSERT_TRUE(d) << d.error().to_string();
    ASSERT_EQ(d->size(), c.directory.size()) << i;
    for (size_t k = 0; k < d->size(); ++k) {
      EXPECT_EQ((*d)[k].id, c.directory[k].id);
      EXPECT_EQ((*d)[k].record_size, c.directory[k].record_size);
    }
  }
}

TEST(ArchiveV25, TheSetsAreATableOfSeveralBlocksAStreamAndRawBlocks) {
  const std::vector<uint8_t> b = sws_sample();
  const Archive a = test::must_read(b);
  const EntryContents props = *read_entry(a, b.data(), b.size(), 1);
  ASSERT_EQ(props.sets.size(), 2u);
  EXPECT_FALSE(props.sets[1].stream);
  EXPECT_GE(props.sets[1].blocks.size(), 3u);
  size_t raw = 0;
  for (const StoredBlock& k : props.sets[1].blocks) raw += k.raw();
  EXPECT_GE(raw, 1u);  // the noise
  EXPECT_EQ(props.form.prefix.size(), 20u);
  const EntryContents morph = *read_entry(a, b.data(), b.size(), 2);
  EXPECT_EQ(morph.sets[1].header.compression, 0);
  const EntryContents unknown = *read_entry(a, b.data(), b.size(), 3);
  ASSERT_EQ(unknown.sets.size(), 1u);
  EXPECT_TRUE(unknown.sets[0].stream);
  size_t flags[2] = {0, 0};
  for (const StoredBlock& k : unknown.sets[0].blocks) ++flags[k.flag];
  EXPECT_GE(flags[0], 1u);  // a raw chunk
  EXPECT_GE(flags[1], 1u);  // an LZO1X chunk
}

TEST(ArchiveV25, ANoOpRewriteAndEveryEntryReencodeAreByteIdentical) {
  const std::vector<uint8_t> b = sws_sample();
  const Archive a = test::must_read(b);
  std::vector<PayloadRef> refs;
  for (size_t i = 0; i < a.entries.size(); ++i) {
    const Entry& e = a.entries[i];
    refs.push_back({b.data() + e.offset, e.size});
    const EntryContents c = *read_entry(a, b.data(), b.size(), i);
    Result<std::vector<uint8_t>> p = reencode_entry_payload(sws(), c, resource_records(c));
    ASSERT_TRUE(p) << p.error().to_string();
    EXPECT_TRUE(std::equal(p->begin(), p->end(), b.begin() + long(e.offset)) && p->size() == e.size)
        << e.name;
  }
  Result<std::vector<uint8_t>> w = write_archive(a, refs);
  ASSERT_TRUE(w) << w.error().to_string();
  EXPECT_TRUE(*w == b);
}

TEST(ArchiveV25, AChangedEntryMovesTheOthersAndPatchesItsWrapperSize) {
  const std::vector<uint8_t> b = sws_sample();
  const Archive a = test::must_read(b);
  EntryContents c = *read_entry(a, b.data(), b.size(), 0);
  std::vector<ResourceRecord> records = resource_records(c);
  records[1].body.insert(records[1].body.end(), 5000, 0x42);
  const std::vector<uint8_t> p = *reencode_entry_payload(sws(), c, records);
  std::vector<PayloadRef> refs{{p.data(), p.size()}};
  for (size_t i = 1; i < a.entries.size(); ++i)
    refs.push_back({b.data() + a.entries[i].offset, a.entries[i].size});
  const std::vector<uint8_t> w = *write_archive(a, refs);
  const Archive n = test::must_read(w);
  EXPECT_EQ(n.payload_alignment, 2048u);
  EXPECT_EQ(n.entries[0].size, p.size());
  EXPECT_EQ(test::get<int32_t>(w, n.entries[0].offset - 440 + kWrapperSizeAt), int32_t(p.size()));
  for (size_t i = 1; i < n.entries.size(); ++i) {
    EXPECT_EQ((n.entries[i].offset - 440) % 2048, 0u);
    EXPECT_TRUE(std::equal(w.begin() + long(n.entries[i].offset),
                           w.begin() + long(n.entries[i].offset + n.entries[i].size),
                           b.begin() + long(a.entries[i].offset)));
  }
  const EntryContents back = *read_entry(n, w.data(), w.size(), 0);
  EXPECT_TRUE(resource_records(back)[1].body == records[1].body);
}

TEST(ArchiveV25, AChangedStreamEntryKeepsItsChunkingAndReadsBack) {
  const std::vector<uint8_t> b = sws_sample();
  const Archive a = test::must_read(b);
  const EntryContents c = *read_entry(a, b.data(), b.size(), 3);
  std::vector<ResourceRecord> records = resource_records(c);
  records[0].body.insert(records[0].body.end(), 70000, 0x5A);  // two chunks more
  const std::vector<uint8_t> p = *reencode_entry_payload(sws(), c, records);
  const std::vector<uint8_t> w = forge_of(p);
  const Archive n = test::must_read(w);
  Result<EntryContents> back = read_entry(n, w.data(), w.size(), 0);
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(describe(back->form), describe(c.form));
  ASSERT_GT(back->sets[0].blocks.size(), c.sets[0].blocks.size());
  for (size_t i = 0; i + 1 < c.sets[0].blocks.size(); ++i) {  // the old chunks' sizes and flags
    EXPECT_EQ(back->sets[0].blocks[i].uncompressed_size, c.sets[0].blocks[i].uncompressed_size);
    EXPECT_EQ(back->sets[0].blocks[i].flag, c.sets[0].blocks[i].flag);
  }
  EXPECT_TRUE(resource_records(*back)[0].body == records[0].body);
  EXPECT_TRUE(resource_records(*back)[1].body == records[1].body);
}

// The forms a new payload can take, each read back to the same resources and named.
struct FormCase {
  const char* name;
  DataFileForm form;
  int compression;
  const char* described;
};

std::vector<FormCase> form_cases() {
  std::vector<FormCase> out;
  DataFileForm f;
  out.push_back({"lzo1c table", f, 5, "no prefix, table sets, AC1 rows"});
  f.stream = true;
  f.length_width = 2;
  out.push_back(
      {"stream, ACX's u16 raw lengths", f, 1, "no prefix, stream set (u16 raw lengths), AC1 rows"});
  f = {};
  f.rows = IndexRows::Ac2Bare;
  f.row_extras = {{7, 8, 9}, {}};
  f.kept = {1, 2, 3, 4};
  f.prefix = {1, 0, 0, 0, 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'};
  out.push_back({"AC2 rows without u16s", f, 1, "prefix of 12, table sets, AC2 rows without u16s"});
  f = {};
  f.sets = false;
  f.rows = IndexRows::Ac2;
  f.row_extras = {{}, {3}};
  out.push_back({"stored as is", f, -1, "no prefix, stored as is, AC2 rows"});
  f = {};
  f.stream = true;
  f.rows = IndexRows::Ac2;
  out.push_back({"stream with LZO2A", f, 2, "no prefix, stream set, AC2 rows"});
  return out;
}

TEST(ArchiveV25, FormsTheSampleDoesNotUseReadBackAndAreNamed) {
  const std::vector<ResourceRecord> records{
      body_record(0x11, "A", std::vector<uint8_t>(70000, 'a')),
      body_record(0x22, "B", test::noise(40000, 3))};
  for (const FormCase& fc : form_cases()) {
    SCOPED_TRACE(fc.name);
    Result<std::vector<uint8_t>> p =
        encode_entry_payload(sws(), records, fc.compression, builtin_codecs(), fc.form);
    ASSERT_TRUE(p) << p.error().to_string();
    const std::vector<uint8_t> b = forge_of(*p);
    const Archive a = test::must_read(b);
    Result<EntryContents> c = read_entry(a, b.data(), b.size(), 0);
    ASSERT_TRUE(c) << c.error().to_string();
    EXPECT_EQ(describe(c->form), fc.described);
    EXPECT_TRUE(c->warnings.empty());
    const std::vector<ResourceRecord> back = resource_records(*c);
    ASSERT_EQ(back.size(), 2u);
    EXPECT_TRUE(back[0].body == records[0].body);
    EXPECT_TRUE(back[1].body == records[1].body);
    EXPECT_EQ(c->resources[1].id, 0x22u);
    Result<std::vector<uint8_t>> again = reencode_entry_payload(sws(), *c, back);
    ASSERT_TRUE(again) << again.error().to_string();
    EXPECT_TRUE(*again == *p);
  }
}

TEST(ArchiveV25, AChecksumFromOneIsNamedAndAnyOtherIsAWarningNotAnError) {
  const std::vector<ResourceRecord> records{body_record(0x11, "A", {1, 2, 3})};
  const std::vector<uint8_t> p = *encode_entry_payload(sws(), records);
  std::vector<uint8_t> b = forge_of(p);
  const Archive a = test::must_read(b);
  const EntryContents c = *read_entry(a, b.data(), b.size(), 0);
  const StoredBlock& k = c.sets[0].blocks[0];
  test::put<uint32_t>(b, k.offset, adler32_one(k.data, k.stored_size));
  std::vector<Error> ds = test::diagnostics(b);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].code, "ARCHIVE_CHECKSUM_FROM_ONE");
  EXPECT_EQ(ds[0].offset, k.offset);
  test::put<uint32_t>(b, k.offset, 0xDEADBEEF);
  ds = test::diagnostics(b);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].code, "ARCHIVE_CHECKSUM_UNKNOWN");
  // zlib's Adler-32 of "abc" is 0x024D0127 (RFC 1950's definition, from 1).
  const uint8_t abc[] = {'a', 'b', 'c'};
  EXPECT_EQ(adler32_one(abc, 3), 0x024D0127u);
}

TEST(ArchiveV25, WrapperAndNameRecordDisagreementsAreWarnings) {
  std::vector<uint8_t> b = forge_of(*encode_entry_payload(sws(), {body_record(1, "A", {9})}));
  const Archive a = test::must_read(b);
  const Entry& e = a.entries[0];
  test::put<int32_t>(b, e.offset - 440 + kWrapperIdAt, 77);
  test::put<int32_t>(b, e.offset - 440 + kWrapperSizeAt, 5);
  test::put<int32_t>(b, e.name_record_offset, 6);
  const std::vector<Error> ds = test::diagnostics(b);
  EXPECT_TRUE(has_code(ds, "ARCHIVE_WRAPPER_ID"));
  EXPECT_TRUE(has_code(ds, "ARCHIVE_WRAPPER_SIZE"));
  EXPECT_TRUE(has_code(ds, "ARCHIVE_NAME_SIZE"));
  // Kept as found: a no-op rewrite leaves the disagreeing sizes and id alone.
  const Archive kept = test::must_read(b);
  Result<std::vector<uint8_t>> same = write_archive(kept, {{b.data() + e.offset, e.size}});
  ASSERT_TRUE(same) << same.error().to_string();
  EXPECT_TRUE(*same == b);
  test::put<char>(b, e.offset - 440, 'X');
  Result<Archive> broken = read_archive(b.data(), b.size());
  ASSERT_FALSE(broken);
  EXPECT_EQ(broken.error().code, "ARCHIVE_WRAPPER_MAGIC");
  EXPECT_EQ(broken.error().offset, e.offset - 440);
}

TEST(ArchiveV25, BreaksOfWhatDecidesTheBytesAreErrorsWithOffsets) {
  const std::vector<uint8_t> p = *encode_entry_payload(sws(), {body_record(1, "A", {9})});
  const std::vector<uint8_t> good = forge_of(p);
  const Archive a = test::must_read(good);
  const uint64_t set = a.entries[0].offset;
  struct Case {
    const char* what;
    uint64_t at;
    uint16_t value;
    const char* code;
  };
  const Case cases[] = {
      {"mode", set + 13, 0x1234, "ARCHIVE_SET_MODE"},
      {"block count", set + 15, 0xFFFF, "ARCHIVE_BLOCK_COUNT"},
  };
  for (const Case& k : cases) {
    SCOPED_TRACE(k.what);
    std::vector<uint8_t> b = good;
    test::put<uint16_t>(b, k.at, k.value);
    const std::vector<Error> ds = test::diagnostics(b);
    ASSERT_FALSE(ds.empty());
    EXPECT_EQ(ds.back().code, k.code);
    EXPECT_EQ(ds.back().offset, k.at);
  }
  // A stream chunk flag of 2 and a data file whose count does not fit.
  DataFileForm stream;
  stream.stream = true;
  std::vector<uint8_t> s = forge_of(
      *encode_entry_payload(sws(), {body_record(1, "A", {9})}, 1, builtin_codecs(), stream));
  const uint64_t chunk = test::must_read(s).entries[0].offset + 15;
  s[chunk] = 2;
  std::vector<Error> ds = test::diagnostics(s);
  ASSERT_FALSE(ds.empty());
  EXPECT_EQ(ds.back().code, "ARCHIVE_STREAM_CHUNK");
  EXPECT_EQ(ds.back().offset, chunk);
  DataFileForm plain;
  plain.sets = false;
  std::vector<uint8_t> r = forge_of(
      *encode_entry_payload(sws(), {body_record(1, "A", {9})}, -1, builtin_codecs(), plain));
  test::put<uint16_t>(r, test::must_read(r).entries[0].offset, 900);
  ds = test::diagnostics(r);
  ASSERT_FALSE(ds.empty());
  EXPECT_EQ(ds.back().code, "ARCHIVE_DATA_INDEX");
}

TEST(ArchiveV25, AFlagOtherThanZeroOrOneIsAWarning) {
  ResourceRecord r = body_record(1, "A", {9});
  r.gap = {7};
  std::vector<uint8_t> b = forge_of(*encode_entry_payload(sws(), {r}));
  const std::vector<Error> ds = test::diagnostics(b);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].code, "ARCHIVE_RECORD_FLAG");
}

// Every prefix of the sample forge reads cleanly: an error with a field path, or (past the
// last payload, in the padding) the archive whole but for a layout warning.
TEST(ArchiveV25, EveryPrefixOfTheSampleForgeFailsCleanly) {
  const std::vector<uint8_t> b = sws_sample();
  const Archive whole = test::must_read(b);
  const Entry& last = whole.entries.back();
  size_t read_whole = 0;
  for (size_t n = 0; n < b.size(); n += n < 4096 ? 1 : 97) {
    const std::vector<uint8_t> cut(b.begin(), b.begin() + long(n));
    Result<Archive> a = read_archive(cut.data(), cut.size());
    if (!a) {
      EXPECT_EQ(a.error().path.rfind("archive", 0), 0u) << n;
      continue;
    }
    ASSERT_GE(n, last.offset + last.size) << "tables that point past the end read at " << n;
    for (size_t i = 0; i < a->entries.size(); ++i)
      ASSERT_TRUE(read_entry(*a, cut.data(), cut.size(), i)) << n;
    ++read_whole;
  }
  EXPECT_GT(read_whole, 0u);  // the cuts in the final padding
}

}  // namespace
}  // namespace f2g::archive
