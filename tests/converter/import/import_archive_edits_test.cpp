// Done means 2 of writing into an archive: edited meshes (moved, scaled, triangles deleted, a
// material's faces deleted; skinned and static, both dialects, the patch archive too) come
// back into a copy of their sample archive. The edits are made on the glTF (JSON and BIN), as
// a user's tool would; the checks read the new archive's bytes themselves where they can:
// only the edited entry's payload differs, every other payload and every table byte is the
// old one's but for the patched offsets and both size fields, the file is padded with zeros
// to 0x8000, each block's Adler-32 (both sums from 0) is right, and the mesh decodes
// strictly (no error, no warning) with the edit visible.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <array>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "converter/import/archive_import.h"
#include "converter/install/oodle_library.h"
#include "converter/verify/archive_compare.h"
#include "formats/registry.h"
#include "tests/support/archive_test_support.h"
#include "tests/support/gltf_import.h"

namespace f2g::import {
namespace {

using namespace f2g::archive;
using namespace f2g::archive::test;
using Bytes = std::vector<uint8_t>;
using Json = nlohmann::json;
using Doc = f2g::test::GltfDoc;

// Skinned and static meshes of both dialects; Rock shares an LZO1X (not -999) entry with three
// other meshes, Pipe a seven-resource one; Oodle_Pipe sits in the GRB sample's Oodle entry,
// read and written here through the stand-in library (tests/support/oodle_standin); the SWS
// forge's skinned mesh in an AC1 table pair and a static one in an AC2-era entry (version 25;
// archive_v25_test re-encodes a changed stream set).
struct Case {
  std::string archive, mesh;
};
const std::vector<Case> kCases = {{"grw/DataPC.forge", "Ranger_LOD0"},
                                  {"grw/DataPC.forge", "Rock"},
                                  {"grw/DataPC_patch_01.forge", "Ranger_LOD0"},
                                  {"grb/DataPC.forge", "Soldier_LOD0"},
                                  {"grb/DataPC.forge", "Pipe"},
                                  {"grb/DataPC.forge", "Oodle_Pipe"},
                                  {"sws/DataPC.forge", "Skater_Palettes"},
                                  {"sws/DataPC.forge", "Props_Materials"}};

const bool kStandin = [] {
  install::use_oodle_library(std::string(F2G_BINARY_DIR) + "/oodle/liboodle_standin.so");
  test_codecs() = &install::run_codecs();
  return true;
}();

MeshResource mesh_named(const Bytes& archive, const std::string& name) {
  for (const MeshResource& m : meshes_of(archive))
    if (m.name == name) return m;
  throw std::logic_error("no mesh " + name);
}

ir::Mesh decoded(const Bytes& body) {
  Result<Decoded> d = decode(body.data(), body.size(), {});
  if (!d) throw std::logic_error(d.error().to_string());
  return d->mesh;
}

// Every POSITION value of the glTF (each accessor once, whatever its stride), min and max
// recomputed.
void edit_positions(Doc& g, const std::function<void(float*)>& f) {
  std::set<int> done;
  for (const Json& prim : g.json["meshes"][0]["primitives"]) {
    const int ai = prim["attributes"]["POSITION"];
    if (!done.insert(ai).second) continue;
    Json& acc = g.json["accessors"][size_t(ai)];
    const Json& view = g.json["bufferViews"][acc["bufferView"].get<size_t>()];
    const size_t stride = view.value("byteStride", size_t(12));
    const size_t at = view.value("byteOffset", size_t(0)) + acc.value("byteOffset", size_t(0));
    std::array<float, 3> lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
    for (size_t v = 0; v < acc["count"].get<size_t>(); ++v) {
      float p[3];
      std::memcpy(p, g.bin.data() + at + v * stride, 12);
      f(p);
      std::memcpy(g.bin.data() + at + v * stride, p, 12);
      for (size_t k = 0; k < 3; ++k) lo[k] = std::min(lo[k], p[k]), hi[k] = std::max(hi[k], p[k]);
    }
    acc["min"] = lo;
    acc["max"] = hi;
  }
}

// Per material id: the triangles drawn.
std::map<std::string, size_t> triangles_by_material(const ir::Mesh& m) {
  std::map<std::string, size_t> out;
  for (const ir::Primitive& p : m.primitives)
    out[m.materials.at(p.material).extras.value("id", "")] += p.index_count / 3;
  return out;
}

struct Bounds {
  std::array<float, 3> lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
};
// Over the vertices some triangle uses (import drops the others).
Bounds bounds(const ir::Mesh& m) {
  Bounds b;
  const std::vector<float>& p = m.find("POSITION")->f32;
  for (uint32_t i : m.indices)
    for (size_t k = 0; k < 3; ++k)
      b.lo[k] = std::min(b.lo[k], p[i * 3 + k]), b.hi[k] = std::max(b.hi[k], p[i * 3 + k]);
  return b;
}
float extent(const Bounds& b) {
  float e = 0;
  for (size_t k = 0; k < 3; ++k) e = std::max({e, std::fabs(b.lo[k]), std::fabs(b.hi[k])});
  return e;
}

// Adler-32 with both sums starting at 0, written here again (not the archive room's).
uint32_t adler_from_zero(const uint8_t* p, size_t n) {
  uint32_t a = 0, b = 0;
  for (size_t i = 0; i < n; ++i) a = (a + p[i]) % 65521, b = (b + a) % 65521;
  return b << 16 | a;
}

// The new archive against the old one when only the entries `changed` were edited; returns
// their contents as read from the new archive.
std::vector<EntryContents> expect_only_entries_changed(const Bytes& b, const Bytes& old,
                                                       const std::set<size_t>& changed) {
  const Archive n = must_read(b), o = must_read(old);
  EXPECT_EQ(n.warnings.size(), o.warnings.size());  // the SWS sample's empty section, no other
  EXPECT_EQ(n.entries.size(), o.entries.size());
  EXPECT_EQ(n.payload_alignment, o.payload_alignment);
  // Every other payload byte for byte, at its old offset moved by the size changes before it
  // (an aligned archive's on the next multiple of its alignment).
  const uint64_t align = n.payload_alignment ? n.payload_alignment : 1;
  const size_t size_at = 8 + n.layout->id_width;  // the index record's payload size
  int64_t delta = 0;
  for (size_t i = 0; i < n.entries.size(); ++i) {
    const Entry &x = n.entries[i], &y = o.entries[i];
    EXPECT_EQ(x.file_id, y.file_id);
    EXPECT_EQ((x.offset - x.wrapper.size()) % align, 0u) << "entry " << i;
    if (align == 1) {
      EXPECT_EQ(int64_t(x.offset), int64_t(y.offset) + delta) << "entry " << i;
    }
    EXPECT_TRUE(x.wrapper.size() <= 8 ||
                std::equal(x.wrapper.begin(), x.wrapper.begin() + 8, y.wrapper.begin()));
    if (changed.count(i)) {
      delta += int64_t(x.size) - int64_t(y.size);
      continue;
    }
    EXPECT_EQ(x.size, y.size) << "entry " << i;
    EXPECT_TRUE(x.size == y.size &&
                std::equal(b.begin() + long(x.offset), b.begin() + long(x.offset + x.size),
                           old.begin() + long(y.offset)))
        << "entry " << i << "'s payload changed";
  }
  // Both size fields of each changed entry: the index record's and the name record's (+0), and
  // a version-25 wrapper's raw size. The tables are the old bytes but for the payload offsets
  // (of the wrapper, if any) after a changed entry and its sizes.
  Bytes want(old.begin(), old.begin() + long(o.entries[0].offset - o.entries[0].wrapper.size()));
  for (size_t i = *changed.begin(); i < n.entries.size(); ++i)
    put<uint64_t>(want, n.entries[i].index_record_offset,
                  n.entries[i].offset - n.entries[i].wrapper.size());
  for (size_t i : changed) {
    const Entry& ne = n.entries.at(i);
    EXPECT_EQ(get<int32_t>(b, ne.index_record_offset + size_at), int32_t(ne.size));
    EXPECT_EQ(get<int32_t>(b, ne.name_record_offset), int32_t(ne.size));
    if (!ne.wrapper.empty()) {
      EXPECT_EQ(get<int32_t>(b, ne.offset - ne.wrapper.size() + kWrapperSizeAt), int32_t(ne.size));
    }
    put<int32_t>(want, ne.index_record_offset + size_at, int32_t(ne.size));
    put<int32_t>(want, ne.name_record_offset, int32_t(ne.size));
  }
  EXPECT_TRUE(std::equal(want.begin(), want.end(), b.begin())) << "a table byte differs";
  // Padded with zeros to a multiple of 0x8000 after the last payload.
  const Entry& last = n.entries.back();
  EXPECT_EQ(b.size() % 0x8000, 0u);
  EXPECT_LT(b.size() - (last.offset + last.size), 0x8000u);
  EXPECT_TRUE(std::all_of(b.begin() + long(last.offset + last.size), b.end(),
                          [](uint8_t x) { return x == 0; }));
  // The edited entries: two sets with their old compression numbers, every block's checksum.
  std::vector<EntryContents> out;
  for (size_t i : changed) {
    Result<EntryContents> c = read_entry(n, b.data(), b.size(), i);
    if (!c) throw std::logic_error(c.error().to_string());
    const EntryContents before = *read_entry(o, old.data(), old.size(), i);
    EXPECT_TRUE(c->warnings.empty());
    EXPECT_EQ(c->sets.size(), before.sets.size());
    EXPECT_EQ(describe(c->form), describe(before.form));
    for (size_t s = 0; s < c->sets.size() && s < before.sets.size(); ++s) {
      EXPECT_EQ(c->sets[s].header.compression, before.sets[s].header.compression) << "set " << s;
      for (const StoredBlock& blk : c->sets[s].blocks) {
        if (blk.flag == 0) continue;  // a version-25 raw chunk has no checksum
        EXPECT_EQ(blk.checksum, adler_from_zero(blk.data, blk.stored_size)) << "set " << s;
      }
    }
    uint64_t stored = c->form.prefix.size();  // the prefix and the sets only
    for (const BlockSet& set : c->sets) stored += set.size;
    EXPECT_EQ(stored, n.entries[i].size);
    // The other resources of the entry keep their records.
    EXPECT_EQ(c->resources.size(), before.resources.size());
    for (size_t r = 0; r < c->resources.size() && r < before.resources.size(); ++r)
      EXPECT_EQ(c->resources[r].id, before.resources[r].id);
    out.push_back(std::move(*c));
  }
  // verify --against agrees.
  const verify::ArchiveCompareReport report =
      verify::compare_archives(b.data(), b.size(), old.data(), old.size());
  EXPECT_TRUE(report.ok()) << verify::to_json(report).dump();
  EXPECT_EQ(report.changed.size(), changed.size());
  return out;
}

// One edit through import into the archive: the checks above, then the mesh as read back
// (strictly) for the edit's own check, with the donor's.
void run_edit(const std::function<void(Doc&)>& edit,
              const std::function<void(const ir::Mesh& after, const ir::Mesh& before)>& check) {
  for (const Case& k : kCases) {
    SCOPED_TRACE(k.archive + " " + k.mesh);
    const Bytes archive = sample(k.archive);
    const MeshResource m = mesh_named(archive, k.mesh);
    const ir::Mesh before = decoded(m.body);
    std::optional<Doc> g = f2g::test::gltf_doc(before);
    ASSERT_TRUE(g);
    edit(*g);
    const std::string text = g->json.dump();
    const ArchiveImportOutcome o = import_into_archive(f2g::test::doc_input(*g, text),
                                                       archive.data(), archive.size(), m.id, {});
    ASSERT_FALSE(o.error) << o.error->to_string();
    EXPECT_EQ(o.summary["archive"]["identical"], false);
    const EntryContents c = expect_only_entries_changed(o.bytes, archive, {m.entry}).at(0);
    size_t found = 0;
    for (const Resource& r : c.resources) {
      if (r.class_id != class_id("Mesh")) continue;
      const Bytes body(c.records.begin() + long(r.body_offset),
                       c.records.begin() + long(r.body_offset + r.body_size));
      Result<Decoded> d = decode(body.data(), body.size(), {});
      ASSERT_TRUE(d.ok()) << r.name << ": " << d.error().to_string();
      EXPECT_TRUE(d->mesh.warnings.empty()) << r.name << ": " << d->mesh.warnings[0].to_string();
      if (r.id != m.id) {  // a neighbour in the same entry: its body unchanged
        const MeshResource same = mesh_named(archive, r.name);
        EXPECT_TRUE(body == same.body) << r.name;
        continue;
      }
      ++found;
      EXPECT_FALSE(body == m.body);
      EXPECT_EQ(r.record_size, 12 + r.name.size() + r.gap_size + r.body_size);
      check(d->mesh, before);
    }
    EXPECT_EQ(found, 1u);
  }
}

TEST(ImportArchiveEdits, AMovedMeshShiftsItsBoundsAlongTheGamesX) {
  // glTF x is the game's x (convert turns Z-up to Y-up about x).
  run_edit([](Doc& g) { edit_positions(g, [](float* p) { p[0] += 0.25f; }); },
           [](const ir::Mesh& after, const ir::Mesh& before) {
             const Bounds a = bounds(after), b = bounds(before);
             const float tol = 2e-3f * (extent(b) + 0.25f) + 1e-4f;
             for (size_t k = 0; k < 3; ++k) {
               const float shift = k == 0 ? 0.25f : 0.f;
               EXPECT_NEAR(a.lo[k], b.lo[k] + shift, tol) << "axis " << k;
               EXPECT_NEAR(a.hi[k], b.hi[k] + shift, tol) << "axis " << k;
             }
             EXPECT_EQ(triangles_by_material(after), triangles_by_material(before));
           });
}

TEST(ImportArchiveEdits, AScaledMeshDoublesItsBounds) {
  run_edit([](Doc& g) { edit_positions(g, [](float* p) { p[0] *= 2, p[1] *= 2, p[2] *= 2; }); },
           [](const ir::Mesh& after, const ir::Mesh& before) {
             const Bounds a = bounds(after), b = bounds(before);
             const float tol = 4e-3f * extent(b) + 1e-4f;
             for (size_t k = 0; k < 3; ++k) {
               EXPECT_NEAR(a.lo[k], 2 * b.lo[k], tol) << "axis " << k;
               EXPECT_NEAR(a.hi[k], 2 * b.hi[k], tol) << "axis " << k;
             }
             EXPECT_EQ(triangles_by_material(after), triangles_by_material(before));
           });
}

TEST(ImportArchiveEdits, DeletedTrianglesAreGoneFromTheirMaterialOnly) {
  // The last 4 triangles of the first primitive: its indices accessor counts 12 fewer.
  run_edit(
      [](Doc& g) {
        Json& prim = g.json["meshes"][0]["primitives"][0];
        Json& acc = g.json["accessors"][prim["indices"].get<size_t>()];
        acc["count"] = acc["count"].get<size_t>() - 12;
        acc.erase("min");
        acc.erase("max");
      },
      [](const ir::Mesh& after, const ir::Mesh& before) {
        std::map<std::string, size_t> want = triangles_by_material(before);
        want[before.materials.at(before.primitives.at(0).material).extras.value("id", "")] -= 4;
        EXPECT_EQ(triangles_by_material(after), want);
      });
}

TEST(ImportArchiveEdits, AMaterialsFacesDeletedLeaveTheOtherMaterialsAsTheyWere) {
  // The last primitive (one material's faces) removed from the glTF mesh.
  run_edit(
      [](Doc& g) {
        g.json["meshes"][0]["primitives"].erase(g.json["meshes"][0]["primitives"].size() - 1);
      },
      [](const ir::Mesh& after, const ir::Mesh& before) {
        std::map<std::string, size_t> want = triangles_by_material(before);
        const std::string gone =
            before.materials.at(before.primitives.back().material).extras.value("id", "");
        want.erase(gone);
        std::map<std::string, size_t> got = triangles_by_material(after);
        EXPECT_EQ(got.count(gone) ? got[gone] : 0u, 0u);
        got.erase(gone);  // a material the mesh may keep listing but no longer draws
        EXPECT_EQ(got, want);
      });
}

// import GLB_DIR --donor ARCHIVE.forge: every glTF of the directory into one copy.
namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
  const fs::path d = fs::path(F2G_BINARY_DIR) / "import_archive_edits_test" / name;
  fs::remove_all(d);
  fs::create_directories(d / "edited");
  return d;
}

void write_bytes(const fs::path& p, const void* data, size_t size) {
  std::ofstream(p, std::ios::binary).write(static_cast<const char*>(data), long(size));
}

// DIR/edited/STEM.gltf and its STEM.bin.
void write_doc(const fs::path& dir, const std::string& stem, Doc g) {
  g.json["buffers"][0]["uri"] = stem + ".bin";
  const std::string text = g.json.dump();
  write_bytes(dir / "edited" / (stem + ".gltf"), text.data(), text.size());
  write_bytes(dir / "edited" / (stem + ".bin"), g.bin.data(), g.bin.size());
}

Doc doc_of(const MeshResource& m) { return *f2g::test::gltf_doc(decoded(m.body)); }

ArchiveImportRun dir_run(const fs::path& d, const Bytes& archive) {
  write_bytes(d / "DataPC.forge", archive.data(), archive.size());
  ArchiveImportRun run;
  run.input = (d / "edited").string();
  run.donor = (d / "DataPC.forge").string();
  run.out = (d / "new.forge").string();
  run.json = true;
  return run;
}

Bytes body_in(const EntryContents& c, uint64_t id) {
  for (const Resource& r : c.resources)
    if (r.id == id)
      return Bytes(c.records.begin() + long(r.body_offset),
                   c.records.begin() + long(r.body_offset + r.body_size));
  return {};
}

TEST(ImportArchiveEdits, AGltfDirectoryGoesBackIntoOneCopyOfTheArchive) {
  const Bytes archive = sample("grw/DataPC.forge");
  const fs::path d = fresh_dir("directory");
  const MeshResource ranger = mesh_named(archive, "Ranger_LOD0"),
                     rock = mesh_named(archive, "Rock"), pipe = mesh_named(archive, "Pipe");
  ASSERT_NE(ranger.entry, rock.entry);
  ASSERT_EQ(rock.entry, pipe.entry);
  // Ranger under another name (found by the object id convert wrote), scaled; Rock without its
  // object id (found by its name), its last material's faces deleted; Pipe unedited.
  Doc g = doc_of(ranger);
  edit_positions(g, [](float* p) { p[0] *= 2, p[1] *= 2, p[2] *= 2; });
  write_doc(d, "my_ranger", g);
  g = doc_of(rock);
  g.json["meshes"][0]["extras"].erase("source");
  g.json["meshes"][0]["primitives"].erase(g.json["meshes"][0]["primitives"].size() - 1);
  write_doc(d, "Rock", g);
  write_doc(d, "Pipe", doc_of(pipe));
  ArchiveImportRun run = dir_run(d, archive);
  std::ostringstream out, err;
  ASSERT_EQ(run_archive_import(run, out, err), 0) << err.str() << out.str();
  const Json j = Json::parse(out.str());
  EXPECT_EQ(j["summary"]["resources"].size(), 3u);
  EXPECT_EQ(j["summary"]["archive"]["changed_entries"], 2u);
  const Bytes b = f2g::test::read_bytes(run.out);
  const std::vector<EntryContents> c =
      expect_only_entries_changed(b, archive, {ranger.entry, rock.entry});
  const bool ranger_first = ranger.entry < rock.entry;
  const EntryContents &ranger_entry = c[ranger_first ? 0 : 1],
                      &rock_entry = c[ranger_first ? 1 : 0];
  const ir::Mesh scaled = decoded(body_in(ranger_entry, ranger.id));
  EXPECT_NEAR(extent(bounds(scaled)), 2 * extent(bounds(decoded(ranger.body))), 1e-2);
  const ir::Mesh cut = decoded(body_in(rock_entry, rock.id));
  EXPECT_EQ(cut.primitives.size() + 1, decoded(rock.body).primitives.size());
  EXPECT_TRUE(body_in(rock_entry, pipe.id) == pipe.body);  // same entry, body as it was
}

TEST(ImportArchiveEdits, AGltfMatchingNoResourceOrOneTwiceWritesNothing) {
  const Bytes archive = sample("grw/DataPC.forge");
  const MeshResource rock = mesh_named(archive, "Rock");
  Doc anonymous = doc_of(rock);
  anonymous.json["meshes"][0]["extras"].erase("source");
  struct Refused {
    std::vector<std::pair<std::string, Doc>> files;
    std::string code;
  };
  const std::vector<Refused> cases = {
      {{{"Nothing", anonymous}}, "IMPORT_NO_DONOR"},
      {{{"Rock", anonymous}, {"copy", doc_of(rock)}}, "IMPORT_DONOR_AMBIGUOUS"}};
  for (const Refused& k : cases) {
    SCOPED_TRACE(k.code);
    const fs::path d = fresh_dir(k.code);
    for (const auto& [stem, doc] : k.files) write_doc(d, stem, doc);
    ArchiveImportRun run = dir_run(d, archive);
    std::ostringstream out, err;
    EXPECT_EQ(run_archive_import(run, out, err), 1);
    EXPECT_EQ(Json::parse(out.str())["error"]["code"], k.code);
    EXPECT_FALSE(fs::exists(run.out));
    EXPECT_TRUE(f2g::test::read_bytes(run.donor) == archive);
  }
}

// The command streams the new archive through a temp file and reads it back from there (a
// 2 GB archive is never held in memory): what it writes is what the in-memory form builds, a
// dry run leaves no file (neither beside -o nor in the temp directory), and a stream
// destination (a fifo standing for /dev/stdout) gets the same bytes.
TEST(ImportArchiveEdits, TheCommandStreamsWhatTheInMemoryFormBuilds) {
  const Bytes archive = sample("grw/DataPC.forge");
  const MeshResource rock = mesh_named(archive, "Rock");
  const fs::path d = fresh_dir("streamed");
  Doc g = doc_of(rock);
  edit_positions(g, [](float* p) { p[1] += 0.5f; });
  write_doc(d, "Rock", g);
  const std::string text = g.json.dump();
  const ArchiveImportOutcome memory = import_into_archive(
      f2g::test::doc_input(g, text), archive.data(), archive.size(), rock.id, {});
  ASSERT_FALSE(memory.error) << memory.error->to_string();
  ASSERT_FALSE(memory.bytes == archive);

  const fs::path scratch = d / "tmp";
  fs::create_directories(scratch);
  const char* old_tmpdir = std::getenv("TMPDIR");
  const std::string kept = old_tmpdir ? old_tmpdir : "";
  ::setenv("TMPDIR", scratch.c_str(), 1);
  ArchiveImportRun run = dir_run(d, archive);
  run.input = (d / "edited" / "Rock.gltf").string();
  run.id = rock.id;
  std::ostringstream out, err;
  run.dry_run = true;
  EXPECT_EQ(run_archive_import(run, out, err), 0) << err.str();
  EXPECT_FALSE(fs::exists(run.out));
  EXPECT_TRUE(fs::is_empty(scratch));
  EXPECT_EQ(Json::parse(out.str())["summary"]["archive"]["new_archive_size"], memory.bytes.size());

  run.dry_run = false;
  out.str("");
  EXPECT_EQ(run_archive_import(run, out, err), 0) << err.str();
  EXPECT_TRUE(f2g::test::read_bytes(run.out) == memory.bytes);
  size_t beside = 0;
  for (const auto& e : fs::directory_iterator(d)) beside += e.is_regular_file();
  EXPECT_EQ(beside, 2u);  // the donor and new.forge: no temp left

  const fs::path fifo = d / "out.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  Bytes received;
  std::thread reader([&] { received = f2g::test::read_bytes(fifo); });
  run.out = fifo.string();
  run.options.force = true;
  out.str("");
  EXPECT_EQ(run_archive_import(run, out, err), 0) << err.str();
  reader.join();
  EXPECT_TRUE(received == memory.bytes);
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_TRUE(fs::is_empty(scratch));
  if (old_tmpdir)
    ::setenv("TMPDIR", kept.c_str(), 1);
  else
    ::unsetenv("TMPDIR");
}

}  // namespace
}  // namespace f2g::import
