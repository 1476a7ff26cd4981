// `forge2gltf import`: one glTF and its donor, or a directory of them (docs/ARCHITECTURE.md
// "CLI"). Exit codes as convert: 0 every file imported, 1 some failed (the others still
// written), 2 usage.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "converter/import/import.h"
#include "converter/io/input_file.h"

namespace f2g::import {

struct ImportRun {
  std::string input;   // EDITED.glb / .gltf, or GLB_DIR
  std::string donor;   // --donor ORIGINAL.mesh (one file)
  std::string donors;  // --donors MESH_DIR (a directory)
  std::string out;     // -o NEW.mesh, or OUT_DIR
  std::string report;  // --report R.json
  unsigned jobs = 0;
  bool dry_run = false;
  bool json = false;  // print the outcome(s) as JSON
  bool quiet = false;
  bool progress = false;
  ImportOptions options;
};

// .glb or .gltf (any case): the files GLB_DIR's walk imports.
bool is_gltf_name(const std::filesystem::path& p);
bool is_json_name(const std::filesystem::path& p);  // .gltf

// The glTF at `path` read into `bytes`, as import_mesh takes it (a .gltf's buffers resolved
// next to it). `bytes` must outlive the result.
GltfInput gltf_input(const std::filesystem::path& path, const io::InputBytes& bytes);

int run_import_command(const ImportRun& run, std::ostream& out, std::ostream& err);

}  // namespace f2g::import
