// What the texture tests share: deterministic random blocks and the independent decoders of
// pil_decode.py (Debian's Pillow 9.4 and OpenImageIO, run by /usr/bin/python3).
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/files.h"

namespace f2g::texture::test {

using Bytes = std::vector<uint8_t>;

inline Bytes random_bytes(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  Bytes b(n);
  for (uint8_t& v : b) v = uint8_t(rng() >> 24);
  return b;
}

// Pixels decoded by pil_decode.py; `error` holds its output when it failed.
struct Reference {
  uint32_t width = 0;
  uint32_t height = 0;
  uint32_t channels = 0;
  Bytes rgba;
  std::string error;
};

inline Reference run_reference(const std::string& args, const std::filesystem::path& out) {
  const std::string script = std::string(F2G_SOURCE_DIR) + "/tests/formats/texture/pil_decode.py";
  const std::string command = "/usr/bin/python3 " + script + " " + args + " 2>&1";
  Reference r;
  std::FILE* p = popen(command.c_str(), "r");
  if (!p) {
    r.error = "cannot run " + command;
    return r;
  }
  std::string text;
  char buf[4096];
  while (size_t n = std::fread(buf, 1, sizeof buf, p)) text.append(buf, n);
  if (pclose(p) != 0) {
    r.error = command + ":\n" + text;
    return r;
  }
  std::istringstream(text) >> r.width >> r.height >> r.channels;
  r.rgba = f2g::test::read_bytes(out);
  return r;
}

// Pillow's pixels of raw `blocks` of `format` (pil_decode.py wraps them in its own header).
inline Reference pillow_blocks(const std::string& format, uint32_t width, uint32_t height,
                               const Bytes& blocks, const std::filesystem::path& dir) {
  const std::filesystem::path in = dir / (format + ".blocks");
  const std::filesystem::path out = dir / (format + ".rgba");
  f2g::test::write_bytes(in, blocks);
  return run_reference("blocks " + format + " " + std::to_string(width) + " " +
                           std::to_string(height) + " " + in.string() + " " + out.string(),
                       out);
}

// A file's pixels as Pillow ("pillow") or OpenImageIO ("oiio") reads them.
inline Reference read_file(const std::string& reader, const std::filesystem::path& file) {
  const std::filesystem::path out = file.string() + "." + reader + ".rgba";
  return run_reference(reader + " " + file.string() + " " + out.string(), out);
}

// Index and value of the first byte where `a` and `b` differ in the channels `mask` selects
// (bit c: channel c), or "" when they agree.
inline std::string first_difference(const Bytes& a, const Bytes& b, unsigned mask = 0xF) {
  if (a.size() != b.size())
    return "sizes " + std::to_string(a.size()) + " and " + std::to_string(b.size());
  for (size_t i = 0; i < a.size(); ++i)
    if ((mask >> (i % 4) & 1) && a[i] != b[i])
      return "pixel " + std::to_string(i / 4) + " channel " + std::to_string(i % 4) + ": " +
             std::to_string(a[i]) + " vs " + std::to_string(b[i]);
  return "";
}

}  // namespace f2g::texture::test
