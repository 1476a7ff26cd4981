// import and verify --reencode on a GRB archive whose Mesh entries are compression 2 (LZO2A)
// over records of several blocks that do not compress (a resource of noise before the mesh);
// the sample's other entries keep their numbers (0, 1, Oodle). Driven through the commands'
// own functions (run_archive_import, run_reencode), so the writer's LZO2A-999 runs in this
// process: scripts/test --valgrind sees every byte it writes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "converter/import/archive_import.h"
#include "converter/verify/reencode_check.h"
#include "formats/registry.h"
#include "tests/support/archive_test_support.h"
#include "tests/support/files.h"
#include "tests/support/gltf_import.h"

namespace f2g::import {
namespace {

namespace fs = std::filesystem;
using namespace f2g::archive;
using namespace f2g::archive::test;
using Bytes = std::vector<uint8_t>;
using Json = nlohmann::json;

constexpr uint8_t kLzo2a = 2;  // GRB's number for LZO2A (formats/archive/dialect.cpp)
constexpr size_t kNoise = 3 * 0x8000 + 1000;  // the noise resource's fields: 4 blocks with it

fs::path temp_dir(const std::string& name) {
  return f2g::test::fresh_build_dir("import_archive_lzo2a_test", name);
}

uint64_t noise_id(size_t entry) { return 0x4E4F495345000000ull + entry; }

// The noise resource of entry `entry`: a Material record whose body (id, class, fields) is
// `kNoise` bytes of noise after its 12-byte head.
ResourceRecord noise_record(size_t entry) {
  ResourceRecord r;
  r.class_id = class_id("Material");
  r.name = "Noise" + std::to_string(entry);
  r.body.resize(12);
  const uint64_t id = noise_id(entry);
  std::memcpy(r.body.data(), &id, 8);
  std::memcpy(r.body.data() + 8, &r.class_id, 4);
  const Bytes n = noise(kNoise, uint32_t(entry) + 1);
  r.body.insert(r.body.end(), n.begin(), n.end());
  return r;
}

// The meshes whose entries become LZO2A: a skinned one alone with its material, and one of a
// seven-mesh entry. The sample's other Mesh entries stay LZO1X-999 and LZO1X.
const std::set<std::string> kLzo2aMeshes = {"Soldier_LOD0", "Pipe"};

// The GRB sample with the entries of kLzo2aMeshes re-encoded: the noise resource, then the
// entry's own records, both sets in compression 2.
Bytes lzo2a_archive() {
  const Bytes g = sample("grb/DataPC.forge");
  const Archive a = must_read(g);
  std::map<size_t, Bytes> payloads;
  for (const MeshResource& m : meshes_of(g)) {
    if (!kLzo2aMeshes.count(m.name)) continue;
    const EntryContents c = *read_entry(a, g.data(), g.size(), m.entry);
    std::vector<ResourceRecord> records{noise_record(m.entry)};
    for (ResourceRecord& r : resource_records(c)) records.push_back(std::move(r));
    Result<Bytes> p = encode_entry_payload(grb(), records, kLzo2a);
    if (!p) throw std::logic_error(p.error().to_string());
    payloads[m.entry] = std::move(*p);
  }
  std::vector<PayloadRef> refs;
  for (size_t i = 0; i < a.entries.size(); ++i) {
    const auto it = payloads.find(i);
    refs.push_back(it != payloads.end()
                       ? PayloadRef{it->second.data(), it->second.size()}
                       : PayloadRef{g.data() + a.entries[i].offset, a.entries[i].size});
  }
  Result<Bytes> b = write_archive(a, refs);
  if (!b) throw std::logic_error(b.error().to_string());
  return std::move(*b);
}

const Bytes& built() {  // once: every test reads the same archive
  static const Bytes b = lzo2a_archive();
  return b;
}

// Entry `i` of `b` read strictly: no warning; both sets LZO2A; the records of 4 blocks at least,
// the noise resource first and byte for byte.
EntryContents expect_lzo2a_entry(const Bytes& b, size_t i) {
  const Archive a = must_read(b);
  Result<EntryContents> c = read_entry(a, b.data(), b.size(), i);
  if (!c) throw std::logic_error(c.error().to_string());
  EXPECT_EQ(c->kind, EntryKind::Resources);
  EXPECT_TRUE(c->warnings.empty());
  EXPECT_EQ(c->sets.size(), 2u);
  for (const BlockSet& s : c->sets) EXPECT_EQ(s.header.compression, kLzo2a);
  EXPECT_GE(c->sets.at(1).blocks.size(), 4u);
  EXPECT_TRUE(c->sets.at(1).blocks.at(1).raw());  // noise all through: stored as it is
  const Resource& r = c->resources.at(0);
  EXPECT_EQ(r.id, noise_id(i));
  const ResourceRecord want = noise_record(i);
  EXPECT_TRUE(
      r.body_size == want.body.size() &&
      std::equal(want.body.begin(), want.body.end(), c->records.begin() + long(r.body_offset)));
  return std::move(*c);
}

// The payload of every entry but `except` byte for byte as in `old`.
void expect_other_payloads_kept(const Bytes& b, const Bytes& old, size_t except) {
  const Archive n = must_read(b), o = must_read(old);
  ASSERT_EQ(n.entries.size(), o.entries.size());
  for (size_t i = 0; i < n.entries.size(); ++i) {
    if (i == except) continue;
    const Entry &x = n.entries[i], &y = o.entries[i];
    EXPECT_TRUE(x.size == y.size &&
                std::equal(b.begin() + long(x.offset), b.begin() + long(x.offset + x.size),
                           old.begin() + long(y.offset)))
        << "entry " << i << "'s payload changed";
  }
}

// The least x of the vertices a triangle uses (import drops the others).
float least_x(const ir::Mesh& m) {
  const std::vector<float>& p = m.find("POSITION")->f32;
  float x = 1e30f;
  for (uint32_t i : m.indices) x = std::min(x, p[i * 3]);
  return x;
}

int verify_reencode(const fs::path& archive, Json& report) {
  std::ostringstream out, err;
  const int code = verify::run_reencode(archive.string(), true, {}, out, err);
  report = Json::parse(out.str());
  return code;
}

int import_cli(const fs::path& gltf, const fs::path& donor, uint64_t id, const fs::path& out) {
  ArchiveImportRun run;
  run.input = gltf.string();
  run.donor = donor.string();
  run.id = id;
  run.out = out.string();
  run.json = true;
  std::ostringstream o, e;
  const int code = run_archive_import(run, o, e);
  EXPECT_EQ(code, 0) << o.str() << e.str();
  return code;
}

// The entries that hold the noise resource.
std::set<size_t> noise_entries(const Bytes& b) {
  std::set<size_t> out;
  for (const MeshResource& m : meshes_of(b))
    if (kLzo2aMeshes.count(m.name)) out.insert(m.entry);
  return out;
}

// `mesh` (a Mesh of `b`) as .gltf + .bin in `dir`, its positions moved along x by `dx`.
fs::path write_gltf(const fs::path& dir, const ir::Mesh& mesh, float dx) {
  std::optional<f2g::test::GltfDoc> g = f2g::test::gltf_doc(mesh);
  if (!g) throw std::logic_error("the mesh does not write");
  std::set<int> moved;  // each POSITION accessor once, min and max with it
  for (const Json& prim : g->json["meshes"][0]["primitives"]) {
    const int ai = prim["attributes"]["POSITION"];
    if (dx == 0 || !moved.insert(ai).second) continue;
    Json& acc = g->json["accessors"][size_t(ai)];
    const Json& view = g->json["bufferViews"][acc["bufferView"].get<size_t>()];
    const size_t stride = view.value("byteStride", size_t(12));
    const size_t at = view.value("byteOffset", size_t(0)) + acc.value("byteOffset", size_t(0));
    for (size_t v = 0; v < acc["count"].get<size_t>(); ++v) {
      float x;
      std::memcpy(&x, g->bin.data() + at + v * stride, 4);
      x += dx;
      std::memcpy(g->bin.data() + at + v * stride, &x, 4);
    }
    acc["min"][0] = acc["min"][0].get<float>() + dx;
    acc["max"][0] = acc["max"][0].get<float>() + dx;
  }
  f2g::test::write_bytes(dir / "mesh.bin", g->bin);
  const std::string text = g->json.dump();
  f2g::test::write_bytes(dir / "mesh.gltf", Bytes(text.begin(), text.end()));
  return dir / "mesh.gltf";
}

TEST(ImportArchiveLzo2a, TheBuiltArchiveHasLzo2aMeshEntriesBesideTheSamplesOthers) {
  const Bytes& b = built();
  const Archive a = must_read(b);
  EXPECT_TRUE(a.warnings.empty());
  std::map<int, size_t> numbers;  // entries by their records set's compression number
  for (size_t i = 0; i < a.entries.size(); ++i) {
    Result<EntryContents> c = read_entry(a, b.data(), b.size(), i);
    ASSERT_TRUE(c) << c.error().to_string();
    if (c->kind != EntryKind::Special) ++numbers[c->sets.at(1).header.compression];
  }
  const std::set<size_t> noisy = noise_entries(b);
  EXPECT_EQ(noisy.size(), 2u);
  for (size_t i : noisy) {
    SCOPED_TRACE("entry " + std::to_string(i));
    expect_lzo2a_entry(b, i);
  }
  EXPECT_EQ(numbers[0], 2u);  // the sample's LZO1X and LZO1X-999 entries as they were (a Mesh
  EXPECT_EQ(numbers[1], 2u);  // entry and the streamed mip's; the rigs' entry),
  EXPECT_EQ(numbers[2], 3u);  // its own LZO2A entry
  EXPECT_EQ(numbers[3], 1u);  // and its Oodle one
}

TEST(ImportArchiveLzo2a, VerifyReencodeGivesItBackByteForByte) {
  const fs::path dir = temp_dir("verify");
  f2g::test::write_bytes(dir / "DataPC.forge", built());
  Json report;
  EXPECT_EQ(verify_reencode(dir / "DataPC.forge", report), 0) << report.dump();
  EXPECT_EQ(report["ok"], true);
  EXPECT_EQ(report["reencoded"], 7);  // the four Mesh entries, the rigs, the textures, the mip
  EXPECT_EQ(report["copied_oodle"], 1);
  EXPECT_EQ(report["differing_entries"], 0);
}

TEST(ImportArchiveLzo2a, AnUneditedMeshImportsBackToTheSameArchive) {
  const fs::path dir = temp_dir("unedited");
  const Bytes& b = built();
  f2g::test::write_bytes(dir / "DataPC.forge", b);
  for (const MeshResource& m : meshes_of(b)) {
    if (!kLzo2aMeshes.count(m.name)) continue;
    SCOPED_TRACE(m.name);
    const fs::path gltf = write_gltf(dir, decode(m.body.data(), m.body.size(), {})->mesh, 0);
    const fs::path out = dir / ("new_" + m.name + ".forge");
    ASSERT_EQ(import_cli(gltf, dir / "DataPC.forge", m.id, out), 0);
    EXPECT_TRUE(f2g::test::read_bytes(out) == b);
  }
}

TEST(ImportArchiveLzo2a, AnEditedMeshGoesIntoItsLzo2aEntryAndTheArchiveReencodesByteForByte) {
  const fs::path dir = temp_dir("edited");
  const Bytes& b = built();
  f2g::test::write_bytes(dir / "DataPC.forge", b);
  for (const MeshResource& m : meshes_of(b)) {
    if (!kLzo2aMeshes.count(m.name)) continue;
    SCOPED_TRACE(m.name);
    const ir::Mesh before = decode(m.body.data(), m.body.size(), {})->mesh;
    const fs::path out = dir / ("new_" + m.name + ".forge");
    ASSERT_EQ(import_cli(write_gltf(dir, before, 0.25f), dir / "DataPC.forge", m.id, out), 0);

    const Bytes n = f2g::test::read_bytes(out);
    EXPECT_FALSE(n == b);
    EXPECT_TRUE(must_read(n).warnings.empty());
    expect_other_payloads_kept(n, b, m.entry);
    const EntryContents c = expect_lzo2a_entry(n, m.entry);
    const EntryContents old = *read_entry(must_read(b), b.data(), b.size(), m.entry);
    ASSERT_EQ(c.resources.size(), old.resources.size());
    for (size_t r = 0; r < c.resources.size(); ++r) {
      const Resource &x = c.resources[r], &y = old.resources[r];
      EXPECT_EQ(x.id, y.id);
      const Bytes body(c.records.begin() + long(x.body_offset),
                       c.records.begin() + long(x.body_offset + x.body_size));
      const Bytes was(old.records.begin() + long(y.body_offset),
                      old.records.begin() + long(y.body_offset + y.body_size));
      if (x.id != m.id) {  // the noise and the neighbours: byte for byte
        EXPECT_TRUE(body == was) << x.name;
        continue;
      }
      EXPECT_FALSE(body == was);
      Result<Decoded> d = decode(body.data(), body.size(), {});
      ASSERT_TRUE(d) << d.error().to_string();
      EXPECT_TRUE(d->mesh.warnings.empty());
      const float x0 = least_x(before);
      EXPECT_NEAR(least_x(d->mesh), x0 + 0.25f, 2e-3f * (std::fabs(x0) + 0.25f) + 1e-4f);
    }

    Json report;  // the new archive re-encodes to itself, the edited LZO2A entry too
    EXPECT_EQ(verify_reencode(out, report), 0) << report.dump();
    EXPECT_EQ(report["ok"], true);
  }
}

}  // namespace
}  // namespace f2g::import
