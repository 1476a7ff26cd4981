// End to end on forge archives (docs/ARCHITECTURE.md "CLI", "Output conventions"): archives
// packed here from the GRW samples with the archive room's writer, then ls, extract and
// convert by the built tool, the glbs compared with converting the extracted files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <nlohmann/json.hpp>

#include "formats/archive/archive.h"
#include "formats/common/classes.h"
#include "tests/support/converter_test_util.h"

namespace f2g {
namespace {

using f2g::testing::list_files;
using f2g::testing::read_file;
using f2g::testing::RunResult;
using f2g::testing::ScratchDir;
using f2g::testing::write_file;
using nlohmann::json;
namespace fs = std::filesystem;

const fs::path kSamples = f2g::testing::samples_dir();

RunResult tool(const std::vector<std::string>& args) { return f2g::testing::run_tool(args); }

// A sample mesh file as a resource: its FileHeader (when it has one) is the record's gap,
// the rest the body; a file without one gets the one-NUL gap the games write.
struct Packed {
  std::string stem;
  std::vector<uint8_t> file, gap, body;
  uint64_t id = 0;
};

Packed pack_sample(const fs::path& p) {
  Packed r;
  r.stem = p.stem().string();
  r.file = read_file(p);
  uint32_t cls = 0;
  std::memcpy(&cls, r.file.data() + 8, 4);
  size_t header = 0;
  if (cls != kMeshClass) {
    if (r.file[0] == 0) {
      header = 1;
    } else {
      int32_t n = 0;
      std::memcpy(&n, r.file.data() + 4, 4);
      header = 8 + 12 * size_t(n);
    }
  }
  r.gap.assign(r.file.begin(), r.file.begin() + header);
  if (header == 0) r.gap = {0};
  r.body.assign(r.file.begin() + header, r.file.end());
  std::memcpy(&r.id, r.body.data(), 8);
  return r;
}

std::vector<Packed> grw_samples() {
  std::vector<Packed> out;
  for (const std::string& f : list_files(kSamples / "grw"))
    if (fs::path(f).extension() == ".mesh") out.push_back(pack_sample(kSamples / "grw" / f));
  return out;
}

struct EntrySpec {
  std::string name;
  uint64_t id;
  std::vector<archive::ResourceRecord> records;
};

archive::ResourceRecord record_of(const Packed& p) {
  archive::ResourceRecord r;
  r.class_id = kMeshClass;
  r.name = p.stem;
  r.gap = p.gap;
  r.body = p.body;
  return r;
}

// A resource of another class: just the object header (id, class) and a few bytes.
archive::ResourceRecord other_record(const char* cls, uint64_t id, const std::string& name) {
  archive::ResourceRecord r;
  r.class_id = archive::class_id(cls);
  r.name = name;
  r.body.resize(16, 0x5A);
  std::memcpy(r.body.data(), &id, 8);
  std::memcpy(r.body.data() + 8, &r.class_id, 4);
  return r;
}

std::vector<uint8_t> write_archive_of(const std::vector<EntrySpec>& specs) {
  const archive::Dialect& d = *archive::dialect_named("grw");
  std::vector<archive::NewEntry> entries;
  std::vector<std::vector<uint8_t>> payloads;
  for (const EntrySpec& s : specs) {
    entries.push_back({s.id, 0, 0, s.name});
    Result<std::vector<uint8_t>> p = archive::encode_entry_payload(d, s.records);
    EXPECT_TRUE(p.ok()) << (p ? "" : p.error().to_string());
    payloads.push_back(p ? *p : std::vector<uint8_t>());
  }
  Result<archive::Archive> a = archive::make_archive(d, entries);
  EXPECT_TRUE(a.ok()) << (a ? "" : a.error().to_string());
  std::vector<archive::PayloadRef> refs;
  for (const auto& p : payloads) refs.push_back({p.data(), p.size()});
  Result<std::vector<uint8_t>> bytes = archive::write_archive(*a, refs);
  EXPECT_TRUE(bytes.ok()) << (bytes ? "" : bytes.error().to_string());
  return bytes ? *bytes : std::vector<uint8_t>();
}

std::string hex_of(uint64_t id) {
  char b[17];
  std::snprintf(b, sizeof b, "%016llX", static_cast<unsigned long long>(id));
  return b;
}

// The GRW samples in two entries that share a name, plus a Material and a TextureMap.
std::vector<EntrySpec> sample_entries(const std::vector<Packed>& s) {
  std::vector<EntrySpec> e(2);
  e[0] = {"Props", 0x1001, {}};
  e[1] = {"Props", 0x1002, {}};
  for (size_t i = 0; i < s.size(); ++i) e[i % 2].records.push_back(record_of(s[i]));
  e[0].records.push_back(other_record("Material", 0x77000001, s[0].stem));  // a Mesh's name
  e[1].records.push_back(other_record("TextureMap", 0x77000002, "albedo"));
  return e;
}

TEST(ArchiveCli, LsJsonListsEveryEntryAndResource) {
  ScratchDir d;
  const std::vector<Packed> s = grw_samples();
  ASSERT_GE(s.size(), 4u);
  write_file(d / "DataPC.forge", write_archive_of(sample_entries(s)));
  RunResult r = tool({"ls", (d / "DataPC.forge").string(), "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json doc = json::parse(r.out);
  ASSERT_EQ(doc["archives"].size(), 1u);
  const json& a = doc["archives"][0];
  EXPECT_EQ(a["version"], 27);
  EXPECT_EQ(a["dialect"], "grw");
  ASSERT_EQ(a["entries"].size(), 2u);
  const json& e0 = a["entries"][0];
  EXPECT_EQ(e0["index"], 0);
  EXPECT_EQ(e0["file_id"], "0x0000000000001001");
  EXPECT_EQ(e0["name"], "Props");
  EXPECT_EQ(e0["status"], "ok");
  EXPECT_EQ(e0["compression"], "LZO1X-999");
  size_t meshes = 0;
  for (const json& e : a["entries"])
    for (const json& res : e["resources"]) {
      EXPECT_EQ(res["file_id"].get<std::string>().size(), 18u);
      EXPECT_EQ(res["class"].get<std::string>().size(), 10u);
      if (res["class"] == "0x415D9568") {
        EXPECT_EQ(res["class_name"], "Mesh");
        ++meshes;
      }
    }
  EXPECT_EQ(meshes, s.size());
  const json& last = a["entries"][1]["resources"].back();
  EXPECT_EQ(last["class_name"], "TextureMap");
  EXPECT_EQ(last["file_id"], "0x0000000077000002");
  EXPECT_EQ(last["name"], "albedo");
  EXPECT_EQ(last["size"], 16);
}

TEST(ArchiveCli, ExtractWritesTheBytesUnpackingToolsWrite) {
  ScratchDir d;
  const std::vector<Packed> s = grw_samples();
  write_file(d / "in" / "DataPC.forge", write_archive_of(sample_entries(s)));
  RunResult r = tool({"extract", (d / "in").string(), "-o", (d / "x").string()});
  ASSERT_EQ(r.code, 0) << r.err;
  // Both entries are called "Props": each directory carries its entry id.
  for (size_t i = 0; i < s.size(); ++i) {
    const fs::path f = d / "x" / "DataPC" /
                       (i % 2 ? "Props_0000000000001002" : "Props_0000000000001001") /
                       (s[i].stem + ".Mesh");
    ASSERT_TRUE(fs::exists(f)) << f;
    std::vector<uint8_t> expected = s[i].gap;
    expected.insert(expected.end(), s[i].body.begin(), s[i].body.end());
    EXPECT_EQ(read_file(f), expected) << f;
    if (s[i].gap.size() > 1) {  // a FileHeader sample comes back whole
      EXPECT_EQ(read_file(f), s[i].file) << f;
    }
  }
  // The Material shares a Mesh's name: another class, another extension, no suffix.
  EXPECT_TRUE(
      fs::exists(d / "x" / "DataPC" / "Props_0000000000001001" / (s[0].stem + ".Material")));
  // --class and --id select; --body leaves the gap out.
  RunResult sel = tool({"extract", (d / "in" / "DataPC.forge").string(), "-o", (d / "y").string(),
                        "--class", "Mesh", "--id",
                        "0x" +
                            [&] {
                              char b[17];
                              std::snprintf(b, sizeof b, "%llX", (unsigned long long)s[1].id);
                              return std::string(b);
                            }(),
                        "--body"});
  ASSERT_EQ(sel.code, 0) << sel.err;
  const std::vector<std::string> files = list_files(d / "y");
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0], "DataPC/Props_0000000000001002/" + s[1].stem + ".Mesh");
  EXPECT_EQ(read_file(d / "y" / files[0]), s[1].body);
  EXPECT_EQ(tool({"extract", (d / "in").string(), "-o", (d / "z").string(), "--id", "zz"}).code, 2);
}

TEST(ArchiveCli, ConvertGivesTheGlbsOfTheExtractedMeshes) {
  ScratchDir d;
  const std::vector<Packed> s = grw_samples();
  write_file(d / "game" / "DataPC.forge", write_archive_of(sample_entries(s)));
  // Mesh resources only: a Material named like a Mesh would claim the same glb name.
  ASSERT_EQ(
      tool({"extract", (d / "game").string(), "-o", (d / "x").string(), "--class", "Mesh"}).code,
      0);
  RunResult from_archive = tool({"convert", (d / "game").string(), "-o", (d / "a").string(),
                                 "--report", (d / "a.json").string(), "--verify"});
  ASSERT_EQ(from_archive.code, 0) << from_archive.err;
  RunResult from_files =
      tool({"convert", (d / "x").string(), "-o", (d / "b").string(), "--verify"});
  ASSERT_EQ(from_files.code, 0) << from_files.err;
  std::vector<std::string> glbs = list_files(d / "a");
  EXPECT_EQ(glbs.size(), s.size());
  EXPECT_EQ(glbs, list_files(d / "b"));
  for (const std::string& g : glbs) EXPECT_EQ(read_file(d / "a" / g), read_file(d / "b" / g)) << g;
  // A FileHeader sample's glb is also the glb of the sample file itself.
  for (const Packed& p : s) {
    if (p.gap.size() <= 1) continue;
    ASSERT_EQ(tool({"convert", (kSamples / "grw" / (p.stem + ".mesh")).string(), "-o",
                    (d / "c").string()})
                  .code,
              0);
    const fs::path a1 = d / "a" / "DataPC" / "Props_0000000000001001" / (p.stem + ".glb");
    const fs::path a2 = d / "a" / "DataPC" / "Props_0000000000001002" / (p.stem + ".glb");
    EXPECT_EQ(read_file(fs::exists(a1) ? a1 : a2), read_file(d / "c" / (p.stem + ".glb")));
  }
  const json report = json::parse(f2g::testing::read_text(d / "a.json"));
  ASSERT_EQ(report["inputs"].size(), s.size());
  const json& row = report["inputs"][0];
  EXPECT_EQ(row["status"], "converted");
  EXPECT_EQ(row["archive"], (d / "game" / "DataPC.forge").string());
  EXPECT_EQ(row["entry_id"], "0x0000000000001001");
  EXPECT_EQ(row["resource_id"].get<std::string>().size(), 18u);
  const json& totals = report["totals"]["archives"];
  EXPECT_EQ(totals["archives"], 1);
  EXPECT_EQ(totals["entries"], 2);
  EXPECT_EQ(totals["resources"], s.size() + 2);
  EXPECT_EQ(totals["classes"]["Mesh"], s.size());
  EXPECT_EQ(totals["classes"]["Material"], 1);
  EXPECT_EQ(totals["classes"]["TextureMap"], 1);
  EXPECT_EQ(totals["superseded"], 0);
  EXPECT_NE(from_archive.out.find("archives: 1 (2 entries"), std::string::npos) << from_archive.out;
}

TEST(ArchiveCli, APatchSupersedesOnlyTheIdsItHolds) {
  ScratchDir d;
  const std::vector<Packed> s = grw_samples();
  ASSERT_GE(s.size(), 3u);
  // The base holds samples 0, 1, 2; the patch holds sample 1 again (its copy wins) and 2's id
  // with sample 0's geometry under another name.
  std::vector<EntrySpec> base{
      {"Entry", 0x2001, {record_of(s[0]), record_of(s[1]), record_of(s[2])}}};
  archive::ResourceRecord changed = record_of(s[0]);
  changed.name = "changed";
  std::memcpy(changed.body.data(), &s[2].id, 8);
  std::vector<EntrySpec> patch{{"Entry", 0x2001, {record_of(s[1]), changed}}};
  write_file(d / "game" / "DataPC.forge", write_archive_of(base));
  write_file(d / "game" / "DataPC_patch_01.forge", write_archive_of(patch));
  RunResult r = tool({"convert", (d / "game").string(), "-o", (d / "out").string(), "--report",
                      (d / "r.json").string()});
  ASSERT_EQ(r.code, 0) << r.err;
  std::vector<std::string> expected{"DataPC/Entry/" + s[0].stem + ".glb",
                                    "DataPC_patch_01/Entry/" + s[1].stem + ".glb",
                                    "DataPC_patch_01/Entry/changed.glb"};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(list_files(d / "out"), expected);
  const json report = json::parse(f2g::testing::read_text(d / "r.json"));
  EXPECT_EQ(report["totals"]["archives"]["superseded"], 2);
  EXPECT_EQ(report["totals"]["converted"], 3);
  EXPECT_NE(r.out.find("superseded by a patch: 2"), std::string::npos) << r.out;
}

TEST(ArchiveCli, ABadEntryIsReportedWithItsOffsetAndTheRestConverts) {
  ScratchDir d;
  const std::vector<Packed> s = grw_samples();
  std::vector<uint8_t> bytes = write_archive_of(sample_entries(s));
  // Break a checksum of the second entry: the byte after its first set's block table.
  RunResult ls = tool({"ls", "--json", [&] {
                         write_file(d / "ok.forge", bytes);
                         return (d / "ok.forge").string();
                       }()});
  ASSERT_EQ(ls.code, 0) << ls.err;
  Result<archive::Archive> a = archive::read_archive(bytes.data(), bytes.size());
  ASSERT_TRUE(a.ok());
  const uint64_t second = a->entries[1].offset;
  bytes[second + a->entries[1].size - 1] ^= 0xFF;  // the last stored byte of its records set
  write_file(d / "bad" / "DataPC.forge", bytes);
  RunResult r = tool({"convert", (d / "bad").string(), "-o", (d / "out").string(), "--report",
                      (d / "r.json").string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("DataPC.forge:Props_0000000000001002"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(offset 0x"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("[ARCHIVE_"), std::string::npos) << r.err;
  const json report = json::parse(f2g::testing::read_text(d / "r.json"));
  EXPECT_EQ(report["totals"]["converted"], (s.size() + 1) / 2);  // the first entry's meshes
  EXPECT_EQ(report["totals"]["failed"], 1);
  const json& failed = report["inputs"].back();
  EXPECT_EQ(failed["status"], "failed");
  EXPECT_EQ(failed["entry_id"], "0x0000000000001002");
  EXPECT_TRUE(failed["resource_id"].is_null());
  EXPECT_GT(failed["error"]["offset"].get<uint64_t>(), second);
  RunResult l = tool({"ls", (d / "bad" / "DataPC.forge").string()});
  EXPECT_EQ(l.code, 1);
}

std::string hex_id(uint64_t id) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%016llX", static_cast<unsigned long long>(id));
  return b;
}

TEST(ArchiveCli, InfoShowsOneResourceAsInfoShowsItsExtractedFile) {
  ScratchDir d;
  const std::vector<Packed> s = grw_samples();
  write_file(d / "DataPC.forge", write_archive_of(sample_entries(s)));
  ASSERT_EQ(tool({"extract", (d / "DataPC.forge").string(), "-o", (d / "x").string()}).code, 0);
  const Packed& p = s[3];  // in the second entry
  RunResult r = tool({"info", (d / "DataPC.forge").string(), "--id", hex_id(p.id), "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json doc = json::parse(r.out);
  EXPECT_EQ(doc["archive"], (d / "DataPC.forge").string());
  EXPECT_EQ(doc["entry_id"], "0x0000000000001002");
  EXPECT_EQ(doc["resource_id"], hex_id(p.id));
  EXPECT_EQ(doc["class_name"], "Mesh");
  const fs::path file = d / "x" / "DataPC" / "Props_0000000000001002" / (p.stem + ".Mesh");
  RunResult f = tool({"info", file.string(), "--json"});
  ASSERT_EQ(f.code, 0) << f.err;
  const json fdoc = json::parse(f.out);
  for (const char* key : {"format", "layout", "structure", "checks", "warnings", "ir"})
    EXPECT_EQ(doc[key], fdoc[key]) << key;
  EXPECT_NE(tool({"info", (d / "DataPC.forge").string(), "--id", "0x1234"}).code, 0);
  EXPECT_EQ(tool({"info", (d / "DataPC.forge").string()}).code, 2);  // an archive needs --id
}

TEST(ArchiveCli, CensusCountsArchivesEntriesClassesAndTheirRelations) {
  ScratchDir d;
  const std::vector<Packed> s = grw_samples();
  write_file(d / "game" / "DataPC.forge", write_archive_of(sample_entries(s)));
  RunResult r = tool({"census", (d / "game").string(), "--json", (d / "c.json").string()});
  ASSERT_EQ(r.code, 0) << r.err;
  const json c = json::parse(f2g::testing::read_text(d / "c.json"));
  EXPECT_EQ(c["files"], 1);
  EXPECT_EQ(c["archives"]["archives"], 1);
  EXPECT_EQ(c["archives"]["read"], 1);
  EXPECT_EQ(c["archives"]["entries"], 2);
  EXPECT_EQ(c["archives"]["entry_status"]["ok"], 2);
  EXPECT_EQ(c["archives"]["compressions"]["LZO1X-999"], 2);
  EXPECT_EQ(c["archives"]["classes"]["Mesh"], s.size());
  EXPECT_EQ(c["archives"]["classes"]["Material"], 1);
  EXPECT_EQ(c["formats"]["grw"]["files"], s.size());
  EXPECT_EQ(c["formats"]["grw"]["read"], s.size());
  std::map<std::string, uint64_t> evaluated;
  for (const json& check : c["checks"]) evaluated[check["name"]] = check["evaluated"];
  EXPECT_EQ(evaluated["archive.magic"], 1u);     // once per archive
  EXPECT_EQ(evaluated["archive.checksum"], 2u);  // once per entry
}

TEST(ArchiveCli, HostileNamesStayInsideOut) {
  ScratchDir d;
  const std::vector<Packed> s = grw_samples();
  archive::ResourceRecord up = record_of(s[0]), empty = record_of(s[1]);
  up.name = "../../escaped";
  empty.name = "";
  write_file(d / "DataPC.forge", write_archive_of({{"a/../..", 0x3001, {up, empty}}}));
  RunResult r = tool({"convert", (d / "DataPC.forge").string(), "-o", (d / "out").string()});
  ASSERT_EQ(r.code, 0) << r.err;
  char id[17];
  std::snprintf(id, sizeof id, "%016llX", static_cast<unsigned long long>(s[1].id));
  std::vector<std::string> expected{"DataPC/a_.._../.._.._escaped.glb",
                                    "DataPC/a_.._../" + std::string(id) + ".glb"};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(list_files(d / "out"), expected);
  EXPECT_FALSE(fs::exists(d / "escaped.glb"));
}

// docs/READING.md "Payload", the gap: the body size says where the body starts, so a record
// with an empty name and a gap of 8 zero bytes (the GRW documentation's case), one of 4 bytes
// that are no FileHeader, and the usual one NUL all convert, extract and import like any other.
TEST(ArchiveCli, ARecordsGapNeverDecidesWhetherItsMeshReads) {
  ScratchDir d;
  std::vector<Packed> s;
  for (const Packed& p : grw_samples())
    if (p.gap.size() == 1) s.push_back(p);  // bodies without a FileHeader of their own
  ASSERT_GE(s.size(), 3u);
  std::vector<archive::ResourceRecord> records{record_of(s[0]), record_of(s[1]), record_of(s[2])};
  records[0].name = "";
  records[0].gap.assign(8, 0);
  records[1].gap = {0xAA, 0xBB, 0xCC, 0xDD};
  const std::vector<uint8_t> forge = write_archive_of({{"Gaps", 0x4001, records}});
  write_file(d / "game" / "DataPC.forge", forge);
  RunResult conv = tool({"convert", (d / "game").string(), "-o", (d / "a").string(), "--verify"});
  ASSERT_EQ(conv.code, 0) << conv.err;
  const std::vector<std::string> glbs = list_files(d / "a");
  ASSERT_EQ(glbs.size(), 3u);
  ASSERT_EQ(
      tool({"extract", (d / "game").string(), "-o", (d / "x").string(), "--class", "Mesh"}).code,
      0);
  std::vector<uint8_t> eight(8, 0);
  eight.insert(eight.end(), s[0].body.begin(), s[0].body.end());
  EXPECT_EQ(read_file(d / "x" / "DataPC" / "Gaps" / (hex_of(s[0].id) + ".Mesh")), eight);
  RunResult from_files = tool({"convert", (d / "x").string(), "-o", (d / "b").string()});
  ASSERT_EQ(from_files.code, 0) << from_files.err;
  EXPECT_EQ(list_files(d / "b"), glbs);
  for (const std::string& g : glbs) EXPECT_EQ(read_file(d / "a" / g), read_file(d / "b" / g)) << g;
  // info by id reads the framed body, and an unedited import gives the archive back.
  for (size_t i = 0; i < records.size(); ++i) {
    RunResult info = tool(
        {"info", (d / "game" / "DataPC.forge").string(), "--id", "0x" + hex_of(s[i].id), "--json"});
    ASSERT_EQ(info.code, 0) << info.err;
    EXPECT_EQ(json::parse(info.out)["format"], "grw");
    const std::string stem = records[i].name.empty() ? hex_of(s[i].id) : records[i].name;
    const fs::path out = d / ("new" + std::to_string(i) + ".forge");
    RunResult imp = tool({"import", (d / "a" / "DataPC" / "Gaps" / (stem + ".glb")).string(),
                          "--donor", (d / "game" / "DataPC.forge").string(), "--id",
                          "0x" + hex_of(s[i].id), "-o", out.string()});
    ASSERT_EQ(imp.code, 0) << imp.err;
    EXPECT_EQ(read_file(out), forge) << stem;
  }
  RunResult census = tool({"census", (d / "game").string(), "--json", (d / "c.json").string()});
  ASSERT_EQ(census.code, 0) << census.err;
  EXPECT_EQ(json::parse(f2g::testing::read_text(d / "c.json"))["formats"]["grw"]["read"], 3);
}

TEST(ArchiveCli, OodleEntriesAreOneWarningPerArchiveAndTheRestConverts) {
  ScratchDir d;
  const fs::path grb = kSamples / "archives" / "grb" / "DataPC.forge";
  RunResult r = tool(
      {"convert", grb.string(), "-o", (d / "out").string(), "--report", (d / "r.json").string()});
  EXPECT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> lines = f2g::testing::lines_of(r.err);
  ASSERT_EQ(lines.size(), 3u) << r.err;
  EXPECT_NE(lines[0].find("[ARCHIVE_OODLE]"), std::string::npos) << r.err;
  EXPECT_EQ(lines[1],
            "forge2gltf: hint: Oodle entries read with your own copy of RAD's Oodle library: "
            "--oodle LIB (or FORGE2GLTF_OODLE=LIB)");
  // The one material whose set sits in that entry, once, after the batch.
  EXPECT_NE(lines[2].find("[TEXTURE_OODLE]"), std::string::npos) << r.err;
  const json report = json::parse(f2g::testing::read_text(d / "r.json"));
  EXPECT_GE(report["totals"]["archives"]["oodle_entries"].get<uint64_t>(), 1u);
  EXPECT_EQ(report["totals"]["failed"], 0);
  EXPECT_GT(report["totals"]["converted"].get<uint64_t>(), 0u);
  RunResult ls = tool({"ls", grb.string(), "--json"});
  EXPECT_EQ(ls.code, 0) << ls.err;
  EXPECT_NE(ls.out.find("\"status\":\"ARCHIVE_OODLE\""), std::string::npos);
}

TEST(ArchiveCli, ANonArchiveNamedToLsFails) {
  ScratchDir d;
  f2g::testing::write_text(d / "x.forge", "not an archive at all, just text");
  RunResult r = tool({"ls", (d / "x.forge").string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("[ARCHIVE_MAGIC]"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace f2g
