// The one worker pool every batch command runs on (convert, census): a work queue over N
// items on --jobs threads, results handed on in item order on the calling thread, the
// progress line on a terminal, and a stop flag (interrupt.h: Ctrl-C) after which no further
// item is started while the ones in flight finish.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "converter/io/progress.h"

namespace f2g::io {

struct PoolOptions {
  unsigned jobs = 0;                        // worker threads; 0 = the hardware's thread count
  bool progress = false;                    // draw the progress line
  std::FILE* err = stderr;                  // the progress line
  const std::atomic<bool>* stop = nullptr;  // once true, no further item is started
};

struct PoolOutcome {
  size_t not_started = 0;    // items never started because of `stop` (no result for them)
  bool interrupted = false;  // `stop` was set during the run
};

// How many threads run_pool starts for `n` items: `jobs` (0 = the hardware's thread count),
// at least 1, at most n. Callers that keep per-thread state size it with this.
inline unsigned pool_threads(unsigned jobs, size_t n) {
  unsigned threads = jobs ? jobs : std::thread::hardware_concurrency();
  if (threads == 0) threads = 1;
  if (threads > n) threads = static_cast<unsigned>(n ? n : 1);
  return threads;
}

// What one finished item tells the progress line.
struct ItemProgress {
  uint64_t bytes = 0;  // input bytes it stands for
  bool failed = false;
};

// Runs `run(worker, i)` for every i below `sizes.size()` (sizes: each item's listed bytes,
// for the rate and the ETA) on the pool's threads; `worker` numbers the thread (0 .. jobs-1),
// so a caller can keep per-thread state. Each result R goes to `measure(i, r)` on the worker
// and then to `hand_on(i, r, clear_line)` on the calling thread, in item order, the lock
// released (a slow hand-on never stalls the workers). `clear_line` erases the progress line
// before the caller prints a line of its own. Finished results wait only until every earlier
// one is handed on: at most a few per worker beyond a slow item, never the whole corpus.
template <class R, class Run, class Measure, class HandOn>
PoolOutcome run_pool(const std::vector<uint64_t>& sizes, const PoolOptions& options, Run run,
                     Measure measure, HandOn hand_on) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  const size_t n = sizes.size();
  PoolOutcome out;

  std::mutex mutex;
  std::condition_variable changed;
  std::map<size_t, R> finished;
  size_t done_count = 0;
  uint64_t bytes_done = 0, failed = 0;
  std::atomic<size_t> next{0};
  size_t not_started = 0;
  unsigned running = 0;  // workers that have not returned yet
  const auto stopped = [&options] { return options.stop && options.stop->load(); };

  auto worker = [&](unsigned w) {
    for (size_t i = next.fetch_add(1); i < n; i = next.fetch_add(1)) {
      if (stopped()) {
        std::lock_guard<std::mutex> lock(mutex);
        ++not_started;
        continue;  // claim and count the rest: every index ends up done or not started
      }
      R r = run(w, i);
      const ItemProgress p = measure(i, r);
      std::lock_guard<std::mutex> lock(mutex);
      bytes_done += p.bytes;
      if (p.failed) ++failed;
      finished.emplace(i, std::move(r));
      ++done_count;
      changed.notify_one();
    }
    std::lock_guard<std::mutex> lock(mutex);
    --running;
    changed.notify_one();
  };
  const unsigned threads = pool_threads(options.jobs, n);
  std::vector<std::thread> pool;
  running = n ? threads : 0;
  for (unsigned t = 0; t < threads && n; ++t) pool.emplace_back(worker, t);

  uint64_t bytes_total = 0;
  for (uint64_t s : sizes) bytes_total += s;
  size_t handed_on = 0;
  bool line_shown = false;
  auto last_draw = t0 - std::chrono::seconds(1);
  const std::function<void()> clear_line = [&] {
    if (line_shown) std::fputs("\r\x1b[K", options.err);
    line_shown = false;
  };
  std::unique_lock<std::mutex> lock(mutex);
  for (;;) {
    const bool all_done = done_count == n || running == 0;
    // In item order. When every worker has returned, a gap can only be an item a stop left
    // unstarted: skip it.
    while (!finished.empty() && (finished.begin()->first == handed_on || running == 0)) {
      auto node = finished.extract(finished.begin());
      handed_on = node.key() + 1;
      lock.unlock();
      hand_on(node.key(), node.mapped(), clear_line);
      lock.lock();
    }
    if (all_done) break;
    const auto now = Clock::now();
    if (options.progress && now - last_draw >= std::chrono::milliseconds(100)) {
      last_draw = now;
      ProgressState s{done_count,  n,      bytes_done,
                      bytes_total, failed, std::chrono::duration<double>(now - t0).count()};
      std::fprintf(options.err, "\r%s\x1b[K", progress_line(s).c_str());
      line_shown = true;
    }
    std::fflush(options.err);
    changed.wait_for(lock, std::chrono::milliseconds(100));
  }
  clear_line();
  std::fflush(options.err);
  lock.unlock();
  for (std::thread& t : pool) t.join();

  out.not_started = not_started;
  out.interrupted = stopped();  // also a stop during the last items
  return out;
}

}  // namespace f2g::io
