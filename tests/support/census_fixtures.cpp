#include "tests/support/census_fixtures.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "formats/registry.h"
#include "tests/support/files.h"
#include "tests/support/sample_files.h"

namespace f2g::census_test {
namespace fs = std::filesystem;

fs::path samples_dir() {
  // F2G_SAMPLES_DIR: a freshly generated set (forge2gltf-samples OUT) before it is checked in.
  if (const char* dir = std::getenv("F2G_SAMPLES_DIR"); dir && *dir) return dir;
  return fs::path(F2G_SOURCE_DIR) / "samples";
}

std::vector<Sample> load_samples() {
  std::vector<Sample> out;
  for (const std::string& sub : f2g::test::sample_folders(samples_dir())) {
    const fs::path dir = samples_dir() / sub;
    for (const auto& e : fs::directory_iterator(dir))
      if (e.is_regular_file())
        out.push_back({sub + "/" + e.path().filename().string(), read_bytes(e.path())});
  }
  std::sort(out.begin(), out.end(),
            [](const Sample& a, const Sample& b) { return a.name < b.name; });
  return out;
}

std::vector<uint8_t> read_bytes(const fs::path& path) {
  bool opened = false;
  std::vector<uint8_t> bytes = f2g::test::read_bytes(path, &opened);
  if (!opened) throw std::runtime_error("cannot read " + path.string());
  return bytes;
}

void write_bytes(const fs::path& path, const std::vector<uint8_t>& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

TempDir::TempDir(const std::string& name)
    : path_(fs::path(F2G_BINARY_DIR) / "test-tmp" / (name + "-" + std::to_string(::getpid()))) {
  fs::remove_all(path_);
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

Span find_field(const std::vector<uint8_t>& bytes, const std::string& suffix, uint64_t min_size) {
  FieldLog log;
  DecodeOptions options;
  options.field_log = &log;
  (void)decode(bytes.data(), bytes.size(), options);
  for (const FieldSpan& f : log) {
    if (f.size >= min_size && f.path.size() >= suffix.size() &&
        f.path.compare(f.path.size() - suffix.size(), suffix.size(), suffix) == 0)
      return {f.offset, f.size};
  }
  return {};
}

}  // namespace f2g::census_test
