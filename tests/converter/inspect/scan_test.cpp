#include "converter/inspect/scan.h"

#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <set>
#include <sstream>

#include "converter/inspect/scan_command.h"
#include "formats/registry.h"
#include "formats/sws/sws.h"
#include "tests/support/census_fixtures.h"

namespace f2g::scan {
namespace {

namespace fs = std::filesystem;
using census_test::load_samples;
using census_test::read_bytes;
using census_test::Sample;
using census_test::TempDir;
using census_test::write_bytes;

// A blob built piece by piece, remembering where each real mesh and each bad one went.
struct Blob {
  std::vector<uint8_t> bytes;
  std::mt19937 rng{20240601};
  std::vector<std::pair<uint64_t, std::vector<uint8_t>>> meshes;  // offset, bytes
  std::vector<uint64_t> bad;                                      // offsets of failing candidates

  void junk(size_t n) {
    for (size_t i = 0; i < n; ++i) bytes.push_back(static_cast<uint8_t>(rng()));
  }
  void mesh(const std::vector<uint8_t>& m) {
    meshes.emplace_back(bytes.size(), m);
    bytes.insert(bytes.end(), m.begin(), m.end());
  }
  void put_u32(uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  // Byte 1, an id, the Mesh class, then junk: an SWS signature that reads no mesh.
  void sws_decoy() {
    bad.push_back(bytes.size());
    bytes.push_back(1);
    put_u32(0x1234);
    put_u32(0x415D9568);
    junk(40);
  }
  // A resource header whose body even has the CompiledMesh class where bone count 0 puts
  // it, then junk.
  void rr_decoy() {
    bad.push_back(bytes.size());
    junk(8);
    put_u32(0x415D9568);
    junk(16);
    put_u32(0);  // bone count
    junk(41);
    put_u32(0xFC9E1595);  // at body + 61
    junk(40);
  }
  // The first half of a mesh: a truncated embedded mesh.
  void truncated(const std::vector<uint8_t>& m) {
    bad.push_back(bytes.size());
    bytes.insert(bytes.end(), m.begin(), m.begin() + m.size() / 2);
  }
};

std::vector<uint64_t> mesh_offsets(const ScanReport& r) {
  std::vector<uint64_t> v;
  for (const Found& f : r.meshes) v.push_back(f.offset);
  return v;
}

std::vector<uint64_t> expected_offsets(const Blob& b) {
  std::vector<uint64_t> v;
  for (const auto& [at, m] : b.meshes) v.push_back(at);
  return v;
}

bool inside_a_mesh(const ScanReport& r, uint64_t offset) {
  for (const Found& f : r.meshes)
    if (offset >= f.offset && offset < f.offset + f.length) return true;
  return false;
}

// Every sample twice, junk between, decoys and truncated meshes among them; the last mesh
// ends the file.
Blob mixed_blob(const std::vector<Sample>& samples) {
  Blob b;
  b.mesh(samples[0].bytes);  // at offset 0
  b.junk(37);
  b.sws_decoy();
  for (size_t i = 1; i < samples.size(); ++i) {
    b.junk(1 + (i * 29) % 97);
    b.mesh(samples[i].bytes);
    if (i % 3 == 0) b.rr_decoy();
    if (i % 4 == 0) b.mesh(samples[i - 1].bytes);  // two meshes back to back
    if (i % 5 == 0) {
      b.junk(11);
      b.truncated(samples[i].bytes);
      b.junk(64);
    }
  }
  b.rr_decoy();
  b.junk(5);
  b.truncated(samples.back().bytes);
  b.junk(3);
  b.mesh(samples[samples.size() / 2].bytes);  // ends the file
  return b;
}

TEST(Scan, FindsEveryEmbeddedMeshByteForByteAtItsOffset) {
  const std::vector<Sample> samples = load_samples();
  ASSERT_GE(samples.size(), 2u);
  const Blob b = mixed_blob(samples);
  const ScanReport r = scan_buffer(b.bytes.data(), b.bytes.size(), {});
  ASSERT_EQ(mesh_offsets(r), expected_offsets(b));
  for (size_t i = 0; i < r.meshes.size(); ++i) {
    const Found& f = r.meshes[i];
    const std::vector<uint8_t>& want = b.meshes[i].second;
    ASSERT_EQ(f.length, want.size()) << "mesh at " << f.offset;
    EXPECT_TRUE(std::equal(want.begin(), want.end(), b.bytes.begin() + f.offset));
    // The mesh reads on its own as what the scan says it is.
    Result<Decoded> d = decode(want.data(), want.size(), {});
    ASSERT_TRUE(d) << d.error().to_string();
    EXPECT_EQ(f.format, d->format->name);
    EXPECT_EQ(f.layout, d->mesh.source.layout);
    EXPECT_EQ(f.object_id, d->mesh.source.object_id);
  }
}

TEST(Scan, DecoysAndTruncatedMeshesAreFailedCandidatesWithTheirReason) {
  const std::vector<Sample> samples = load_samples();
  const Blob b = mixed_blob(samples);
  const ScanReport r = scan_buffer(b.bytes.data(), b.bytes.size(), {});
  std::set<uint64_t> failed;
  for (const Failed& f : r.failed) {
    failed.insert(f.offset);
    EXPECT_FALSE(f.error.code.empty());
    EXPECT_GE(f.error.offset, f.offset);  // absolute in the file
    EXPECT_FALSE(inside_a_mesh(r, f.offset)) << f.offset;
  }
  for (uint64_t at : b.bad) EXPECT_TRUE(failed.count(at)) << "no failed candidate at " << at;
}

TEST(Scan, ATruncatedMeshAtTheEndIsFailedAndNotExtracted) {
  const std::vector<Sample> samples = load_samples();
  Blob b;
  b.junk(100);
  b.mesh(samples[0].bytes);
  b.junk(20);
  b.truncated(samples[1].bytes);
  TempDir dir("scan-truncated");
  write_bytes(dir.path() / "dump.bin", b.bytes);
  std::ostringstream out, err;
  EXPECT_EQ(run_scan_command({(dir.path() / "dump.bin").string()}, (dir.path() / "x").string(), "",
                             {}, out, err),
            0)
      << err.str();
  const ScanReport r = scan_file((dir.path() / "dump.bin").string(), {});
  ASSERT_EQ(r.meshes.size(), 1u);
  bool listed = false;
  for (const Failed& f : r.failed) listed |= f.offset == b.bad[0];
  EXPECT_TRUE(listed) << out.str();
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(dir.path() / "x"))
    files.push_back(e.path().filename().string());
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0], "dump_00000064.mesh");
  EXPECT_EQ(read_bytes(dir.path() / "x" / files[0]), samples[0].bytes);
}

TEST(Scan, AMeshInsideAConfirmedMeshIsDroppedUndecoded) {
  // An RR mesh with its resource header holds a bare body 12 bytes in: that candidate lies
  // inside the confirmed mesh and is not read.
  const std::vector<Sample> samples = load_samples();
  const Sample* with_header = nullptr;
  for (const Sample& s : samples)
    if (s.bytes.size() > 12 && s.bytes[8] == 0x68 && s.bytes[9] == 0x95) with_header = &s;
  ASSERT_NE(with_header, nullptr) << "no RR sample with a resource header";
  Blob b;
  b.junk(16);
  b.mesh(with_header->bytes);
  b.junk(16);
  const ScanReport r = scan_buffer(b.bytes.data(), b.bytes.size(), {});
  ASSERT_EQ(mesh_offsets(r), std::vector<uint64_t>{16});
  EXPECT_EQ(r.meshes[0].signature, find_signature("rr-header"));
  bool body_dropped = false;
  for (const Dropped& d : r.dropped)
    body_dropped |=
        d.offset == 28 && d.signature == find_signature("rr-body") && d.inside == 16 && !d.decoded;
  EXPECT_TRUE(body_dropped);
  EXPECT_EQ(r.decodes, 2u);  // the one mesh, read twice; its body never
}

TEST(Scan, AForcedFormatLooksOnlyForItsSignatures) {
  const std::vector<Sample> samples = load_samples();
  const Blob b = mixed_blob(samples);
  DecodeOptions sws;
  sws.format = &sws::kFormat;
  const ScanReport r = scan_buffer(b.bytes.data(), b.bytes.size(), sws);
  std::vector<uint64_t> want;
  for (const auto& [at, m] : b.meshes)
    if (sws::looks_like(m.data(), m.size())) want.push_back(at);
  ASSERT_FALSE(want.empty());
  EXPECT_EQ(mesh_offsets(r), want);
  for (const Found& f : r.meshes) EXPECT_EQ(f.format, "sws");
}

TEST(Scan, ALargeBlobCostsAFewReadsPerCandidateNotPerByte) {
  const std::vector<Sample> samples = load_samples();
  Blob b;
  b.junk(4 << 20);
  for (const Sample& s : samples) {
    b.mesh(s.bytes);
    b.junk(1000);
  }
  const auto start = std::chrono::steady_clock::now();
  const ScanReport r = scan_buffer(b.bytes.data(), b.bytes.size(), {});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(mesh_offsets(r), expected_offsets(b));
  EXPECT_LE(r.decodes, 2 * (r.meshes.size() + r.failed.size()));
  EXPECT_LT(seconds, 2.0);
}

TEST(Scan, CommandExtractsEachMeshAndWritesJson) {
  const std::vector<Sample> samples = load_samples();
  const Blob b = mixed_blob(samples);
  TempDir dir("scan-command");
  const fs::path blob = dir.path() / "level01.forge";
  write_bytes(blob, b.bytes);
  std::ostringstream out, err;
  const fs::path json = dir.path() / "scan.json";
  ASSERT_EQ(
      run_scan_command({blob.string()}, (dir.path() / "out").string(), json.string(), {}, out, err),
      0)
      << err.str();
  const nlohmann::json j = nlohmann::json::parse(read_bytes(json));
  ASSERT_EQ(j["files"].size(), 1u);
  const nlohmann::json& f = j["files"][0];
  ASSERT_EQ(f["meshes"].size(), b.meshes.size());
  for (size_t i = 0; i < b.meshes.size(); ++i) {
    const auto& [at, bytes] = b.meshes[i];
    EXPECT_EQ(f["meshes"][i]["offset"], at);
    EXPECT_EQ(f["meshes"][i]["length"], bytes.size());
    const fs::path written = dir.path() / "out" / extract_name(blob.string(), at);
    EXPECT_EQ(f["meshes"][i]["extracted"], written.string());
    EXPECT_EQ(read_bytes(written), bytes) << written;
  }
  size_t files = 0;
  for (const auto& e : fs::directory_iterator(dir.path() / "out")) files += e.is_regular_file();
  EXPECT_EQ(files, b.meshes.size());  // nothing for failed candidates, no temp files
  EXPECT_GE(f["failed"].size(), b.bad.size());
  EXPECT_NE(out.str().find("level01.forge"), std::string::npos);
}

TEST(Scan, ExtractNamesCarryTheStemAndTheOffsetInHex) {
  EXPECT_EQ(extract_name("/data/level01.forge", 0x1A2C), "level01_00001A2C.mesh");
  EXPECT_EQ(extract_name("dump", 0x123456789ull), "dump_123456789.mesh");
}

TEST(Scan, AnUnreadableFileIsAnErrorOfTheRun) {
  std::ostringstream out, err;
  EXPECT_EQ(run_scan_command({"/nonexistent/scan/input.bin"}, "", "", {}, out, err), 1);
  EXPECT_NE(err.str().find("/nonexistent/scan/input.bin"), std::string::npos);
}

TEST(Scan, ADirectoryIsNotScanned) {
  TempDir dir("scan-dir");
  const ScanReport r = scan_file(dir.path().string(), {});
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(r.error->code, "SCAN_READ_FAILED");
}

TEST(Scan, JunkAloneHoldsNoMesh) {
  Blob b;
  b.junk(1 << 16);
  b.sws_decoy();
  b.rr_decoy();
  const ScanReport r = scan_buffer(b.bytes.data(), b.bytes.size(), {});
  EXPECT_TRUE(r.meshes.empty());
  EXPECT_GE(r.failed.size(), 2u);
}

// The scan of samples/rr then samples/sws, concatenated, as it was before container records
// were read (the fixtures were written by the scan command of that version).
TEST(Scan, ScanOfTheSwsAndRrSamplesIsUnchangedByRecordNames) {
  Blob b;
  for (const Sample& s : load_samples())
    if (s.name.rfind("rr/", 0) == 0 || s.name.rfind("sws/", 0) == 0) b.mesh(s.bytes);
  ScanReport r = scan_buffer(b.bytes.data(), b.bytes.size(), {});
  r.path = "sws_rr.bin";
  const fs::path here = fs::path(F2G_SOURCE_DIR) / "tests" / "converter" / "inspect";
  const std::vector<uint8_t> json = read_bytes(here / "scan_sws_rr.json");
  const std::vector<uint8_t> table = read_bytes(here / "scan_sws_rr.txt");
  EXPECT_EQ(nlohmann::json({{"files", {to_json(r)}}}).dump(2) + "\n",
            std::string(json.begin(), json.end()));
  std::ostringstream out;
  print_table(r, out);
  EXPECT_EQ(out.str(), std::string(table.begin(), table.end()));
}

std::vector<uint8_t> sample(const std::string& name) {
  for (const Sample& s : load_samples())
    if (s.name == name) return s.bytes;
  ADD_FAILURE() << "no sample " << name;
  return {};
}

// A decompressed container's files block: `u32 TypeId, i32 len, i32 nameLen, name, data`.
void record(Blob& b, const std::string& name, const std::vector<uint8_t>& data,
            uint32_t len_delta = 0) {
  b.put_u32(0x415D9568);  // TypeId: the Mesh class
  b.put_u32(static_cast<uint32_t>(data.size()) + len_delta);
  b.put_u32(static_cast<uint32_t>(name.size()));
  b.bytes.insert(b.bytes.end(), name.begin(), name.end());
  b.mesh(data);
}

// GRB and GRW meshes framed by records, junk between: each a FileHeader then the payload.
Blob container() {
  const std::vector<uint8_t> crate = sample("grb/static_format12_crate.mesh");  // FileHeader 0
  std::vector<uint8_t> coat = sample("grb/tacvest_walker_coat_lod0.mesh");
  coat.insert(coat.begin(), 0);  // FileHeader byte 0x00
  const std::vector<uint8_t> grw = sample("grw/static_format9_file_header_submeshes.mesh");
  std::vector<uint8_t> rock = sample("grw/static_format6_rock.mesh");
  rock.insert(rock.begin(), 0);
  Blob b;
  b.junk(21);
  record(b, "TP_Tacvest_Walker_Coat_LOD0", coat);
  b.junk(7);
  record(b, "Rock/../evil", grw);
  b.junk(3);
  record(b, "Wrong_Length", rock, 1);  // len disagrees with the mesh: no name
  record(b, "Dup", crate);
  b.junk(9);
  record(b, "Dup", grw);  // the name is taken: the offset name
  b.junk(30);
  return b;
}

TEST(Scan, ARecordFramingAGrbOrGrwMeshNamesIt) {
  const Blob b = container();
  ScanReport r = scan_buffer(b.bytes.data(), b.bytes.size(), {});
  r.path = "/data/files.bin";
  ASSERT_EQ(mesh_offsets(r), expected_offsets(b));
  std::vector<std::string> names, formats;
  for (const Found& f : r.meshes) {
    names.push_back(f.name);
    formats.push_back(f.format);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"TP_Tacvest_Walker_Coat_LOD0", "Rock/../evil", "",
                                             "Dup", "Dup"}));
  EXPECT_EQ(formats, (std::vector<std::string>{"grb", "grw", "grw", "grb", "grw"}));
  EXPECT_EQ(extract_names(r),
            (std::vector<std::string>{"TP_Tacvest_Walker_Coat_LOD0.mesh", "Rock__._evil.mesh",
                                      extract_name(r.path, b.meshes[2].first), "Dup.mesh",
                                      extract_name(r.path, b.meshes[4].first)}));
  const nlohmann::json j = to_json(r);
  EXPECT_EQ(j["meshes"][0]["name"], "TP_Tacvest_Walker_Coat_LOD0");
  EXPECT_FALSE(j["meshes"][2].contains("name"));
}

TEST(Scan, ExtractWritesEachRecordNamedMeshUnderItsName) {
  const Blob b = container();
  TempDir dir("scan-records");
  const fs::path blob = dir.path() / "files.bin";
  write_bytes(blob, b.bytes);
  std::ostringstream out, err;
  const fs::path json = dir.path() / "scan.json";
  ASSERT_EQ(
      run_scan_command({blob.string()}, (dir.path() / "out").string(), json.string(), {}, out, err),
      0)
      << err.str();
  const std::vector<std::string> files = {"TP_Tacvest_Walker_Coat_LOD0.mesh", "Rock__._evil.mesh",
                                          extract_name(blob.string(), b.meshes[2].first),
                                          "Dup.mesh",
                                          extract_name(blob.string(), b.meshes[4].first)};
  const nlohmann::json j = nlohmann::json::parse(read_bytes(json));
  ASSERT_EQ(j["files"][0]["meshes"].size(), files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    const fs::path written = dir.path() / "out" / files[i];
    EXPECT_EQ(j["files"][0]["meshes"][i]["extracted"], written.string());
    EXPECT_EQ(read_bytes(written), b.meshes[i].second) << written;
  }
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir.path() / "out")) n += e.is_regular_file();
  EXPECT_EQ(n, files.size());
  EXPECT_NE(out.str().find("name TP_Tacvest_Walker_Coat_LOD0"), std::string::npos);
}

TEST(Scan, ARecordNameBecomesAFileNameWithoutPathsOrControlCharacters) {
  EXPECT_EQ(record_file_name("a/b\\c"), "a_b_c.mesh");
  EXPECT_EQ(record_file_name("../x"), "_._x.mesh");
  EXPECT_EQ(record_file_name("..."), "___.mesh");
  EXPECT_EQ(record_file_name("a."), "a_.mesh");
  EXPECT_EQ(record_file_name(std::string("t\x01\x7f", 3)), "t__.mesh");
  EXPECT_EQ(record_file_name("."), "_.mesh");
  EXPECT_EQ(record_file_name(""), "");
}

}  // namespace
}  // namespace f2g::scan
