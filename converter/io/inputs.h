// INPUT... -> the list of files to convert (docs/ARCHITECTURE.md "Output conventions": the
// output mirrors the path relative to the input directory).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "ir/diagnostic.h"

namespace f2g::io {

// Paths are kept as strings: a std::filesystem::path also stores an array of its components,
// which triples the memory a listing of 85,000 files takes.
struct Job {
  std::string input;                    // absolute path of the file
  std::string relative;                 // path under its input root; a file argument's file name
  std::string display;                  // the INPUT argument joined with `relative`, for messages
  bool from_walk = false;               // found while walking a directory argument (not named)
  uint64_t size = 0;                    // bytes, as listed (for progress and ETA)
  std::optional<ir::Diagnostic> error;  // the argument itself is unusable (INPUT_NOT_FOUND)
};

// Expands files and directories (recursively) in argument order; within a directory the files
// are sorted by relative path so every run lists them alike. Directory symlinks are not
// followed (no loop can hang the walk); file symlinks are. Anything else a walk finds (a
// broken symlink, a fifo, a socket) is listed with INPUT_NOT_A_FILE and never opened. Files under
// `exclude` (the output directory, when it lies inside an input directory) are left out. A missing
// or unreadable argument becomes a Job carrying its error, so it fails like any other input.
std::vector<Job> expand_inputs(const std::vector<std::string>& arguments,
                               const std::filesystem::path& exclude = {});

}  // namespace f2g::io
