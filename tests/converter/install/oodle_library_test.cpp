// Oodle through a library the user names, tested with the stand-in libraries the build makes
// (tests/support/oodle_standin), never with RAD's: a block round trip, the sample GRB archive's
// Oodle entry read, and each way a library can fail named for that entry only.
#include "converter/install/oodle_library.h"

#include <gtest/gtest.h>

#include <numeric>

#include "formats/archive/archive.h"
#include "tests/support/files.h"

namespace f2g::install {
namespace {

std::string lib(const std::string& name) {
  return std::string(F2G_BINARY_DIR) + "/oodle/lib" + name + ".so";
}

std::vector<uint8_t> grb_sample() {
  return f2g::test::read_bytes(std::string(F2G_SOURCE_DIR) + "/samples/archives/grb/DataPC.forge");
}

// The GRB sample read with `library` as its Oodle codec (the Codecs and library kept alive
// beside the archive, which points at them).
struct ReadWith {
  explicit ReadWith(const std::string& library) : oodle(lib(library)) {
    codecs.oodle = &oodle;
    archive::ReadOptions options;
    options.codecs = &codecs;
    archive = archive::read_archive(bytes.data(), bytes.size(), options);
  }
  Result<archive::EntryContents> entry(size_t i) const {
    return archive::read_entry(*archive, bytes.data(), bytes.size(), i);
  }
  const std::vector<uint8_t> bytes = grb_sample();
  const OodleLibrary oodle;
  archive::Codecs codecs;
  Result<archive::Archive> archive = Error{};
};

std::vector<uint8_t> text(size_t n) {
  std::vector<uint8_t> b(n);
  for (size_t i = 0; i < n; ++i) b[i] = uint8_t("oodle stand-in block "[i % 21]);
  return b;
}

TEST(OodleLibrary, TheStandInRoundTripsABlockAndIsOpenedOnFirstUse) {
  const OodleLibrary o(lib("oodle_standin"));
  const std::vector<uint8_t> raw = text(0x8000);
  std::vector<uint8_t> z;
  std::string why;
  ASSERT_TRUE(o.compress(3, raw.data(), raw.size(), z, why)) << why;
  EXPECT_LT(z.size(), raw.size() / 4);
  std::vector<uint8_t> back(raw.size());
  EXPECT_EQ(o.decompress(z.data(), z.size(), back.data(), back.size()), "");
  EXPECT_EQ(back, raw);
  EXPECT_STREQ(o.failure_code(), "ARCHIVE_OODLE_LIBRARY");
}

TEST(OodleLibrary, EachFailureNamesTheLibrary) {
  const OodleLibrary good(lib("oodle_standin"));
  const std::vector<uint8_t> raw = text(5000);
  std::vector<uint8_t> z;
  std::string why;
  ASSERT_TRUE(good.compress(3, raw.data(), raw.size(), z, why));
  std::vector<uint8_t> out(raw.size(), 0);
  struct Case {
    std::string name, says;
    bool compresses = false;  // the short one lies only when decoding
  };
  for (const Case& c : std::vector<Case>{
           {"no_such_library", "does not open"},
           {"oodle_standin_nosymbols", "has no OodleLZ_Decompress"},
           {"oodle_standin_failing", "failed on the block (OodleLZ_Decompress returned 0)"},
           {"oodle_standin_short", "decoded 4999 bytes, the block declares 5000", true},
           {"oodle_standin_overrun", "wrote past the block's 5000 bytes"}}) {
    const OodleLibrary o(lib(c.name));
    const std::string e = o.decompress(z.data(), z.size(), out.data(), out.size());
    EXPECT_NE(e.find("'" + lib(c.name) + "'"), std::string::npos) << e;
    EXPECT_NE(e.find(c.says), std::string::npos) << c.name << ": " << e;
    std::vector<uint8_t> again;
    why.clear();
    EXPECT_EQ(o.compress(3, raw.data(), raw.size(), again, why), c.compresses) << c.name;
    if (!c.compresses) {
      EXPECT_NE(why.find(lib(c.name)), std::string::npos) << why;
    }
  }
  EXPECT_EQ(std::accumulate(out.begin(), out.end(), 0u), 0u);  // nothing handed out
}

TEST(OodleLibrary, ABareNameIsNotSearchedFor) {
  const OodleLibrary o("liboodle_standin.so");  // on no search path: the working directory only
  std::vector<uint8_t> out(4);
  const uint8_t z[] = {0x5B, 1, 2, 3, 4};
  EXPECT_NE(o.decompress(z, sizeof z, out.data(), 4).find("does not open"), std::string::npos);
}

TEST(OodleLibrary, TheSampleArchivesOodleEntryReadsWithTheStandIn) {
  const ReadWith r("oodle_standin");
  ASSERT_TRUE(r.archive);
  Result<archive::EntryContents> e = r.entry(4);
  ASSERT_TRUE(e) << e.error().to_string();
  EXPECT_EQ(e->kind, archive::EntryKind::Resources);
  EXPECT_EQ(e->sets[1].header.compression, 3);
  EXPECT_FALSE(e->sets[1].blocks[0].raw());
  ASSERT_EQ(e->resources.size(), 2u);
  EXPECT_EQ(e->resources[0].id, 0xC3A5F1E2B4D69788u);
  EXPECT_EQ(e->resources[0].name, "Oodle_Pipe");
  EXPECT_EQ(e->resources[1].id, 0x5D1E9A7B3C8F2461u);
  // Re-encoded with the library's compressor: the stored payload, byte for byte.
  Result<std::vector<uint8_t>> p = archive::reencode_entry_payload(
      *r.archive->dialect, *e, archive::resource_records(*e), r.codecs);
  ASSERT_TRUE(p) << p.error().to_string();
  const archive::Entry& entry = r.archive->entries[4];
  EXPECT_TRUE(std::equal(p->begin(), p->end(), r.bytes.begin() + long(entry.offset)));
  EXPECT_EQ(p->size(), entry.size);
}

TEST(OodleLibrary, AFailingLibraryFailsItsEntryOnlyWithTheCodeAndOffset) {
  const ReadWith r("oodle_standin_short");
  ASSERT_TRUE(r.archive);
  for (size_t i = 0; i < r.archive->entries.size(); ++i) {
    Result<archive::EntryContents> e = r.entry(i);
    if (i != 4) {
      EXPECT_TRUE(e) << i;
      continue;
    }
    ASSERT_FALSE(e);
    EXPECT_EQ(e.error().code, "ARCHIVE_OODLE_LIBRARY");
    // The directory's set is raw (61 bytes: a 19-byte head, one i32 size pair, the checksum,
    // 30 bytes); the records' first block's data follows its head, pair and checksum.
    EXPECT_EQ(e.error().path, "archive/entries[4]/sets[1]/blocks[0].data");
    EXPECT_EQ(e.error().offset, r.archive->entries[4].offset + 61 + 19 + 8 + 4);
    EXPECT_NE(e.error().message.find("oodle_standin_short"), std::string::npos);
  }
}

TEST(OodleLibrary, TheFlagWinsOverTheEnvironment) {
  ::setenv("FORGE2GLTF_OODLE", "/from/env.so", 1);
  EXPECT_EQ(oodle_library_choice(""), "/from/env.so");
  EXPECT_EQ(oodle_library_choice("/from/flag.so"), "/from/flag.so");
  ::unsetenv("FORGE2GLTF_OODLE");
  EXPECT_EQ(oodle_library_choice(""), "");
  use_oodle_library("");
  EXPECT_EQ(run_codecs().find(archive::Codec::Oodle), nullptr);
  use_oodle_library(lib("oodle_standin"));
  EXPECT_NE(run_codecs().find(archive::Codec::Oodle), nullptr);
  EXPECT_EQ(read_options().codecs, &run_codecs());
  use_oodle_library("");
}

}  // namespace
}  // namespace f2g::install
