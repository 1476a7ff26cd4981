// Names that are not UTF-8 (docs/usage.md "Names that are not UTF-8") through every command
// and output form of the built tool: a folder, a mesh file, an archive's entries and
// resources named with a Latin-1 byte. Every JSON parses with U+FFFD in the name's place,
// nothing aborts, and files and archives keep the names' own bytes.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <nlohmann/json.hpp>

#include "formats/archive/archive.h"
#include "tests/support/archive_test_support.h"
#include "tests/support/converter_test_util.h"

namespace f2g {
namespace {

using f2g::testing::read_file;
using f2g::testing::RunResult;
using f2g::testing::ScratchDir;
using f2g::testing::write_file;
using nlohmann::json;
namespace fs = std::filesystem;

const std::string kLatin1 = "\xE9";            // "é" in Latin-1: never valid UTF-8 alone
const std::string kReplaced = "\xEF\xBF\xBD";  // U+FFFD in UTF-8
const std::string kMeshSample = "rr/static24_props.mesh";

RunResult tool(const std::vector<std::string>& args) { return f2g::testing::run_tool(args); }

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// `text` must be JSON (nlohmann parses strict UTF-8 only) naming `name` with U+FFFD.
json parsed(const std::string& text, const std::string& name) {
  json j;
  EXPECT_NO_THROW(j = json::parse(text)) << text.substr(0, 300);
  EXPECT_TRUE(has(text, name + kReplaced)) << text.substr(0, 600);
  EXPECT_FALSE(has(text, name + kLatin1));
  return j;
}

// The GRW sample archive with every entry and every Mesh resource renamed: the Latin-1 byte
// appended. With `broken`, one more entry "broken<E9>" whose payload does not read.
std::vector<uint8_t> renamed_archive(bool broken) {
  const std::vector<uint8_t> src = archive::test::sample("grw/DataPC.forge");
  const archive::Archive a = archive::test::must_read(src);
  std::vector<archive::NewEntry> entries;
  std::vector<std::vector<uint8_t>> payloads;
  for (size_t i = 0; i < a.entries.size(); ++i) {
    const archive::Entry& e = a.entries[i];
    std::vector<uint8_t> payload(src.begin() + long(e.offset),
                                 src.begin() + long(e.offset + e.size));
    Result<archive::EntryContents> c = archive::read_entry(a, src.data(), src.size(), i);
    if (c && c->kind == archive::EntryKind::Resources) {
      std::vector<archive::ResourceRecord> records = archive::resource_records(*c);
      for (archive::ResourceRecord& r : records)
        if (r.class_id == archive::class_id("Mesh")) r.name += kLatin1;
      Result<std::vector<uint8_t>> p = archive::encode_entry_payload(*a.dialect, records);
      EXPECT_TRUE(p.ok());
      if (p) payload = *p;
    }
    entries.push_back({e.file_id, e.resource_type, e.timestamp, e.name + kLatin1});
    payloads.push_back(payload);
  }
  if (broken) {
    entries.push_back({0xBAD0, archive::class_id("Mesh"), 0, "broken" + kLatin1});
    payloads.push_back(std::vector<uint8_t>(64, 0x11));
  }
  Result<archive::Archive> made = archive::make_archive(*a.dialect, entries);
  EXPECT_TRUE(made.ok());
  std::vector<archive::PayloadRef> refs;
  for (const auto& p : payloads) refs.push_back({p.data(), p.size()});
  Result<std::vector<uint8_t>> bytes = archive::write_archive(*made, refs);
  EXPECT_TRUE(bytes.ok()) << (bytes ? "" : bytes.error().to_string());
  return bytes ? *bytes : std::vector<uint8_t>();
}

// One tree for every test: in<E9>/caf<E9>.mesh, in<E9>/Data<E9>.forge, and elsewhere the
// archive with an entry that does not read; converted once into out/.
struct Tree {
  ScratchDir dir;
  fs::path in = dir / ("in" + kLatin1);
  fs::path mesh = in / ("caf" + kLatin1 + ".mesh");
  fs::path forge = in / ("Data" + kLatin1 + ".forge");
  fs::path broken = dir / "broken" / ("Broken" + kLatin1 + ".forge");
  fs::path out = dir / "out";
  RunResult convert;
  json mesh_ids;  // ls --json of the archive: its Mesh resources

  Tree() {
    write_file(mesh, read_file(f2g::testing::samples_dir() / kMeshSample));
    write_file(forge, renamed_archive(false));
    write_file(broken, renamed_archive(true));
    convert = tool({"convert", in.string(), "-o", out.string(), "--report",
                    (dir / "report.json").string(), "--html"});
  }
};

const Tree& tree() {
  static const std::unique_ptr<Tree> t = std::make_unique<Tree>();
  return *t;
}

// The first glb convert wrote for a Mesh resource of the archive, and that resource's id (the
// mesh extras' source.objectId, docs/usage.md "import GLB_DIR --donor ARCHIVE.forge").
struct Converted {
  fs::path glb;
  std::string id;
};
Converted first_archive_glb() {
  const Tree& t = tree();
  Converted c;
  for (const auto& e : fs::recursive_directory_iterator(t.out / ("Data" + kLatin1)))
    if (e.path().extension() == ".glb" && (c.glb.empty() || e.path() < c.glb)) c.glb = e.path();
  const std::vector<uint8_t> glb = read_file(c.glb);
  uint32_t json_length = 0;
  if (glb.size() < 20) return c;
  std::memcpy(&json_length, glb.data() + 12, 4);
  const json doc = json::parse(glb.begin() + 20, glb.begin() + 20 + json_length);
  c.id = doc["meshes"][0]["extras"]["source"]["objectId"];
  return c;
}

TEST(NonUtf8Names, ConvertWritesOutputsReportAndHtmlKeepingTheBytesInPaths) {
  const Tree& t = tree();
  ASSERT_EQ(t.convert.code, 0) << t.convert.err;
  EXPECT_TRUE(fs::exists(t.out / ("caf" + kLatin1 + ".glb")));
  EXPECT_TRUE(fs::exists(t.out / "index.html"));
  // Entry and resource directories carry the archive's own bytes.
  size_t glbs = 0;
  for (const auto& e : fs::recursive_directory_iterator(t.out / ("Data" + kLatin1)))
    if (e.path().extension() == ".glb") {
      ++glbs;
      EXPECT_TRUE(has(e.path().filename().string(), kLatin1 + ".glb")) << e.path();
      EXPECT_TRUE(has(e.path().parent_path().filename().string(), kLatin1)) << e.path();
    }
  EXPECT_GT(glbs, 0u);
  const json report = parsed(f2g::test::read_text(t.dir / "report.json"), "caf");
  EXPECT_EQ(report["totals"]["failed"], 0);
  EXPECT_EQ(report["totals"]["converted"], glbs + 1);
  EXPECT_TRUE(has(f2g::test::read_text(t.dir / "report.json"), "Data" + kReplaced));
}

TEST(NonUtf8Names, LsPrintsTextAndJson) {
  const Tree& t = tree();
  RunResult text = tool({"ls", t.forge.string()});
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_TRUE(has(text.out, kLatin1));  // text output: the bytes as they are
  RunResult j = tool({"ls", t.forge.string(), "--json"});
  ASSERT_EQ(j.code, 0) << j.err;
  const json doc = parsed(j.out, "Data");
  const std::string entry = doc["archives"][0]["entries"][0]["name"];
  EXPECT_EQ(entry.substr(entry.size() - 3), kReplaced);
  // The archive with an entry that does not read: exit 1, the listing still JSON.
  RunResult b = tool({"ls", t.broken.string(), "--json"});
  EXPECT_EQ(b.code, 1) << b.err;
  parsed(b.out, "broken");
}

TEST(NonUtf8Names, ExtractWritesTheNamesBytes) {
  const Tree& t = tree();
  ScratchDir x;
  RunResult r = tool({"extract", t.forge.string(), "-o", x.path().string(), "--class", "Mesh"});
  ASSERT_EQ(r.code, 0) << r.err;
  size_t meshes = 0;
  for (const auto& e : fs::recursive_directory_iterator(x.path() / ("Data" + kLatin1)))
    if (e.path().extension() == ".Mesh") {
      ++meshes;
      EXPECT_TRUE(has(e.path().filename().string(), kLatin1 + ".Mesh")) << e.path();
    }
  EXPECT_GT(meshes, 0u);
}

TEST(NonUtf8Names, InfoPrintsTextJsonAndAnArchiveResource) {
  const Tree& t = tree();
  RunResult text = tool({"info", t.mesh.string()});
  ASSERT_EQ(text.code, 0) << text.err;
  RunResult j = tool({"info", t.mesh.string(), "--json"});
  ASSERT_EQ(j.code, 0) << j.err;
  parsed(j.out, "caf");
  const Converted c = first_archive_glb();
  ASSERT_FALSE(c.id.empty());
  RunResult a = tool({"info", t.forge.string(), "--id", c.id, "--json"});
  ASSERT_EQ(a.code, 0) << a.err;
  parsed(a.out, "Data");
  RunResult at = tool({"info", t.forge.string(), "--id", c.id});
  EXPECT_EQ(at.code, 0) << at.err;
}

TEST(NonUtf8Names, CensusWritesJsonAndMarkdownWithAnEntryThatDoesNotRead) {
  const Tree& t = tree();
  ScratchDir d;
  RunResult r = tool({"census", t.in.string(), t.broken.string(), "--json", (d / "c.json").string(),
                      "--markdown", (d / "c.md").string()});
  EXPECT_EQ(r.code, 0) << r.err;
  // Only the entry that does not read is named (its error message carries the name).
  parsed(f2g::test::read_text(d / "c.json"), "broken");
  EXPECT_TRUE(fs::exists(d / "c.md"));
  EXPECT_GT(fs::file_size(d / "c.md"), 0u);
}

TEST(NonUtf8Names, VerifyPrintsTextAndJsonAndReencodes) {
  const Tree& t = tree();
  const fs::path glb = t.out / ("caf" + kLatin1 + ".glb");
  RunResult text = tool({"verify", t.mesh.string(), glb.string()});
  EXPECT_EQ(text.code, 0) << text.err;
  RunResult j = tool({"verify", t.mesh.string(), glb.string(), "--json"});
  EXPECT_EQ(j.code, 0) << j.err;
  EXPECT_EQ(parsed(j.out, "caf")["ok"], true);
  RunResult re = tool({"verify", "--reencode", t.mesh.string(), "--json"});
  EXPECT_EQ(re.code, 0) << re.err;
  parsed(re.out, "caf");
  RunResult ret = tool({"verify", "--reencode", t.mesh.string()});
  EXPECT_EQ(ret.code, 0) << ret.err;
  RunResult ra = tool({"verify", "--reencode", t.forge.string(), "--json"});
  EXPECT_EQ(ra.code, 0) << ra.err;
  parsed(ra.out, "Data");
}

TEST(NonUtf8Names, ScanWritesJson) {
  const Tree& t = tree();
  ScratchDir d;
  RunResult r = tool({"scan", t.mesh.string(), "--json", (d / "s.json").string()});
  EXPECT_EQ(r.code, 0) << r.err;
  const json s = parsed(f2g::test::read_text(d / "s.json"), "caf");
  EXPECT_FALSE(s["files"].empty());
}

TEST(NonUtf8Names, ImportOfAMeshPrintsTextAndJsonAndWritesTheDonorBack) {
  const Tree& t = tree();
  ScratchDir d;
  const fs::path glb = t.out / ("caf" + kLatin1 + ".glb");
  const fs::path made = d / ("new" + kLatin1 + ".mesh");
  RunResult j = tool({"import", glb.string(), "--donor", t.mesh.string(), "-o", made.string(),
                      "--json", "--report", (d / "r.json").string()});
  ASSERT_EQ(j.code, 0) << j.err;
  EXPECT_EQ(parsed(j.out, "caf")["ok"], true);
  parsed(f2g::test::read_text(d / "r.json"), "caf");
  EXPECT_EQ(read_file(made), read_file(t.mesh));
  RunResult text =
      tool({"import", glb.string(), "--donor", t.mesh.string(), "-o", (d / "again.mesh").string()});
  EXPECT_EQ(text.code, 0) << text.err;
  // GLB_DIR --donors MESH_DIR: sub<E9>/caf<E9>.glb finds in<E9>/sub<E9>/caf<E9>.mesh.
  const fs::path glbs = d / "glbs", donors = d / "donors";
  write_file(glbs / ("sub" + kLatin1) / glb.filename(), read_file(glb));
  write_file(donors / ("sub" + kLatin1) / t.mesh.filename(), read_file(t.mesh));
  RunResult batch = tool({"import", glbs.string(), "--donors", donors.string(), "-o",
                          (d / "mods").string(), "--json"});
  ASSERT_EQ(batch.code, 0) << batch.err;
  parsed(batch.out, "sub");
  EXPECT_EQ(read_file(d / "mods" / ("sub" + kLatin1) / t.mesh.filename()), read_file(t.mesh));
}

TEST(NonUtf8Names, ImportIntoAnArchiveKeepsTheNamesBytes) {
  const Tree& t = tree();
  ScratchDir d;
  const Converted c = first_archive_glb();
  ASSERT_FALSE(c.id.empty());
  const fs::path made = d / ("New" + kLatin1 + ".forge");
  RunResult j = tool({"import", c.glb.string(), "--donor", t.forge.string(), "--id", c.id, "-o",
                      made.string(), "--json", "--report", (d / "r.json").string()});
  ASSERT_EQ(j.code, 0) << j.err;
  EXPECT_EQ(parsed(j.out, "Data")["ok"], true);
  parsed(f2g::test::read_text(d / "r.json"), "Data");
  // An unedited import gives the archive back: every name byte, every other byte.
  EXPECT_EQ(read_file(made), read_file(t.forge));
  RunResult text = tool({"import", c.glb.string(), "--donor", t.forge.string(), "--id", c.id, "-o",
                         (d / "text.forge").string()});
  EXPECT_EQ(text.code, 0) << text.err;
  EXPECT_TRUE(has(text.out, kLatin1));
  // GLB_DIR into the archive: convert's tree of it.
  RunResult dir = tool({"import", (t.out / ("Data" + kLatin1)).string(), "--donor",
                        t.forge.string(), "-o", (d / "dir.forge").string(), "--json"});
  ASSERT_EQ(dir.code, 0) << dir.err;
  parsed(dir.out, "Data");
  const archive::Archive a = archive::test::must_read(read_file(d / "dir.forge"));
  const archive::Archive donor = archive::test::must_read(read_file(t.forge));
  ASSERT_EQ(a.entries.size(), donor.entries.size());
  for (size_t i = 0; i < a.entries.size(); ++i) EXPECT_EQ(a.entries[i].name, donor.entries[i].name);
}

}  // namespace
}  // namespace f2g
