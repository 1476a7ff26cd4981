// The Khronos glTF-Validator on compact outputs: quantized, compressed and quantized +
// compressed forms of every test mesh, and expand_glb of the last, report 0 errors. The
// validator (2.0.0-dev.3.10) does not know EXT_meshopt_compression (an UNSUPPORTED_EXTENSION
// info): it checks the compressed files' JSON, while the quantized data it cannot see there
// is checked in the quantized form (compact_test proves compression keeps it byte for byte).
// Needs node and `npm ci --prefix tests/validator`; fails (not skips) when they are missing,
// saying how to install them.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "gltf_writer/compact/compact.h"
#include "tests/support/compact_meshes.h"
#include "tests/support/gltf_synthetic.h"

namespace f2g::gltf {
namespace {

namespace fs = std::filesystem;
using namespace compact_test;

std::string run(const std::string& command, int& status) {
  std::string out;
  std::FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) {
    status = -1;
    return out;
  }
  char buf[4096];
  while (size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  status = pclose(p);
  return out;
}

TEST(CompactValidatorTest, QuantizedAndCompressedOutputsHaveNoErrors) {
  const fs::path script = fs::path(F2G_SOURCE_DIR) / "tests/validator/validate.mjs";
  const fs::path module = fs::path(F2G_SOURCE_DIR) / "tests/validator/node_modules/gltf-validator";
  ASSERT_TRUE(fs::exists(module))
      << "gltf-validator is not installed: run `npm ci --prefix tests/validator`";
  int status = 0;
  run("node --version", status);
  ASSERT_EQ(status, 0) << "node is not on PATH: the validator needs Node.js";

  const fs::path dir = fs::path(F2G_BINARY_DIR) / "compact_validator";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string files;
  int n = 0;
  for (const ir::Mesh& m :
       {static_far(), skinned(), morphed(), quantised_source(0.002f), odd_indices(),
        test::static_multi(), test::skinned8(), test::morph2(), test::edge_cases()}) {
    // "e": expand_glb of the compressed form, the plain glb verification reads.
    for (const auto& [name, options] : {std::pair<const char*, CompactOptions>{"q", {true, false}},
                                        {"qc", {true, true}},
                                        {"c", {false, true}},
                                        {"e", {true, true}}}) {
      auto c = compact_glb(write_glb(m), options);
      ASSERT_TRUE(c) << m.name << ": " << c.error().to_string();
      if (name == std::string("e")) {
        c = expand_glb(*c);
        ASSERT_TRUE(c) << m.name << ": " << c.error().to_string();
      }
      const fs::path f = dir / (std::to_string(n++) + "_" + name + ".glb");  // names hold "/"
      std::ofstream(f, std::ios::binary).write(reinterpret_cast<const char*>(c->data()), c->size());
      files += " '" + f.string() + "'";
    }
  }
  const std::string out = run("node '" + script.string() + "'" + files, status);
  // validate.mjs prints "FILE: E errors, W warnings, ..." per file.
  size_t lines = 0;
  for (size_t at = out.find(" errors, "); at != std::string::npos;
       at = out.find(" errors, ", at + 1)) {
    ++lines;
    const size_t start = out.rfind(' ', at - 1) + 1;
    EXPECT_EQ(out.substr(start, at - start), "0") << out;
  }
  EXPECT_EQ(lines, size_t(n)) << out;
  std::printf("%s", out.c_str());
}

}  // namespace
}  // namespace f2g::gltf
