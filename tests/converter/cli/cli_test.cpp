// End to end: the built forge2gltf binary on the checked-in samples (docs/ARCHITECTURE.md "CLI"
// and "Output conventions").
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "tests/support/converter_test_util.h"

namespace f2g {
namespace {

using f2g::testing::lines_of;
using f2g::testing::list_files;
using f2g::testing::read_file;
using f2g::testing::read_text;
using f2g::testing::RunResult;
using f2g::testing::ScratchDir;
using f2g::testing::write_file;
using nlohmann::json;
namespace fs = std::filesystem;

const fs::path kSamples = f2g::testing::samples_dir();

RunResult tool(const std::vector<std::string>& args) { return f2g::testing::run_tool(args); }

// samples/<game>/*.mesh, relative to samples/, sorted.
std::vector<std::string> sample_meshes(const std::string& game = "") {
  std::vector<std::string> out;
  for (const std::string& f : list_files(kSamples)) {
    if (fs::path(f).extension() != ".mesh") continue;
    if (game.empty() || f.rfind(game + "/", 0) == 0) out.push_back(f);
  }
  return out;
}

// The outputs under `dir` of the sample mesh files, leaving out those of samples/archives/
// (one glb per Mesh resource of the sample archives: archive_cli_test checks them).
std::vector<std::string> mesh_outputs(const fs::path& dir) {
  std::vector<std::string> out;
  for (const std::string& f : list_files(dir))
    if (f.rfind("archives/", 0) != 0) out.push_back(f);
  return out;
}

fs::path first_sample(const std::string& game) {
  const auto all = sample_meshes(game);
  if (all.empty()) ADD_FAILURE() << "no samples/" << game << "/*.mesh";
  return all.empty() ? fs::path() : kSamples / all.front();
}

// The one stderr line of a decode failure: input, field path, message, offset, code.
const std::regex kFailureLine(
    R"(^forge2gltf: (.+): ([^ :]+): (.+) \(offset 0x[0-9A-F]+\) \[([A-Z0-9_]+)\]$)");

TEST(Cli, VersionAndHelpExitZero) {
  RunResult v = tool({"--version"});
  EXPECT_EQ(v.code, 0);
  EXPECT_NE(v.out.find("forge2gltf "), std::string::npos) << v.out;
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--help"}, {"convert", "--help"}, {"info", "--help"}}) {
    RunResult h = tool(args);
    EXPECT_EQ(h.code, 0) << args[0];
    EXPECT_NE(h.out.find("Usage"), std::string::npos) << h.out;
  }
  const std::string convert_help = tool({"convert", "--help"}).out;
  for (const char* flag : {"-o", "--jobs", "--report", "--force", "--format", "--vertex-formats",
                           "--gltf", "--quiet", "--strict"})
    EXPECT_NE(convert_help.find(flag), std::string::npos) << flag;
  const std::string info_help = tool({"info", "--help"}).out;
  for (const char* flag : {"--json", "--format", "--vertex-formats"})
    EXPECT_NE(info_help.find(flag), std::string::npos) << flag;
}

TEST(Cli, UsageErrorsExitTwo) {
  ScratchDir d;
  const std::string sample = first_sample("sws").string();
  EXPECT_EQ(tool({}).code, 2);
  EXPECT_EQ(tool({"frobnicate"}).code, 2);
  EXPECT_EQ(tool({"convert", sample}).code, 2);                   // no -o
  EXPECT_EQ(tool({"convert", "-o", d.path().string()}).code, 2);  // no INPUT
  EXPECT_EQ(tool({"convert", sample, "-o", d.path().string(), "--format", "psx"}).code, 2);
  EXPECT_EQ(tool({"convert", sample, "-o", d.path().string(), "--bogus"}).code, 2);
  EXPECT_EQ(tool({"info"}).code, 2);
  f2g::testing::write_text(d / "file", "x");
  RunResult not_dir = tool({"convert", sample, "-o", (d / "file").string()});
  EXPECT_EQ(not_dir.code, 2);
  EXPECT_NE(not_dir.err.find("not a directory"), std::string::npos) << not_dir.err;
  // Found before anything is converted: an empty OUT (which would write into the current
  // directory) and a --report that names a directory (found only at the final rename).
  RunResult empty_out = tool({"convert", sample, "-o", ""});
  EXPECT_EQ(empty_out.code, 2);
  EXPECT_NE(empty_out.err.find("empty path"), std::string::npos) << empty_out.err;
  RunResult report_dir =
      tool({"convert", sample, "-o", (d / "out").string(), "--report", d.path().string()});
  EXPECT_EQ(report_dir.code, 2);
  EXPECT_NE(report_dir.err.find("is a directory"), std::string::npos) << report_dir.err;
  EXPECT_FALSE(fs::exists(d / "out")) << "nothing is converted after a usage error";
  EXPECT_EQ(tool({"scan", sample, "--convert", ""}).code, 2);  // not "no --convert"
}

TEST(Cli, ConvertingSamplesGivesOneGlbPerSample) {
  ScratchDir d;
  const auto meshes = sample_meshes();
  ASSERT_FALSE(sample_meshes("sws").empty());
  ASSERT_FALSE(sample_meshes("rr").empty());
  RunResult r = tool({"convert", kSamples.string(), "-o", (d / "out").string(), "--report",
                      (d / "report.json").string()});
  EXPECT_EQ(r.code, 0) << r.err;
  // The SWS forge's empty second section (its tables, on opening), the GRB sample's Oodle
  // entry (once its entries are walked), the one hint naming --oodle, and, after the batch,
  // the material held in that Oodle entry.
  const std::vector<std::string> err = lines_of(r.err);
  ASSERT_EQ(err.size(), 4u) << r.err;
  EXPECT_NE(err[0].find("sws/DataPC.forge: warning: archive/sections[1]"), std::string::npos)
      << r.err;
  EXPECT_NE(err[0].find("[ARCHIVE_SECTION_RANGE]"), std::string::npos) << r.err;
  EXPECT_NE(err[1].find("[ARCHIVE_OODLE]"), std::string::npos) << r.err;
  EXPECT_NE(err[2].find("hint: "), std::string::npos) << r.err;
  EXPECT_NE(err[2].find("--oodle LIB"), std::string::npos) << r.err;
  EXPECT_NE(err[3].find("[TEXTURE_OODLE]"), std::string::npos) << r.err;
  std::vector<std::string> expected;
  for (const std::string& m : meshes)
    expected.push_back(fs::path(m).replace_extension(".glb").generic_string());
  EXPECT_EQ(mesh_outputs(d / "out"), expected);
  const size_t from_archives = list_files(d / "out").size() - expected.size();
  EXPECT_GT(from_archives, 0u);
  for (const std::string& glb : expected) {
    const auto bytes = read_file(d / "out" / glb);
    ASSERT_GE(bytes.size(), 12u);
    EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "glTF") << glb;
  }
  const size_t all = meshes.size() + from_archives;
  EXPECT_NE(r.out.find(std::to_string(all) + " converted"), std::string::npos) << r.out;

  const json report = json::parse(read_text(d / "report.json"));
  EXPECT_EQ(report["tool"], "forge2gltf");
  EXPECT_TRUE(report["version"].is_string());
  size_t converted = 0;
  for (const json& e : report["inputs"]) {
    for (const char* key : {"input", "output", "status", "format", "layout", "counts", "warnings",
                            "error", "bytes_in", "bytes_out"})
      EXPECT_TRUE(e.contains(key)) << key;
    if (e["status"] == "converted")
      ++converted;
    else
      EXPECT_EQ(e["status"], "skipped") << e.dump();  // generator sources etc.
  }
  EXPECT_EQ(converted, all);
  EXPECT_EQ(report["totals"]["converted"], all);
  EXPECT_EQ(report["totals"]["failed"], 0);

  // A second run finds everything up to date; --force converts again.
  RunResult again = tool({"convert", kSamples.string(), "-o", (d / "out").string(), "--quiet"});
  EXPECT_EQ(again.code, 0);
  EXPECT_EQ(again.out, "");  // --quiet: no summary
  RunResult forced =
      tool({"convert", kSamples.string(), "-o", (d / "out").string(), "--force", "--jobs", "1"});
  EXPECT_EQ(forced.code, 0);
  EXPECT_NE(forced.out.find(std::to_string(all) + " converted"), std::string::npos);
}

void expect_truncated_fails(const std::string& game) {
  ScratchDir d;
  std::vector<uint8_t> bytes = read_file(first_sample(game));
  ASSERT_GT(bytes.size(), 40u);
  bytes.resize(bytes.size() / 2);
  write_file(d / "in/cut.mesh", bytes);
  RunResult r = tool({"convert", (d / "in/cut.mesh").string(), "-o", (d / "out").string()});
  EXPECT_EQ(r.code, 1);
  const auto lines = lines_of(r.err);
  ASSERT_EQ(lines.size(), 1u) << r.err;
  std::smatch m;
  ASSERT_TRUE(std::regex_match(lines[0], m, kFailureLine)) << lines[0];
  EXPECT_EQ(m[1].str(), (d / "in/cut.mesh").string());
  EXPECT_EQ(m[4].str().rfind(game == "sws" ? "SWS_" : "RR_", 0), 0u) << lines[0];
  EXPECT_TRUE(list_files(d / "out").empty());  // no output, no temp file
}

TEST(Cli, TruncatedSwsFileFailsWithOneLineAndNoOutput) { expect_truncated_fails("sws"); }
TEST(Cli, TruncatedRrFileFailsWithOneLineAndNoOutput) { expect_truncated_fails("rr"); }

TEST(Cli, WrongClassIdIsUnrecognisedUnlessTheFormatIsForced) {
  ScratchDir d;
  std::vector<uint8_t> bytes = read_file(first_sample("sws"));
  ASSERT_GT(bytes.size(), 9u);
  bytes[5] ^= 0xFF;  // spec: Mesh class 0x415D9568 at 0x5
  write_file(d / "bad.mesh", bytes);
  RunResult r = tool({"convert", (d / "bad.mesh").string(), "-o", (d / "out").string()});
  EXPECT_EQ(r.code, 1);
  ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
  EXPECT_NE(r.err.find("[FORMAT_UNRECOGNISED]"), std::string::npos) << r.err;

  RunResult forced =
      tool({"convert", (d / "bad.mesh").string(), "-o", (d / "out").string(), "--format", "sws"});
  EXPECT_EQ(forced.code, 1);
  const auto lines = lines_of(forced.err);
  ASSERT_EQ(lines.size(), 1u) << forced.err;
  std::smatch m;
  ASSERT_TRUE(std::regex_match(lines[0], m, kFailureLine)) << lines[0];
  EXPECT_EQ(m[4].str().rfind("SWS_", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find("(offset 0x5)"), std::string::npos) << lines[0];
  EXPECT_TRUE(list_files(d / "out").empty());
}

TEST(Cli, FormatForcesTheDecoder) {
  ScratchDir d;
  const std::string sws = first_sample("sws").string();
  RunResult wrong = tool({"convert", sws, "-o", (d / "out").string(), "--format", "rr"});
  EXPECT_EQ(wrong.code, 1);
  EXPECT_NE(wrong.err.find("[RR_"), std::string::npos) << wrong.err;
  RunResult right = tool({"convert", sws, "-o", (d / "out").string(), "--format", "sws"});
  EXPECT_EQ(right.code, 0) << right.err;
  EXPECT_EQ(list_files(d / "out").size(), 1u);
}

TEST(Cli, OneBadInputAmongGoodOnesExitsOneAndTheOthersConvert) {
  ScratchDir d;
  const auto meshes = sample_meshes();
  ASSERT_GE(meshes.size(), 2u);
  std::vector<std::string> args = {"convert", "-o", (d / "out").string()};
  for (const std::string& m : meshes) args.push_back((kSamples / m).string());
  args.push_back((d / "missing.mesh").string());
  RunResult r = tool(args);
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
  EXPECT_NE(r.err.find("[INPUT_NOT_FOUND]"), std::string::npos);
  // Named files keep only their file names: no two samples share one.
  EXPECT_EQ(list_files(d / "out").size(), meshes.size());
}

TEST(Cli, GltfWritesGltfPlusBin) {
  ScratchDir d;
  const fs::path sample = first_sample("rr");
  RunResult r = tool({"convert", sample.string(), "-o", (d / "out").string(), "--gltf"});
  EXPECT_EQ(r.code, 0) << r.err;
  const std::string stem = sample.stem().string();
  EXPECT_EQ(list_files(d / "out"), (std::vector<std::string>{stem + ".bin", stem + ".gltf"}));
  const json gltf = json::parse(read_text(d / "out" / (stem + ".gltf")));  // throws: not JSON
  EXPECT_EQ(gltf["asset"]["version"], "2.0");
  EXPECT_EQ(gltf["buffers"][0]["uri"], stem + ".bin");
}

TEST(Cli, InfoJsonHasTheDocumentedKeys) {
  for (const std::string game : {"sws", "rr"}) {
    RunResult r = tool({"info", first_sample(game).string(), "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const json doc = json::parse(r.out);
    for (const char* key : {"input", "format", "layout", "structure", "checks", "warnings", "ir"})
      EXPECT_TRUE(doc.contains(key)) << key;
    EXPECT_EQ(doc["format"], game);
    ASSERT_FALSE(doc["checks"].empty());
    for (const char* key : {"name", "held", "code", "path", "offset", "message"})
      EXPECT_TRUE(doc["checks"][0].contains(key)) << key;
    for (const char* key : {"vertex_count", "index_count", "attributes", "primitives", "materials",
                            "bones", "bone_hashes", "bones_resolved", "targets"})
      EXPECT_TRUE(doc["ir"].contains(key)) << key;
    ASSERT_FALSE(doc["ir"]["primitives"].empty());
    for (const char* key : {"material", "first_index", "index_count", "first_vertex",
                            "vertex_count", "used_vertices"})
      EXPECT_TRUE(doc["ir"]["primitives"][0].contains(key)) << key;
  }
}

TEST(Cli, InfoTextAndInfoFailure) {
  ScratchDir d;
  RunResult text = tool({"info", first_sample("sws").string()});
  EXPECT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("format  sws"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("\n  ok   sws."), std::string::npos) << text.out;

  std::vector<uint8_t> bytes = read_file(first_sample("sws"));
  bytes.resize(bytes.size() / 2);
  write_file(d / "cut.mesh", bytes);
  RunResult bad = tool({"info", (d / "cut.mesh").string(), "--json"});
  EXPECT_EQ(bad.code, 1);
  EXPECT_EQ(bad.out, "");
  ASSERT_EQ(lines_of(bad.err).size(), 1u) << bad.err;
  EXPECT_TRUE(std::regex_match(lines_of(bad.err)[0], kFailureLine)) << bad.err;
}

TEST(Cli, VertexFormatsFiles) {
  ScratchDir d;
  const std::string sws_table = std::string(F2G_SOURCE_DIR) + "/formats/sws/vertex_formats.json";
  const std::string rr_table = std::string(F2G_SOURCE_DIR) + "/formats/rr/vertex_formats.json";
  // Each --vertex-formats takes one FILE, so INPUTs may follow it.
  RunResult ok = tool({"convert", "--vertex-formats", sws_table, kSamples.string(),
                       "--vertex-formats", rr_table, "-o", (d / "out").string()});
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_EQ(mesh_outputs(d / "out").size(), sample_meshes().size());

  f2g::testing::write_text(d / "bad.json", R"({"format": "n64"})");
  RunResult bad = tool({"convert", kSamples.string(), "-o", (d / "out2").string(),
                        "--vertex-formats", (d / "bad.json").string()});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("bad.json"), std::string::npos) << bad.err;
  EXPECT_FALSE(fs::exists(d / "out2"));
  EXPECT_EQ(
      tool({"info", first_sample("sws").string(), "--vertex-formats", (d / "bad.json").string()})
          .code,
      2);
}

// --names (docs/READING.md "Bone names"): one FILE per flag, so INPUTs may follow it; a list
// adds names on every decoding command; a junk list or a collision is a usage error, and
// nothing is converted.
TEST(Cli, NamesFiles) {
  ScratchDir d;
  const std::string character = (kSamples / "rr" / "split12_character.mesh").string();
  f2g::testing::write_text(d / "mine.txt", "# the sample's two non-HumanIK bones\nKnees\nChest\n");
  RunResult info = tool({"info", "--names", (d / "mine.txt").string(), character});
  EXPECT_EQ(info.code, 0) << info.err;
  EXPECT_NE(info.out.find("bones (6 of 6 names resolved) Hips Knees Spine Chest Neck Head"),
            std::string::npos)
      << info.out;
  RunResult builtin = tool({"info", character, "--json"});
  ASSERT_EQ(builtin.code, 0) << builtin.err;
  EXPECT_EQ(json::parse(builtin.out)["ir"]["bones_resolved"], 4);

  RunResult census = tool({"census", (kSamples / "rr").string(), "--names",
                           (d / "mine.txt").string(), "--json", (d / "c.json").string()});
  EXPECT_EQ(census.code, 0) << census.err;
  EXPECT_NE(census.out.find("bone names: rr: 6 of "), std::string::npos) << census.out;

  // verify takes a joint named by another list (its CRC-32 is the bone's hash) as that bone.
  RunResult converted = tool(
      {"convert", character, "-o", (d / "named").string(), "--names", (d / "mine.txt").string()});
  ASSERT_EQ(converted.code, 0) << converted.err;
  RunResult verified =
      tool({"verify", character, (d / "named" / "split12_character.glb").string()});
  EXPECT_EQ(verified.code, 0) << verified.out << verified.err;

  f2g::testing::write_text(d / "a.txt", "plumless\n");  // "plumless" and "buckeroo": one CRC-32
  f2g::testing::write_text(d / "b.txt", "buckeroo\n");
  write_file(d / "junk.bin", {0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01});
  for (const std::vector<std::string>& lists :
       {std::vector<std::string>{(d / "a.txt").string(), (d / "b.txt").string()},
        std::vector<std::string>{(d / "junk.bin").string()}}) {
    std::vector<std::string> args = {"convert", character, "-o", (d / "out").string()};
    for (const std::string& l : lists) args.insert(args.end(), {"--names", l});
    RunResult bad = tool(args);
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find(lists.back()), std::string::npos) << bad.err;
    EXPECT_FALSE(fs::exists(d / "out"));
  }
}

}  // namespace
}  // namespace f2g
