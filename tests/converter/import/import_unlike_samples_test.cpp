// Import identity on donors unlike the samples (samples/generator/unlike_samples.cpp: padded
// RR and GRB/GRW bounds, SWS second partitions cut at other triangles, SubMesh runs the glTF
// has no slot for, twin vertices): import(convert(x), donor = x) == x byte for byte, in each
// form convert writes and in batch mode. The samples pass because the code that made them
// rebuilds them; these show that import keeps what the edit did not touch
// (docs/ARCHITECTURE.md "Back into the game").
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "converter/convert/convert.h"
#include "converter/import/import.h"
#include "converter/import/import_command.h"
#include "formats/registry.h"
#include "samples/generator/sample_file.h"
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

}  // namespace
}  // namespace f2g::import
