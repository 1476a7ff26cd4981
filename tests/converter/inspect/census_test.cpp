#include "converter/inspect/census.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <set>
#include <sstream>

#include "converter/inspect/census_command.h"
#include "converter/inspect/census_json.h"
#include "converter/inspect/census_markdown.h"
#include "formats/common/names.h"
#include "formats/registry.h"
#include "tests/support/census_fixtures.h"

namespace f2g::census {
namespace {

namespace fs = std::filesystem;
using census_test::find_field;
using census_test::load_samples;
using census_test::read_bytes;
using census_test::samples_dir;
using census_test::TempDir;
using census_test::write_bytes;

std::vector<std::string> sample_inputs() {
  return {(samples_dir() / "sws").string(), (samples_dir() / "rr").string(),
          (samples_dir() / "grb").string(), (samples_dir() / "grw").string()};
}

const CheckTally& check_named(const CensusReport& r, const std::string& name) {
  for (const CheckTally& c : r.checks)
    if (c.name == name) return c;
  static const CheckTally none{};
  ADD_FAILURE() << "no check " << name;
  return none;
}

// The checked-in census of the samples: regenerate with F2G_UPDATE_CENSUS=1 after the
// samples or the decoders change, then read the diff.
TEST(Census, OverTheSamplesGivesTheCheckedInDocs) {
  const CensusReport report = run_census(sample_inputs(), {}, 2);
  const std::string json = to_json(report).dump(2) + "\n";
  const std::string md = to_markdown(report, census_title(sample_inputs()));
  const fs::path docs = fs::path(F2G_SOURCE_DIR) / "docs";
  if (const char* u = std::getenv("F2G_UPDATE_CENSUS"); u && std::strcmp(u, "1") == 0) {
    census_test::write_bytes(docs / "census-samples.json", {json.begin(), json.end()});
    census_test::write_bytes(docs / "census-samples.md", {md.begin(), md.end()});
  }
  const std::vector<uint8_t> want_json = read_bytes(docs / "census-samples.json");
  const std::vector<uint8_t> want_md = read_bytes(docs / "census-samples.md");
  const char* hint =
      "the samples' census changed: regenerate with F2G_UPDATE_CENSUS=1 "
      "tests/census_test --gtest_filter=Census.OverTheSamplesGivesTheCheckedInDocs and read the "
      "diff";
  EXPECT_EQ(json, std::string(want_json.begin(), want_json.end())) << hint;
  EXPECT_EQ(md, std::string(want_md.begin(), want_md.end())) << hint;
}

// docs/READING.md "Bone names": RR split12_character's Hips, Spine, Neck and Head resolve; its
// Knees and Chest, and every other sample's bones, do not (the generator's own names).
TEST(Census, CountsResolvedBoneNamesPerGameAndListsTheOthersByFrequency) {
  const CensusReport report = run_census(sample_inputs(), {}, 2);
  const FormatTally& rr = report.formats.at("rr");
  EXPECT_EQ(rr.bones_resolved, 4u);
  EXPECT_EQ(rr.unresolved.at(crc32("Knees")), 1u);
  EXPECT_EQ(rr.unresolved.at(crc32("Chest")), 1u);
  EXPECT_EQ(rr.bones, rr.bones_resolved + rr.unresolved.size());  // each hash once here
  for (const char* game : {"sws", "grb", "grw"})
    EXPECT_EQ(report.formats.at(game).bones_resolved, 0u);
  const auto order = unresolved_by_frequency(report.formats.at("grb"));
  for (size_t i = 1; i < order.size(); ++i) EXPECT_GE(order[i - 1].second, order[i].second);

  // A user's list resolves more, and the census says so.
  auto names = std::make_shared<NameTable>(builtin_names());
  ASSERT_TRUE(names->add_list("Knees\n", "mine.txt", NameTable::ListKind::User));
  DecodeOptions options;
  options.names = names;
  const CensusReport more = run_census(sample_inputs(), options, 2);
  EXPECT_EQ(more.formats.at("rr").bones_resolved, 5u);
  EXPECT_EQ(more.formats.at("rr").unresolved.count(crc32("Knees")), 0u);
  const std::string md = to_markdown(more, "t");
  EXPECT_NE(md.find("- RR: 5 of "), std::string::npos) << md;
}

TEST(Census, ReadsEverySampleToItsExactEnd) {
  const std::vector<census_test::Sample> samples = load_samples();
  ASSERT_FALSE(samples.empty());
  const CensusReport report = run_census(sample_inputs(), {}, 2);
  EXPECT_EQ(report.files, samples.size());
  uint64_t read = 0;
  for (const auto& [name, f] : report.formats) {
    EXPECT_EQ(f.read, f.files) << name;
    read += f.read;
  }
  EXPECT_EQ(read, samples.size());
  EXPECT_TRUE(report.failures.empty());
  EXPECT_EQ(report.unrecognised.count, 0u);
}

TEST(Census, ListsEveryCheckOnceByName) {
  const CensusReport report = run_census(sample_inputs(), {}, 1);
  std::set<std::string> names;
  for (const CheckTally& c : report.checks) {
    EXPECT_TRUE(names.insert(c.name).second) << c.name;
    EXPECT_TRUE(c.in_catalogue) << c.name;
    EXPECT_LE(c.held, c.evaluated) << c.name;
  }
  for (const CheckDef* d : all_checks()) EXPECT_TRUE(names.count(d->name)) << d->name;
  EXPECT_EQ(names.size(), all_checks().size());
}

TEST(Census, OneThreadAndManyGiveTheSameReport) {
  const std::string one = to_json(run_census(sample_inputs(), {}, 1)).dump();
  const std::string four = to_json(run_census(sample_inputs(), {}, 4)).dump();
  EXPECT_EQ(one, four);
}

// A corpus of every sample plus one copy whose field is edited: the relation on that field
// fails on exactly that file, and holds on every other.
void expect_broken_on_one(const std::string& format_dir, const std::string& field_suffix,
                          uint32_t new_value, const std::string& check_name, bool fails_read) {
  TempDir dir("census-broken");
  const std::vector<census_test::Sample> samples = load_samples();
  const census_test::Sample* victim = nullptr;
  for (const auto& s : samples) {
    write_bytes(dir.path() / "corpus" / s.name, s.bytes);
    if (!victim && s.name.rfind(format_dir + "/", 0) == 0 &&
        find_field(s.bytes, field_suffix).size == 4)
      victim = &s;
  }
  ASSERT_NE(victim, nullptr) << "no " << format_dir << " sample has " << field_suffix;
  std::vector<uint8_t> bad = victim->bytes;
  const census_test::Span at = find_field(bad, field_suffix);
  std::memcpy(bad.data() + at.offset, &new_value, 4);
  write_bytes(dir.path() / "corpus" / format_dir / "zz_broken.mesh", bad);

  const CensusReport base = run_census(sample_inputs(), {}, 2);
  const CensusReport report = run_census({(dir.path() / "corpus").string()}, {}, 2);
  const CheckTally& c = check_named(report, check_name);
  const CheckTally& c0 = check_named(base, check_name);
  EXPECT_EQ(c.evaluated, c0.evaluated + 1);
  EXPECT_EQ(c.held, c0.held);
  const std::string broken = "corpus/" + format_dir + "/zz_broken.mesh";
  const Example* ex = nullptr;
  for (const Example& e : c.counterexamples)
    if (e.file == broken) ex = &e;
  ASSERT_NE(ex, nullptr);
  EXPECT_EQ(ex->where.offset, at.offset);
  EXPECT_NE(ex->where.message.find(std::to_string(new_value)), std::string::npos)
      << ex->where.message;
  // Every other relation fails exactly where it failed on the samples alone.
  for (const CheckTally& o : report.checks) {
    if (o.name == check_name) continue;
    const CheckTally& o0 = check_named(base, o.name);
    EXPECT_EQ(o.evaluated - o.held, o0.evaluated - o0.held) << o.name;
  }
  const FormatTally& f = report.formats.at(format_dir);
  EXPECT_EQ(f.files - f.read, fails_read ? 1u : 0u);
  if (fails_read) {
    ASSERT_EQ(report.failures.size(), 1u);
    EXPECT_EQ(report.failures.begin()->first, c.code);
    EXPECT_EQ(report.failures.begin()->second.examples.at(0).file, broken);
  } else {
    EXPECT_TRUE(report.failures.empty());
  }
}

TEST(Census, ABrokenProvenRelationFailsOnExactlyThatFile) {
  expect_broken_on_one("sws", "sdk_version", 33, "sws.sdk_version_32", true);
}

TEST(Census, ABrokenObservedRelationIsACounterExampleOnExactlyThatFile) {
  expect_broken_on_one("rr", "platform_version", 30, "rr.platform_version_31", false);
}

// Shrinking a ranged RR mesh's stored bounds puts its decoded positions outside them: the
// vertex-format entry it uses shows one mesh fewer agreeing.
TEST(Census, AVertexFormatEntryCountsTheMeshesWhosePositionsLeaveTheBounds) {
  TempDir dir("census-bounds");
  const CensusReport base = run_census(sample_inputs(), {}, 2);
  const std::vector<census_test::Sample> samples = load_samples();
  const census_test::Sample* victim = nullptr;
  for (const auto& s : samples) {
    write_bytes(dir.path() / "corpus" / s.name, s.bytes);
    if (!victim && s.name.rfind("rr/", 0) == 0 && find_field(s.bytes, "half_extent").size == 12)
      victim = &s;
  }
  ASSERT_NE(victim, nullptr);
  std::vector<uint8_t> bad = victim->bytes;
  const census_test::Span at = find_field(bad, "half_extent");
  const float tiny[3] = {1e-6f, 1e-6f, 1e-6f};
  std::memcpy(bad.data() + at.offset, tiny, sizeof tiny);
  write_bytes(dir.path() / "corpus" / "rr" / "zz_bounds.mesh", bad);

  const CensusReport report = run_census({(dir.path() / "corpus").string()}, {}, 2);
  const CheckTally& c = check_named(report, "rr.positions_inside_bounds");
  const CheckTally& c0 = check_named(base, "rr.positions_inside_bounds");
  EXPECT_EQ(c.evaluated, c0.evaluated + 1);
  EXPECT_EQ(c.held, c0.held);
  bool named = false;
  for (const Example& e : c.counterexamples) named |= e.file == "corpus/rr/zz_bounds.mesh";
  EXPECT_TRUE(named);
  // The entry of the victim's kind: one mesh more, none more agreeing.
  uint64_t meshes = 0, held = 0, meshes0 = 0, held0 = 0;
  for (const auto& [key, v] : report.vertex_formats)
    if (v.format == "rr") meshes += v.meshes, held += v.held;
  for (const auto& [key, v] : base.vertex_formats)
    if (v.format == "rr") meshes0 += v.meshes, held0 += v.held;
  EXPECT_EQ(meshes, meshes0 + 1);
  EXPECT_EQ(held, held0);
  EXPECT_EQ(report.formats.at("rr").read, base.formats.at("rr").read + 1);  // a warning only
}

// A SubMesh position moved off its compiled range's: a Proven relation, so the mesh fails,
// and the census still files it under its vertex-format entry (flags and stride found in a
// second, logged read) as a mesh on which the relation fails.
TEST(Census, AMeshThatFailsIsStillFiledUnderItsVertexFormatEntry) {
  TempDir dir("census-submesh");
  const CensusReport base = run_census(sample_inputs(), {}, 2);
  const std::vector<census_test::Sample> samples = load_samples();
  const census_test::Sample* victim = nullptr;
  for (const auto& s : samples) {
    write_bytes(dir.path() / "corpus" / s.name, s.bytes);
    if (!victim && s.name.rfind("sws/", 0) == 0 && find_field(s.bytes, "]/copy.positions", 12).size)
      victim = &s;
  }
  ASSERT_NE(victim, nullptr) << "no SWS sample with SubMeshes";
  std::vector<uint8_t> bad = victim->bytes;
  const census_test::Span at = find_field(bad, "].positions", 12);
  ASSERT_GE(at.size, 12u);
  float x;
  std::memcpy(&x, bad.data() + at.offset, 4);
  x += 1.0f;
  std::memcpy(bad.data() + at.offset, &x, 4);
  write_bytes(dir.path() / "corpus" / "sws" / "zz_submesh.mesh", bad);

  const CensusReport report = run_census({(dir.path() / "corpus").string()}, {}, 2);
  const CheckTally& c = check_named(report, "sws.submesh_positions_equal_range");
  const CheckTally& c0 = check_named(base, "sws.submesh_positions_equal_range");
  EXPECT_EQ(c.evaluated, c0.evaluated + 1);
  EXPECT_EQ(c.held, c0.held);
  ASSERT_FALSE(c.counterexamples.empty());
  EXPECT_EQ(c.counterexamples[0].file, "corpus/sws/zz_submesh.mesh");
  EXPECT_EQ(report.failures.count("SWS_SUBMESH_POSITIONS_MISMATCH"), 1u);
  uint64_t meshes = 0, read = 0, evaluated = 0, held = 0;
  uint64_t meshes0 = 0, read0 = 0, evaluated0 = 0, held0 = 0;
  for (const auto& [key, v] : report.vertex_formats)
    if (v.format == "sws")
      meshes += v.meshes, read += v.read, evaluated += v.evaluated, held += v.held;
  for (const auto& [key, v] : base.vertex_formats)
    if (v.format == "sws")
      meshes0 += v.meshes, read0 += v.read, evaluated0 += v.evaluated, held0 += v.held;
  EXPECT_EQ(meshes, meshes0 + 1);
  EXPECT_EQ(read, read0);
  EXPECT_EQ(evaluated, evaluated0 + 1);
  EXPECT_EQ(held, held0);
}

TEST(Census, InputsAreNamedFromTheirDirectoryAndSorted) {
  TempDir dir("census-inputs");
  write_bytes(dir.path() / "a" / "z.mesh", {1});
  write_bytes(dir.path() / "a" / "sub" / "b.mesh", {2});
  write_bytes(dir.path() / "c" / "z.mesh", {3});
  write_bytes(dir.path() / "loose.bin", {4});
  const std::vector<InputFile> files =
      collect_inputs({(dir.path() / "c").string(), (dir.path() / "a" / ".").string(),
                      (dir.path() / "loose.bin").string(), (dir.path() / "c").string()});
  std::vector<std::string> names;
  for (const InputFile& f : files) names.push_back(f.display);
  const std::string loose = (dir.path() / "loose.bin").lexically_normal().generic_string();
  std::vector<std::string> want = {"a/sub/b.mesh", "a/z.mesh", "c/z.mesh", loose};
  std::sort(want.begin(), want.end());
  EXPECT_EQ(names, want);  // c given twice is read once
  std::vector<std::string> missing;
  EXPECT_TRUE(collect_inputs({(dir.path() / "nope").string()}, &missing).empty());
  EXPECT_EQ(missing, std::vector<std::string>{(dir.path() / "nope").string()});
}

TEST(Census, CountsUnrecognisedFilesApartWithExamples) {
  TempDir dir("census-unrecognised");
  const auto samples = load_samples();
  ASSERT_FALSE(samples.empty());
  write_bytes(dir.path() / "in" / samples[0].name, samples[0].bytes);
  for (int i = 0; i < 7; ++i)
    write_bytes(dir.path() / "in" / ("junk" + std::to_string(i) + ".bin"), {1, 2, 3, uint8_t(i)});
  const CensusReport report = run_census({(dir.path() / "in").string()}, {}, 2);
  EXPECT_EQ(report.files, 8u);
  EXPECT_EQ(report.unrecognised.count, 7u);
  ASSERT_EQ(report.unrecognised.examples.size(), kMaxExamples);
  EXPECT_EQ(report.unrecognised.examples[0].file, "in/junk0.bin");  // the first, in order
  EXPECT_EQ(report.unrecognised.examples[4].file, "in/junk4.bin");
  EXPECT_EQ(report.unrecognised.examples[0].where.code, "FORMAT_UNRECOGNISED");
  EXPECT_TRUE(report.failures.empty());
}

// A file over the 1 GiB any command reads (sparse here) is a failure under its own code,
// refused before it is read; the meshes beside it are still counted.
TEST(Census, AFileOverOneGibibyteFailsAsTooLargeUnread) {
  TempDir dir("census-too-large");
  const auto samples = load_samples();
  ASSERT_FALSE(samples.empty());
  write_bytes(dir.path() / "in" / samples[0].name, samples[0].bytes);
  write_bytes(dir.path() / "in" / "zz_big.mesh", {});
  std::filesystem::resize_file(dir.path() / "in" / "zz_big.mesh", (uint64_t(1) << 30) + 1);
  const CensusReport report = run_census({(dir.path() / "in").string()}, {}, 2);
  EXPECT_EQ(report.files, 2u);
  ASSERT_EQ(report.failures.size(), 1u);
  const auto& [code, group] = *report.failures.begin();
  EXPECT_EQ(code, "INPUT_TOO_LARGE");
  EXPECT_EQ(group.count, 1u);
  ASSERT_EQ(group.examples.size(), 1u);
  EXPECT_EQ(group.examples[0].file, "in/zz_big.mesh");
}

TEST(Census, TruncatedMeshesAreGroupedByCodeWithTheFirstFiveFiles) {
  TempDir dir("census-truncated");
  const auto samples = load_samples();
  ASSERT_FALSE(samples.empty());
  const auto& s = samples[0];
  for (int i = 0; i < 6; ++i) {
    std::vector<uint8_t> cut(s.bytes.begin(), s.bytes.end() - 1 - i);
    write_bytes(dir.path() / "in" / ("cut" + std::to_string(i) + ".mesh"), cut);
  }
  const CensusReport report = run_census({(dir.path() / "in").string()}, {}, 3);
  ASSERT_EQ(report.failures.size(), 1u);
  const auto& [code, group] = *report.failures.begin();
  EXPECT_NE(code.find("_TRUNCATED"), std::string::npos) << code;
  EXPECT_EQ(group.count, 6u);
  ASSERT_EQ(group.examples.size(), kMaxExamples);
  for (size_t i = 0; i < kMaxExamples; ++i)
    EXPECT_EQ(group.examples[i].file, "in/cut" + std::to_string(i) + ".mesh");
}

TEST(Census, FieldValuesAreCountedPerMeshWithTheirRange) {
  const CensusReport report = run_census(sample_inputs(), {}, 2);
  ASSERT_FALSE(report.fields.empty());
  for (const auto& [name, f] : report.fields) {
    EXPECT_GE(f.count, f.files) << name;
    uint64_t sum = 0;
    for (const auto& [v, n] : f.values) {
      EXPECT_GE(v, f.min) << name;
      EXPECT_LE(v, f.max) << name;
      sum += n;
    }
    EXPECT_EQ(sum + f.nan_count, f.count) << name;  // the samples stay under the value cap
  }
  // Every SWS mesh reports its flags once.
  EXPECT_EQ(report.fields.at("sws.flags").files, report.formats.at("sws").files);
}

TEST(Census, EveryMeshIsFiledUnderOneVertexFormatEntry) {
  const CensusReport report = run_census(sample_inputs(), {}, 2);
  std::map<std::string, uint64_t> meshes;
  for (const auto& [key, v] : report.vertex_formats) {
    meshes[v.format] += v.meshes;
    EXPECT_LE(v.held, v.evaluated) << key;
    EXPECT_LE(v.evaluated, v.meshes) << key;
    EXPECT_EQ(key, v.format + " " + v.entry);
  }
  for (const auto& [name, f] : report.formats) EXPECT_EQ(meshes[name], f.files) << name;
  bool sws_stride = false;
  for (const auto& [key, v] : report.vertex_formats)
    if (v.format == "sws")
      sws_stride |= v.entry.find("flags 0x") == 0 && v.entry.find(", stride ") != std::string::npos;
  EXPECT_TRUE(sws_stride);
}

TEST(Census, JsonHasTheStableShape) {
  const nlohmann::json j = to_json(run_census(sample_inputs(), {}, 2));
  for (const char* key :
       {"files", "formats", "unrecognised", "failures", "checks", "fields", "vertex_formats"})
    EXPECT_TRUE(j.contains(key)) << key;
  ASSERT_FALSE(j["checks"].empty());
  for (const char* key :
       {"name", "code", "severity", "statement", "held", "evaluated", "counterexamples"})
    EXPECT_TRUE(j["checks"][0].contains(key)) << key;
}

TEST(Census, CommandWritesBothFilesAndSummarises) {
  TempDir dir("census-command");
  std::ostringstream out, err;
  const std::string json = (dir.path() / "c.json").string(), md = (dir.path() / "c.md").string();
  EXPECT_EQ(run_census_command(sample_inputs(), json, md, io::PoolOptions{2}, {}, out, err), 0)
      << err.str();
  EXPECT_TRUE(err.str().empty()) << err.str();
  EXPECT_NE(out.str().find("checks"), std::string::npos) << out.str();
  EXPECT_EQ(nlohmann::json::parse(read_bytes(json)), to_json(run_census(sample_inputs(), {}, 1)));
  const auto m = read_bytes(md);
  EXPECT_EQ(std::string(m.begin(), m.end()).rfind("# Census of sws, rr, grb and grw\n", 0), 0u);
  // No temp file is left behind.
  size_t entries = 0;
  for (const auto& e : fs::directory_iterator(dir.path())) entries += e.is_regular_file();
  EXPECT_EQ(entries, 2u);
}

TEST(Census, CommandFailsOnAMissingInputButStillCounts) {
  std::ostringstream out, err;
  EXPECT_EQ(
      run_census_command({"/nonexistent/census/input"}, "", "", io::PoolOptions{1}, {}, out, err),
      1);
  EXPECT_NE(err.str().find("/nonexistent/census/input"), std::string::npos);
  EXPECT_NE(out.str().find("0 files"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace f2g::census
