// --report FILE.json: one entry per input plus the totals (shape in docs/usage.md "The report").
#pragma once

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "converter/convert/file_result.h"
#include "converter/convert/totals.h"

namespace f2g::convert {

// {"code", "message", "path", "offset"}: the shape of every warning and error in the report
// and in `info --json`.
nlohmann::json diagnostic_json(const ir::Diagnostic& d);

nlohmann::json counts_json(const Counts& c);

// {"errors", "warnings", "infos", "hints", "messages": [{"severity", "code", "message",
// "pointer", "offset"}], "failure"}: an output's "validation" (only with --validate).
nlohmann::json validation_json(const ValidationCounts& v);

nlohmann::json file_result_json(const FileResult& r);

// {"tool": "forge2gltf", "version", "inputs": [...], "totals": {...}}
nlohmann::json report_json(const std::vector<FileResult>& results, const Totals& totals);

// Writes the report atomically (a reader never sees half a report), replacing an older one.
std::optional<ir::Diagnostic> write_report(const std::filesystem::path& path,
                                           const nlohmann::json& report);

// Streams the same report while a batch runs: each entry is written as it comes (in input
// order) and dropped, the totals at the end, so a report of 85,000 inputs needs no more
// memory than one of ten. The file goes to a temp name and is renamed by finish(); a writer
// destroyed unfinished removes its temp file.
class ReportWriter {
 public:
  explicit ReportWriter(std::filesystem::path path);
  ~ReportWriter();
  ReportWriter(const ReportWriter&) = delete;
  ReportWriter& operator=(const ReportWriter&) = delete;

  // Set when the report cannot be written (checked before a batch starts, and by finish).
  const std::optional<ir::Diagnostic>& error() const { return error_; }
  void add(const FileResult& result);
  std::optional<ir::Diagnostic> finish(const Totals& totals);

 private:
  void fail(const std::string& what);
  std::filesystem::path path_, temp_;
  std::FILE* file_ = nullptr;
  bool first_ = true;
  bool stream_ = false;  // path_ is a device or fifo: written directly (is_stream_destination)
  std::optional<ir::Diagnostic> error_;
};

}  // namespace f2g::convert
