// Done means 1 of `import`: import(convert(x), donor = x) is byte-identical to x for every
// sample of every format, through each output form convert writes (.glb, .gltf + .bin,
// --optimize, --quantize, --compress). The rebuild recomputes every derived field from the
// geometry it is given; identity proves those recomputations reproduce the donor's.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "converter/convert/convert.h"
#include "converter/import/import.h"
#include "formats/registry.h"
#include "tests/support/files.h"
#include "tests/support/import_forms.h"
#include "tests/support/sample_files.h"

namespace f2g::import {
namespace {

namespace fs = std::filesystem;

using Form = test::ImportForm;
using test::imported;

fs::path scratch() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("f2g-import-identity-" + std::to_string(::getpid()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

fs::path converted(const fs::path& mesh, const Form& form) {
  return test::converted(mesh, (mesh.parent_path().filename() / mesh.filename()).string(),
                         scratch(), form);
}

class Identity : public ::testing::TestWithParam<Form> {};

TEST_P(Identity, EverySampleComesBackByteIdentical) {
  const Form form = GetParam();
  size_t samples = 0, identical = 0;
  for (const fs::path& mesh : test::sample_mesh_paths()) {
    ++samples;
    const std::vector<uint8_t> donor = test::read_bytes(mesh);
    const ImportOutcome o = imported(converted(mesh, form), donor);
    const std::string what = mesh.parent_path().filename().string() + "/" +
                             mesh.filename().string() + " (" + form.name + ")";
    if (o.error) {
      ADD_FAILURE() << what << ": " << o.error->to_string();
      continue;
    }
    EXPECT_EQ(o.bytes.size(), donor.size()) << what;
    if (o.bytes == donor)
      ++identical;
    else
      ADD_FAILURE() << what << ": not byte-identical; " << o.summary.dump();
    EXPECT_TRUE(o.summary.value("donor_order", false)) << what;
  }
  EXPECT_GT(samples, 0u);  // every format has some: verify_samples_test
  EXPECT_EQ(identical, samples) << form.name;
  std::printf("%s: %zu of %zu samples byte-identical\n", form.name, identical, samples);
}

INSTANTIATE_TEST_SUITE_P(Forms, Identity, ::testing::ValuesIn(test::kImportForms),
                         [](const ::testing::TestParamInfo<Form>& p) { return p.param.name; });

}  // namespace
}  // namespace f2g::import
