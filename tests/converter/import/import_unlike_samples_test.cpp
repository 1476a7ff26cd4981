// Import identity on donors unlike the samples (samples/generator/unlike_samples.cpp: padded
// RR and GRB/GRW bounds, each copy of a box padded by its own amount or stale, SWS second
// partitions cut at other triangles, SubMesh runs the glTF has no slot for, twin vertices):
// import(convert(x), donor = x) == x byte for byte, in each form convert writes, in batch mode
// and, for GRB/GRW, in place of its sample in a sample archive. The samples pass because the code
// that made them rebuilds them; these show that import keeps what the edit did not touch
// (docs/ARCHITECTURE.md "Back into the game").
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "converter/convert/convert.h"
#include "converter/import/archive_import.h"
#include "converter/import/import.h"
#include "converter/import/import_command.h"
#include "formats/registry.h"
#include "samples/generator/game_samples.h"
#include "samples/generator/sample_file.h"
#include "tests/support/archive_test_support.h"
#include "tests/support/files.h"
#include "tests/support/import_forms.h"

namespace f2g::import {
namespace {

namespace fs = std::filesystem;

using Form = test::ImportForm;
using test::imported;
constexpr const Form* kForms = test::kImportForms;

fs::path scratch() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("f2g-import-unlike-" + std::to_string(::getpid()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

// The donors, written once under scratch()/donors/<game>/<name>.mesh.
const std::vector<samples::SampleFile>& donors() {
  static const std::vector<samples::SampleFile> all = [] {
    std::vector<samples::SampleFile> d = samples::unlike_samples();
    for (const samples::SampleFile& s : d) {
      const fs::path p = scratch() / "donors" / s.path;
      fs::create_directories(p.parent_path());
      std::ofstream(p, std::ios::binary)
          .write(reinterpret_cast<const char*>(s.bytes.data()), std::streamsize(s.bytes.size()));
    }
    return d;
  }();
  return all;
}

fs::path converted(const fs::path& mesh, const std::string& relative, const Form& form) {
  return test::converted(mesh, relative, scratch(), form);
}

TEST(ImportUnlikeSamples, EveryDonorReadsStrictlyAndIsNotASample) {
  ASSERT_GE(donors().size(), 9u + 18u + 4u);
  for (const samples::SampleFile& s : donors()) {
    Result<Decoded> d = decode(s.bytes.data(), s.bytes.size(), DecodeOptions{});
    ASSERT_TRUE(d.ok()) << s.path << ": " << d.error().to_string();
    EXPECT_FALSE(fs::exists(fs::path(F2G_SOURCE_DIR) / "samples" / s.path)) << s.path;
  }
}

class UnlikeIdentity : public ::testing::TestWithParam<Form> {};

TEST_P(UnlikeIdentity, EveryDonorComesBackByteIdentical) {
  const Form form = GetParam();
  for (const samples::SampleFile& s : donors()) {
    const fs::path glb = converted(scratch() / "donors" / s.path, s.path, form);
    const ImportOutcome o = imported(glb, s.bytes);
    ASSERT_FALSE(o.error) << s.path << " " << form.name << ": " << o.error->to_string();
    EXPECT_TRUE(o.bytes == s.bytes) << s.path << " " << form.name << ": " << o.summary.dump();
  }
}

INSTANTIATE_TEST_SUITE_P(Forms, UnlikeIdentity, ::testing::ValuesIn(test::kImportForms),
                         [](const ::testing::TestParamInfo<Form>& i) { return i.param.name; });

// Batch mode (`import GLB_DIR --donors MESH_DIR -o OUT_DIR`) over the default convert form.
TEST(ImportUnlikeSamples, BatchImportBringsEveryDonorBack) {
  for (const samples::SampleFile& s : donors())
    converted(scratch() / "donors" / s.path, s.path, kForms[0]);
  ImportRun run;
  run.input = (scratch() / "glb").string();
  run.donors = (scratch() / "donors").string();
  run.out = (scratch() / "batch").string();
  run.quiet = true;
  run.jobs = 1;
  std::ostringstream out, err;
  EXPECT_EQ(run_import_command(run, out, err), 0) << err.str();
  for (const samples::SampleFile& s : donors())
    EXPECT_TRUE(test::read_bytes(scratch() / "batch" / s.path) == s.bytes) << s.path;
}

// ---- boxes padded unlike each other, through an archive ----------------------------------

using Bytes = std::vector<uint8_t>;

// `archive` with the body of Mesh resource `m` replaced by `body` (its entry re-encoded with
// the set structure it has).
Bytes with_body(const Bytes& archive, const archive::test::MeshResource& m, const Bytes& body) {
  const archive::Archive a = archive::test::must_read(archive);
  Result<archive::EntryContents> c =
      archive::read_entry(a, archive.data(), archive.size(), m.entry);
  EXPECT_TRUE(c.ok());
  if (!c) return {};
  std::vector<archive::ResourceRecord> records = archive::resource_records(*c);
  for (size_t i = 0; i < records.size(); ++i)
    if (c->resources[i].id == m.id) records[i].body = body;
  Result<Bytes> payload = archive::reencode_entry_payload(*a.dialect, *c, records);
  EXPECT_TRUE(payload.ok());
  if (!payload) return {};
  std::vector<archive::PayloadRef> refs;
  for (const archive::Entry& e : a.entries) refs.push_back({archive.data() + e.offset, e.size});
  refs[m.entry] = {payload->data(), payload->size()};
  Result<Bytes> out = archive::write_archive(a, refs);
  EXPECT_TRUE(out.ok());
  return out ? *out : Bytes{};
}

// Each GRB/GRW donor whose box copies are padded unlike each other (or one is stale), put in
// place of its sample in the sample archive that holds that sample (the body is the sample
// file past its FileHeader, docs/READING.md "Forge archives"), converted in every form and
// imported into that archive by id: the archive comes back byte for byte.
TEST(ImportUnlikeSamples, BoxDonorsInAnArchiveComeBackByteIdentical) {
  const std::vector<samples::SampleFile> originals = samples::grb_samples();
  size_t count = 0;
  for (const std::string& name : std::vector<std::string>{"grw/DataPC.forge", "grb/DataPC.forge"}) {
    const Bytes archive = archive::test::sample(name);
    const fs::path dir = scratch() / "archive" / name;
    fs::create_directories(dir);
    for (const archive::test::MeshResource& m : archive::test::meshes_of(archive)) {
      for (const samples::SampleFile& o : originals) {
        if (o.path.substr(0, 4) != name.substr(0, 4) || o.bytes.size() < m.body.size() ||
            !std::equal(m.body.begin(), m.body.end(), o.bytes.end() - long(m.body.size())))
          continue;
        const size_t header = o.bytes.size() - m.body.size();
        const std::string prefix = o.path.substr(0, o.path.rfind('.')) + "_boxes_";
        for (const samples::SampleFile& s : donors()) {
          if (s.path.rfind(prefix, 0) != 0) continue;
          SCOPED_TRACE(name + " " + m.name + " " + s.path);
          ASSERT_EQ(s.bytes.size(), o.bytes.size());
          const Bytes body(s.bytes.begin() + long(header), s.bytes.end());
          const Bytes donor = with_body(archive, m, body);
          ASSERT_FALSE(donor.empty());
          const fs::path file =
              dir / (std::to_string(m.id) + "_" + fs::path(s.path).filename().string());
          std::ofstream(file, std::ios::binary)
              .write(reinterpret_cast<const char*>(body.data()), std::streamsize(body.size()));
          for (const Form& form : test::kImportForms) {
            const fs::path glb = test::converted(file, file.filename().string(), dir, form);
            const Bytes g = test::read_bytes(glb);
            const ArchiveImportOutcome out =
                import_into_archive(test::file_input(glb, g), donor.data(), donor.size(), m.id, {});
            ASSERT_FALSE(out.error) << form.name << ": " << out.error->to_string();
            EXPECT_TRUE(out.bytes == donor) << form.name;
            ++count;
          }
        }
      }
    }
  }
  EXPECT_EQ(count, 5u * (16 * 5 + 2 * 2));  // every GRB/GRW sample is in a sample archive
}

}  // namespace
}  // namespace f2g::import
