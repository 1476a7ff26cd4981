#include <gtest/gtest.h>

#include "converter/convert/output_paths.h"

namespace f2g::convert {
namespace {

namespace fs = std::filesystem;

io::Job job(const std::string& relative, const std::string& display = "") {
  io::Job j;
  j.relative = relative;
  j.input = (fs::path("/in") / relative).string();
  j.display = display.empty() ? relative : display;
  return j;
}

TEST(OutputPaths, LastExtensionIsReplacedByGlb) {
  EXPECT_EQ(output_path("out", "a.mesh", false).primary, std::string("out/a.glb"));
  EXPECT_EQ(output_path("out", "a.b.mesh", false).primary, std::string("out/a.b.glb"));
  EXPECT_EQ(output_path("out", "noext", false).primary, std::string("out/noext.glb"));
  EXPECT_TRUE(output_path("out", "a.mesh", false).bin.empty());
}

TEST(OutputPaths, GltfGivesGltfAndBinSideBySide) {
  const OutputPath o = output_path("out", "sub/a.b.mesh", true);
  EXPECT_EQ(o.primary, std::string("out/sub/a.b.gltf"));
  EXPECT_EQ(o.bin, std::string("out/sub/a.b.bin"));
  EXPECT_FALSE(o.error.has_value());
}

TEST(OutputPaths, NestedDirectoriesAreMirrored) {
  EXPECT_EQ(output_path("/o", "sws/level01/rock.mesh", false).primary,
            std::string("/o/sws/level01/rock.glb"));
}

TEST(OutputPaths, DotDotIsRefused) {
  const OutputPath o = output_path("out", "../../etc/passwd", false);
  ASSERT_TRUE(o.error.has_value());
  EXPECT_EQ(o.error->code, "OUTPUT_PATH_UNSAFE");
  EXPECT_TRUE(o.primary.empty());
  EXPECT_TRUE(output_path("out", "a/../../b.mesh", false).error.has_value());
}

TEST(OutputPaths, AbsoluteRelativePathStaysInsideOut) {
  const OutputPath o = output_path("out", "/etc/passwd", false);
  ASSERT_FALSE(o.error.has_value());
  EXPECT_EQ(o.primary, std::string("out/etc/passwd.glb"));
}

TEST(OutputPaths, DotComponentsAreDropped) {
  EXPECT_EQ(output_path("out", "./a/./b.mesh", false).primary, std::string("out/a/b.glb"));
}

TEST(OutputPaths, NothingToNameAFileIsRefused) {
  EXPECT_EQ(output_path("out", "", false).error->code, "OUTPUT_PATH_UNSAFE");
  EXPECT_EQ(output_path("out", "/", false).error->code, "OUTPUT_PATH_UNSAFE");
}

TEST(OutputPaths, CollisionFailsTheSecondInputOnly) {
  const std::vector<io::Job> jobs = {job("a.mesh"), job("a.rr"), job("b.mesh")};
  const auto plan = plan_outputs(jobs, "out", false);
  ASSERT_EQ(plan.size(), 3u);
  EXPECT_FALSE(plan[0].error.has_value());
  ASSERT_TRUE(plan[1].error.has_value());
  EXPECT_EQ(plan[1].error->code, "OUTPUT_COLLISION");
  EXPECT_NE(plan[1].error->message.find("a.mesh"), std::string::npos);  // names the first
  EXPECT_FALSE(plan[2].error.has_value());
}

TEST(OutputPaths, SameFileNamedTwiceCollides) {
  const auto plan = plan_outputs({job("x/a.mesh"), job("x/./a.mesh")}, "out", true);
  EXPECT_FALSE(plan[0].error.has_value());
  ASSERT_TRUE(plan[1].error.has_value());
  EXPECT_EQ(plan[1].error->code, "OUTPUT_COLLISION");
}

TEST(OutputPaths, FilesOfDifferentArgumentsWithOneNameCollide) {
  // `convert a/m.mesh b/m.mesh -o out`: both file arguments map to out/m.glb.
  const auto plan =
      plan_outputs({job("m.mesh", "a/m.mesh"), job("m.mesh", "b/m.mesh")}, "out", false);
  EXPECT_FALSE(plan[0].error.has_value());
  ASSERT_TRUE(plan[1].error.has_value());
  EXPECT_NE(plan[1].error->message.find("a/m.mesh"), std::string::npos);
}

TEST(OutputPaths, AFailedInputClaimsNoOutput) {
  io::Job bad = job("a.mesh");
  bad.error = ir::Diagnostic{"INPUT_NOT_FOUND", "no such file", "", 0};
  const auto plan = plan_outputs({bad, job("a.mesh")}, "out", false);
  EXPECT_FALSE(plan[1].error.has_value());
}

}  // namespace
}  // namespace f2g::convert
