// The install's index (formats/archive/install_index.h): patch order applied once, look-ups by
// id, the copies of an id, repeated ids within one forge, classes from noted records.
#include <gtest/gtest.h>

#include "formats/archive/archive.h"
#include "tests/support/archive_test_support.h"

namespace f2g::archive {
namespace {

std::vector<DirectoryEntry> dir(std::initializer_list<uint64_t> ids) {
  std::vector<DirectoryEntry> d;
  for (uint64_t id : ids) d.push_back({id, uint32_t(100 + id), 0});
  return d;
}

TEST(InstallIndex, TheHighestPatchOfAGroupWinsAndOnlyForTheIdsItHolds) {
  InstallIndex x;
  x.add_archive("a", "DataPC_patch_02.forge");  // added in no particular order
  x.add_archive("a", "DataPC.forge");
  x.add_archive("a", "DataPC_patch_01.forge");
  x.add_directory(1, 0, dir({1, 2, 3}));
  x.add_directory(1, 1, dir({4}));
  x.add_directory(2, 0, dir({2, 3}));
  x.add_directory(0, 0, dir({3}));
  x.resolve();
  EXPECT_EQ(x.size(), 7u);
  EXPECT_EQ(x.find(1)->archive, 1u);
  EXPECT_EQ(x.find(2)->archive, 2u);
  EXPECT_EQ(x.find(3)->archive, 0u);
  EXPECT_EQ(x.find(4)->archive, 1u);
  EXPECT_EQ(x.find(4)->entry, 1u);
  EXPECT_EQ(x.find(4)->record_size, 104u);
  EXPECT_EQ(x.find(5), nullptr);
  const std::vector<const IndexedResource*> three = x.copies(3);
  ASSERT_EQ(three.size(), 3u);
  EXPECT_EQ(three[0]->archive, 0u);  // patch 02, patch 01, base
  EXPECT_EQ(three[1]->archive, 2u);
  EXPECT_EQ(three[2]->archive, 1u);
  EXPECT_TRUE(x.superseded(1, 3));
  EXPECT_TRUE(x.superseded(2, 3));
  EXPECT_FALSE(x.superseded(0, 3));
  EXPECT_FALSE(x.superseded(1, 1));
  EXPECT_TRUE(x.warnings().empty());
}

TEST(InstallIndex, APatchSupersedesOnlyWithinItsGroupButFindSeesTheWholeInstall) {
  InstallIndex x;
  x.add_archive("folder1/DataPC.forge", "DataPC.forge");
  x.add_archive("folder2/DataPC.forge", "DataPC_patch_01.forge");  // another folder's patch
  x.add_directory(0, 0, dir({7}));
  x.add_directory(1, 0, dir({7}));
  x.resolve();
  EXPECT_FALSE(x.superseded(0, 7));   // convert keeps both copies: no patch of its own
  EXPECT_EQ(x.find(7)->archive, 1u);  // the install reads the patch's
}

TEST(InstallIndex, AnIdRepeatedInOneForgeIsAWarningAndTheEarlierEntryWins) {
  InstallIndex x;
  x.add_archive("g", "DataPC.forge");
  x.add_directory(0, 3, dir({9}));
  x.add_directory(0, 1, dir({8, 9}));
  x.resolve();
  ASSERT_EQ(x.warnings().size(), 1u);
  EXPECT_EQ(x.warnings()[0].code, "ARCHIVE_RESOURCE_REPEATED");
  EXPECT_EQ(x.warnings()[0].path, "archive/entries[3]/directory[0]");
  EXPECT_NE(x.warnings()[0].message.find("0x0000000000000009"), std::string::npos);
  EXPECT_EQ(x.find(9)->entry, 1u);
  EXPECT_EQ(x.find(9)->slot, 1u);
  EXPECT_FALSE(x.superseded(0, 9));
}

TEST(InstallIndex, ClassesAndNamesComeFromTheRecordsAPassRead) {
  const std::vector<uint8_t> bytes = test::sample("grw/DataPC.forge");
  const Archive a = test::must_read(bytes);
  InstallIndex x;
  x.add_archive("grw", "DataPC.forge");
  for (size_t i = 0; i < a.entries.size(); ++i) {
    Result<std::vector<DirectoryEntry>> d = read_directory(a, bytes.data(), bytes.size(), i);
    ASSERT_TRUE(d) << d.error().to_string();
    x.add_directory(0, i, *d);
  }
  x.resolve();
  EXPECT_TRUE(x.by_class(class_id("Mesh")).empty());  // no records read yet
  size_t meshes = 0;
  for (size_t i = 0; i < a.entries.size(); ++i) {
    Result<EntryContents> c = read_entry(a, bytes.data(), bytes.size(), i);
    if (!c || c->kind != EntryKind::Resources) continue;
    x.note_records(0, i, *c);
    for (const Resource& r : c->resources) {
      meshes += r.class_id == class_id("Mesh");
      const IndexedResource* f = x.find(r.id);
      ASSERT_NE(f, nullptr);
      EXPECT_EQ(f->name, r.name);
      EXPECT_EQ(f->class_id, r.class_id);
    }
  }
  const std::vector<const IndexedResource*> found = x.by_class(class_id("Mesh"));
  EXPECT_EQ(found.size(), meshes);
  EXPECT_GT(meshes, 0u);
  for (size_t i = 1; i < found.size(); ++i) EXPECT_LT(found[i - 1]->id, found[i]->id);
}

}  // namespace
}  // namespace f2g::archive
