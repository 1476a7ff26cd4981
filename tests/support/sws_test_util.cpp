#include "tests/support/sws_test_util.h"

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <memory>

#include "formats/sws/sws.h"
#include "samples/generator/game_samples.h"

namespace f2g::sws::test {

namespace {

const std::map<std::string, std::vector<uint8_t>>& all_samples() {
  static const std::map<std::string, std::vector<uint8_t>> samples = [] {
    std::map<std::string, std::vector<uint8_t>> m;
    for (auto& s : samples::sws_samples()) {
      const std::string name = s.path.substr(4, s.path.size() - 4 - 5);  // sws/<name>.mesh
      m[name] = std::move(s.bytes);
    }
    return m;
  }();
  return samples;
}

}  // namespace

std::vector<std::string> sample_names() {
  std::vector<std::string> names;
  for (const auto& s : samples::sws_samples())
    names.push_back(s.path.substr(4, s.path.size() - 4 - 5));
  return names;
}

const std::vector<uint8_t>& sample_bytes(const std::string& name) {
  static const std::vector<uint8_t> none;
  auto it = all_samples().find(name);
  EXPECT_NE(it, all_samples().end()) << name;
  return it == all_samples().end() ? none : it->second;
}

Mesh sample_mesh(const std::string& name) {
  const std::vector<uint8_t>& b = sample_bytes(name);
  Result<Mesh> m = decode_structure(b.data(), b.size(), {});
  EXPECT_TRUE(m.ok()) << name << ": " << (m.ok() ? "" : m.error().to_string());
  return m.ok() ? *m : Mesh{};
}

Result<Decoded> decode_copy(const std::vector<uint8_t>& bytes, const DecodeOptions& options) {
  std::unique_ptr<uint8_t[]> heap(new uint8_t[bytes.size() ? bytes.size() : 1]);
  if (!bytes.empty()) std::memcpy(heap.get(), bytes.data(), bytes.size());
  return sws::decode(heap.get(), bytes.size(), options);
}

Result<Decoded> decode_mesh(const Mesh& m, const DecodeOptions& options) {
  return decode_copy(encode(m), options);
}

std::vector<std::string> codes(const std::vector<ir::Diagnostic>& d) {
  std::vector<std::string> c;
  for (const ir::Diagnostic& x : d) c.push_back(x.code);
  return c;
}

}  // namespace f2g::sws::test
