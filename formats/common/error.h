// Errors and warnings as values: a stable code, a message, the field path and the byte offset
// (docs/ARCHITECTURE.md "Reading untrusted bytes"; the Khronos validator's issue shape).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

#include "ir/diagnostic.h"
#include "ir/result.h"

namespace f2g {

using Error = ir::Diagnostic;
using ir::Result;

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

// Stored byte runs in extras and structure JSON: two digits a byte, no prefix ("0a01ff" /
// "0A01FF"). SWS writes lower case, RR and GRB/GRW upper case (kept: outputs depend on it).
enum class HexCase { Lower, Upper };
std::string hex_bytes(const uint8_t* p, size_t n, HexCase letters);

}  // namespace f2g
