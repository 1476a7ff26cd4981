// The progress line of a batch on a terminal: files done/total, MB/s, failures, ETA.
#pragma once

#include <cstdint>
#include <string>

namespace f2g::io {

struct ProgressState {
  uint64_t done = 0, total = 0;
  uint64_t bytes_done = 0, bytes_total = 0;  // input bytes finished / listed
  uint64_t failed = 0;
  double elapsed = 0;  // seconds
};

// "[  120/16149]  45.2 MB/s  3 failed  ETA 0:42" (no newline). The ETA comes from the input
// bytes left at the rate so far; "--:--" until there is a rate to go by.
std::string progress_line(const ProgressState& s);

}  // namespace f2g::io
