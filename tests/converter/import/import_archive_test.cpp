// import into a forge archive: every Mesh resource of every sample archive, converted to glb
// and imported back, gives the archive back byte for byte; an edit changes that entry only
// (both size fields patched, the mesh decodes strictly with the edit, verify --against
// passes); Oodle entries, unknown ids, a non-archive donor and -o naming the donor are refused.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "converter/import/archive_import.h"
#include "converter/verify/archive_compare.h"
#include "formats/registry.h"
#include "gltf_writer/write/write.h"
#include "tests/support/archive_test_support.h"
#include "tests/support/import_forms.h"

namespace f2g::import {
namespace {

namespace fs = std::filesystem;
using namespace f2g::archive;
using namespace f2g::archive::test;
using Bytes = std::vector<uint8_t>;
using Json = nlohmann::json;

const std::vector<std::string> kSamples = {"grw/DataPC.forge", "grw/DataPC_patch_01.forge",
                                           "grb/DataPC.forge"};

struct MeshResource {
  size_t entry = 0;
  uint64_t id = 0;
  Bytes body;
};

std::vector<MeshResource> meshes_of(const Bytes& b) {
  const Archive a = must_read(b);
  std::vector<MeshResource> out;
  for (size_t i = 0; i < a.entries.size(); ++i) {
    Result<EntryContents> c = read_entry(a, b.data(), b.size(), i);
    if (!c || c->kind != EntryKind::Resources) continue;
    for (const Resource& r : c->resources)
      if (r.class_id == class_id("Mesh"))
        out.push_back({i, r.id,
                       Bytes(c->records.begin() + long(r.body_offset),
                             c->records.begin() + long(r.body_offset + r.body_size))});
  }
  return out;
}

void write_file(const fs::path& path, const Bytes& b) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(b.data()), long(b.size()));
}

fs::path temp_dir(const std::string& name) {
  const fs::path d = fs::path(F2G_BINARY_DIR) / "import_archive_test" / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

GltfInput glb_input(const Bytes& glb) {
  GltfInput in;
  in.data = glb.data();
  in.size = glb.size();
  return in;
}

// The mesh as a .gltf (JSON) whose mesh nodes are scaled by `s`: an edit every vertex shows.
struct Scaled {
  std::string json;
  Bytes bin;
};
Scaled scaled_gltf(const Bytes& body, double s) {
  Result<Decoded> d = decode(body.data(), body.size(), {});
  EXPECT_TRUE(d.ok());
  gltf::WriteOptions w;
  w.binary = false;
  w.bin_uri = "mesh.bin";
  ir::Result<gltf::Written> written = gltf::write(d->mesh, w);
  EXPECT_TRUE(written.ok());
  // The POSITION values themselves (a skinned mesh's node transform is ignored by glTF).
  Json j = Json::parse(written->json);
  Bytes bin = written->bin;
  std::set<int> done;
  for (const Json& prim : j["meshes"][0]["primitives"]) {
    const int ai = prim["attributes"]["POSITION"];
    if (!done.insert(ai).second) continue;
    Json& acc = j["accessors"][size_t(ai)];
    const Json& view = j["bufferViews"][acc["bufferView"].get<size_t>()];
    const size_t stride = view.value("byteStride", size_t(12));
    const size_t at = view.value("byteOffset", size_t(0)) + acc.value("byteOffset", size_t(0));
    for (size_t v = 0; v < acc["count"].get<size_t>(); ++v)
      for (size_t k = 0; k < 3; ++k) {
        float f;
        std::memcpy(&f, bin.data() + at + v * stride + 4 * k, 4);
        f = float(f * s);
        std::memcpy(bin.data() + at + v * stride + 4 * k, &f, 4);
      }
    for (const char* m : {"min", "max"})
      for (Json& x : acc[m]) x = x.get<double>() * s;
  }
  return {j.dump(), bin};
}
GltfInput gltf_input(const Scaled& g) {
  GltfInput in;
  in.data = reinterpret_cast<const uint8_t*>(g.json.data());
  in.size = g.json.size();
  in.json = true;
  in.read_uri = [&g](const std::string&, std::vector<uint8_t>& out, std::string&) {
    out = g.bin;
    return true;
  };
  return in;
}

float largest(const ir::Mesh& m) {
  float big = 0;
  for (float v : m.find("POSITION")->f32) big = std::max(big, std::fabs(v));
  return big;
}

TEST(ImportArchive, EveryMeshConvertedAndImportedBackGivesTheArchiveByteForByte) {
  size_t count = 0;
  for (const std::string& name : kSamples) {
    const Bytes archive = sample(name);
    const fs::path dir = temp_dir("identity_" + std::to_string(count));
    for (const MeshResource& m : meshes_of(archive)) {
      SCOPED_TRACE(name + " resource " + std::to_string(m.id));
      const fs::path body = dir / (std::to_string(m.id) + ".mesh");
      write_file(body, m.body);
      const fs::path glb = f2g::test::converted(body, std::to_string(m.id) + ".mesh", dir,
                                                f2g::test::kImportForms[0]);
      const Bytes g = f2g::test::read_bytes(glb);
      const ArchiveImportOutcome o =
          import_into_archive(glb_input(g), archive.data(), archive.size(), m.id, {});
      ASSERT_FALSE(o.error) << o.error->to_string();
      EXPECT_TRUE(o.bytes == archive);
      EXPECT_EQ(o.summary["archive"]["identical"], true);
      ++count;
    }
  }
  EXPECT_GE(count, 3u);  // the samples hold meshes of both dialects
}

TEST(ImportArchive, AScaledMeshChangesItsEntryOnlyAndDecodesWithTheEdit) {
  for (const std::string& name : {kSamples[0], kSamples[2]}) {
    SCOPED_TRACE(name);
    const Bytes archive = sample(name);
    const MeshResource m = meshes_of(archive).at(0);
    const Scaled g = scaled_gltf(m.body, 2.0);
    const ArchiveImportOutcome o =
        import_into_archive(gltf_input(g), archive.data(), archive.size(), m.id, {});
    ASSERT_FALSE(o.error) << o.error->to_string();
    const Bytes& b = o.bytes;
    EXPECT_EQ(b.size() % kArchiveAlignment, 0u);
    // verify --against: only that entry changed, it reads and its meshes decode strictly.
    const verify::ArchiveCompareReport r =
        verify::compare_archives(b.data(), b.size(), archive.data(), archive.size());
    EXPECT_TRUE(r.ok()) << verify::to_json(r).dump();
    ASSERT_EQ(r.changed.size(), 1u);
    EXPECT_EQ(r.changed[0].index, m.entry);
    EXPECT_GE(r.changed[0].meshes, 1u);
    // Both size fields are the new payload's; the entries after it moved.
    const Archive n = must_read(b), old = must_read(archive);
    const Entry& e = n.entries[m.entry];
    EXPECT_EQ(get<int32_t>(b, e.index_record_offset + 16), int32_t(e.size));
    EXPECT_EQ(get<int32_t>(b, e.name_record_offset), int32_t(e.size));
    EXPECT_EQ(o.summary["archive"]["new_payload_size"], e.size);
    for (size_t i = m.entry + 1; i < n.entries.size(); ++i)
      EXPECT_EQ(n.entries[i].offset, old.entries[i].offset + e.size - old.entries[m.entry].size);
    // The edit is there: the body decodes strictly, twice as large.
    const EntryContents c = *read_entry(n, b.data(), b.size(), m.entry);
    EXPECT_EQ(c.sets[0].header.compression,
              read_entry(old, archive.data(), archive.size(), m.entry)->sets[0].header.compression);
    for (const Resource& res : c.resources) {
      if (res.id != m.id) continue;
      EXPECT_EQ(res.record_size, 12 + res.name.size() + res.gap_size + res.body_size);
      Result<Decoded> after = decode(c.records.data() + res.body_offset, res.body_size, {});
      Result<Decoded> before = decode(m.body.data(), m.body.size(), {});
      ASSERT_TRUE(after.ok() && before.ok());
      EXPECT_NEAR(largest(after->mesh), 2 * largest(before->mesh), 1e-2 * largest(before->mesh));
    }
  }
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
  write_file(dir / "body.mesh", m.body);
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
    if (!c || c->kind != EntryKind::Oodle) continue;
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
  write_file(donor, w);
  write_file(body, m.body);
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
