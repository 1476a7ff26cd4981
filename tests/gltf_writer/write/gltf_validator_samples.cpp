// Writes the synthetic meshes of gltf_synthetic.h as .glb (and one .gltf + .bin) into the
// directory given, for tests/validator/validate.mjs (the gltf_validator ctest).
#include <cstdio>
#include <fstream>
#include <string>

#include "gltf_writer/write/write.h"
#include "tests/support/gltf_synthetic.h"

namespace {

bool save(const std::string& path, const void* data, size_t size) {
  std::ofstream f(path, std::ios::binary);
  f.write(static_cast<const char*>(data), std::streamsize(size));
  return bool(f);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT_DIR\n", argv[0]);
    return 2;
  }
  using namespace f2g;
  const std::string dir = argv[1];
  const std::pair<const char*, ir::Mesh> meshes[] = {
      {"static_multi", gltf::test::static_multi()},
      {"skinned8", gltf::test::skinned8()},
      {"morph2", gltf::test::morph2()},
      {"big_u32", gltf::test::big_u32()},
      {"edge_cases", gltf::test::edge_cases()},
      {"bones_without_joints", gltf::test::bones_without_joints()}};
  int failed = 0;
  for (const auto& [name, mesh] : meshes) {
    for (bool binary : {true, false}) {
      gltf::WriteOptions options;
      options.binary = binary;
      options.bin_uri = std::string(name) + " data.bin";  // a space: the uri is percent-encoded
      const auto written = gltf::write(mesh, options);
      if (!written) {
        std::fprintf(stderr, "%s: %s\n", name, written.error().to_string().c_str());
        ++failed;
        continue;
      }
      const std::string base = dir + "/" + name;
      const bool ok =
          binary ? save(base + ".glb", written->glb.data(), written->glb.size())
                 : save(base + ".gltf", written->json.data(), written->json.size()) &&
                       save(dir + "/" + options.bin_uri, written->bin.data(), written->bin.size());
      if (!ok) {
        std::fprintf(stderr, "%s: cannot write into %s\n", name, dir.c_str());
        ++failed;
      }
    }
  }
  return failed ? 1 : 0;
}
