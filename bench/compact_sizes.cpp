// forge2gltf-bench-compact DIR [--jobs N] [--sample K --write OUTDIR] [--compress-only]
// Runs gltf::compact_glb over every .glb under DIR (the outputs of a convert run) and prints
// the bytes of the default, --quantize and --compress (quantize + meshopt) forms, the time the
// pass takes, and how many round trips through expand_glb + read_glb fail. With --write, the
// first K files' quantized and compressed forms go to OUTDIR for the validator.
// --compress-only runs just compact_glb(quantize + compress) per file (for profiling it).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "gltf_writer/compact/compact.h"
#include "gltf_writer/read/read.h"

namespace {

namespace fs = std::filesystem;

std::vector<uint8_t> slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary | std::ios::ate);
  std::vector<uint8_t> b(size_t(std::max<std::streamoff>(0, f.tellg())));
  f.seekg(0);
  f.read(reinterpret_cast<char*>(b.data()), std::streamsize(b.size()));
  return b;
}

void spit(const fs::path& p, const std::vector<uint8_t>& b) {
  std::error_code ec;
  fs::create_directories(p.parent_path(), ec);
  std::ofstream(p, std::ios::binary).write(reinterpret_cast<const char*>(b.data()), b.size());
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir, write_dir;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  size_t sample = 0;
  bool compress_only = false;
  for (int i = 1; i < argc; ++i) {
    const std::string s = argv[i];
    if (s == "--jobs" && i + 1 < argc)
      jobs = unsigned(std::strtoul(argv[++i], nullptr, 10));
    else if (s == "--sample" && i + 1 < argc)
      sample = std::strtoull(argv[++i], nullptr, 10);
    else if (s == "--write" && i + 1 < argc)
      write_dir = argv[++i];
    else if (s == "--compress-only")
      compress_only = true;
    else
      dir = s;
  }
  if (dir.empty()) {
    std::fprintf(stderr,
                 "usage: forge2gltf-bench-compact DIR [--jobs N] [--sample K --write OUTDIR]\n");
    return 2;
  }
  std::vector<fs::path> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    if (it->is_regular_file() && it->path().extension() == ".glb") files.push_back(it->path());
  if (ec) {
    std::fprintf(stderr, "forge2gltf-bench-compact: %s: %s\n", dir.c_str(), ec.message().c_str());
    return 1;
  }
  std::sort(files.begin(), files.end());

  std::atomic<size_t> next{0};
  std::mutex m;
  uint64_t plain = 0, quantized = 0, compressed = 0, meshopt_only = 0, failures = 0, roundtrip = 0;
  double seconds = 0;
  auto worker = [&] {
    for (size_t i = next.fetch_add(1); i < files.size(); i = next.fetch_add(1)) {
      const std::vector<uint8_t> glb = slurp(files[i]);
      const auto t0 = std::chrono::steady_clock::now();
      if (compress_only) {
        auto c = f2g::gltf::compact_glb(glb, {true, true});
        const double dt =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::lock_guard<std::mutex> lock(m);
        seconds += dt;
        plain += glb.size();
        if (c)
          compressed += c->size();
        else
          ++failures;
        continue;
      }
      auto q = f2g::gltf::compact_glb(glb, {true, false});
      auto c = f2g::gltf::compact_glb(glb, {true, true});
      auto mo = f2g::gltf::compact_glb(glb, {false, true});
      const double dt =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      bool ok = q && c && mo;
      bool back = ok;
      if (ok) {
        auto e = f2g::gltf::expand_glb(*c);
        back = e && f2g::gltf::read_glb(e->data(), e->size());
      }
      if (ok && i < sample && !write_dir.empty()) {
        const fs::path rel = fs::relative(files[i], dir);
        spit(fs::path(write_dir) / "quantize" / rel, *q);
        spit(fs::path(write_dir) / "compress" / rel, *c);
      }
      std::lock_guard<std::mutex> lock(m);
      seconds += dt;
      if (!ok) {
        ++failures;
        std::fprintf(stderr, "%s: %s\n", files[i].c_str(),
                     (!q   ? q.error()
                      : !c ? c.error()
                           : mo.error())
                         .to_string()
                         .c_str());
        continue;
      }
      roundtrip += !back;
      plain += glb.size();
      quantized += q->size();
      compressed += c->size();
      meshopt_only += mo->size();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned j = 0; j < jobs; ++j) pool.emplace_back(worker);
  for (std::thread& t : pool) t.join();
  std::printf(
      "files=%zu default_bytes=%llu quantize_bytes=%llu compress_bytes=%llu "
      "meshopt_only_bytes=%llu compact_cpu_seconds=%.3f failures=%llu "
      "roundtrip_failures=%llu\n",
      files.size(), (unsigned long long)plain, (unsigned long long)quantized,
      (unsigned long long)compressed, (unsigned long long)meshopt_only, seconds,
      (unsigned long long)failures, (unsigned long long)roundtrip);
  return failures || roundtrip ? 1 : 0;
}
