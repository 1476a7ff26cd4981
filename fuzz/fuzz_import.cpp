// libFuzzer target: `import` on hostile glTF bytes. The input is a .glb (or anything);
// the donor is one of the committed samples, picked by the input's size, so every format's
// rebuild is reached. Whatever the bytes, nothing may crash, and whatever import returns must
// decode strictly (the gate) with the donor's format.
// The corpus is seeded with every sample's glb as convert writes it, and with the glbs of the
// donors unlike the samples: LLVMFuzzerInitialize writes them into the corpus directory given
// on the command line (fuzz/run passes one).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "converter/import/import.h"
#include "formats/registry.h"
#include "gltf_writer/write/write.h"
#include "samples/generator/sample_file.h"

namespace {

namespace fs = std::filesystem;

std::vector<std::vector<uint8_t>>& donors() {
  static std::vector<std::vector<uint8_t>> d;
  return d;
}

std::vector<uint8_t> bytes_of(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  std::vector<fs::path> samples;
  for (const char* game : {"sws", "rr", "grb", "grw"}) {
    const fs::path dir = fs::path(F2G_SOURCE_DIR) / "samples" / game;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec))
      if (e.path().extension() == ".mesh") samples.push_back(e.path());
  }
  std::sort(samples.begin(), samples.end());
  fs::path corpus;
  for (int i = 1; i < *argc; ++i)
    if ((*argv)[i][0] != '-') corpus = (*argv)[i];
  // The committed samples, then the donors unlike them (padded bounds, cut partitions,
  // SubMesh runs, twins: samples/generator/unlike_samples.cpp), each a donor and a seed.
  std::vector<std::pair<std::string, std::vector<uint8_t>>> all;
  for (const fs::path& s : samples)
    all.push_back({s.parent_path().filename().string() + "-" + s.stem().string(), bytes_of(s)});
  for (f2g::samples::SampleFile& s : f2g::samples::unlike_samples()) {
    std::string name =
        fs::path(s.path).parent_path().string() + "-" + fs::path(s.path).stem().string();
    all.push_back({std::move(name), std::move(s.bytes)});
  }
  for (auto& [name, bytes] : all) {
    donors().push_back(std::move(bytes));
    if (corpus.empty()) continue;
    const std::vector<uint8_t>& b = donors().back();
    f2g::Result<f2g::Decoded> d = f2g::decode(b.data(), b.size(), f2g::DecodeOptions{});
    if (!d) continue;
    f2g::ir::Result<f2g::gltf::Written> w = f2g::gltf::write(d->mesh);
    if (!w) continue;
    const fs::path seed = corpus / ("seed-" + name + ".glb");
    if (!fs::exists(seed))
      std::ofstream(seed, std::ios::binary)
          .write(reinterpret_cast<const char*>(w->glb.data()), std::streamsize(w->glb.size()));
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (donors().empty()) return 0;
  const std::vector<uint8_t>& donor = donors()[size % donors().size()];
  f2g::import::GltfInput in;
  in.data = data;
  in.size = size;
  f2g::import::ImportOptions options;
  options.force = true;
  options.match.unknown_joints = f2g::import::UnknownJoints::Nearest;
  const f2g::import::ImportOutcome o =
      f2g::import::import_mesh(in, donor.data(), donor.size(), options);
  if (o.error) {
    if (o.error->code.empty()) std::abort();  // every failure names its code
    return 0;
  }
  f2g::Result<f2g::Decoded> back =
      f2g::decode(o.bytes.data(), o.bytes.size(), f2g::DecodeOptions{});
  if (!back) std::abort();
  return 0;
}
