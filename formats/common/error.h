// Errors and warnings as values: a stable code, a message, the field path and the byte offset
// (ARCHITECTURE.md "Reading untrusted bytes"; the Khronos validator's issue shape).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

#include "ir/diagnostic.h"

namespace f2g {

using Error = ir::Diagnostic;

// Thrown inside a decoder by the reader and the checks; every public decode entry point
// catches it and returns it as a value, so callers only ever see Result<T>.
class DecodeFailure : public std::exception {
 public:
  explicit DecodeFailure(Error e) : error_(std::move(e)) {}
  const Error& error() const { return error_; }
  const char* what() const noexcept override { return error_.message.c_str(); }

 private:
  Error error_;
};

template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  Result(Error error) : v_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

// Runs a throwing decoder body and turns a DecodeFailure into an Error value.
template <class F>
auto catch_failure(F&& body) -> Result<decltype(body())> {
  try {
    return body();
  } catch (const DecodeFailure& f) {
    return f.error();
  }
}

std::string hex(uint64_t value, int digits = 0);  // "0x1A2C"; digits pads with zeros

}  // namespace f2g
