// The batch runner: the jobs on the worker pool (io/worker_pool.h). Each worker streams one
// file at a time (read, decode, write, free), and each result is handed on in input order
// and then dropped: no mesh data and no result accumulates, only the job list stays.
#pragma once

#include <atomic>
#include <cstdio>
#include <functional>
#include <vector>

#include "converter/convert/convert.h"
#include "converter/convert/convert_plan.h"
#include "converter/convert/file_result.h"
#include "converter/convert/totals.h"

namespace f2g::convert {

struct BatchOptions {
  unsigned jobs = 0;          // worker threads; 0 = the hardware's thread count
  bool progress = false;      // draw the progress line (the CLI: stderr is a TTY, not --quiet)
  std::FILE* err = stderr;    // failure lines and the progress line
  bool keep_results = false;  // also return every FileResult (tests, small runs)
  // Called on the calling thread with each result, in input order (--report streams here).
  std::function<void(const FileResult&)> on_result;
  // Once this is true (interrupt.h: Ctrl-C) no further input is started; inputs in flight
  // finish (their outputs are complete or absent) and are handed on as usual.
  const std::atomic<bool>* stop = nullptr;
};

struct BatchResult {
  std::vector<FileResult> files;  // one per job, in job order, when keep_results
  Totals totals;
  int exit_code = 0;         // 0 nothing failed, 1 some input failed
  bool interrupted = false;  // `stop` was set during the run
  size_t not_started = 0;    // inputs never started because of `stop` (no result for them)
};

// Converts every job to its planned output (plan_outputs), or with `stop` the ones started
// before it was set: their results are handed on in input order, the others are counted in
// not_started. Each failed input prints one line
// on `err` (failure_line), in input order, as soon as every input before it is done. The
// progress line is redrawn at most 10 times a second.
BatchResult run_batch(const std::vector<io::Job>& jobs, const std::vector<OutputPath>& outputs,
                      const ConvertOptions& options, const BatchOptions& batch);
// The same over a plan's items: a mesh file gives one row, an archive's entry one row per
// Mesh resource it converts (or one failed row); what the archives hold goes to
// totals.archives, and after an archive's last item one warning line on `err` when some of its
// entries need Oodle.
BatchResult run_batch(const ConvertPlan& plan, const ConvertOptions& options,
                      const BatchOptions& batch);

// convert_one that also turns an unexpected exception (out of memory, a bug) into a failed
// result with code INTERNAL_ERROR, so one input can never end the batch.
FileResult convert_guarded(const io::Job& job, const OutputPath& output,
                           const ConvertOptions& options);

}  // namespace f2g::convert
