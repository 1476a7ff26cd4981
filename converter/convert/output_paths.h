// Where each input's glTF goes (docs/ARCHITECTURE.md "Output conventions"):
// OUT/<relative path, last extension replaced by .glb>, or .gltf + .bin with --gltf.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "converter/io/inputs.h"
#include "ir/diagnostic.h"

namespace f2g::convert {

struct OutputPath {
  std::string primary;                  // the .glb, or the .gltf
  std::string bin;                      // the .bin next to a .gltf; empty for .glb
  std::optional<ir::Diagnostic> error;  // OUTPUT_PATH_UNSAFE or OUTPUT_COLLISION
};

// OUT joined with `relative` made safe: root names and root directories are dropped and "."
// components skipped, so the result always stays inside OUT; a ".." component, or nothing
// left to name a file, is refused with OUTPUT_PATH_UNSAFE.
OutputPath output_path(const std::filesystem::path& out_dir, const std::filesystem::path& relative,
                       bool gltf);

// output_path for every job, in job order. The second of two jobs that map to the same file
// (or whose .gltf/.bin pair overlaps) gets OUTPUT_COLLISION naming the first, so no output
// is ever written twice in one run.
std::vector<OutputPath> plan_outputs(const std::vector<io::Job>& jobs,
                                     const std::filesystem::path& out_dir, bool gltf);

}  // namespace f2g::convert
