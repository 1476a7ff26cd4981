// --names FILE: the user's lists over the built-in names (converter/io/name_lists.h).
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "converter/io/name_lists.h"
#include "tests/support/converter_test_util.h"

namespace f2g::convert {
namespace {

using f2g::testing::ScratchDir;
using f2g::testing::write_text;

TEST(NameLists, NoFilesMeansTheBuiltInNames) {
  auto t = io::load_name_lists({});
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(*t, nullptr);
  EXPECT_EQ(names_in_use(*t).find(crc32("LeftArm")), "LeftArm");
}

TEST(NameLists, AUsersListAddsNamesAndWinsOverTheBuiltInOnes) {
  ScratchDir dir;
  write_text(dir / "a.txt", "Knees\nChest\n");
  write_text(dir / "b.txt", "# a second list\nChest\nMyHead\n");
  auto t = io::load_name_lists({(dir / "a.txt").string(), (dir / "b.txt").string()});
  ASSERT_TRUE(t.ok()) << t.error().to_string();
  EXPECT_EQ((*t)->find(crc32("Knees")), "Knees");
  EXPECT_EQ((*t)->find(crc32("MyHead")), "MyHead");
  EXPECT_EQ((*t)->find(crc32("Head")), "Head");  // the built-in names stay
  EXPECT_EQ((*t)->size(), builtin_names().size() + 3);
}

TEST(NameLists, ACollisionBetweenTwoFilesNamesBoth) {
  ScratchDir dir;
  write_text(dir / "a.txt", "plumless\n");
  write_text(dir / "b.txt", "Head\nbuckeroo\n");
  const std::string a = (dir / "a.txt").string(), b = (dir / "b.txt").string();
  auto t = io::load_name_lists({a, b});
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().code, "NAMES_COLLISION");
  EXPECT_NE(t.error().message.find(a + ":1 \"plumless\""), std::string::npos) << t.error().message;
  EXPECT_NE(t.error().message.find(b + ":2 \"buckeroo\""), std::string::npos);
}

TEST(NameLists, AMissingFileOrADirectoryIsInvalidNamingIt) {
  ScratchDir dir;
  for (const std::string& f : {(dir / "none.txt").string(), dir.path().string()}) {
    auto t = io::load_name_lists({f});
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().code, "NAMES_INVALID");
    EXPECT_NE(t.error().message.find(f), std::string::npos) << t.error().message;
  }
}

TEST(NameLists, AFileOverTheBoundIsRefusedBeforeItIsRead) {
  ScratchDir dir;
  const std::string f = (dir / "huge.txt").string();
  { std::ofstream(f) << "Head\n"; }
  ASSERT_EQ(::truncate(f.c_str(), off_t(io::kMaxNameFileBytes + 1)), 0);  // sparse: no disk used
  auto t = io::load_name_lists({f});
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().code, "NAMES_INVALID");
  EXPECT_NE(t.error().message.find("huge.txt"), std::string::npos) << t.error().message;
}

}  // namespace
}  // namespace f2g::convert
