// Names from archives made into file names (docs/ARCHITECTURE.md "Output conventions").
#include <gtest/gtest.h>

#include <string>

#include "converter/convert/archive_names.h"

namespace f2g::convert {
namespace {

TEST(ArchiveNames, SeparatorsNulAndControlBytesBecomeUnderscores) {
  EXPECT_EQ(safe_name("a/b\\c", 1), "a_b_c");
  EXPECT_EQ(safe_name(std::string("x\0y", 3), 1), "x_y");
  EXPECT_EQ(safe_name("tab\there\x7F", 1), "tab_here_");
  EXPECT_EQ(safe_name("../../etc/passwd", 1), ".._.._etc_passwd");  // one component, never up
  EXPECT_EQ(safe_name("Head.LOD0", 1), "Head.LOD0");                // dots inside are kept
}

TEST(ArchiveNames, NothingLeftToNameAFileIsTheId) {
  EXPECT_EQ(safe_name("", 0xABC), "0000000000000ABC");
  EXPECT_EQ(safe_name(".", 0xABC), "0000000000000ABC");
  EXPECT_EQ(safe_name("..", 0x17D430BDD0A42F2Aull), "17D430BDD0A42F2A");
}

TEST(ArchiveNames, LongNamesAreCut) {
  EXPECT_EQ(safe_name(std::string(300, 'n'), 1).size(), kMaxNameBytes);
}

TEST(ArchiveNames, SharedNamesCarryTheirIdsAllOfThem) {
  const std::vector<std::string> n =
      unique_names({{"Props", 2}, {"Rock", 3}, {"Props", 1}, {"a/b", 4}, {"a_b", 5}});
  EXPECT_EQ(n, (std::vector<std::string>{"Props_0000000000000002", "Rock", "Props_0000000000000001",
                                         "a_b_0000000000000004", "a_b_0000000000000005"}));
  // The same id named twice is one object: no suffix.
  EXPECT_EQ(unique_names({{"X", 7}, {"X", 7}}), (std::vector<std::string>{"X", "X"}));
}

TEST(ArchiveNames, AnArchiveGoesToItsPathWithoutTheExtension) {
  EXPECT_EQ(archive_directory("DataPC.forge"), "DataPC");
  EXPECT_EQ(archive_directory("sub/DataPC_patch_01.forge"), "sub/DataPC_patch_01");
}

}  // namespace
}  // namespace f2g::convert
