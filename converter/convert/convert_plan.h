// A convert run's work list (docs/ARCHITECTURE.md "CLI"): each mesh file is one item, each
// entry of a forge archive is one item (its payload is decompressed once, however many meshes
// it holds), and every archive of the run is mapped with its tables read and its patches
// resolved before the first item starts.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "converter/convert/output_paths.h"
#include "converter/convert/totals.h"
#include "converter/install/archive_inputs.h"
#include "converter/install/install.h"
#include "converter/io/inputs.h"

namespace f2g::convert {

// What convert adds to an archive of the install (ConvertPlan::install.archives, same index).
struct PlannedArchive {
  std::string directory;                       // under OUT: archive_directory(job.relative)
  std::vector<std::string> entry_dirs;         // entry_directories(archive)
  std::optional<ir::Diagnostic> output_error;  // OUTPUT_COLLISION: another archive's directory
  ArchiveTotals found;  // what the tables say: 1 archive, its entries, special entries, warnings
};

struct WorkItem {
  size_t job = 0;        // a mesh file: ConvertPlan::jobs index
  int64_t archive = -1;  // an archive's entry (or its failure): ConvertPlan::archives index
  uint32_t entry = 0;
  bool last_of_archive = false;  // the archive's last item (its Oodle warning follows it)
  uint64_t size = 0;             // bytes, for the progress line
};

struct ConvertPlan {
  std::vector<io::Job> jobs;
  std::vector<OutputPath> outputs;  // per job; only mesh files use theirs
  install::Install install;         // the archives among the jobs, patch order resolved
  std::vector<PlannedArchive> archives;
  std::vector<WorkItem> items;
  std::filesystem::path out_dir;
  bool gltf = false;
};

// Mesh files only, as listed (no file is opened): the plan run_batch(jobs, outputs, ...) uses.
ConvertPlan plan_files(const std::vector<io::Job>& jobs, const std::vector<OutputPath>& outputs);

// The whole run: archives found by content among `jobs` opened as an install (open_install,
// IndexDepth::Patches), their entries listed, output paths of the mesh files planned
// (plan_outputs), archive directories checked for collisions.
ConvertPlan plan_convert(std::vector<io::Job> jobs, const std::filesystem::path& out_dir,
                         install::IndexDepth depth, bool gltf);

}  // namespace f2g::convert
