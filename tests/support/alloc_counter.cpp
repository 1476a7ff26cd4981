// The replaced global operator new / delete (all C++17 variants) behind AllocScope. Each block
// carries a 16-byte header just before the user pointer: its size, the distance back to what
// malloc returned (over-aligned blocks) and the generation of the scope that made it (0: none).
#include "tests/support/alloc_counter.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>

namespace f2g::test {
namespace {

struct alignas(16) Header {
  size_t size;
  uint32_t offset;      // user pointer - malloc'd pointer
  uint32_t generation;  // the armed scope's generation, 0 when none was armed
};
static_assert(sizeof(Header) == 16, "the header keeps the user pointer 16-aligned");

std::atomic<uint32_t> g_armed{0};  // generation of the armed scope, 0 when disarmed
std::atomic<uint32_t> g_last_generation{0};
std::atomic<size_t> g_live{0}, g_peak{0}, g_total{0}, g_count{0};

void* allocate(size_t n, size_t align) noexcept {
  const size_t head = align > sizeof(Header) ? align : sizeof(Header);
  if (n > SIZE_MAX - head) return nullptr;
  void* raw = nullptr;
  if (head == sizeof(Header)) {
    raw = std::malloc(n + head);  // glibc and ASan both return 16-aligned blocks on x86-64
  } else if (posix_memalign(&raw, head, n + head) != 0) {
    raw = nullptr;
  }
  if (!raw) return nullptr;
  char* user = static_cast<char*>(raw) + head;
  Header* h = reinterpret_cast<Header*>(user) - 1;
  h->size = n;
  h->offset = static_cast<uint32_t>(head);
  h->generation = g_armed.load(std::memory_order_acquire);
  if (h->generation != 0) {
    g_total.fetch_add(n, std::memory_order_relaxed);
    g_count.fetch_add(1, std::memory_order_relaxed);
    const size_t live = g_live.fetch_add(n, std::memory_order_relaxed) + n;
    size_t peak = g_peak.load(std::memory_order_relaxed);
    while (live > peak && !g_peak.compare_exchange_weak(peak, live, std::memory_order_relaxed)) {
    }
  }
  return user;
}

void release(void* p) noexcept {
  if (!p) return;
  Header* h = static_cast<Header*>(p) - 1;
  if (h->generation != 0 && h->generation == g_armed.load(std::memory_order_acquire))
    g_live.fetch_sub(h->size, std::memory_order_relaxed);
  std::free(static_cast<char*>(p) - h->offset);
}

// operator new's contract: retry through the new-handler, else throw.
void* allocate_or_throw(size_t n, size_t align) {
  for (;;) {
    if (void* p = allocate(n, align)) return p;
    std::new_handler handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}

void* allocate_nothrow(size_t n, size_t align) noexcept {
  try {
    return allocate_or_throw(n, align);
  } catch (...) {
    return nullptr;
  }
}

constexpr size_t kDefault = __STDCPP_DEFAULT_NEW_ALIGNMENT__;

}  // namespace

AllocScope::AllocScope() {
  const uint32_t gen = g_last_generation.fetch_add(1) + 1;
  g_live.store(0);
  g_peak.store(0);
  g_total.store(0);
  g_count.store(0);
  uint32_t none = 0;
  if (!g_armed.compare_exchange_strong(none, gen == 0 ? 1 : gen)) {
    std::fputs("AllocScope: scopes do not nest\n", stderr);
    std::abort();
  }
}

AllocScope::~AllocScope() { stop(); }

void AllocScope::stop() {
  if (!armed_) return;
  final_ = stats();
  g_armed.store(0, std::memory_order_release);
  armed_ = false;
}

AllocStats AllocScope::stats() const {
  if (!armed_) return final_;
  return {g_peak.load(), g_total.load(), g_count.load()};
}

size_t AllocScope::live_bytes() const { return armed_ ? g_live.load() : 0; }

}  // namespace f2g::test

using f2g::test::allocate_nothrow;
using f2g::test::allocate_or_throw;
using f2g::test::kDefault;
using f2g::test::release;

void* operator new(size_t n) { return allocate_or_throw(n, kDefault); }
void* operator new[](size_t n) { return allocate_or_throw(n, kDefault); }
void* operator new(size_t n, const std::nothrow_t&) noexcept {
  return allocate_nothrow(n, kDefault);
}
void* operator new[](size_t n, const std::nothrow_t&) noexcept {
  return allocate_nothrow(n, kDefault);
}
void* operator new(size_t n, std::align_val_t a) { return allocate_or_throw(n, size_t(a)); }
void* operator new[](size_t n, std::align_val_t a) { return allocate_or_throw(n, size_t(a)); }
void* operator new(size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocate_nothrow(n, size_t(a));
}
void* operator new[](size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocate_nothrow(n, size_t(a));
}

void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete(void* p, size_t) noexcept { release(p); }
void operator delete[](void* p, size_t) noexcept { release(p); }
void operator delete(void* p, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { release(p); }
