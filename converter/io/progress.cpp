#include "converter/io/progress.h"

#include <cstdio>

namespace f2g::io {

std::string progress_line(const ProgressState& s) {
  const double rate = s.elapsed > 0 ? double(s.bytes_done) / s.elapsed : 0;
  char eta[32] = "--:--";
  if (rate > 0 && s.elapsed >= 0.5 && s.bytes_total >= s.bytes_done) {
    const auto left = static_cast<unsigned long long>(double(s.bytes_total - s.bytes_done) / rate);
    if (left >= 3600)
      std::snprintf(eta, sizeof eta, "%llu:%02llu:%02llu", left / 3600, left / 60 % 60, left % 60);
    else
      std::snprintf(eta, sizeof eta, "%llu:%02llu", left / 60, left % 60);
  }
  const int width = static_cast<int>(std::to_string(s.total).size());
  char buf[160];
  std::snprintf(buf, sizeof buf, "[%*llu/%llu] %6.1f MB/s  %llu failed  ETA %s", width,
                static_cast<unsigned long long>(s.done), static_cast<unsigned long long>(s.total),
                rate / 1e6, static_cast<unsigned long long>(s.failed), eta);
  return buf;
}

}  // namespace f2g::io
