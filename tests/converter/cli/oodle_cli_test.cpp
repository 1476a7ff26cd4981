// The whole Oodle path on the sample GRB archive through the built tool, with the stand-in
// library (tests/support/oodle_standin; never RAD's): ls, census, extract, convert, verify
// --reencode and import name no entry as unread; the environment variable serves as the flag;
// a broken library is one error for its entry, the rest converting, nothing partial written.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/converter_test_util.h"

namespace f2g {
namespace {

using f2g::testing::lines_of;
using f2g::testing::read_file;
using f2g::testing::read_text;
using f2g::testing::RunResult;
using f2g::testing::ScratchDir;
using nlohmann::json;
namespace fs = std::filesystem;

const std::string kArchive =
    (f2g::testing::samples_dir() / "archives" / "grb" / "DataPC.forge").string();
std::string lib(const std::string& name) {
  return std::string(F2G_BINARY_DIR) + "/oodle/lib" + name + ".so";
}

RunResult tool(std::vector<std::string> args, const std::string& library = "oodle_standin") {
  args.push_back("--oodle");
  args.push_back(lib(library));
  return f2g::testing::run_tool(args);
}

TEST(OodleCli, LsAndCensusNameNoEntryUnread) {
  RunResult ls = tool({"ls", kArchive, "--json"});
  ASSERT_EQ(ls.code, 0) << ls.err;
  EXPECT_EQ(ls.err, "");
  const json doc = json::parse(ls.out);
  size_t oodle_resources = 0;
  for (const json& e : doc["archives"][0]["entries"]) {
    EXPECT_NE(e["status"], "ARCHIVE_OODLE") << e.dump();
    if (e["name"] == "GRB_Oodle_Pipe") oodle_resources = e["resources"].size();
  }
  EXPECT_EQ(oodle_resources, 2u);

  ScratchDir d;
  RunResult census = tool({"census", kArchive, "--json", (d / "c.json").string()});
  ASSERT_EQ(census.code, 0) << census.err;
  const std::string text = read_text(d / "c.json");
  EXPECT_EQ(text.find("ARCHIVE_OODLE\""), std::string::npos);
  EXPECT_EQ(text.find("ARCHIVE_OODLE_LIBRARY"), std::string::npos);
}

TEST(OodleCli, ConvertExtractVerifyAndImportRunThroughTheLibrary) {
  ScratchDir d;
  RunResult c =
      tool({"convert", kArchive, "-o", (d / "out").string(), "--report", (d / "r.json").string()});
  ASSERT_EQ(c.code, 0) << c.err;
  EXPECT_EQ(c.err, "");
  const json report = json::parse(read_text(d / "r.json"));
  EXPECT_EQ(report["totals"]["archives"]["oodle_entries"], 0);
  EXPECT_EQ(report["totals"]["failed"], 0);
  fs::path glb;
  for (const auto& e : fs::recursive_directory_iterator(d / "out"))
    if (e.path().filename().string().find("Oodle_Pipe") != std::string::npos) glb = e.path();
  ASSERT_FALSE(glb.empty()) << "the Oodle entry's mesh was not converted";

  RunResult x = tool({"extract", kArchive, "-o", (d / "x").string(), "--class", "Mesh"});
  ASSERT_EQ(x.code, 0) << x.err;
  EXPECT_EQ(x.err.find("ARCHIVE_OODLE"), std::string::npos) << x.err;
  EXPECT_TRUE(fs::is_regular_file(d / "x" / "DataPC" / "GRB_Oodle_Pipe" / "Oodle_Pipe.Mesh"));

  RunResult v = tool({"verify", "--reencode", kArchive, "--json"});
  ASSERT_EQ(v.code, 0) << v.out << v.err;
  const json vr = json::parse(v.out);
  EXPECT_EQ(vr["copied_oodle"], 0);
  EXPECT_EQ(vr["reencoded"], 8);  // the Oodle entry among them, through OodleLZ_Compress
  EXPECT_EQ(vr["differing_entries"], 0);

  // The unedited glb back into a copy of its archive: the archive byte for byte.
  const fs::path copy = d / "new.forge";
  RunResult i = tool({"import", glb.string(), "--donor", kArchive, "--id", "0xC3A5F1E2B4D69788",
                      "-o", copy.string()});
  ASSERT_EQ(i.code, 0) << i.err;
  EXPECT_EQ(read_file(copy), read_file(kArchive));
}

TEST(OodleCli, InfoOnAnOodleResourceReadsWithTheLibraryAndSaysWhatIsMissingWithout) {
  RunResult with = tool({"info", kArchive, "--id", "0xC3A5F1E2B4D69788"});
  ASSERT_EQ(with.code, 0) << with.err;
  EXPECT_NE(with.out.find("resource 0xC3A5F1E2B4D69788 (Mesh)"), std::string::npos) << with.out;
  RunResult without = f2g::testing::run_tool({"info", kArchive, "--id", "0xC3A5F1E2B4D69788"});
  EXPECT_EQ(without.code, 1);
  EXPECT_NE(without.err.find("[ARCHIVE_OODLE]"), std::string::npos) << without.err;
  EXPECT_NE(without.err.find("--oodle LIB"), std::string::npos) << without.err;
}

TEST(OodleCli, TheEnvironmentVariableServesAsTheFlag) {
  RunResult r =
      f2g::testing::run_tool({"ls", kArchive}, {"FORGE2GLTF_OODLE=" + lib("oodle_standin")});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("Oodle_Pipe"), std::string::npos);
  RunResult flag = f2g::testing::run_tool({"ls", kArchive, "--oodle", lib("oodle_standin_short")},
                                          {"FORGE2GLTF_OODLE=" + lib("oodle_standin")});
  EXPECT_EQ(flag.code, 1);  // the flag wins: the short library fails the entry
  EXPECT_NE(flag.err.find("oodle_standin_short"), std::string::npos) << flag.err;
}

TEST(OodleCli, ABrokenLibraryFailsItsEntryOnlyAndNothingPartialIsWritten) {
  for (const std::string name : {"oodle_standin_failing", "oodle_standin_short",
                                 "oodle_standin_overrun", "oodle_standin_nosymbols", "absent"}) {
    SCOPED_TRACE(name);
    ScratchDir d;
    RunResult c = tool({"convert", kArchive, "-o", (d / "out").string()}, name);
    EXPECT_EQ(c.code, 1) << c.err;
    const std::vector<std::string> err = lines_of(c.err);
    ASSERT_EQ(err.size(), 1u) << c.err;
    EXPECT_NE(err[0].find("[ARCHIVE_OODLE_LIBRARY]"), std::string::npos) << c.err;
    EXPECT_NE(err[0].find(lib(name)), std::string::npos) << c.err;
    size_t written = 0, partial = 0;
    for (const auto& e : fs::recursive_directory_iterator(d / "out")) {
      written += e.path().extension() == ".glb";
      partial += e.path().filename().string().find("Oodle_Pipe") != std::string::npos ||
                 e.path().extension() == ".tmp";
    }
    EXPECT_EQ(written, 10u);  // the other entries' meshes
    EXPECT_EQ(partial, 0u);
    ScratchDir i;
    const fs::path glb = i / "in.glb";
    RunResult one = tool({"import", (d / "out").string(), "--donor", kArchive, "--id",
                          "0xC3A5F1E2B4D69788", "-o", (i / "new.forge").string()},
                         name);
    EXPECT_NE(one.code, 0);
    EXPECT_FALSE(fs::exists(i / "new.forge"));
  }
}

}  // namespace
}  // namespace f2g
