// Entries: the sample archives' directories and records, the three relations, the gap that is
// a FileHeader, special and Oodle entries, the patch forge, and mesh bodies the mesh readers
// take as they are.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "formats/common/classes.h"
#include "formats/registry.h"
#include "tests/support/archive_test_support.h"

namespace f2g::archive {
namespace {

using test::grb;
using test::grw;

struct Loaded {
  std::vector<uint8_t> bytes;
  Archive archive;
  EntryContents entry(size_t i) const {
    Result<EntryContents> e = read_entry(archive, bytes.data(), bytes.size(), i);
    if (!e) throw std::logic_error(e.error().to_string());
    return std::move(*e);
  }
};
Loaded load(const std::string& name) {
  Loaded l{test::sample(name), {}};
  l.archive = test::must_read(l.bytes);
  return l;
}

TEST(ArchiveEntry, TheRangerEntryHoldsAMeshAndItsMaterials) {
  const Loaded w = load("grw/DataPC.forge");
  const EntryContents e = w.entry(0);
  EXPECT_EQ(e.kind, EntryKind::Resources);
  EXPECT_TRUE(e.warnings.empty());
  ASSERT_EQ(e.sets.size(), 2u);
  EXPECT_EQ(e.directory_raw.size(), 2u + 14 * 4);
  ASSERT_EQ(e.resources.size(), 4u);
  EXPECT_EQ(e.resources[0].class_id, kMeshClass);
  EXPECT_STREQ(class_name(e.resources[0].class_id), "Mesh");
  EXPECT_EQ(e.resources[0].name, "Ranger_LOD0");
  for (size_t k = 1; k < 4; ++k)  // one for each of the ranger's three material ids
    EXPECT_STREQ(class_name(e.resources[k].class_id), "Material");
  EXPECT_EQ(e.resources[1].id, 0x8DAFDA70086C46F7u);  // the first draw's
  size_t at = 0;
  for (const Resource& r : e.resources) {
    EXPECT_EQ(r.record_offset, at);
    EXPECT_EQ(r.gap_size, 1u);
    EXPECT_EQ(r.body_offset + r.body_size, at + r.record_size);
    EXPECT_EQ(test::get<uint64_t>(e.records, r.body_offset), r.id);
    at += r.record_size;
  }
  EXPECT_EQ(at, e.records.size());
}

TEST(ArchiveEntry, EveryMeshBodyIsTheSampleMeshPayload) {
  for (const char* name : {"grw/DataPC.forge", "grb/DataPC.forge"}) {
    const Loaded l = load(name);
    size_t meshes = 0;
    for (size_t i = 0; i < l.archive.entries.size(); ++i) {
      const EntryContents e = l.entry(i);
      for (const Resource& r : e.resources) {
        if (r.class_id != kMeshClass) continue;
        ++meshes;
        DecodeOptions o;
        o.format = find_format(l.archive.dialect->name);
        Result<Decoded> m = decode(e.records.data() + r.body_offset, r.body_size, o);
        EXPECT_TRUE(m) << name << " " << r.name << ": " << m.error().to_string();
      }
    }
    EXPECT_EQ(meshes, std::string(name) == "grw/DataPC.forge" ? 8u : 10u)
        << name;  // every sample mesh
  }
}

TEST(ArchiveEntry, AFileHeaderInFrontOfTheMeshIsTheRecordsGap) {
  const Loaded w = load("grw/DataPC.forge");
  const EntryContents e = w.entry(1);
  const std::vector<uint8_t> file = f2g::test::read_bytes(
      std::string(F2G_SOURCE_DIR) + "/samples/grw/static_format9_file_header_submeshes.mesh");
  const Resource& r = e.resources[0];
  ASSERT_GT(r.gap_size, 1u);
  EXPECT_EQ(r.gap_size + r.body_size, file.size());  // gap + body = the unpacked file
  EXPECT_TRUE(std::equal(file.begin(), file.end(), e.records.begin() + long(r.gap_offset)));
  const Loaded b = load("grb/DataPC.forge");
  EXPECT_EQ(b.entry(2).resources[0].gap_size, 8u + 12 * 2);  // a FileHeader of N = 2
}

TEST(ArchiveEntry, APayloadOfSeveralBlocksHasRawAndCompressedBlocks) {
  const Loaded w = load("grw/DataPC.forge");
  const EntryContents tex = w.entry(3);  // the textures: first a 36,864-byte level of noise
  ASSERT_GE(tex.sets[1].blocks.size(), 2u);
  const auto& blocks = tex.sets[1].blocks;
  EXPECT_TRUE(std::any_of(blocks.begin(), blocks.end(), [](const auto& k) { return k.raw(); }));
  EXPECT_TRUE(std::any_of(blocks.begin(), blocks.end(), [](const auto& k) { return !k.raw(); }));
  const Loaded b = load("grb/DataPC.forge");
  const EntryContents coat = b.entry(1);  // the 88,089-byte mesh: three compressed blocks
  ASSERT_EQ(coat.sets[1].blocks.size(), 3u);
  EXPECT_FALSE(coat.sets[1].blocks[0].raw());
  EXPECT_EQ(coat.resources[0].body_size, 88089u);
  EXPECT_EQ(b.entry(5).sets[1].header.compression, 2);  // LZO2A
  EXPECT_EQ(w.entry(4).sets[1].header.compression, 0);  // GRW's other LZO1X number
}

TEST(ArchiveEntry, SpecialEntriesArePassedOver) {
  for (const char* name : {"grw/DataPC.forge", "grb/DataPC.forge"}) {
    const Loaded l = load(name);
    const size_t n = l.archive.entries.size();
    for (size_t i : {n - 2, n - 1}) {
      EXPECT_TRUE(is_special(l.archive.entries[i]));
      const EntryContents e = l.entry(i);
      EXPECT_EQ(e.kind, EntryKind::Special);
      EXPECT_TRUE(e.resources.empty());
      EXPECT_TRUE(read_directory(l.archive, l.bytes.data(), l.bytes.size(), i)->empty());
    }
  }
}

TEST(ArchiveEntry, AnOodleEntryIsListedWithItsDirectoryAndNoResources) {
  const Loaded b = load("grb/DataPC.forge");
  const EntryContents e = b.entry(4);
  EXPECT_EQ(e.kind, EntryKind::CodecMissing);
  EXPECT_STREQ(kind_name(e.kind), "oodle");
  ASSERT_EQ(e.directory.size(), 2u);  // the leading set reads; the records' needs the codec
  EXPECT_EQ(e.directory[0].id, 0xC3A5F1E2B4D69788u);
  EXPECT_EQ(e.directory[1].id, 0x5D1E9A7B3C8F2461u);
  EXPECT_TRUE(e.resources.empty());
  EXPECT_TRUE(codec_missing(grb(), e.sets[1], builtin_codecs()));
  EXPECT_EQ(b.entry(5).kind, EntryKind::Resources);  // the next entry still reads
}

TEST(ArchiveEntry, ThePatchSupersedesOnlyTheMeshItHolds) {
  const Loaded base = load("grw/DataPC.forge");
  const Loaded patch = load("grw/DataPC_patch_01.forge");
  InstallIndex index;
  // The patch added first: the order must not matter.
  const Loaded* in[2] = {&patch, &base};
  index.add_archive("grw", "DataPC_patch_01.forge");
  index.add_archive("grw", "DataPC.forge");
  for (size_t k = 0; k < 2; ++k)
    for (size_t i = 0; i < in[k]->archive.entries.size(); ++i) {
      const Result<std::vector<DirectoryEntry>> dir =
          read_directory(in[k]->archive, in[k]->bytes.data(), in[k]->bytes.size(), i);
      ASSERT_TRUE(dir) << dir.error().to_string();
      index.add_directory(k, i, *dir);
    }
  index.resolve();
  const EntryContents ranger = base.entry(0);
  EXPECT_EQ(index.find(ranger.resources[0].id)->archive, 0u);  // the mesh: the patch's
  EXPECT_EQ(index.find(ranger.resources[1].id)->archive, 1u);  // the material: the base's
  EXPECT_EQ(index.find(ranger.resources[2].id)->archive, 1u);
  EXPECT_TRUE(index.superseded(1, ranger.resources[0].id));
  EXPECT_FALSE(index.superseded(0, ranger.resources[0].id));
  EXPECT_FALSE(index.superseded(1, ranger.resources[1].id));
  EXPECT_EQ(patch.archive.entries[0].file_id, base.archive.entries[0].file_id);
  EXPECT_NE(patch.entry(0).records,
            std::vector<uint8_t>(ranger.records.begin(),
                                 ranger.records.begin() + long(ranger.resources[0].record_size)));
}

TEST(ArchivePatch, NamesRankByPatchNumber) {
  EXPECT_EQ(forge_name("DataPC.forge").patch, 0);
  EXPECT_EQ(forge_name("/x/y/DataPC_patch_01.forge").patch, 1);
  EXPECT_EQ(forge_name("DataPC_patch_01.forge").base, "DataPC.forge");
  EXPECT_EQ(forge_name("DataPC_GRN_TitleScreen_patch_12.forge").base,
            "DataPC_GRN_TitleScreen.forge");
  EXPECT_EQ(forge_name("DataPC_patch_x.forge").patch, 0);
  EXPECT_TRUE(supersedes("DataPC_patch_02.forge", "DataPC_patch_01.forge"));
  EXPECT_FALSE(supersedes("DataPC.forge", "DataPC_patch_01.forge"));
}

TEST(ArchiveEntry, ReencodingAnEntrysRecordsGivesTheSameResources) {
  const Loaded w = load("grw/DataPC.forge");
  for (size_t i = 0; i < 5; ++i) {
    const EntryContents e = w.entry(i);
    Result<std::vector<uint8_t>> p =
        encode_entry_payload(grw(), resource_records(e), e.sets[1].header.compression);
    ASSERT_TRUE(p);
    const Entry& en = w.archive.entries[i];
    // The samples were made by this encoder: encode(decode(x)) == x.
    EXPECT_TRUE(std::equal(p->begin(), p->end(), w.bytes.begin() + long(en.offset))) << i;
    EXPECT_EQ(p->size(), en.size);
  }
}

}  // namespace
}  // namespace f2g::archive

namespace f2g::archive {
namespace {

struct Tally : DecodeObserver {
  std::map<std::string, std::pair<int, int>> checks;  // name -> (held, broken)
  void on_check(const CheckDef& def, bool held, const ir::Diagnostic&) override {
    (held ? checks[def.name].first : checks[def.name].second)++;
  }
  void on_field(const char*, double) override {}
};

TEST(ArchiveEntry, AnObserverSeesEveryCheckOutcome) {
  const std::vector<uint8_t> b = test::sample("grw/DataPC.forge");
  Tally t;
  ReadOptions o;
  o.observer = &t;
  Result<Archive> a = read_archive(b.data(), b.size(), o);
  ASSERT_TRUE(a);
  EXPECT_EQ(t.checks["archive.magic"], std::make_pair(1, 0));
  EXPECT_EQ(t.checks["archive.sizes_agree"], std::make_pair(8, 0));
  ASSERT_TRUE(read_entry(*a, b.data(), b.size(), 0, &t));
  EXPECT_EQ(t.checks["archive.record_id"], std::make_pair(4, 0));
  EXPECT_EQ(t.checks["archive.set_magic"], std::make_pair(2, 0));
}

}  // namespace
}  // namespace f2g::archive
