// The run's totals: the end-of-run summary on stdout and the "totals" of --report.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "converter/convert/file_result.h"

namespace f2g::convert {

// `convert --validate`: the Khronos glTF-Validator over the outputs written in this run.
struct ValidationTotals {
  std::string validator;             // its version, "2.0.0-dev.3.10"
  uint64_t outputs = 0;              // outputs the validator answered for
  uint64_t outputs_with_errors = 0;  // ... with at least one error
  uint64_t not_validated = 0;        // outputs it could not validate (a failure)
  uint64_t errors = 0;
  uint64_t warnings = 0;
  uint64_t infos = 0;
  uint64_t hints = 0;
};

// What the run found in forge archives besides the rows: every resource by class (only Mesh
// resources become rows), the copies a patch supersedes, and the entries not read.
struct ArchiveTotals {
  uint64_t archives = 0;         // archives whose tables read
  uint64_t entries = 0;          // their entries
  uint64_t entries_failed = 0;   // entries that did not read (each also a failed row)
  uint64_t oodle_entries = 0;    // entries needing Oodle (ARCHIVE_OODLE, one warning per archive)
  uint64_t special_entries = 0;  // PrefetchingFileInfos, GlobalMetaFile: passed over
  uint64_t resources = 0;        // resources of the entries read
  std::map<std::string, uint64_t> classes;  // class name (or "0x%08X") -> resources
  uint64_t superseded = 0;                  // Mesh resources not converted: a patch holds the id
  std::map<std::string, uint64_t> warnings_by_code;  // layout-only breaks, ARCHIVE_OODLE entries
};

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
  double seconds = 0;        // wall time of the run
  bool interrupted = false;  // Ctrl-C / SIGTERM stopped the run (interrupt.h)
  uint64_t not_started = 0;  // inputs the interruption left unstarted (not in `inputs`)
  std::optional<ValidationTotals> validation;  // set when --validate ran
  std::optional<ArchiveTotals> archives;       // set when an input is a forge archive
};

// Adds one input's outcome (the batch keeps running totals, not every result), including
// its validation when it has one.
void add_to_totals(Totals& totals, const FileResult& result);
void add_validation(ValidationTotals& totals, const ValidationCounts& validation);
void add_archive_totals(ArchiveTotals& totals, const ArchiveTotals& more);
Totals totals_of(const std::vector<FileResult>& results, double wall_seconds);

// Exit status of `convert`: 0 when nothing failed, 1 when any input failed or, with
// --validate, when an output has validator errors or could not be validated.
int exit_code_of(const Totals& totals);

// "12 converted, 1 skipped, 1 failed (14 inputs) in 0.42 s" and further lines for bytes,
// failures by code and warnings by code, and with --validate
// "  validator: 14 outputs, 0 errors, 0 warnings"; ends with a newline.
std::string summary_text(const Totals& totals);

// "1.5 MB", "312 B": bytes for people.
std::string human_bytes(double bytes);

}  // namespace f2g::convert
