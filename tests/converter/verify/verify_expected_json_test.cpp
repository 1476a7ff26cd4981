// The verify report's JSON is a stable, documented format (docs/usage.md "verify"): for one sample
// it must equal the checked-in expected file exactly. Regenerate after a deliberate change
// with F2G_UPDATE_EXPECTED=1 and read the diff.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "converter/verify/verify.h"
#include "converter/verify/verify_report.h"
#include "formats/registry.h"
#include "gltf_writer/write/write.h"
#include "tests/support/files.h"

namespace f2g {
namespace {

using f2g::test::read_bytes;
using f2g::test::read_text;

TEST(VerifyExpectedJson, SkinnedPalettesReportEqualsTheCheckedInFile) {
  const std::string input = "samples/sws/skinned_palettes.mesh";
  const std::vector<uint8_t> bytes = read_bytes(std::string(F2G_SOURCE_DIR) + "/" + input);
  ASSERT_FALSE(bytes.empty());
  DecodeOptions options;
  options.name = "skinned_palettes";
  Result<Decoded> decoded = decode(bytes.data(), bytes.size(), options);
  ASSERT_TRUE(decoded.ok()) << decoded.error().to_string();
  ir::Result<gltf::Written> written = gltf::write(decoded->mesh, {});
  ASSERT_TRUE(written.ok()) << written.error().to_string();

  verify::VerifyReport report = verify::verify_output(*decoded, written->glb);
  report.input = input;
  report.output = "out/sws/skinned_palettes.glb";
  ASSERT_TRUE(report.ok());
  const std::string got = verify::to_json(report).dump(2) + "\n";

  const std::string expected_path =
      std::string(F2G_SOURCE_DIR) + "/tests/fixtures/verify/skinned_palettes.json";
  if (std::getenv("F2G_UPDATE_EXPECTED")) std::ofstream(expected_path) << got;
  const std::string expected = read_text(expected_path);
  EXPECT_EQ(got, expected) << "regenerate with F2G_UPDATE_EXPECTED=1 if the change is deliberate";
}

}  // namespace
}  // namespace f2g
