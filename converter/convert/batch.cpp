#include "converter/convert/batch.h"

#include <chrono>
#include <exception>

#include "converter/convert/entry_convert.h"
#include "converter/io/worker_pool.h"

namespace f2g::convert {

FileResult convert_guarded(const io::Job& job, const OutputPath& output,
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

BatchResult run_batch(const std::vector<io::Job>& jobs, const std::vector<OutputPath>& outputs,
                      const ConvertOptions& options, const BatchOptions& batch) {
  return run_batch(plan_files(jobs, outputs), options, batch);
}

BatchResult run_batch(const ConvertPlan& plan, const ConvertOptions& options,
                      const BatchOptions& batch) {
  const auto t0 = std::chrono::steady_clock::now();
  BatchResult out;
  std::vector<uint64_t> sizes;
  sizes.reserve(plan.items.size());
  for (const WorkItem& item : plan.items) sizes.push_back(item.size);
  if (!plan.archives.empty()) {
    out.totals.archives.emplace();
    for (const PlannedArchive& pa : plan.archives)
      add_archive_totals(*out.totals.archives, pa.found);
  }
  std::vector<uint64_t> oodle(plan.archives.size(), 0);  // per archive, for its one warning
  bool hinted = false;                                   // the --oodle hint: once a run
  io::PoolOptions pool;
  pool.jobs = batch.jobs;
  pool.progress = batch.progress;
  pool.err = batch.err;
  pool.stop = batch.stop;
  const io::PoolOutcome outcome = io::run_pool<ItemResult>(
      sizes, pool,
      [&](unsigned, size_t i) {
        const WorkItem& item = plan.items[i];
        if (item.archive >= 0) return convert_archive_item(plan, item, options);
        ItemResult r;
        r.files.push_back(convert_guarded(plan.jobs[item.job], plan.outputs[item.job], options));
        return r;
      },
      [&](size_t i, const ItemResult& r) {
        const WorkItem& item = plan.items[i];
        io::ItemProgress p;
        p.bytes = item.size;
        if (item.archive < 0 && !r.files.empty() && r.files[0].bytes_in)
          p.bytes = r.files[0].bytes_in;
        for (const FileResult& f : r.files) p.failed = p.failed || f.status == Status::Failed;
        return p;
      },
      [&](size_t i, ItemResult& r, const std::function<void()>& clear_line) {
        const WorkItem& item = plan.items[i];
        for (FileResult& f : r.files) {
          if (f.status == Status::Failed && f.error) {
            clear_line();
            std::fprintf(batch.err, "%s\n", failure_line(f.input, *f.error).c_str());
          }
          add_to_totals(out.totals, f);
          if (batch.on_result) batch.on_result(f);
          if (batch.keep_results) out.files.push_back(std::move(f));
        }
        if (item.archive < 0) return;
        if (r.found.oodle_entries)
          r.found.warnings_by_code[archive::kOodleCode] += r.found.oodle_entries;
        add_archive_totals(*out.totals.archives, r.found);
        uint64_t& pending = oodle[size_t(item.archive)];
        pending += r.found.oodle_entries;
        if (item.last_of_archive && pending) {
          clear_line();
          const std::string line = install::oodle_warning_line(
              plan.jobs[plan.install.archives[size_t(item.archive)].job].display, pending, hinted);
          std::fprintf(batch.err, "%s\n", line.c_str());
        }
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
