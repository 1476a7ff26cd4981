#include "tests/bounds/resource_measure.h"

#include <cstring>
#include <ctime>
#include <exception>
#include <memory>

#include "formats/registry.h"
#include "gltf_writer/write/write.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace f2g::test {

double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// glibc hands the heap's top back to the kernel once a free leaves more than trim_threshold
// above it (a dynamic value), and serves blocks over mmap_threshold from fresh pages. A decode
// of a large input then pays a page fault for every 4 KiB it touches, in system time: RR's
// 587 KB vertex mesh took 6.6 to 11 ms against 0.33 ms at 146 KB, a cliff that is the kernel's
// and not the decoder's work. Fixed thresholds keep the heap warm between runs, so the time
// the linearity tests compare is the decoder's. (ASan's allocator does not trim this way.)
namespace {
void keep_heap_warm() {
#if defined(__GLIBC__)
  static const bool pinned = [] {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's largest allowed value on 64-bit
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    return true;
  }();
  (void)pinned;
#endif
}
}  // namespace

Outcome measure(const std::vector<uint8_t>& bytes) {
  keep_heap_warm();
  std::unique_ptr<uint8_t[]> heap(new uint8_t[bytes.size() ? bytes.size() : 1]);
  if (!bytes.empty()) std::memcpy(heap.get(), bytes.data(), bytes.size());
  const DecodeOptions options;  // auto-detect, built-in vertex tables: what the converter does
  Outcome o;
  const double start = thread_seconds();
  {
    AllocScope scope;
    try {
      Result<Decoded> d = decode(heap.get(), bytes.size(), options);
      o.decoded = d.ok();
      if (!d.ok()) {
        o.code = d.error().code;
        o.diagnosed = !o.code.empty();
      } else {
        ir::Result<gltf::Written> w = gltf::write(d->mesh);
        o.wrote = w.ok();
        if (!w.ok()) o.write_code = w.error().code;
      }
    } catch (const std::exception& e) {
      o.threw = true;
      o.exception = e.what();
    } catch (...) {
      o.threw = true;
      o.exception = "a non-std exception";
    }
    scope.stop();
    o.alloc = scope.stats();
  }
  o.seconds = thread_seconds() - start;
  return o;
}

}  // namespace f2g::test
