// The committed sample meshes as paths, for the tests that walk every sample (verify_*_test).
#pragma once

#include <algorithm>
#include <filesystem>
#include <vector>

namespace f2g::test {

// Every *.mesh under samples/sws, rr, grb and grw of the source tree, sorted; a missing
// directory is skipped.
inline std::vector<std::filesystem::path> sample_mesh_paths() {
  namespace fs = std::filesystem;
  std::vector<fs::path> out;
  for (const char* dir : {"sws", "rr", "grb", "grw"}) {
    const fs::path d = fs::path(F2G_SOURCE_DIR) / "samples" / dir;
    if (!fs::is_directory(d)) continue;
    for (const auto& e : fs::directory_iterator(d))
      if (e.path().extension() == ".mesh") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace f2g::test
