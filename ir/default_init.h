// A vector that sizing does not zero-fill: for buffers whose every element is written next
// (a file's bytes, an accessor's values), where value-initialising first is a second pass
// over the memory for nothing.
#pragma once

#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace f2g::ir {

// An allocator whose construct() without arguments default-initialises.
template <class T>
struct DefaultInitAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  DefaultInitAllocator() = default;
  template <class U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

template <class T>
using UninitVector = std::vector<T, DefaultInitAllocator<T>>;

}  // namespace f2g::ir
