#include "converter/convert/batch.h"

#include <chrono>
#include <exception>

#include "converter/io/worker_pool.h"

namespace f2g::convert {

FileResult convert_guarded(const Job& job, const OutputPath& output,
                           const ConvertOptions& options) {
  auto internal = [&job](const std::string& what) {
    FileResult r;
    r.input = job.display;
    r.error = ir::Diagnostic{"INTERNAL_ERROR", "unexpected failure" + what, "", 0};
    return r;
  };
  try {
    return convert_one(job, output, options);
  } catch (const std::exception& e) {
    return internal(std::string(": ") + e.what());
  } catch (...) {
    return internal("");
  }
}

BatchResult run_batch(const std::vector<Job>& jobs, const std::vector<OutputPath>& outputs,
                      const ConvertOptions& options, const BatchOptions& batch) {
  const auto t0 = std::chrono::steady_clock::now();
  BatchResult out;
  std::vector<uint64_t> sizes;
  sizes.reserve(jobs.size());
  for (const Job& j : jobs) sizes.push_back(j.size);
  PoolOptions pool;
  pool.jobs = batch.jobs;
  pool.progress = batch.progress;
  pool.err = batch.err;
  pool.stop = batch.stop;
  const PoolOutcome outcome = run_pool<FileResult>(
      sizes, pool,
      [&](unsigned, size_t i) { return convert_guarded(jobs[i], outputs[i], options); },
      [&](size_t i, const FileResult& r) {
        return ItemProgress{r.bytes_in ? r.bytes_in : jobs[i].size, r.status == Status::Failed};
      },
      [&](size_t, FileResult& r, const std::function<void()>& clear_line) {
        if (r.status == Status::Failed && r.error) {
          clear_line();
          std::fprintf(batch.err, "%s\n", failure_line(r.input, *r.error).c_str());
        }
        add_to_totals(out.totals, r);
        if (batch.on_result) batch.on_result(r);
        if (batch.keep_results) out.files.push_back(std::move(r));
      });

  out.totals.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.exit_code = exit_code_of(out.totals);
  out.not_started = outcome.not_started;
  out.interrupted = outcome.interrupted;
  out.totals.not_started = outcome.not_started;
  out.totals.interrupted = outcome.interrupted;
  return out;
}

}  // namespace f2g::convert
