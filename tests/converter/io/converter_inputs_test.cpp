#include <gtest/gtest.h>
#include <sys/stat.h>

#include "converter/io/inputs.h"
#include "tests/support/converter_test_util.h"

namespace f2g::convert {
namespace {

using f2g::testing::ScratchDir;
using f2g::testing::write_text;
namespace fs = std::filesystem;

std::vector<std::string> relatives(const std::vector<io::Job>& jobs) {
  std::vector<std::string> out;
  for (const io::Job& j : jobs) out.push_back(j.relative);
  return out;
}

TEST(Inputs, FileArgumentKeepsOnlyItsFileNameAsRelativePath) {
  ScratchDir d;
  write_text(d / "deep/er/mesh.bin", "x");
  const auto jobs = io::expand_inputs({(d / "deep/er/mesh.bin").string()});
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].relative, "mesh.bin");
  EXPECT_EQ(jobs[0].input, (d / "deep/er/mesh.bin").string());
  EXPECT_FALSE(jobs[0].from_walk);
  EXPECT_FALSE(jobs[0].error.has_value());
  EXPECT_EQ(jobs[0].size, 1u);
}

TEST(Inputs, DirectoryIsWalkedRecursivelyInSortedOrder) {
  ScratchDir d;
  for (const char* f : {"root/b/z.mesh", "root/a.mesh", "root/b/a/y.mesh", "root/c.mesh"})
    write_text(d / f, "x");
  const auto jobs = io::expand_inputs({(d / "root").string()});
  EXPECT_EQ(relatives(jobs),
            (std::vector<std::string>{"a.mesh", "b/a/y.mesh", "b/z.mesh", "c.mesh"}));
  for (const io::Job& j : jobs) {
    EXPECT_TRUE(j.from_walk);
    EXPECT_TRUE(fs::path(j.input).is_absolute());
  }
}

TEST(Inputs, ArgumentsKeepTheirOrderAndDisplayJoinsTheArgument) {
  ScratchDir d;
  write_text(d / "dir/sub/m.mesh", "x");
  write_text(d / "first.mesh", "x");
  const std::string dir_arg = (d / "dir").string() + "/";  // a trailing slash changes nothing
  const auto jobs = io::expand_inputs({(d / "first.mesh").string(), dir_arg});
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].relative, "first.mesh");
  EXPECT_EQ(jobs[1].relative, "sub/m.mesh");
  EXPECT_EQ(jobs[1].display, (d / "dir/sub/m.mesh").string());
}

TEST(Inputs, DirectorySymlinkLoopIsNotFollowed) {
  ScratchDir d;
  write_text(d / "root/a.mesh", "x");
  fs::create_directory_symlink(d / "root", d / "root/loop");
  fs::create_directory_symlink("..", d / "root/up");
  const auto jobs = io::expand_inputs({(d / "root").string()});
  EXPECT_EQ(relatives(jobs), (std::vector<std::string>{"a.mesh"}));
}

TEST(Inputs, FileSymlinkInsideADirectoryIsListed) {
  ScratchDir d;
  write_text(d / "elsewhere/real.mesh", "xyz");
  write_text(d / "root/a.mesh", "x");
  fs::create_symlink(d / "elsewhere/real.mesh", d / "root/link.mesh");
  fs::create_symlink(d / "missing", d / "root/broken.mesh");
  const auto jobs = io::expand_inputs({(d / "root").string()});
  EXPECT_EQ(relatives(jobs), (std::vector<std::string>{"a.mesh", "broken.mesh", "link.mesh"}));
  EXPECT_FALSE(jobs[0].error);
  ASSERT_TRUE(jobs[1].error);  // listed, so the report accounts for it, but never opened
  EXPECT_EQ(jobs[1].error->code, "INPUT_NOT_A_FILE");
  EXPECT_EQ(jobs[1].error->message, "a symbolic link to nothing");
  EXPECT_FALSE(jobs[2].error);
  EXPECT_EQ(jobs[2].size, 3u);
}

// A fifo in the tree would block a reader forever: listed with its error, never opened.
TEST(Inputs, AFifoInsideADirectoryIsListedButNotOpened) {
  ScratchDir d;
  write_text(d / "root/a.mesh", "x");
  ASSERT_EQ(::mkfifo((d / "root/pipe.mesh").c_str(), 0600), 0);
  const auto jobs = io::expand_inputs({(d / "root").string()});
  ASSERT_EQ(relatives(jobs), (std::vector<std::string>{"a.mesh", "pipe.mesh"}));
  ASSERT_TRUE(jobs[1].error);
  EXPECT_EQ(jobs[1].error->code, "INPUT_NOT_A_FILE");
  EXPECT_TRUE(jobs[1].from_walk);
}

TEST(Inputs, MissingArgumentBecomesAFailingJob) {
  ScratchDir d;
  write_text(d / "a.mesh", "x");
  const auto jobs = io::expand_inputs({(d / "nope.mesh").string(), (d / "a.mesh").string()});
  ASSERT_EQ(jobs.size(), 2u);
  ASSERT_TRUE(jobs[0].error.has_value());
  EXPECT_EQ(jobs[0].error->code, "INPUT_NOT_FOUND");
  EXPECT_EQ(jobs[0].display, (d / "nope.mesh").string());
  EXPECT_FALSE(jobs[1].error.has_value());
}

TEST(Inputs, OutputDirectoryInsideTheInputIsLeftOut) {
  ScratchDir d;
  write_text(d / "root/a.mesh", "x");
  write_text(d / "root/out/a.glb", "x");
  write_text(d / "root/out/deeper/b.glb", "x");
  const auto jobs = io::expand_inputs({(d / "root").string()}, d / "root/out");
  EXPECT_EQ(relatives(jobs), (std::vector<std::string>{"a.mesh"}));
  // Converting the output directory itself lists nothing.
  EXPECT_TRUE(io::expand_inputs({(d / "root/out").string()}, d / "root/out").empty());
}

TEST(Inputs, EmptyDirectoryGivesNoJobs) {
  ScratchDir d;
  fs::create_directories(d / "empty/sub");
  EXPECT_TRUE(io::expand_inputs({(d / "empty").string()}).empty());
}

}  // namespace
}  // namespace f2g::convert
