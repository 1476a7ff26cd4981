// import into a forge archive: every Mesh resource of every sample archive, converted in each
// of the five forms and imported back, gives the archive back byte for byte; Oodle entries,
// unknown ids, a non-archive donor and -o naming the donor are refused. Edits are
// import_archive_edits_test.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "converter/import/archive_import.h"
#include "formats/registry.h"
#include "tests/support/archive_test_support.h"
#include "tests/support/files.h"
#include "tests/support/import_forms.h"

namespace f2g::import {
namespace {

namespace fs = std::filesystem;
using namespace f2g::archive;
using namespace f2g::archive::test;
using Bytes = std::vector<uint8_t>;
using Json = nlohmann::json;

const std::vector<std::string> kSamples = {"grw/DataPC.forge", "grw/DataPC_patch_01.forge",
                                           "grb/DataPC.forge", "sws/DataPC.forge"};

fs::path temp_dir(const std::string& name) {
  return f2g::test::fresh_build_dir("import_archive_test", name);
}

GltfInput glb_input(const Bytes& glb) {
  GltfInput in;
  in.data = glb.data();
  in.size = glb.size();
  return in;
}

// Done means 1: in each of the five forms convert writes (.glb, .gltf + .bin, --optimize,
// --quantize, --compress).
TEST(ImportArchive, EveryMeshInEveryFormImportedBackGivesTheArchiveByteForByte) {
  size_t count = 0;
  for (const std::string& name : kSamples) {
    const Bytes archive = sample(name);
    const fs::path dir = temp_dir("identity_" + std::to_string(&name - kSamples.data()));
    for (const MeshResource& m : meshes_of(archive)) {
      const fs::path body = dir / (std::to_string(m.id) + ".mesh");
      f2g::test::write_bytes(body, m.body);
      for (const f2g::test::ImportForm& form : f2g::test::kImportForms) {
        SCOPED_TRACE(name + " resource " + m.name + " form " + form.name);
        const fs::path glb = f2g::test::converted(body, std::to_string(m.id) + ".mesh", dir, form);
        const Bytes g = f2g::test::read_bytes(glb);
        const ArchiveImportOutcome o = import_into_archive(
            f2g::test::file_input(glb, g), archive.data(), archive.size(), m.id, {});
        ASSERT_FALSE(o.error) << o.error->to_string();
        EXPECT_TRUE(o.bytes == archive);
        EXPECT_EQ(o.summary["archive"]["identical"], true);
        ++count;
      }
    }
  }
  EXPECT_EQ(count, 5u * 24u);  // 8 + 1 Wildlands meshes, 10 Breakpoint ones and 5 SWS ones
}

TEST(ImportArchive, AnUnchangedBodyKeepsAPayloadAnotherCompressorWrote) {
  // The records set of the mesh's entry stored raw, as LZO1X-999 would never store it.
  const Bytes s = sample("grw/DataPC.forge");
  const MeshResource m = meshes_of(s).at(0);
  const Archive a = must_read(s);
  const EntryContents c = *read_entry(a, s.data(), s.size(), m.entry);
  BlockSet raw;
  raw.header.version = grw().set_version;
  raw.header.compression = c.sets[1].header.compression;
  StoredBlock blk;
  blk.uncompressed_size = blk.stored_size = uint32_t(c.records.size());
  blk.data = c.records.data();
  blk.checksum = adler32_zero(c.records.data(), c.records.size());
  raw.blocks.push_back(blk);
  Bytes p(s.begin() + long(c.sets[0].offset), s.begin() + long(c.sets[0].offset + c.sets[0].size));
  const Bytes set = encode_stored_block_set(grw(), raw);
  p.insert(p.end(), set.begin(), set.end());
  std::vector<PayloadRef> refs;
  for (const Entry& e : a.entries) refs.push_back({s.data() + e.offset, e.size});
  refs[m.entry] = {p.data(), p.size()};
  const Bytes archive = *write_archive(a, refs);

  const fs::path dir = temp_dir("raw");
  f2g::test::write_bytes(dir / "body.mesh", m.body);
  const Bytes g = f2g::test::read_bytes(
      f2g::test::converted(dir / "body.mesh", "body.mesh", dir, f2g::test::kImportForms[0]));
  const ArchiveImportOutcome o =
      import_into_archive(glb_input(g), archive.data(), archive.size(), m.id, {});
  ASSERT_FALSE(o.error) << o.error->to_string();
  EXPECT_TRUE(o.bytes == archive);
}

TEST(ImportArchive, AnOodleEntryIsRefused) {
  const Bytes g = sample("grb/DataPC.forge");
  const Archive a = must_read(g);
  for (size_t i = 0; i < a.entries.size(); ++i) {
    Result<EntryContents> c = read_entry(a, g.data(), g.size(), i);
    if (!c || c->kind != EntryKind::CodecMissing) continue;
    Result<std::vector<DirectoryEntry>> dir = read_directory(a, g.data(), g.size(), i);
    ASSERT_TRUE(dir && !dir->empty());
    const Bytes glb;
    const ArchiveImportOutcome o =
        import_into_archive(glb_input(glb), g.data(), g.size(), (*dir)[0].id, {});
    ASSERT_TRUE(o.error);
    EXPECT_EQ(o.error->code, "IMPORT_ARCHIVE_OODLE");
    EXPECT_TRUE(o.bytes.empty());
    return;
  }
  FAIL() << "the GRB sample has an Oodle entry";
}

TEST(ImportArchive, AnUnknownIdIsRefused) {
  const Bytes w = sample("grw/DataPC.forge");
  const Bytes glb;
  const ArchiveImportOutcome o =
      import_into_archive(glb_input(glb), w.data(), w.size(), 0xDEADBEEFull, {});
  ASSERT_TRUE(o.error);
  EXPECT_EQ(o.error->code, "IMPORT_ARCHIVE_NO_RESOURCE");
}

TEST(ImportArchive, TheCommandNeverWritesOverTheDonorAndWantsAnArchive) {
  const fs::path d = temp_dir("command");
  const Bytes w = sample("grw/DataPC.forge");
  const MeshResource m = meshes_of(w).at(0);
  const fs::path donor = d / "DataPC.forge", body = d / "body.mesh";
  f2g::test::write_bytes(donor, w);
  f2g::test::write_bytes(body, m.body);
  const fs::path glb = f2g::test::converted(body, "body.mesh", d, f2g::test::kImportForms[0]);
  ArchiveImportRun run;
  run.input = glb.string();
  run.donor = donor.string();
  run.id = m.id;
  run.json = true;
  run.options.force = true;
  std::ostringstream out, err;
  run.out = (d / "." / "DataPC.forge").string();  // the donor, spelt otherwise
  EXPECT_EQ(run_archive_import(run, out, err), 1);
  EXPECT_EQ(Json::parse(out.str())["error"]["code"], "IMPORT_ARCHIVE_SAME_FILE");
  EXPECT_TRUE(f2g::test::read_bytes(donor) == w);

  run.donor = body.string();  // a mesh, not an archive
  run.out = (d / "new.forge").string();
  out.str("");
  EXPECT_EQ(run_archive_import(run, out, err), 1);
  EXPECT_EQ(Json::parse(out.str())["error"]["code"], "IMPORT_NOT_ARCHIVE");
  EXPECT_FALSE(fs::exists(run.out));

  run.donor = donor.string();
  out.str("");
  EXPECT_EQ(run_archive_import(run, out, err), 0) << err.str();
  EXPECT_TRUE(f2g::test::read_bytes(run.out) == w);
}

}  // namespace
}  // namespace f2g::import
