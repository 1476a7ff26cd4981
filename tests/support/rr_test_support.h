// Shared helpers of the rr_*_test.cpp files: the committed samples and one-call decodes.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "formats/rr/mesh_codec.h"
#include "formats/rr/rr.h"
#include "tests/support/files.h"

namespace f2g::rr::test {

inline const std::vector<std::string>& sample_names() {
  static const std::vector<std::string> names = {
      "static16_terrain",  "static24_props",     "static28_dynamic_copies",
      "split12_character", "split24_bike",       "split12_skin8_tentacle",
      "inline_rocks",      "inline_u32_indices", "stale_counts_wireframe_wall"};
  return names;
}

// f2g::test::read_bytes (tests/support/files.h), failing the test when the file cannot be opened.
inline std::vector<uint8_t> read_file(const std::string& path) {
  bool opened = false;
  std::vector<uint8_t> bytes = f2g::test::read_bytes(path, &opened);
  EXPECT_TRUE(opened) << "cannot open " << path;
  return bytes;
}

inline std::string sample_path(const std::string& name) {
  return std::string(F2G_SOURCE_DIR) + "/samples/rr/" + name + ".mesh";
}

inline std::vector<uint8_t> sample_bytes(const std::string& name) {
  return read_file(sample_path(name));
}

inline MeshFile sample_file(const std::string& name) {
  const std::vector<uint8_t> b = sample_bytes(name);
  Result<MeshFile> m = parse(b.data(), b.size());
  if (!m) ADD_FAILURE() << name << ": " << m.error().to_string();
  return m ? *m : MeshFile{};
}

// Options that skip detection (a bare body whose marker was broken on purpose).
inline DecodeOptions forced_rr() {
  DecodeOptions o;
  o.format = &rr::kFormat;
  return o;
}

inline Result<Decoded> decode_bytes(const std::vector<uint8_t>& b, const DecodeOptions& o = {}) {
  return decode(b.data(), b.size(), o);
}

}  // namespace f2g::rr::test
