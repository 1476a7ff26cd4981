#include <gtest/gtest.h>

#include "converter/io/vertex_tables.h"
#include "formats/rr/vertex_formats.h"
#include "formats/sws/vertex_formats.h"
#include "tests/support/converter_test_util.h"

namespace f2g::convert {
namespace {

using f2g::testing::read_text;
using f2g::testing::ScratchDir;
using f2g::testing::write_text;

const std::string kSwsTable = std::string(F2G_SOURCE_DIR) + "/formats/sws/vertex_formats.json";
const std::string kRrTable = std::string(F2G_SOURCE_DIR) + "/formats/rr/vertex_formats.json";

TEST(VertexTables, NoFilesKeepsTheBuiltInTables) {
  auto t = io::load_vertex_tables({});
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->find("sws"), nullptr);
  EXPECT_EQ(t->find("rr"), nullptr);
}

TEST(VertexTables, TheFormatKeySelectsTheParser) {
  auto t = io::load_vertex_tables({kRrTable, kSwsTable});
  ASSERT_TRUE(t.ok()) << t.error().to_string();
  const auto* s = dynamic_cast<const sws::VertexFormats*>(t->find("sws"));
  const auto* r = dynamic_cast<const rr::VertexFormats*>(t->find("rr"));
  ASSERT_NE(s, nullptr);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(s->elements.size(), sws::builtin_vertex_formats().elements.size());
  EXPECT_EQ(s->origin, kSwsTable);
  EXPECT_EQ(r->formats.size(), rr::builtin_vertex_formats().formats.size());
  ASSERT_NE(t->file_of("sws"), nullptr);
  EXPECT_EQ(*t->file_of("sws"), kSwsTable);
}

TEST(VertexTables, OnlyTheGivenFormatIsReplaced) {
  auto t = io::load_vertex_tables({kSwsTable});
  ASSERT_TRUE(t.ok());
  EXPECT_NE(t->find("sws"), nullptr);
  EXPECT_EQ(t->find("rr"), nullptr);
}

void expect_invalid(const std::vector<std::string>& files, const std::string& in_message) {
  auto t = io::load_vertex_tables(files);
  ASSERT_FALSE(t.ok()) << in_message;
  EXPECT_EQ(t.error().code, "VERTEX_FORMATS_INVALID");
  EXPECT_NE(t.error().message.find(files.back()), std::string::npos) << t.error().message;
  EXPECT_NE(t.error().message.find(in_message), std::string::npos) << t.error().message;
}

TEST(VertexTables, BadFilesAreRefusedWithTheFileNamed) {
  ScratchDir d;
  write_text(d / "text.json", "this is not json");
  write_text(d / "noformat.json", R"({"elements": []})");
  write_text(d / "xbox.json", R"({"format": "xbox"})");
  expect_invalid({(d / "missing.json").string()}, "cannot read");
  expect_invalid({(d / "text.json").string()}, "not valid JSON");
  expect_invalid({(d / "noformat.json").string()}, "\"format\"");
  expect_invalid({(d / "xbox.json").string()}, "xbox");
  expect_invalid({d.path().string()}, "not a regular file");  // a directory
}

// A wrong path to something huge is refused by its size, before anything is read.
TEST(VertexTables, AFileOverSixteenMebibytesIsRefusedUnread) {
  ScratchDir d;
  const std::filesystem::path big = d / "big.json";
  write_text(big, "{}");
  std::filesystem::resize_file(big, (uint64_t(16) << 20) + 1);  // sparse: no disk used
  expect_invalid({big.string()}, "16777217 bytes");
}

TEST(VertexTables, AParserErrorIsPassedOn) {
  ScratchDir d;
  std::string text = read_text(kSwsTable);
  const size_t at = text.find("\"bytes\": 12");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 11, "\"bytes\": 13");
  write_text(d / "bad.json", text);
  expect_invalid({(d / "bad.json").string()}, "SWS_VERTEX_FORMATS_INVALID");
}

TEST(VertexTables, TwoTablesForOneFormatAreRefused) {
  expect_invalid({kSwsTable, kSwsTable}, "a second sws table");
}

}  // namespace
}  // namespace f2g::convert
