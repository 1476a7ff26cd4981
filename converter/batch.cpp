#include "converter/batch.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <thread>

#include "converter/progress.h"

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
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  const size_t n = jobs.size();
  BatchResult out;

  // Finished results wait here until every earlier one is handed on: at most a few per
  // worker beyond a slow input, never the whole corpus.
  std::mutex mutex;
  std::condition_variable changed;
  std::map<size_t, FileResult> finished;
  size_t done_count = 0;
  uint64_t bytes_done = 0, failed = 0;
  std::atomic<size_t> next{0};
  size_t not_started = 0;
  unsigned running = 0;  // workers that have not returned yet
  const auto stopped = [&batch] { return batch.stop && batch.stop->load(); };

  auto worker = [&] {
    for (size_t i = next.fetch_add(1); i < n; i = next.fetch_add(1)) {
      if (stopped()) {
        std::lock_guard<std::mutex> lock(mutex);
        ++not_started;
        continue;  // claim and count the rest: every index ends up done or not started
      }
      FileResult r = convert_guarded(jobs[i], outputs[i], options);
      std::lock_guard<std::mutex> lock(mutex);
      bytes_done += r.bytes_in ? r.bytes_in : jobs[i].size;
      if (r.status == Status::Failed) ++failed;
      finished.emplace(i, std::move(r));
      ++done_count;
      changed.notify_one();
    }
    std::lock_guard<std::mutex> lock(mutex);
    --running;
    changed.notify_one();
  };
  unsigned threads = batch.jobs ? batch.jobs : std::thread::hardware_concurrency();
  if (threads == 0) threads = 1;
  if (threads > n) threads = static_cast<unsigned>(n ? n : 1);
  std::vector<std::thread> pool;
  running = n ? threads : 0;
  for (unsigned t = 0; t < threads && n; ++t) pool.emplace_back(worker);

  uint64_t bytes_total = 0;
  for (const Job& j : jobs) bytes_total += j.size;
  size_t handed_on = 0;
  bool line_shown = false;
  auto last_draw = t0 - std::chrono::seconds(1);
  auto clear_line = [&] {
    if (line_shown) std::fputs("\r\x1b[K", batch.err);
    line_shown = false;
  };
  std::unique_lock<std::mutex> lock(mutex);
  for (;;) {
    const bool all_done = done_count == n || running == 0;
    // In input order. When every worker has returned, a gap can only be an input a stop
    // left unstarted: skip it. The lock is released while a result is handed on (the report
    // write, --validate's validator), so the workers never wait for it.
    while (!finished.empty() && (finished.begin()->first == handed_on || running == 0)) {
      auto node = finished.extract(finished.begin());
      handed_on = node.key() + 1;
      lock.unlock();
      FileResult& r = node.mapped();
      if (r.status == Status::Failed && r.error) {
        clear_line();
        std::fprintf(batch.err, "%s\n", failure_line(r.input, *r.error).c_str());
      }
      add_to_totals(out.totals, r);
      if (batch.on_result) batch.on_result(r);
      if (batch.keep_results) out.files.push_back(std::move(r));
      lock.lock();
    }
    if (all_done) break;
    const auto now = Clock::now();
    if (batch.progress && now - last_draw >= std::chrono::milliseconds(100)) {
      last_draw = now;
      ProgressState s{done_count, n, bytes_done, bytes_total, failed,
                      std::chrono::duration<double>(now - t0).count()};
      std::fprintf(batch.err, "\r%s\x1b[K", progress_line(s).c_str());
      line_shown = true;
    }
    std::fflush(batch.err);
    changed.wait_for(lock, std::chrono::milliseconds(100));
  }
  clear_line();
  std::fflush(batch.err);
  lock.unlock();
  for (std::thread& t : pool) t.join();

  out.totals.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  out.exit_code = exit_code_of(out.totals);
  out.not_started = not_started;
  out.interrupted = batch.stop && batch.stop->load();  // also a stop during the last inputs
  out.totals.not_started = not_started;
  out.totals.interrupted = out.interrupted;
  return out;
}

}  // namespace f2g::convert
