// `forge2gltf import`: one glTF and its donor, or a directory of them (docs/ARCHITECTURE.md
// "CLI"). Exit codes as convert: 0 every file imported, 1 some failed (the others still
// written), 2 usage.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "converter/import/import.h"

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

int run_import_command(const ImportRun& run, std::ostream& out, std::ostream& err);

}  // namespace f2g::import
