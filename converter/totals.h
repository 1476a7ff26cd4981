// The run's totals: the end-of-run summary on stdout and the "totals" of --report.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "converter/file_result.h"

namespace f2g::convert {

struct Totals {
  uint64_t inputs = 0;
  uint64_t converted = 0;
  uint64_t skipped = 0;
  uint64_t failed = 0;
  uint64_t warnings = 0;
  std::map<std::string, uint64_t> failures_by_code;  // sorted, so the summary is stable
  std::map<std::string, uint64_t> warnings_by_code;
  Counts counts;  // summed over the converted inputs
  uint64_t unreachable_morph_values = 0;
  uint64_t bytes_in = 0;
  uint64_t bytes_out = 0;
  double seconds = 0;  // wall time of the run
};

// Adds one input's outcome (the batch keeps running totals, not every result).
void add_to_totals(Totals& totals, const FileResult& result);
Totals totals_of(const std::vector<FileResult>& results, double wall_seconds);

// Exit status of `convert`: 0 when nothing failed, 1 when any input failed.
int exit_code_of(const Totals& totals);

// "12 converted, 1 skipped, 1 failed (14 inputs) in 0.42 s" and further lines for bytes,
// failures by code and warnings by code; ends with a newline.
std::string summary_text(const Totals& totals);

// "1.5 MB", "312 B": bytes for people.
std::string human_bytes(double bytes);

}  // namespace f2g::convert
