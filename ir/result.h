// A value or the Diagnostic that says why there is none: errors are values.
#pragma once

#include <utility>
#include <variant>

#include "ir/diagnostic.h"

namespace f2g::ir {

template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}           // NOLINT(google-explicit-constructor)
  Result(Diagnostic error) : v_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Diagnostic& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Diagnostic> v_;
};

}  // namespace f2g::ir
