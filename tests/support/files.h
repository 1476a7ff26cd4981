// Reading a whole file in the tests: the one reader every test helper uses.
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

}  // namespace f2g::test
