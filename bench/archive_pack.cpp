// forge2gltf-bench-pack DIALECT SRC_DIR OUT.forge [PER_ENTRY] [FILL_BYTES]: packs every file
// under SRC_DIR (sorted) into a forge archive of DIALECT ("grw", "grb") with PER_ENTRY
// resources per entry (default 20) as Mesh resources named after their stems (a FileHeader in
// front of a mesh becomes the record's gap, as the games store it), then, when FILL_BYTES is
// given, TextureMap resources of random bytes until the archive has about that many bytes
// (the bounded-memory measurement). Then reads every entry back and prints, as one JSON line,
// the counts and the LZO decompression throughput of the read-back.
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

namespace fs = std::filesystem;
using namespace f2g;

namespace {

std::vector<uint8_t> read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
}

// A mesh file as a record: its FileHeader (0x00, or 0x01 + 3 bytes + i32 N + 12 N bytes) is
// the gap; without one the gap is the one NUL the games write.
bool mesh_record(const fs::path& p, archive::ResourceRecord& r) {
  std::vector<uint8_t> f = read_all(p);
  if (f.size() < 16) return false;
  uint32_t cls = 0;
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

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s DIALECT SRC_DIR OUT.forge [PER_ENTRY] [FILL_BYTES]\n", argv[0]);
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
  uint64_t bytes = 0, resources = 0, id = 0x7F00000000000000ull;
  std::vector<archive::ResourceRecord> batch;
  auto flush = [&] {
    if (batch.empty()) return true;
    Result<std::vector<uint8_t>> p = archive::encode_entry_payload(*dialect, batch);
    if (!p) {
      std::fprintf(stderr, "%s\n", p.error().to_string().c_str());
      return false;
    }
    entries.push_back({++id, 0, 0, "Entry_" + std::to_string(entries.size())});
    bytes += p->size();
    resources += batch.size();
    payloads.push_back(std::move(*p));
    batch.clear();
    return true;
  };
  for (const fs::path& f : files) {
    archive::ResourceRecord r;
    if (!mesh_record(f, r)) continue;
    batch.push_back(std::move(r));
    if (batch.size() == per_entry && !flush()) return 1;
  }
  if (!flush()) return 1;
  std::mt19937_64 random(1);
  while (bytes < fill) {  // random bodies: stored raw, LZO does not shrink them
    archive::ResourceRecord r;
    r.class_id = archive::class_id("TextureMap");
    r.name = "filler";
    r.body.resize(1 << 20);
    for (size_t i = 0; i + 8 <= r.body.size(); i += 8) {
      const uint64_t v = random();
      std::memcpy(r.body.data() + i, &v, 8);
    }
    const uint64_t rid = ++id;
    std::memcpy(r.body.data(), &rid, 8);
    std::memcpy(r.body.data() + 8, &r.class_id, 4);
    batch.push_back(std::move(r));
    if (batch.size() == per_entry && !flush()) return 1;
  }
  if (!flush()) return 1;

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
  if (fill) {  // the large archive is for forge2gltf's memory; reading it here would not be
    std::printf("{\"entries\": %zu, \"resources\": %llu, \"archive_bytes\": %llu}\n",
                entries.size(), (unsigned long long)resources, (unsigned long long)*written);
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
  std::printf(
      "{\"entries\": %zu, \"resources\": %llu, \"archive_bytes\": %llu, \"stored_bytes\": %llu, "
      "\"decompressed_bytes\": %llu, \"read_seconds\": %.4f, \"decompressed_mb_per_s\": %.1f}\n",
      back->entries.size(), (unsigned long long)resources, (unsigned long long)*written,
      (unsigned long long)stored, (unsigned long long)decompressed, s,
      s > 0 ? decompressed / s / 1e6 : 0.0);
  return 0;
}
