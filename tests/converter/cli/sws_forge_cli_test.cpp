// End to end on the SWS sample forge (version 25; docs/READING.md "Version 25"): ls names each
// entry's payload form with ids as 16 hex digits, census tallies the forms, info --id gives the
// loose file's reading, convert of the forge and of its extracted meshes give the same glbs,
// and verify --reencode reproduces it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/converter_test_util.h"

namespace f2g {
namespace {

using f2g::testing::list_files;
using f2g::testing::read_file;
using f2g::testing::RunResult;
using f2g::testing::ScratchDir;
using nlohmann::json;
namespace fs = std::filesystem;

const fs::path kForge = f2g::testing::samples_dir() / "archives" / "sws" / "DataPC.forge";

RunResult tool(const std::vector<std::string>& args) { return f2g::testing::run_tool(args); }

TEST(SwsForgeCli, LsNamesEachEntrysFormAndWidensIdsToSixteenDigits) {
  RunResult r = tool({"ls", kForge.string(), "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json a = json::parse(r.out)["archives"][0];
  EXPECT_EQ(a["version"], 25);
  EXPECT_EQ(a["dialect"], "sws");
  ASSERT_EQ(a["warnings"].size(), 1u);
  EXPECT_EQ(a["warnings"][0]["code"], "ARCHIVE_SECTION_RANGE");
  ASSERT_EQ(a["entries"].size(), 4u);
  EXPECT_EQ(a["entries"][0]["file_id"], "0x0000000000000BB9");
  EXPECT_EQ(a["entries"][0]["form"], "no prefix, table sets, AC1 rows");
  EXPECT_EQ(a["entries"][1]["form"], "prefix of 20, table sets, AC2 rows, 1 records flagged 1");
  EXPECT_EQ(a["entries"][3]["form"], "no prefix, stream set, AC1 rows");
  EXPECT_EQ(a["entries"][3]["compression"], "LZO1X-999");
  EXPECT_EQ(a["entries"][0]["resources"][0]["file_id"], "0x0000000000100F1B");
  RunResult grw =
      tool({"ls", (f2g::testing::samples_dir() / "archives" / "grw" / "DataPC.forge").string(),
            "--json"});
  ASSERT_EQ(grw.code, 0) << grw.err;
  EXPECT_TRUE(json::parse(grw.out)["archives"][0]["entries"][0]["form"].is_null());
}

TEST(SwsForgeCli, CensusTalliesTheFormsAndReadsEveryMesh) {
  ScratchDir d;
  RunResult r = tool({"census", kForge.parent_path().string(), "--json", (d / "c.json").string()});
  ASSERT_EQ(r.code, 0) << r.err;
  const json c = json::parse(f2g::testing::read_text(d / "c.json"));
  EXPECT_EQ(c["archives"]["entries"], 4);
  EXPECT_EQ(c["archives"]["entry_status"]["ok"], 4);
  EXPECT_EQ(c["archives"]["forms"]["no prefix, table sets, AC1 rows"], 2);
  EXPECT_EQ(c["archives"]["forms"]["no prefix, stream set, AC1 rows"], 1);
  EXPECT_EQ(c["archives"]["warnings"]["ARCHIVE_SECTION_RANGE"], 1);
  EXPECT_EQ(c["formats"]["sws"]["files"], 5);
  EXPECT_EQ(c["formats"]["sws"]["read"], 5);
}

TEST(SwsForgeCli, InfoOfAResourceIsTheLooseFilesReadingAndNamesTheForm) {
  RunResult r = tool({"info", kForge.string(), "--id", "0x871E4B", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json doc = json::parse(r.out);
  EXPECT_EQ(doc["entry_id"], "0x0000000000000BBB");
  EXPECT_EQ(doc["entry_form"], "no prefix, table sets, AC1 rows");
  RunResult f = tool(
      {"info", (f2g::testing::samples_dir() / "sws" / "morph_submeshes.mesh").string(), "--json"});
  ASSERT_EQ(f.code, 0) << f.err;
  const json loose = json::parse(f.out);
  for (const char* key : {"format", "layout", "structure", "checks", "warnings", "ir"})
    EXPECT_EQ(doc[key], loose[key]) << key;
  RunResult text = tool({"info", kForge.string(), "--id", "0x871E4B"});
  EXPECT_NE(text.out.find("form    no prefix, table sets, AC1 rows"), std::string::npos)
      << text.out;
}

TEST(SwsForgeCli, TheForgeAndItsExtractedMeshesConvertToTheSameGlbs) {
  ScratchDir d;
  RunResult x = tool({"extract", kForge.string(), "-o", (d / "x").string(), "--class", "Mesh"});
  ASSERT_EQ(x.code, 0) << x.err;
  const std::vector<std::string> extracted = list_files(d / "x");
  ASSERT_EQ(extracted.size(), 5u);  // the meshes
  // Each extracted file is the SWS mesh file itself (the record's flag is not part of it).
  EXPECT_TRUE(read_file(d / "x" / "DataPC" / "SWS_Skater" / "Skater_Palettes.Mesh") ==
              read_file(f2g::testing::samples_dir() / "sws" / "skinned_palettes.mesh"));
  // The skater's rig too: loose meshes are paired through --library as the forge's are.
  RunResult s = tool({"extract", kForge.string(), "-o", (d / "x").string(), "--class", "Skeleton"});
  ASSERT_EQ(s.code, 0) << s.err;
  RunResult a = tool({"convert", kForge.string(), "-o", (d / "a").string()});
  ASSERT_EQ(a.code, 0) << a.err;
  RunResult b = tool(
      {"convert", (d / "x").string(), "-o", (d / "b").string(), "--library", (d / "x").string()});
  ASSERT_EQ(b.code, 0) << b.err;
  const std::vector<std::string> glbs = list_files(d / "a");
  ASSERT_EQ(glbs.size(), 5u);
  EXPECT_EQ(list_files(d / "b"), glbs);
  for (const std::string& g : glbs)
    EXPECT_TRUE(read_file(d / "a" / g) == read_file(d / "b" / g)) << g;
}

TEST(SwsForgeCli, VerifyReencodeReproducesTheForge) {
  RunResult r = tool({"verify", "--reencode", kForge.string()});
  EXPECT_EQ(r.code, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("4 recompressed"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace f2g
