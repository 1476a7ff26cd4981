// libFuzzer target: the writer path, `import EDITED --donor ARCHIVE.forge --id ID -o NEW.forge`,
// on random edits of the sample archives' meshes. The input is an edit program, not a file:
//   byte 0   which Mesh resource of the three sample archives (samples/archives/)
//   byte 1   bit 0: through the command (files on disk, run_archive_import) instead of memory
//   then     8-byte operations {kind, a, u16 b, u32 c} applied to the mesh's glTF (JSON + BIN as
//            convert writes it) or, for kind 9, to a copy of the donor archive (a hostile donor)
// Oracle: every failure has a code and leaves no bytes (and, through the command, no file);
// every success is an archive that reads without a warning its donor lacks, whose entries all
// read as the donor's did, in which only the edited entry differs from the donor (verify --against)
// and every Mesh of it decodes; a program without operations gives the donor archive back.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "converter/import/archive_import.h"
#include "converter/io/json_text.h"
#include "converter/verify/archive_compare.h"
#include "formats/archive/archive.h"
#include "formats/registry.h"
#include "gltf_writer/write/write.h"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using Bytes = std::vector<uint8_t>;

struct Target {
  size_t archive = 0;
  uint64_t id = 0;
  Json json;  // the mesh as a .gltf whose buffer is "mesh.bin"
  Bytes bin;
};

std::vector<Bytes>& archives() {
  static std::vector<Bytes> a;
  return a;
}
std::vector<Target>& targets() {
  static std::vector<Target> t;
  return t;
}

Bytes bytes_of(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}
void write_file(const fs::path& p, const void* data, size_t size) {
  std::ofstream(p, std::ios::binary).write(static_cast<const char*>(data), std::streamsize(size));
}

[[noreturn]] void fail(const std::string& why) {
  std::fprintf(stderr, "fuzz_archive_import: %s\n", why.c_str());
  std::abort();
}

// The glTF's mesh primitives, accessors and BIN as the operations see them.
struct Edit {
  Json& j;
  Bytes& bin;
  Json& prims() { return j["meshes"][0]["primitives"]; }
  Json* accessor(const Json& index) {
    if (!index.is_number_unsigned() || index.get<size_t>() >= j["accessors"].size()) return nullptr;
    return &j["accessors"][index.get<size_t>()];
  }
  // Where element `i` of accessor `acc` starts in the BIN, or SIZE_MAX.
  size_t at(const Json& acc, size_t i, size_t width) {
    if (!acc.contains("bufferView")) return SIZE_MAX;
    const Json& v = j["bufferViews"][acc["bufferView"].get<size_t>()];
    const size_t p = v.value("byteOffset", size_t(0)) + acc.value("byteOffset", size_t(0)) +
                     i * v.value("byteStride", width);
    return p + width <= bin.size() ? p : SIZE_MAX;
  }
  template <class F>
  void positions(F f) {
    for (const Json& prim : prims()) {
      Json* acc = accessor(prim.value("attributes", Json::object()).value("POSITION", Json()));
      if (!acc) continue;
      float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
      for (size_t v = 0; v < acc->value("count", size_t(0)); ++v) {
        const size_t p = at(*acc, v, 12);
        if (p == SIZE_MAX) break;
        float xyz[3];
        std::memcpy(xyz, bin.data() + p, 12);
        f(v, xyz);
        std::memcpy(bin.data() + p, xyz, 12);
        for (size_t k = 0; k < 3; ++k)
          lo[k] = std::min(lo[k], xyz[k]), hi[k] = std::max(hi[k], xyz[k]);
      }
      (*acc)["min"] = lo;  // the bounds follow, as a tool writing the glTF would keep them
      (*acc)["max"] = hi;
    }
  }
};

void apply(Edit& e, Bytes& archive, const uint8_t* op) {
  const uint8_t kind = op[0] % 10, a = op[1];
  uint16_t b;
  uint32_t c;
  std::memcpy(&b, op + 2, 2);
  std::memcpy(&c, op + 4, 4);
  Json& prims = e.prims();
  const size_t np = prims.size();
  switch (kind) {
    case 0:  // scale every position (one axis or all) by 1 + b / 4096 (signed)
      e.positions([&](size_t, float* p) {
        for (size_t k = 0; k < 3; ++k)
          if (a % 4 == 3 || a % 4 == k) p[k] *= 1.f + float(int16_t(b)) / 4096.f;
      });
      break;
    case 1:  // translate along one axis by c / 65536 (signed)
      e.positions([&](size_t, float* p) { p[a % 3] += float(int32_t(c)) / 65536.f; });
      break;
    case 2: {  // one vertex's coordinate: a small value, or raw float bits (NaN, inf) if a >= 128
      float raw;
      std::memcpy(&raw, &c, 4);
      size_t hit = b;
      e.positions([&](size_t v, float* p) {
        if (v == hit) p[a % 3] = a >= 128 ? raw : float(int16_t(c)) / 256.f;
      });
      break;
    }
    case 3: {  // drop b % 64 trailing indices of a primitive (not always a multiple of 3)
      if (!np) break;
      Json* acc = e.accessor(prims[a % np].value("indices", Json()));
      if (!acc) break;
      const size_t n = acc->value("count", size_t(0)), drop = b % 64;
      (*acc)["count"] = n > drop ? n - drop : 0;
      acc->erase("min");
      acc->erase("max");
      break;
    }
    case 4:  // remove a primitive (all of them, eventually)
      if (np) prims.erase(a % np);
      break;
    case 5: {  // one index of a primitive set to b (in range or not)
      if (!np) break;
      Json* acc = e.accessor(prims[a % np].value("indices", Json()));
      if (!acc || !acc->value("count", size_t(0))) break;
      const int type = acc->value("componentType", 0);
      const size_t width = type == 5125 ? 4 : type == 5121 ? 1 : 2;
      const size_t p = e.at(*acc, c % acc->value("count", size_t(1)), width);
      if (p == SIZE_MAX) break;
      const uint32_t v = b;
      std::memcpy(e.bin.data() + p, &v, width);  // little-endian: the low bytes
      break;
    }
    case 6:  // one BIN byte
      if (!e.bin.empty()) e.bin[c % e.bin.size()] = a;
      break;
    case 7:  // a primitive's material: another one, or none
      if (!np) break;
      if (b % 5 == 0)
        prims[a % np].erase("material");
      else if (e.j.contains("materials") && !e.j["materials"].empty())
        prims[a % np]["material"] = c % e.j["materials"].size();
      break;
    case 8: {  // an accessor's count or component type (hostile glTF)
      if (!e.j.contains("accessors") || e.j["accessors"].empty()) break;
      Json& acc = e.j["accessors"][c % e.j["accessors"].size()];
      if (a % 2)
        acc["count"] = b;
      else
        acc["componentType"] = 5120 + b % 7;
      break;
    }
    case 9:  // one byte of the donor archive (a hostile donor)
      archive[c % archive.size()] = a;
      break;
  }
}

// Everything a successful import into `donor` must give.
void check_success(const Bytes& out, const Bytes& donor, bool edited) {
  if (!edited && out != donor) fail("no edit, yet the archive changed");
  f2g::Result<f2g::archive::Archive> a = f2g::archive::read_archive(out.data(), out.size());
  if (!a) fail("the new archive does not read: " + a.error().to_string());
  // A layout warning the (hostile) donor already reads with is kept, as import's gate keeps it.
  const f2g::Result<f2g::archive::Archive> kept =
      f2g::archive::read_archive(donor.data(), donor.size());
  for (const auto& w : a->warnings) {
    bool donors = false;
    if (kept)
      for (const auto& dw : kept->warnings) donors = donors || dw.code == w.code;
    if (!donors) fail("the new archive reads with " + w.to_string());
  }
  f2g::Result<f2g::archive::Archive> d = f2g::archive::read_archive(donor.data(), donor.size());
  if (!d) fail("the donor did not read, yet import succeeded");
  for (size_t i = 0; i < a->entries.size(); ++i) {
    const bool was = bool(f2g::archive::read_entry(*d, donor.data(), donor.size(), i));
    if (was && !f2g::archive::read_entry(*a, out.data(), out.size(), i))
      fail("entry " + std::to_string(i) + " no longer reads");
  }
  const f2g::verify::ArchiveCompareReport r =
      f2g::verify::compare_archives(out.data(), out.size(), donor.data(), donor.size());
  if (!r.ok()) fail("verify --against: " + f2g::io::json_text(f2g::verify::to_json(r)));
  if (r.changed.size() > 1) fail("more than one entry changed");
}

// Through the command: the glTF and its BIN written into a scratch folder, -o beside them.
void through_command(const Edit& e, const std::string& json, const Bytes& archive, uint64_t id,
                     const f2g::import::ArchiveImportOutcome& in_memory) {
  static const fs::path dir =
      fs::temp_directory_path() / ("fuzz_archive_import-" + std::to_string(getpid()));
  fs::create_directories(dir);
  write_file(dir / "edited.gltf", json.data(), json.size());
  write_file(dir / "mesh.bin", e.bin.data(), e.bin.size());
  write_file(dir / "donor.forge", archive.data(), archive.size());
  const fs::path out = dir / "new.forge";
  fs::remove(out);
  f2g::import::ArchiveImportRun run;
  run.input = (dir / "edited.gltf").string();
  run.donor = (dir / "donor.forge").string();
  run.out = out.string();
  run.id = id;
  run.json = true;
  std::ostringstream o, err;
  const int rc = f2g::import::run_archive_import(run, o, err);
  if (rc != (in_memory.error ? 1 : 0)) fail("the command and the library disagree");
  if (rc && fs::exists(out)) fail("a failed import left " + out.string());
  if (!rc && bytes_of(out) != in_memory.bytes) fail("the command wrote other bytes");
  if (bytes_of(dir / "donor.forge") != archive) fail("the donor changed");
  const Json j = Json::parse(o.str());
  if (j["ok"] != !rc) fail("--json's ok is not the exit status");
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  const char* names[] = {"grw/DataPC.forge", "grw/DataPC_patch_01.forge", "grb/DataPC.forge"};
  for (const char* n : names)
    archives().push_back(bytes_of(fs::path(F2G_SOURCE_DIR) / "samples" / "archives" / n));
  for (size_t i = 0; i < archives().size(); ++i) {
    const Bytes& b = archives()[i];
    f2g::Result<f2g::archive::Archive> a = f2g::archive::read_archive(b.data(), b.size());
    if (!a) fail("a sample archive does not read");
    for (size_t k = 0; k < a->entries.size(); ++k) {
      f2g::Result<f2g::archive::EntryContents> c =
          f2g::archive::read_entry(*a, b.data(), b.size(), k);
      if (!c) continue;
      for (const f2g::archive::Resource& r : c->resources) {
        if (r.class_id != f2g::archive::class_id("Mesh")) continue;
        f2g::Result<f2g::Decoded> d =
            f2g::decode(c->records.data() + r.body_offset, r.body_size, f2g::DecodeOptions{});
        if (!d) fail("a sample mesh does not decode");
        f2g::gltf::WriteOptions w;
        w.binary = false;
        w.bin_uri = "mesh.bin";
        f2g::ir::Result<f2g::gltf::Written> g = f2g::gltf::write(d->mesh, w);
        if (!g) fail("a sample mesh does not write");
        targets().push_back({i, r.id, Json::parse(g->json), g->bin});
      }
    }
  }
  // Seeds: every mesh unedited, and each with one operation of every kind.
  fs::path corpus;
  for (int i = 1; i < *argc; ++i)
    if ((*argv)[i][0] != '-') corpus = (*argv)[i];
  if (corpus.empty()) return 0;
  for (size_t t = 0; t < targets().size(); ++t)
    for (int kind = -1; kind < 10; ++kind) {
      std::vector<uint8_t> seed{uint8_t(t), uint8_t(kind == 3)};
      if (kind >= 0) seed.insert(seed.end(), {uint8_t(kind), 1, 0x40, 0, 0x00, 0x40, 0, 0});
      const fs::path p = corpus / ("seed-" + std::to_string(t) + "-" + std::to_string(kind));
      if (!fs::exists(p)) write_file(p, seed.data(), seed.size());
    }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2 || targets().empty() || size > 2 + 8 * 64) return 0;
  const Target& t = targets()[data[0] % targets().size()];
  const bool command = data[1] & 1;
  Json json = t.json;
  Bytes bin = t.bin, archive = archives()[t.archive];
  Edit e{json, bin};
  const size_t ops = (size - 2) / 8;
  for (size_t i = 0; i < ops; ++i) apply(e, archive, data + 2 + 8 * i);
  const std::string text = json.dump();
  f2g::import::GltfInput in;
  in.data = reinterpret_cast<const uint8_t*>(text.data());
  in.size = text.size();
  in.json = true;
  in.read_uri = [&bin](const std::string&, std::vector<uint8_t>& out, std::string&) {
    out = bin;
    return true;
  };
  const f2g::import::ArchiveImportOutcome o =
      f2g::import::import_into_archive(in, archive.data(), archive.size(), t.id, {});
  if (o.error) {
    if (o.error->code.empty()) fail("a failure without a code");
    if (!o.bytes.empty()) fail("a failure with bytes");
  } else {
    check_success(o.bytes, archive, ops > 0);
  }
  if (command) through_command(e, text, archive, t.id, o);
  return 0;
}
