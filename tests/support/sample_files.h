// The committed sample meshes as paths, for the tests that walk every sample. The folders
// follow the registry: samples/<format name>/*.mesh for every registered format (a test in
// verify_samples_test checks that the two agree), so nothing here names a game.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace f2g::test {

// The folders of `root` that hold *.mesh files directly (samples/archives/ holds archives in
// folders of its own and is not one), by name, sorted.
inline std::vector<std::string> sample_folders(const std::filesystem::path& root) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  if (!fs::is_directory(root)) return out;
  for (const auto& d : fs::directory_iterator(root)) {
    if (!d.is_directory()) continue;
    for (const auto& e : fs::directory_iterator(d.path()))
      if (e.path().extension() == ".mesh") {
        out.push_back(d.path().filename().string());
        break;
      }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Every *.mesh of those folders under samples/ of the source tree, sorted.
inline std::vector<std::filesystem::path> sample_mesh_paths() {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(F2G_SOURCE_DIR) / "samples";
  std::vector<fs::path> out;
  for (const std::string& folder : sample_folders(root))
    for (const auto& e : fs::directory_iterator(root / folder))
      if (e.path().extension() == ".mesh") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace f2g::test
