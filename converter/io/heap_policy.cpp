#include "converter/io/heap_policy.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace f2g::io {

// Measured on two 3,000-mesh bench corpora (2 jobs; page faults / peak RSS, default -> these
// values): import 240,000 -> 90,000 faults, 79 -> 81 MB; convert 25,600 -> 15,400, 37 -> 42 MB
// and 25,700 -> 7,600. A trim threshold of 32 MiB saves more faults but lets two workers'
// arenas hold 94-98 MB at peak, near the 100 MB budget (bench/RESULTS.md), so 16 MiB.
void keep_batch_heap() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 8 << 20);   // blocks under 8 MiB reuse the arenas' pages
  mallopt(M_TRIM_THRESHOLD, 16 << 20);  // up to 16 MiB free at an arena's top stays mapped
#endif
}

}  // namespace f2g::io
