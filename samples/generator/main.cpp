// forge2gltf-samples OUTDIR: writes every sample the encoders make under OUTDIR (normally
// samples/). Deterministic: a test regenerates them and compares with the committed files.
// forge2gltf-samples --unlike OUTDIR: writes the donors unlike the samples instead (never
// committed; the Blender round-trip tests put them on disk).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "samples/generator/game_samples.h"

int main(int argc, char** argv) {
  const bool unlike = argc == 3 && std::string(argv[1]) == "--unlike";
  const char* dir = argv[argc - 1];
  if ((argc != 2 && !unlike) || dir[0] == '-') {  // "--help" is not a directory to write into
    std::fprintf(stderr, "usage: forge2gltf-samples [--unlike] OUTDIR\n");
    return 2;
  }
  namespace fs = std::filesystem;
  std::vector<f2g::samples::SampleFile> all;
  if (unlike) {
    all = f2g::samples::unlike_samples();
  } else {
    all = f2g::samples::game_samples();
    for (auto& s : f2g::samples::archive_samples()) all.push_back(std::move(s));
  }
  for (const auto& s : all) {
    const fs::path p = fs::path(dir) / s.path;
    fs::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(s.bytes.data()), std::streamsize(s.bytes.size()));
    if (!out) {
      std::fprintf(stderr, "forge2gltf-samples: cannot write %s\n", p.string().c_str());
      return 1;
    }
    std::printf("%8zu  %s\n", s.bytes.size(), s.path.c_str());
  }
  return 0;
}
