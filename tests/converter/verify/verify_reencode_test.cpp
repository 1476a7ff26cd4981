// The re-encode check: reencode(INPUT) must give INPUT back byte for byte; a difference names
// its first offset, both bytes and the input field covering it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "converter/verify/reencode_check.h"
#include "tests/support/files.h"
#include "tests/support/sample_files.h"

namespace f2g::verify {
namespace {

namespace fs = std::filesystem;
using f2g::test::read_bytes;
using f2g::test::sample_mesh_paths;

TEST(ReencodeCompare, EqualBytesAreOk) {
  const std::vector<uint8_t> b = {1, 2, 3, 4};
  const ReencodeReport r = compare_bytes(b.data(), b.size(), b, {});
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.differing_bytes, 0u);
  EXPECT_EQ(r.input_size, 4u);
  EXPECT_EQ(r.output_size, 4u);
}

TEST(ReencodeCompare, FirstDifferenceHasOffsetAndBothBytes) {
  const std::vector<uint8_t> in = {1, 2, 3, 4, 5, 6};
  std::vector<uint8_t> out = in;
  out[2] = 0x33, out[5] = 0x66;
  const ReencodeReport r = compare_bytes(in.data(), in.size(), out, {});
  EXPECT_FALSE(r.ok());
  ASSERT_TRUE(r.first_difference);
  EXPECT_EQ(r.first_difference->offset, 2u);
  EXPECT_EQ(r.first_difference->expected, 3);
  EXPECT_EQ(r.first_difference->found, 0x33);
  EXPECT_EQ(r.differing_bytes, 2u);
  EXPECT_EQ(r.first_difference->field, "");  // not a mesh: no field read covers it
}

TEST(ReencodeCompare, SizeDifferenceIsReportedAtTheEndOfTheShorter) {
  const std::vector<uint8_t> in = {1, 2, 3, 4, 5, 6};
  const std::vector<uint8_t> shorter = {1, 2, 3, 4};
  ReencodeReport r = compare_bytes(in.data(), in.size(), shorter, {});
  ASSERT_TRUE(r.first_difference);
  EXPECT_EQ(r.first_difference->offset, 4u);
  EXPECT_EQ(r.first_difference->expected, 5);
  EXPECT_EQ(r.first_difference->found, -1);
  EXPECT_EQ(r.differing_bytes, 2u);
  EXPECT_EQ(r.output_size, 4u);

  const std::vector<uint8_t> longer = {1, 2, 3, 4, 5, 6, 7};
  r = compare_bytes(in.data(), in.size(), longer, {});
  ASSERT_TRUE(r.first_difference);
  EXPECT_EQ(r.first_difference->offset, 6u);
  EXPECT_EQ(r.first_difference->expected, -1);
  EXPECT_EQ(r.first_difference->found, 7);
}

TEST(ReencodeCompare, UndecodableInputIsAnError) {
  const std::vector<uint8_t> junk = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  const ReencodeReport r = reencode_check(junk.data(), junk.size(), {});
  EXPECT_FALSE(r.ok());
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->code, "FORMAT_UNRECOGNISED");
}

TEST(ReencodeReportJson, HasTheDocumentedKeys) {
  const std::vector<uint8_t> in = {1, 2, 3};
  const std::vector<uint8_t> out = {1, 9};
  ReencodeReport r = compare_bytes(in.data(), in.size(), out, {});
  r.input = "a.mesh";
  const nlohmann::json j = to_json(r);
  std::set<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.insert(it.key());
  EXPECT_EQ(keys, (std::set<std::string>{"input", "ok", "input_size", "output_size",
                                         "differing_bytes", "first_difference", "error"}));
  EXPECT_EQ(j["ok"], false);
  EXPECT_EQ(j["differing_bytes"], 2);
  EXPECT_EQ(j["first_difference"]["offset"], 1);
  EXPECT_EQ(j["first_difference"]["expected"], 2);
  EXPECT_EQ(j["first_difference"]["found"], 9);
  EXPECT_EQ(j["first_difference"]["field"], "");
  EXPECT_TRUE(j["error"].is_null());
  std::ostringstream text;
  print_text(r, text);
  EXPECT_NE(text.str().find("first at offset 0x1 (1): expected 0x02, found 0x09"),
            std::string::npos)
      << text.str();
}

// Every sample re-encodes byte for byte, through the CLI entry point too.
TEST(ReencodeSamples, EverySampleReencodesExactly) {
  const std::vector<fs::path> all = sample_mesh_paths();
  ASSERT_FALSE(all.empty()) << "no samples under " F2G_SOURCE_DIR "/samples/{sws,rr}/*.mesh";
  for (const fs::path& p : all) {
    const std::vector<uint8_t> bytes = read_bytes(p);
    const ReencodeReport r = reencode_check(bytes.data(), bytes.size(), {});
    std::ostringstream text;
    print_text(r, text);
    EXPECT_TRUE(r.ok()) << p << ": " << text.str();
    EXPECT_EQ(r.output_size, bytes.size()) << p;
  }
  std::ostringstream out, err;
  EXPECT_EQ(run_reencode(all.front().string(), true, {}, out, err), 0) << out.str() << err.str();
  EXPECT_EQ(nlohmann::json::parse(out.str())["ok"], true);
  EXPECT_TRUE(err.str().empty());
}

// An encoder that got one byte wrong: the check names the offset and the field read there.
TEST(ReencodeSamples, OneChangedByteIsFoundAndItsFieldNamed) {
  const std::vector<fs::path> all = sample_mesh_paths();
  ASSERT_FALSE(all.empty()) << "no samples under " F2G_SOURCE_DIR "/samples/{sws,rr}/*.mesh";
  for (const fs::path& p : all) {
    const std::vector<uint8_t> bytes = read_bytes(p);
    ASSERT_GT(bytes.size(), 16u) << p;
    for (size_t off :
         {size_t(0), size_t(5), bytes.size() / 3, bytes.size() / 2, bytes.size() - 1}) {
      std::vector<uint8_t> wrong = bytes;
      wrong[off] ^= 0x40;
      const ReencodeReport r = compare_bytes(bytes.data(), bytes.size(), wrong, {});
      ASSERT_TRUE(r.first_difference) << p << " @" << off;
      const ByteDifference& d = *r.first_difference;
      EXPECT_EQ(d.offset, off) << p;
      EXPECT_EQ(d.expected, bytes[off]) << p;
      EXPECT_EQ(d.found, wrong[off]) << p;
      EXPECT_EQ(r.differing_bytes, 1u) << p;
      EXPECT_FALSE(d.field.empty()) << p << " @" << off << ": no field named";
      EXPECT_LE(d.field_offset, off) << p << " " << d.field;
      EXPECT_GT(d.field_offset + d.field_size, off) << p << " " << d.field;
    }
  }
}

TEST(ReencodeSamples, TruncatedOutputNamesTheFieldAtTheCut) {
  const std::vector<fs::path> all = sample_mesh_paths();
  ASSERT_FALSE(all.empty()) << "no samples under " F2G_SOURCE_DIR "/samples/{sws,rr}/*.mesh";
  const std::vector<uint8_t> bytes = read_bytes(all.front());
  const std::vector<uint8_t> cut(bytes.begin(), bytes.end() - 3);
  const ReencodeReport r = compare_bytes(bytes.data(), bytes.size(), cut, {});
  ASSERT_TRUE(r.first_difference);
  EXPECT_EQ(r.first_difference->offset, bytes.size() - 3);
  EXPECT_EQ(r.first_difference->found, -1);
  EXPECT_FALSE(r.first_difference->field.empty());
}

}  // namespace
}  // namespace f2g::verify
