// Counts what the code under test allocates through operator new (every global variant:
// plain, array, nothrow, sized, aligned), replaced in the test binary by alloc_counter.cpp.
// Live and peak bytes are counted only while an AllocScope is armed and only for blocks
// allocated inside it, so a block made before the scope and freed inside cannot hide a peak.
// Thread-safe (atomics); scopes do not nest. Works under ASan too (the replacement wraps
// malloc/free, which ASan still intercepts).
#pragma once

#include <cstddef>
#include <cstdint>

namespace f2g::test {

struct AllocStats {
  size_t peak_bytes = 0;   // most bytes live at once, of blocks allocated in the scope
  size_t total_bytes = 0;  // every byte requested in the scope
  size_t count = 0;        // operator new calls in the scope
};

class AllocScope {
 public:
  AllocScope();   // arms counting (fails the process if a scope is already armed)
  ~AllocScope();  // disarms
  AllocScope(const AllocScope&) = delete;
  AllocScope& operator=(const AllocScope&) = delete;

  AllocStats stats() const;  // so far (or at disarm, after stop())
  size_t live_bytes() const;
  void stop();  // disarms early; stats() keeps the figures

 private:
  bool armed_ = true;
  AllocStats final_{};
};

}  // namespace f2g::test
