// `forge2gltf scan FILE... [--extract DIR] [--json FILE]`: the scan for the CLI (main.cpp
// parses the arguments; this prints, extracts and writes).
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "converter/inspect/scan.h"

namespace f2g::scan {

// One file's scan as JSON: {"file", "size", "meshes": [{"offset", "length", "format",
// "layout", "object_id", "signature", "name"? (only when a record names it), "extracted"?}],
// "failed": [{"offset", "signature", "code", "path", "error_offset", "message"}], "dropped":
// [{"offset", "signature", "inside", "decoded"}], "candidates", "rejected", "decodes", "not_tried",
// "error"?}. `extracted` holds the written path for each mesh when extraction ran (same order as
// meshes).
nlohmann::json to_json(const ScanReport& report, const std::vector<std::string>& extracted = {});

// The table printed for one file.
void print_table(const ScanReport& report, std::ostream& out);

// Writes each found mesh as DIR/<extract_names(report)[i]>, atomically. Returns the paths
// written (in mesh order; empty string where writing failed, with a message in `err`).
std::vector<std::string> extract(const ScanReport& report, const std::string& dir,
                                 std::ostream& err);

// Scans every file, prints a table per file to `out`, extracts when `extract_dir` is not
// empty, writes {"files": [to_json...]} to `json_path` when not empty. Returns 0 when every
// file was read and every extraction and output written, 1 otherwise (candidates that fail
// are findings, not errors).
int run_scan_command(const std::vector<std::string>& files, const std::string& extract_dir,
                     const std::string& json_path, const DecodeOptions& options, std::ostream& out,
                     std::ostream& err);

}  // namespace f2g::scan
