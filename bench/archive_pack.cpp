// forge2gltf-bench-pack [--rigs] [--textures SCALE] DIALECT SRC_DIR OUT.forge [PER_ENTRY]
// [FILL_BYTES]: packs every
// file under SRC_DIR (sorted) into a forge archive of DIALECT ("grw", "grb", "sws") with PER_ENTRY
// resources per entry (default 20) as Mesh resources named after their stems (a FileHeader in
// front of a mesh becomes the record's gap, as the games store it; an SWS mesh file is the
// version-25 record's payload whole), then, when FILL_BYTES is
// given, TextureMap resources of random bytes until the archive has about that many bytes
// (the bounded-memory measurement). With --rigs (GRW, GRB), every skinned mesh also gets a
// Skeleton of its bones (a binary tree, the game's encoder), PER_ENTRY rigs an entry after the
// meshes' entries, as most real rigs sit apart from their meshes (the pairing measurement).
// With --textures SCALE (GRW, GRB), each entry's meshes also get their Materials, and an entry
// after it the sets and maps they show (the sample archives' seven maps, SCALE times larger;
// samples/generator/sample_textures.h), each streamed level an entry of its own (the textures
// measurement).
// Then reads every entry back and prints, as one JSON line,
// the counts, the LZO decompression throughput of the read-back and the time the install index
// takes to build over the archive (per thousand entries).
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "formats/archive/archive.h"
#include "formats/common/classes.h"
#include "samples/generator/sample_rigs.h"
#include "samples/generator/sample_textures.h"

namespace fs = std::filesystem;
using namespace f2g;

namespace {

std::vector<uint8_t> read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
}

// The install index of one archive, as the converter builds it with IndexDepth::Whole: the
// file mapped, the tables read, every entry's directory read and added, patch order resolved;
// the best of five builds.
struct IndexTiming {
  double ms_per_1000_entries = 0;
};
IndexTiming time_index(const char* path) {
  IndexTiming t;
  const int fd = ::open(path, O_RDONLY);
  struct stat st {};
  if (fd < 0 || ::fstat(fd, &st) != 0) return t;
  const size_t size = size_t(st.st_size);
  void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (map == MAP_FAILED) return t;
  const auto* data = static_cast<const uint8_t*>(map);
  double best = -1;
  for (int round = 0; round < 5; ++round) {
    const auto t0 = std::chrono::steady_clock::now();
    Result<archive::Archive> a = archive::read_archive(data, size);
    if (!a) break;
    archive::InstallIndex index;
    index.add_archive("bench", fs::path(path).filename().string());
    for (size_t i = 0; i < a->entries.size(); ++i) {
      if (archive::is_special(a->entries[i])) continue;
      Result<std::vector<archive::DirectoryEntry>> d = archive::read_directory(*a, data, size, i);
      if (d) index.add_directory(0, i, *d);
    }
    index.resolve();
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    const double per = a->entries.empty() ? 0 : ms * 1000 / double(a->entries.size());
    if (best < 0 || per < best) best = per;
  }
  ::munmap(map, size);
  t.ms_per_1000_entries = best < 0 ? 0 : best;
  return t;
}

// A mesh file as a record: its FileHeader (0x00, or 0x01 + 3 bytes + i32 N + 12 N bytes) is
// the gap; without one the gap is the one NUL the games write. In version 25 the file (managed
// byte, u32 id, class at 5) is the payload and the gap the record's flag 0.
bool mesh_record(const archive::Dialect& d, const fs::path& p, archive::ResourceRecord& r) {
  std::vector<uint8_t> f = read_all(p);
  if (f.size() < 16) return false;
  uint32_t cls = 0;
  if (d.payload == archive::PayloadLayout::DataFile) {
    std::memcpy(&cls, f.data() + 5, 4);
    if (f[0] != 1 || cls != kMeshClass) return false;
    r.class_id = kMeshClass;
    r.name = p.stem().string();
    r.body = std::move(f);
    return true;
  }
  std::memcpy(&cls, f.data() + 8, 4);
  size_t header = 0;
  if (cls != kMeshClass) {
    int32_t n = 0;
    std::memcpy(&n, f.data() + 4, 4);
    header = f[0] == 0 ? 1 : 8 + 12 * size_t(n < 0 ? 0 : n);
    if (header + 12 > f.size()) return false;
  }
  r.class_id = kMeshClass;
  r.name = p.stem().string();
  r.gap = header ? std::vector<uint8_t>(f.begin(), f.begin() + header) : std::vector<uint8_t>{0};
  r.body.assign(f.begin() + header, f.end());
  return true;
}

// A set of `data` stored raw (LZO-999 would spend minutes finding nothing in random bytes).
std::vector<uint8_t> raw_set(const archive::Dialect& d, const std::vector<uint8_t>& data) {
  archive::BlockSet set;
  set.header.version = d.set_version;
  set.header.compression = d.write_compression;
  for (size_t at = 0; at < data.size(); at += archive::kBlockSize) {
    archive::StoredBlock b;
    b.data = data.data() + at;
    b.stored_size = b.uncompressed_size =
        static_cast<uint32_t>(std::min<size_t>(archive::kBlockSize, data.size() - at));
    b.checksum = archive::adler32_zero(b.data, b.stored_size);
    set.blocks.push_back(b);
  }
  return archive::encode_stored_block_set(d, set);
}

template <class T>
void put(std::vector<uint8_t>& b, T v) {
  const size_t at = b.size();
  b.resize(at + sizeof v);
  std::memcpy(b.data() + at, &v, sizeof v);
}

// One entry of one TextureMap resource of `size` random bytes, both sets stored raw.
std::vector<uint8_t> filler_payload(const archive::Dialect& d, uint64_t id, size_t size,
                                    std::mt19937_64& random) {
  const uint32_t cls = archive::class_id("TextureMap");
  const std::string name = "filler";
  std::vector<uint8_t> body;
  put(body, id);
  put(body, cls);
  while (body.size() + 8 <= size) put(body, random());
  std::vector<uint8_t> records;
  put(records, cls);
  put(records, uint32_t(body.size()));
  put(records, uint32_t(name.size()));
  records.insert(records.end(), name.begin(), name.end());
  records.push_back(0);  // the gap: one NUL
  records.insert(records.end(), body.begin(), body.end());
  std::vector<uint8_t> directory;
  put(directory, uint16_t(1));
  put(directory, id);
  put(directory, uint32_t(records.size()));
  put(directory, uint16_t(0));
  std::vector<uint8_t> payload = raw_set(d, directory);
  const std::vector<uint8_t> second = raw_set(d, records);
  payload.insert(payload.end(), second.begin(), second.end());
  return payload;
}

}  // namespace

// A Skeleton record for the skinned mesh file `p` (its bones as a binary tree), or false.
bool rig_record(const archive::Dialect& d, const fs::path& p, uint64_t id,
                archive::ResourceRecord& r) {
  std::vector<samples::RigBone> bones;
  try {
    bones = samples::mesh_rig_bones(read_all(p));
  } catch (const std::exception&) {
    return false;  // not skinned
  }
  for (size_t i = 1; i < bones.size(); ++i) bones[i].parent = int((i - 1) / 2);
  r.class_id = archive::class_id("Skeleton");
  r.name = p.stem().string() + "_Skeleton";
  r.gap = {0};
  r.body = samples::skeleton_body(
      std::string(d.name) == "grb" ? grb::Dialect::Grb : grb::Dialect::Grw, id, bones);
  return true;
}

int main(int argc, char** argv) {
  const bool rigs = argc > 1 && std::string(argv[1]) == "--rigs";
  if (rigs) {
    --argc;
    ++argv;
  }
  uint32_t texture_scale = 0;
  if (argc > 2 && std::string(argv[1]) == "--textures") {
    texture_scale = uint32_t(std::stoul(argv[2]));
    argc -= 2;
    argv += 2;
  }
  if (argc < 4) {
    std::fprintf(stderr,
                 "usage: %s [--rigs] [--textures SCALE] DIALECT SRC_DIR OUT.forge [PER_ENTRY] "
                 "[FILL_BYTES]\n",
                 argv[0]);
    return 2;
  }
  const archive::Dialect* dialect = archive::dialect_named(argv[1]);
  if (!dialect) return 2;
  const size_t per_entry = argc > 4 ? std::stoul(argv[4]) : 20;
  const uint64_t fill = argc > 5 ? std::stoull(argv[5]) : 0;
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(argv[2]))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());

  std::vector<archive::NewEntry> entries;
  std::vector<std::vector<uint8_t>> payloads;
  uint64_t bytes = 0, resources = 0;
  uint64_t id = dialect->layout->id_width == 4 ? 0x7F000000ull : 0x7F00000000000000ull;
  std::vector<archive::ResourceRecord> batch;
  auto flush = [&] {
    if (batch.empty()) return true;
    Result<std::vector<uint8_t>> p = archive::encode_entry_payload(*dialect, batch);
    if (!p) {
      std::fprintf(stderr, "%s\n", p.error().to_string().c_str());
      return false;
    }
    // The name record's type: the data file's root class, as the sample archives write it.
    entries.push_back({++id, batch.front().class_id, 0, "Entry_" + std::to_string(entries.size())});
    bytes += p->size();
    resources += batch.size();
    payloads.push_back(std::move(*p));
    batch.clear();
    return true;
  };
  const grb::Dialect game =
      std::string(dialect->name) == "grb" ? grb::Dialect::Grb : grb::Dialect::Grw;
  uint64_t texture_id = 0x7D00000000000000ull;
  uint32_t seed = 0;
  // This entry's Materials, then its sets and maps as the next entry, its mips one each.
  auto flush_meshes = [&] {
    if (!texture_scale || batch.empty() || std::string(dialect->name) == "sws") return flush();
    std::vector<uint64_t> ids;
    for (const archive::ResourceRecord& r : batch)
      for (uint64_t m : samples::sample_material_ids(r.body))
        if (std::find(ids.begin(), ids.end(), m) == ids.end()) ids.push_back(m);
    samples::TextureRecords t =
        samples::texture_records(game, ids, texture_id, ++seed, 0, texture_scale);
    texture_id += 0x1000;
    for (archive::ResourceRecord& m : t.materials) batch.push_back(std::move(m));
    if (!flush()) return false;
    batch = std::move(t.textures);
    if (!flush()) return false;
    for (archive::ResourceRecord& m : t.mips) {
      uint64_t mip = 0;
      std::memcpy(&mip, m.body.data(), 8);
      Result<std::vector<uint8_t>> p = archive::encode_entry_payload(*dialect, {m});
      if (!p) return false;
      entries.push_back({mip, m.class_id, 0, m.name});
      bytes += p->size();
      ++resources;
      payloads.push_back(std::move(*p));
    }
    return true;
  };
  for (const fs::path& f : files) {
    archive::ResourceRecord r;
    if (!mesh_record(*dialect, f, r)) continue;
    batch.push_back(std::move(r));
    if (batch.size() == per_entry && !flush_meshes()) return 1;
  }
  if (!flush_meshes()) return 1;
  uint64_t rig_id = 0x7E00000000000000ull;
  for (const fs::path& f : rigs ? files : std::vector<fs::path>{}) {
    archive::ResourceRecord r;
    if (!rig_record(*dialect, f, ++rig_id, r)) continue;
    batch.push_back(std::move(r));
    if (batch.size() == per_entry && !flush()) return 1;
  }
  if (!flush()) return 1;
  std::mt19937_64 random(1);
  while (bytes < fill) {  // 16 MB entries of random bytes: stored raw, as LZO cannot shrink them
    const uint64_t eid = ++id;
    payloads.push_back(filler_payload(*dialect, eid, 16 << 20, random));
    entries.push_back(
        {eid, archive::class_id("TextureMap"), 0, "Filler_" + std::to_string(entries.size())});
    bytes += payloads.back().size();
    ++resources;
  }

  Result<archive::Archive> a = archive::make_archive(*dialect, entries);
  if (!a) {
    std::fprintf(stderr, "%s\n", a.error().to_string().c_str());
    return 1;
  }
  std::vector<archive::PayloadRef> refs;
  for (const auto& p : payloads) refs.push_back({p.data(), p.size()});
  std::ofstream out(argv[3], std::ios::binary);
  Result<uint64_t> written = archive::write_archive(*a, refs, [&out](const uint8_t* d, size_t n) {
    out.write(reinterpret_cast<const char*>(d), n);
  });
  out.close();
  if (!written || !out) {
    std::fprintf(stderr, "cannot write %s\n", argv[3]);
    return 1;
  }
  payloads.clear();
  if (fill) {  // the large archive is for forge2gltf's memory; its index is timed, mapped
    const IndexTiming t = time_index(argv[3]);
    std::printf(
        "{\"entries\": %zu, \"resources\": %llu, \"archive_bytes\": %llu, "
        "\"index_ms_per_1000_entries\": %.3f}\n",
        entries.size(), (unsigned long long)resources, (unsigned long long)*written,
        t.ms_per_1000_entries);
    return 0;
  }

  // Read back: every entry decompressed, timed (the tables are read once, not timed).
  const std::vector<uint8_t> all = read_all(argv[3]);
  Result<archive::Archive> back = archive::read_archive(all.data(), all.size());
  if (!back) {
    std::fprintf(stderr, "%s\n", back.error().to_string().c_str());
    return 1;
  }
  const auto t0 = std::chrono::steady_clock::now();
  uint64_t decompressed = 0, stored = 0;
  for (size_t i = 0; i < back->entries.size(); ++i) {
    Result<archive::EntryContents> c = archive::read_entry(*back, all.data(), all.size(), i);
    if (!c) {
      std::fprintf(stderr, "%s\n", c.error().to_string().c_str());
      return 1;
    }
    decompressed += c->records.size() + c->directory_raw.size();
    stored += back->entries[i].size;
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const IndexTiming t = time_index(argv[3]);
  std::printf(
      "{\"entries\": %zu, \"resources\": %llu, \"archive_bytes\": %llu, \"stored_bytes\": %llu, "
      "\"decompressed_bytes\": %llu, \"read_seconds\": %.4f, \"decompressed_mb_per_s\": %.1f, "
      "\"index_ms_per_1000_entries\": %.3f}\n",
      back->entries.size(), (unsigned long long)resources, (unsigned long long)*written,
      (unsigned long long)stored, (unsigned long long)decompressed, s,
      s > 0 ? decompressed / s / 1e6 : 0.0, t.ms_per_1000_entries);
  return 0;
}
