// Reading and writing a whole file in the tests, and a fresh scratch folder: the one place
// every test helper takes them from.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace f2g::test {

// The whole file as bytes; empty when it cannot be opened. A caller that must tell a missing
// file from an empty one passes `opened`, which is set to whether the file could be opened.
inline std::vector<uint8_t> read_bytes(const std::filesystem::path& path, bool* opened = nullptr) {
  std::ifstream in(path, std::ios::binary);
  if (opened) *opened = bool(in);
  if (!in) return {};
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The whole file as text, byte for byte (no newline translation); empty when it cannot be opened.
inline std::string read_text(const std::filesystem::path& path) {
  const std::vector<uint8_t> bytes = read_bytes(path);
  return std::string(bytes.begin(), bytes.end());
}

// Writes `bytes` as the whole file (created or truncated).
inline void write_bytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// An empty folder `test`/`name` under the build tree, emptied first: each test its own.
inline std::filesystem::path fresh_build_dir(const std::string& test, const std::string& name) {
#ifdef F2G_BINARY_DIR
  const std::filesystem::path d = std::filesystem::path(F2G_BINARY_DIR) / test / name;
#else
  const std::filesystem::path d = std::filesystem::temp_directory_path() / test / name;
#endif
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

}  // namespace f2g::test
