// forge2gltf-bench-corpus OUTDIR [--sws N] [--rr M] [--grb G] [--seed S] [--fraction F]
//                                [--jobs J] [--force] [--verify]
// Writes a synthetic corpus shaped like an install: OUTDIR/sws/<forge>/<category>/... (N
// meshes, default the 16,149 of the SWS install) and OUTDIR/rr/<region>/... (M meshes,
// default 3,000) and OUTDIR/grb/format<byte>/... (G GRW-like meshes in the proportions of the
// GRW census, default 3,000). --fraction F writes the first F of the same corpus (the same files,
// byte for byte). --verify decodes every file strictly and counts errors and warnings by code.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bench/corpus_grb.h"
#include "bench/corpus_plan.h"
#include "bench/corpus_rr.h"
#include "bench/corpus_sws.h"
#include "formats/registry.h"

namespace {

namespace fs = std::filesystem;
using namespace f2g::bench;

struct Args {
  std::string out;
  uint32_t sws = kSwsInstallMeshes;
  uint32_t rr = 3000;
  uint32_t grb = 3000;
  uint64_t seed = 1;
  double fraction = 1.0;
  unsigned jobs = 0;
  bool force = false;
  bool verify = false;
};

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "forge2gltf-bench-corpus: %s\n"
               "usage: forge2gltf-bench-corpus OUTDIR [--sws N] [--rr M] [--grb G] [--seed S] "
               "[--fraction F] [--jobs J] [--force] [--verify]\n",
               why);
  std::exit(2);
}

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string s = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) usage(("missing value after " + s).c_str());
      return argv[++i];
    };
    if (s == "--sws")
      a.sws = uint32_t(std::strtoul(value(), nullptr, 10));
    else if (s == "--rr")
      a.rr = uint32_t(std::strtoul(value(), nullptr, 10));
    else if (s == "--grb")
      a.grb = uint32_t(std::strtoul(value(), nullptr, 10));
    else if (s == "--seed")
      a.seed = std::strtoull(value(), nullptr, 10);
    else if (s == "--fraction")
      a.fraction = std::strtod(value(), nullptr);
    else if (s == "--jobs")
      a.jobs = unsigned(std::strtoul(value(), nullptr, 10));
    else if (s == "--force")
      a.force = true;
    else if (s == "--verify")
      a.verify = true;
    else if (!s.empty() && s[0] == '-')
      usage(("unknown option " + s).c_str());
    else if (a.out.empty())
      a.out = s;
    else
      usage("one OUTDIR only");
  }
  if (a.out.empty()) usage("OUTDIR is required");
  if (!(a.fraction > 0 && a.fraction <= 1)) usage("--fraction must be in (0, 1]");
  return a;
}

uint32_t prefix(uint32_t total, double fraction) {
  if (total == 0) return 0;
  return std::max<uint32_t>(1, uint32_t(std::lround(total * fraction)));
}

struct Totals {
  uint64_t files = 0, bytes = 0, vertices = 0, triangles = 0, failed = 0;
  std::map<std::string, uint64_t> kinds;
};

struct VerifyCounts {
  uint64_t ok = 0, errors = 0, with_warnings = 0;
  std::map<std::string, uint64_t> codes;
};

bool write_file(const fs::path& path, const std::vector<uint8_t>& bytes) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  return std::fclose(f) == 0 && ok;
}

void verify_bytes(const std::vector<uint8_t>& bytes, const std::string& path, VerifyCounts& v,
                  std::mutex& m) {
  f2g::DecodeOptions o;
  o.name = path;
  auto d = f2g::decode(bytes.data(), bytes.size(), o);
  std::lock_guard<std::mutex> lock(m);
  if (!d) {
    ++v.errors;
    ++v.codes[d.error().code];
    if (v.errors <= 5)
      std::fprintf(stderr, "%s: %s\n", path.c_str(), d.error().to_string().c_str());
    return;
  }
  ++v.ok;
  if (!d->mesh.warnings.empty()) ++v.with_warnings;
  for (const auto& w : d->mesh.warnings) ++v.codes[w.code];
}

}  // namespace

int main(int argc, char** argv) {
  const Args a = parse(argc, argv);
  const fs::path out = a.out;
  for (const char* sub : {"sws", "rr", "grb"}) {
    std::error_code ec;
    if (fs::exists(out / sub, ec) && !fs::is_empty(out / sub, ec)) {
      if (!a.force)
        usage(((out / sub).string() + " is not empty; use --force to replace it").c_str());
      fs::remove_all(out / sub, ec);
    }
  }
  const std::vector<SwsItem> sws_all = plan_sws(a.sws, a.seed);
  const std::vector<RrItem> rr_all = plan_rr(a.rr, a.seed);
  const std::vector<GrbItem> grb_all = plan_grb(a.grb, a.seed);
  const uint32_t n_sws = prefix(a.sws, a.fraction), n_rr = prefix(a.rr, a.fraction);
  const uint32_t n_grb = prefix(a.grb, a.fraction);

  Totals sws_totals, rr_totals, grb_totals;
  VerifyCounts verify;
  std::mutex mutex;
  std::atomic<uint32_t> next{0};
  // Big meshes first would balance better, but index order keeps memory flat and is simple.
  auto worker = [&] {
    for (uint32_t i = next.fetch_add(1); i < n_sws + n_rr + n_grb; i = next.fetch_add(1)) {
      MeshStats st;
      std::vector<uint8_t> bytes;
      std::string rel, kind;
      const bool sws = i < n_sws, grb = i >= n_sws + n_rr;
      if (grb) {
        const GrbItem& it = grb_all[i - n_sws - n_rr];
        bytes = grb_mesh_bytes(it, st);
        rel = "grb/" + it.path;
        kind = "grw/format" + std::to_string(it.format);
      } else if (sws) {
        bytes = sws_mesh_bytes(sws_all[i], st);
        rel = "sws/" + sws_all[i].path;
        kind = to_string(sws_all[i].kind);
      } else {
        const RrItem& it = rr_all[i - n_sws];
        bytes = rr_mesh_bytes(it, st);
        rel = "rr/" + it.path;
        kind = it.format + (it.inline_layout ? (it.big ? "/inline_u32" : "/inline") : "/ranged");
      }
      const bool ok = write_file(out / rel, bytes);
      if (a.verify) verify_bytes(bytes, rel, verify, mutex);
      std::lock_guard<std::mutex> lock(mutex);
      Totals& t = grb ? grb_totals : sws ? sws_totals : rr_totals;
      if (!ok) {
        ++t.failed;
        std::fprintf(stderr, "cannot write %s\n", (out / rel).c_str());
        continue;
      }
      ++t.files;
      t.bytes += bytes.size();
      t.vertices += st.vertices;
      t.triangles += st.triangles;
      ++t.kinds[kind];
    }
  };
  unsigned jobs = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned j = 0; j < jobs; ++j) pool.emplace_back(worker);
  for (std::thread& t : pool) t.join();

  for (const auto& [name, t] : {std::pair<const char*, const Totals&>{"sws", sws_totals},
                                {"rr", rr_totals},
                                {"grb", grb_totals}}) {
    std::printf("%s_files=%llu %s_bytes=%llu %s_vertices=%llu %s_triangles=%llu\n", name,
                (unsigned long long)t.files, name, (unsigned long long)t.bytes, name,
                (unsigned long long)t.vertices, name, (unsigned long long)t.triangles);
    for (const auto& [k, n] : t.kinds)
      std::printf("  %s %s: %llu\n", name, k.c_str(), (unsigned long long)n);
  }
  if (a.verify) {
    std::printf("verify: %llu decoded, %llu failed, %llu with warnings\n",
                (unsigned long long)verify.ok, (unsigned long long)verify.errors,
                (unsigned long long)verify.with_warnings);
    for (const auto& [code, n] : verify.codes)
      std::printf("  %s: %llu\n", code.c_str(), (unsigned long long)n);
  }
  const bool bad =
      sws_totals.failed || rr_totals.failed || grb_totals.failed || (a.verify && verify.errors);
  return bad ? 1 : 0;
}
