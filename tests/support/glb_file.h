// A .glb file as the CLI tests read it: its JSON chunk parsed, its BIN chunk's bytes.
#pragma once

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <vector>

namespace f2g::testing {

struct Glb {
  nlohmann::json doc;
  std::vector<uint8_t> bin;
};

inline std::vector<uint8_t> file_bytes(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

inline Glb read_glb(const std::filesystem::path& p) {
  const std::vector<uint8_t> b = file_bytes(p);
  uint32_t json_size = 0, bin_size = 0;
  std::memcpy(&json_size, b.data() + 12, 4);
  const size_t bin_at = 20 + json_size;
  std::memcpy(&bin_size, b.data() + bin_at, 4);
  Glb g;
  g.doc = nlohmann::json::parse(b.begin() + 20, b.begin() + 20 + long(json_size));
  g.bin.assign(b.begin() + long(bin_at) + 8, b.begin() + long(bin_at + 8 + bin_size));
  return g;
}

}  // namespace f2g::testing
