// Sample forge archives (docs/READING.md "Forge archives"), made by the archive writer from
// the GRB/GRW sample meshes plus small synthetic non-mesh resources: two sections, payloads
// of one block and of several, raw and compressed blocks (LZO1X-999, GRW's 0, GRB's LZO2A),
// a record whose gap is a long FileHeader, the two special entries, a patch forge that
// supersedes one mesh, and a GRB entry in Oodle blocks (written with the stand-in); and an
// SWS forge of version 25 (docs/READING.md "Version 25") in each payload form.
#include <cstring>

#include "formats/archive/archive.h"
#include "formats/common/classes.h"
#include "samples/generator/game_samples.h"
#include "samples/generator/sample_rigs.h"
#include "samples/generator/sample_textures.h"
#include "tests/support/oodle_standin/standin_block_codec.h"

namespace f2g::samples {
namespace {

using archive::Dialect;
using archive::NewEntry;
using archive::ResourceRecord;

struct Item {
  Item(NewEntry e, std::vector<uint8_t> p, std::vector<ResourceRecord> r = {}, int c = -1)
      : entry(std::move(e)), payload(std::move(p)), records(std::move(r)), compression(c) {}
  NewEntry entry;
  std::vector<uint8_t> payload;
  std::vector<ResourceRecord> records;  // what `payload` encodes, for resources()
  int compression;
};

const std::vector<uint8_t>& mesh_file(const std::string& path) {
  static const std::vector<SampleFile> meshes = [] {
    std::vector<SampleFile> all = grb_samples();
    for (SampleFile& s : sws_samples()) all.push_back(std::move(s));
    return all;
  }();
  for (const SampleFile& s : meshes)
    if (s.path == path) return s.bytes;
  throw std::logic_error("no sample " + path);
}

uint64_t load_u64(const std::vector<uint8_t>& b, size_t at) {
  uint64_t v;
  std::memcpy(&v, b.data() + at, 8);
  return v;
}

// A sample mesh file as a record: a FileHeader in front of the Mesh payload becomes the gap
// (docs/READING.md "Forge archives", "Payload": the gap is the FileHeader).
ResourceRecord mesh_record(const std::string& path, const std::string& name) {
  const std::vector<uint8_t>& f = mesh_file(path);
  uint32_t cls;
  std::memcpy(&cls, f.data() + 8, 4);
  size_t header = 0;
  if (cls != kMeshClass) {
    int32_t n = 0;
    if (f[0] == 1) std::memcpy(&n, f.data() + 4, 4);
    header = f[0] == 0 ? 1 : 8 + 12 * size_t(n);
  }
  ResourceRecord r;
  r.class_id = kMeshClass;
  r.name = name;
  r.gap.assign(f.begin(), f.begin() + long(header));
  if (r.gap.empty()) r.gap = {0};
  r.body.assign(f.begin() + long(header), f.end());
  return r;
}

// A synthetic body: u64 id, u32 class, a managed byte 1, then `fields` (the archive room
// never reads past the class).
ResourceRecord synthetic(const char* cls, const std::string& name, uint64_t id,
                         const std::vector<uint8_t>& fields) {
  ResourceRecord r;
  r.class_id = archive::class_id(cls);
  r.name = name;
  r.body.resize(12);
  std::memcpy(r.body.data(), &id, 8);
  std::memcpy(r.body.data() + 8, &r.class_id, 4);
  r.body.push_back(1);
  r.body.insert(r.body.end(), fields.begin(), fields.end());
  return r;
}

std::vector<uint8_t> refs(std::initializer_list<uint64_t> ids) {  // u32 count, u64 ids
  std::vector<uint8_t> b(4 + 8 * ids.size());
  const uint32_t n = uint32_t(ids.size());
  std::memcpy(b.data(), &n, 4);
  size_t at = 4;
  for (uint64_t id : ids) std::memcpy(b.data() + (at += 8) - 8, &id, 8);
  return b;
}

std::vector<uint8_t> noise(size_t n, uint32_t seed) {  // incompressible: stored raw
  std::vector<uint8_t> b(n);
  uint32_t x = seed;
  for (uint8_t& v : b) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    v = uint8_t(x >> 24);
  }
  return b;
}

std::vector<uint8_t> must(Result<std::vector<uint8_t>> r) {
  if (!r) throw std::logic_error(r.error().to_string());
  return std::move(*r);
}

Item resources(const Dialect& d, uint64_t file_id, const std::string& name,
               std::vector<ResourceRecord> records, int compression = -1) {
  Item it{{file_id, records.front().class_id, 0x5888C31C, name}, {}, records, compression};
  it.payload = must(archive::encode_entry_payload(d, records, compression));
  return it;
}

std::vector<Item> specials(const Dialect& d, uint64_t file_id, const std::vector<Item>& before) {
  // GlobalMetaFile: no magic. PrefetchingFileInfos: the magic, then file ids (no block-set
  // layout: the "block count" is nonsense), as the sources describe them.
  Item meta{{file_id, archive::class_id("GlobalMetaFile"), 0x5888C31C, "GlobalMetaFile"},
            {'M', 'E', 'T', 'A', 2, 0, 0, 0}};
  Item prefetch{
      {file_id + 1, archive::class_id("PrefetchingFileInfos"), 0x5888C31C, "PrefetchingFileInfos"},
      {}};
  prefetch.payload.resize(14);
  std::memcpy(prefetch.payload.data(), &archive::kSetMagic, 8);
  std::memcpy(prefetch.payload.data() + 8, &d.set_version, 2);
  const uint32_t nonsense = 0xFFFFFFF0u;
  std::memcpy(prefetch.payload.data() + 10, &nonsense, 4);
  for (const Item& i : before)
    for (int k = 0; k < 8; ++k) prefetch.payload.push_back(uint8_t(i.entry.file_id >> (8 * k)));
  return {meta, prefetch};
}

// Compression 3 (Oodle Mermaid) in GRB, written with the tests' stand-in codec: a mesh (the pipe
// under a resource id of its own) and its Material. Ids without repeated bytes leave the 30-byte
// directory incompressible, so its set is stored raw and reads without a library.
Item oodle_entry(const Dialect& d, uint64_t file_id, uint64_t pipe_id, uint64_t material_id) {
  ResourceRecord pipe = mesh_record("grb/static_format13_pipe.mesh", "Oodle_Pipe");
  std::memcpy(pipe.body.data(), &pipe_id, 8);
  const std::vector<ResourceRecord> records{
      pipe, synthetic("Material", "Oodle_Material", material_id, refs({}))};
  return {{file_id, kMeshClass, 0x5888C31C, "GRB_Oodle_Pipe"},
          must(archive::encode_entry_payload(d, records, 3, standin::codecs()))};
}

SampleFile archive_file(const std::string& path, const Dialect& d, std::vector<Item> items,
                        uint32_t section_capacity) {
  std::vector<NewEntry> entries;
  std::vector<archive::PayloadRef> payloads;
  for (const Item& i : items) {
    entries.push_back(i.entry);
    payloads.push_back({i.payload.data(), i.payload.size()});
  }
  Result<archive::Archive> a = archive::make_archive(d, entries, section_capacity);
  if (!a) throw std::logic_error(a.error().to_string());
  return {path, must(archive::write_archive(*a, payloads))};
}

// An SWS mesh file as a version-25 record: the file is the payload (managed byte 1, u32 id,
// u32 class); the gap is the record's flag (0, or 1 with `flag_items` 12-byte items).
ResourceRecord sws_record(const std::string& path, const std::string& name,
                          uint32_t flag_items = 0) {
  ResourceRecord r;
  r.class_id = kMeshClass;
  r.name = name;
  r.body = mesh_file(path);
  if (flag_items) {
    r.gap = {1, 0, 0, 0};
    for (int k = 0; k < 4; ++k) r.gap.push_back(uint8_t(flag_items >> (8 * k)));
    for (uint32_t i = 0; i < 12 * flag_items; ++i) r.gap.push_back(uint8_t(0xA0 + i % 7));
  }
  return r;
}

// A synthetic version-25 body: the managed byte 1, u32 id, u32 class, then `fields`.
ResourceRecord sws_synthetic(const char* cls, const std::string& name, uint32_t id,
                             const std::vector<uint8_t>& fields) {
  ResourceRecord r;
  r.class_id = archive::class_id(cls);
  r.name = name;
  r.body.resize(9);
  r.body[0] = 1;
  std::memcpy(r.body.data() + 1, &id, 4);
  std::memcpy(r.body.data() + 5, &r.class_id, 4);
  r.body.insert(r.body.end(), fields.begin(), fields.end());
  return r;
}

// An SWS Skeleton: bone i of the sample mesh `mesh` under bone parents[i], in the common core
// only (no public SWS Skeleton layout).
ResourceRecord sws_rig(const std::string& name, uint32_t id, const std::string& mesh,
                       const std::vector<int>& parents) {
  std::vector<RigBone> bones = mesh_rig_bones(mesh_file(mesh));
  for (size_t i = 0; i < bones.size(); ++i) bones[i].parent = parents.at(i);
  return sws_synthetic("Skeleton", name, id, core_skeleton_fields(id, bones));
}

Item sws_entry(const Dialect& d, uint32_t file_id, const std::string& name,
               const std::vector<ResourceRecord>& records, const archive::DataFileForm& form,
               int compression = -1) {
  return {{file_id, records.front().class_id, 0x4C9A1F00, name},
          must(archive::encode_entry_payload(d, records, compression, archive::builtin_codecs(),
                                             form))};
}

// The SWS forge: five entries, padded to 2048 as AC1's are, and AC1's empty second section
// (first/last index N and 2N - 1 for a count of 0) chained after the first.
SampleFile sws_archive(const Dialect& d) {
  using archive::DataFileForm;
  using archive::IndexRows;
  DataFileForm ac1;  // no prefix, a table set pair, AC1 rows
  DataFileForm ac2;  // the AC2 era: prefix, rows with u16s, a kept block
  ac2.prefix = {2,   0,   0,   0,   'P', 'R', 'E', 'F', 'I', 'X',
                '0', '1', 'P', 'R', 'E', 'F', 'I', 'X', '0', '2'};
  ac2.rows = IndexRows::Ac2;
  ac2.row_extras = {{0x0101, 0x0202}, {}, {}};
  ac2.kept = {'K', 'P', 'T'};
  DataFileForm stream = ac1;
  stream.stream = true;
  std::vector<Item> items;
  items.push_back(sws_entry(d, 3001, "SWS_Skater",
                            {sws_record("sws/skinned_palettes.mesh", "Skater_Palettes"),
                             sws_synthetic("Material", "Skater_Material", 0x6CA0092D, {0, 0, 0, 0}),
                             sws_rig("Skater_Skeleton", 0x6CA00930, "sws/skinned_palettes.mesh",
                                     {-1, 0, 1, 2, 1, 4, 0, 6, 7})},
                            ac1));
  items.push_back(
      sws_entry(d, 3002, "SWS_Props",
                {sws_record("sws/static_materials.mesh", "Props_Materials"),
                 sws_record("sws/lit_two_uv.mesh", "Props_LitTwoUV", 2),
                 sws_synthetic("CompiledMip", "Props_Mip0", 0x51A7E000, noise(40000, 0xAC2))},
                ac2));
  items.push_back(sws_entry(d, 3003, "SWS_Morph",
                            {sws_record("sws/morph_submeshes.mesh", "Morph_SubMeshes")}, ac1, 0));
  items.push_back(
      sws_entry(d, 3004, "SWS_Unknown",
                {sws_record("sws/unknown_category.mesh", "Unknown_Category"),
                 sws_synthetic("CompiledMip", "Unknown_Mip0", 0x51A7E001, noise(40000, 0x57E))},
                stream));
  std::vector<NewEntry> entries;
  std::vector<archive::PayloadRef> payloads;
  for (const Item& i : items) {
    entries.push_back(i.entry);
    payloads.push_back({i.payload.data(), i.payload.size()});
  }
  Result<archive::Archive> made = archive::make_archive(d, entries);
  if (!made) throw std::logic_error(made.error().to_string());
  archive::Archive& a = *made;
  a.payload_alignment = 2048;
  archive::Section empty;
  empty.offset = a.prelude.size();
  empty.index_table_offset = empty.name_table_offset = empty.offset + archive::kSectionSize;
  empty.first_index = int32_t(entries.size());
  empty.last_index = 2 * int32_t(entries.size()) - 1;
  a.sections.front().next_offset = int64_t(empty.offset);
  a.sections.push_back(empty);
  a.prelude.resize(a.prelude.size() + archive::kSectionSize);
  const uint32_t two = 2;
  std::memcpy(a.data_header.fields.data() + d.layout->section_count_at - 4, &two, 4);
  return {"archives/sws/DataPC.forge", must(archive::write_archive(a, payloads))};
}

// A rig row: bone `bone` of the sample mesh (or, with bone -1, a bone the mesh lacks, named
// `hash`, at rest where its parent is) and its parent row.
struct RigRow {
  int bone;
  int parent;
  uint32_t hash = 0;
};

// A Skeleton resource for the sample mesh `mesh` (docs/READING.md "Pairing a mesh with its
// skeleton"): the hierarchy given by `rows`, the poses from the mesh's inverse binds.
ResourceRecord rig(grb::Dialect game, const std::string& name, uint64_t id, const std::string& mesh,
                   const std::vector<RigRow>& rows) {
  const std::vector<RigBone> mesh_bones = mesh_rig_bones(mesh_file(mesh));
  std::vector<RigBone> bones;
  for (const RigRow& r : rows) {
    RigBone b;
    if (r.bone >= 0) {
      b = mesh_bones.at(size_t(r.bone));
    } else {
      b.name_hash = r.hash;
      b.inverse_bind = r.parent >= 0
                           ? bones.at(size_t(r.parent)).inverse_bind
                           : std::array<float, 16>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    }
    b.parent = r.parent;
    bones.push_back(b);
  }
  ResourceRecord out;
  out.class_id = archive::class_id("Skeleton");
  out.name = name;
  out.body = skeleton_body(game, id, bones);
  return out;
}

// A chain: bone i under bone i - 1.
std::vector<RigRow> chain(int n) {
  std::vector<RigRow> rows;
  for (int i = 0; i < n; ++i) rows.push_back({i, i - 1});
  return rows;
}

uint64_t mesh_id(const std::string& path) {
  const ResourceRecord r = mesh_record(path, "");
  return load_u64(r.body, 0);
}

// The Materials of each Mesh record of `items` put into the record's own entry (an id shared
// by two meshes: the first one's), the sets and maps into a new entry `file_id` at position
// `at`, and each streamed level as an entry of its own id at the end.
void add_textures(const Dialect& d, grb::Dialect game, std::vector<Item>& items, size_t at,
                  uint64_t file_id, const std::string& name, int compression, uint64_t first_id,
                  uint32_t seed, uint64_t unreadable_set = 0) {
  std::vector<uint64_t> ids;
  std::vector<size_t> home;
  for (size_t e = 0; e < items.size(); ++e)
    for (const ResourceRecord& r : items[e].records) {
      if (r.class_id != kMeshClass) continue;
      for (uint64_t id : sample_material_ids(r.body))
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
          ids.push_back(id);
          home.push_back(e);
        }
    }
  TextureRecords t = texture_records(game, ids, first_id, seed, unreadable_set);
  std::vector<bool> changed(items.size(), false);
  for (size_t k = 0; k < t.materials.size(); ++k) {
    items[home[k]].records.push_back(t.materials[k]);
    changed[home[k]] = true;
  }
  for (size_t e = 0; e < changed.size(); ++e)
    if (changed[e])
      items[e].payload =
          must(archive::encode_entry_payload(d, items[e].records, items[e].compression));
  items.insert(items.begin() + std::ptrdiff_t(at),
               resources(d, file_id, name, std::move(t.textures), compression));
  for (ResourceRecord& m : t.mips) {
    uint64_t id = 0;
    std::memcpy(&id, m.body.data(), 8);
    items.push_back(resources(d, id, m.name, {m}, 0));
  }
}

}  // namespace

std::vector<SampleFile> archive_samples() {
  const Dialect& W = *archive::dialect_named("grw");
  const Dialect& B = *archive::dialect_named("grb");
  std::vector<SampleFile> out;

  // GRW base: seven entries in two sections (four per section).
  const uint64_t ranger = mesh_id("grw/clustered_skinned_ranger.mesh");
  std::vector<Item> w;
  w.push_back(resources(W, 1001, "GR_Ranger",
                        {mesh_record("grw/clustered_skinned_ranger.mesh", "Ranger_LOD0")}));
  w.push_back(resources(
      W, 1002, "GR_Props",
      {mesh_record("grw/static_format9_file_header_submeshes.mesh", "Crate_FileHeader")}));
  // The tentacle's rig here is superseded by the patch's; the cloth's pairs in its own entry.
  const auto G = grb::Dialect::Grw;
  w.push_back(
      resources(W, 1003, "GR_Creatures",
                {mesh_record("grw/skin8_format1_tentacle.mesh", "Tentacle"),
                 mesh_record("grw/skin8_colour_format3_cloth.mesh", "Cloth"),
                 rig(G, "Tentacle_Skeleton", 0x20020, "grw/skin8_format1_tentacle.mesh", chain(8)),
                 rig(G, "Cloth_Skeleton", 0x20021, "grw/skin8_colour_format3_cloth.mesh",
                     {{0, -1}, {1, 0}, {2, 0}, {3, 1}, {4, 2}, {5, 4}})}));
  w.push_back(resources(W, 1005, "GR_Props",  // a repeated name: entries are addressed by id
                        {mesh_record("grw/static_format6_rock.mesh", "Rock"),
                         mesh_record("grw/mesh_data_only_format7_foliage.mesh", "Foliage"),
                         mesh_record("grw/static_format8_u32_indices.mesh", "Pipe"),
                         mesh_record("grw/three_uv_format2_backpack.mesh", "Backpack"),
                         rig(G, "Backpack_Skeleton", 0x20022, "grw/three_uv_format2_backpack.mesh",
                             {{0, -1}, {1, 0}, {2, 1}, {3, 1}, {4, 0}})},
                        0));
  add_textures(W, G, w, 3, 1004, "GR_Ranger_Textures", -1, 0x20100, 7);
  for (Item& s : specials(W, 1900, w)) w.push_back(std::move(s));
  out.push_back(archive_file("archives/grw/DataPC.forge", W, std::move(w), 4));

  // GRW patch: entry 1001 again, holding only a new Mesh for the ranger's id (the tentacle's
  // geometry): the base's Material and TextureSet stay in force.
  ResourceRecord patched = mesh_record("grw/skin8_format1_tentacle.mesh", "Ranger_LOD0");
  std::memcpy(patched.body.data(), &ranger, 8);
  std::vector<Item> p;
  // The tentacle's rig again, two branches from bone 0 instead of one chain, in a rigs entry
  // of its own: it supersedes the base's and pairs with the base's tentacle and the patched
  // mesh alike.
  p.push_back(resources(W, 1001, "GR_Ranger", {patched}));
  // The cloth diffuse (BC1) again in other colours: it supersedes the base's copy.
  p.push_back(resources(W, 1004, "GR_Ranger_Textures",
                        {texture_map_record(G, 0x20103, "WCloth_Diffuse", 2, 16, 5, 99)}));
  p.push_back(resources(
      W, 1006, "GR_Creature_Rigs",
      {rig(grb::Dialect::Grw, "Tentacle_Skeleton", 0x20020, "grw/skin8_format1_tentacle.mesh",
           {{0, -1}, {1, 0}, {2, 1}, {3, 2}, {4, 0}, {5, 4}, {6, 5}, {7, 6}})}));
  for (Item& s : specials(W, 1900, p)) p.push_back(std::move(s));
  out.push_back(archive_file("archives/grw/DataPC_patch_01.forge", W, std::move(p), 5000));

  // GRB base: eight entries in two sections.
  std::vector<Item> b;
  const auto R = grb::Dialect::Grb;
  const std::string coat = "grb/tacvest_walker_coat_lod0.mesh";
  b.push_back(resources(B, 2001, "GRB_Soldier",
                        {mesh_record("grb/clustered_skinned_soldier.mesh", "Soldier_LOD0"),
                         rig(R, "Soldier_Skeleton", 0x30030, "grb/clustered_skinned_soldier.mesh",
                             {{0, -1},
                              {1, 0},
                              {2, 1},
                              {3, 2},
                              {4, 3},
                              {5, 2},
                              {6, 5},
                              {7, 2},
                              {8, 7},
                              {9, 0},
                              {10, 9},
                              {11, 0}})}));
  // The coat's add-on rig, rooted at body bone 5; the body rig is in GRB_Rigs.
  b.push_back(resources(
      B, 2002, "TP_Tacvest_Walker_Coat",
      {mesh_record(coat, "TP_Tacvest_Walker_Coat_LOD0"), rig(R, "Walker_Coat_Addon", 0x30032, coat,
                                                             {{5, -1},
                                                              {20, 0},
                                                              {21, 1},
                                                              {22, 2},
                                                              {23, 0},
                                                              {24, 4},
                                                              {25, 5},
                                                              {26, 0},
                                                              {27, 7},
                                                              {28, 8},
                                                              {29, 9}})}));
  b.push_back(resources(B, 2003, "GRB_Backpack",
                        {mesh_record("grb/three_uv_format4_file_header.mesh", "Backpack")}, 0));
  b.push_back(resources(B, 2004, "GRB_Props",
                        {mesh_record("grb/skin4_format0_submeshes.mesh", "Submeshes"),
                         mesh_record("grb/skin8_format2_tentacle.mesh", "Tentacle"),
                         mesh_record("grb/four_uv_format5_u32_indices.mesh", "FourUV"),
                         mesh_record("grb/static_format10_rock.mesh", "Rock"),
                         mesh_record("grb/mesh_data_only_format11_foliage.mesh", "Foliage"),
                         mesh_record("grb/static_format12_crate.mesh", "Crate"),
                         mesh_record("grb/static_format13_pipe.mesh", "Pipe")}));
  b.push_back(oodle_entry(B, 2005, 0xC3A5F1E2B4D69788, 0x5D1E9A7B3C8F2461));
  // Rigs only elsewhere in the install: the coat's body rig (with a root and a bone between
  // bones 3 and 4 that the coat lacks) and the tentacle's. The submeshes have none.
  b.push_back(resources(
      B, 2007, "GRB_Rigs",
      {rig(R, "Walker_Body_Rig", 0x30031, coat,
           {{-1, -1, 0x2C52CBB0},
            {0, 0},
            {1, 1},
            {2, 2},
            {3, 3},
            {-1, 4, 0x5EC0DA1E},
            {4, 5},
            {5, 6},
            {6, 7},
            {7, 8},
            {8, 4},
            {9, 10},
            {10, 11},
            {11, 12},
            {12, 4},
            {13, 14},
            {14, 15},
            {15, 16},
            {16, 1},
            {17, 18},
            {18, 1},
            {19, 20}}),
       rig(R, "Tentacle_Skeleton", 0x30033, "grb/skin8_format2_tentacle.mesh", chain(8)),
       rig(R, "Backpack_Skeleton", 0x30034, "grb/three_uv_format4_file_header.mesh",
           {{0, -1}, {1, 0}, {2, 1}, {3, 1}, {4, 0}}),
       rig(R, "FourUV_Skeleton", 0x30035, "grb/four_uv_format5_u32_indices.mesh", chain(5))}));
  // The last material's set is in the Oodle entry: said once, the material kept as it is.
  add_textures(B, R, b, 5, 2006, "GRB_Soldier_Textures", 2, 0x30100, 3, 0x5D1E9A7B3C8F2461);
  for (Item& s : specials(B, 2900, b)) b.push_back(std::move(s));
  out.push_back(archive_file("archives/grb/DataPC.forge", B, std::move(b), 4));
  out.push_back(sws_archive(*archive::dialect_named("sws")));
  return out;
}

}  // namespace f2g::samples
