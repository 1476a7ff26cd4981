// The one bounds-checked little-endian reader every decoder uses (docs/ARCHITECTURE.md "Reading
// untrusted bytes"). Every read names its field; a short input, a bad class id or a count
// that the remaining bytes cannot hold throws DecodeFailure with code, field path and offset.
// Checks are in subtraction form (n > remaining()), so nothing overflows, and every array is
// sized only after count * element size is proven to fit in the input: no input can make a
// decoder allocate more than its own size.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "formats/common/error.h"

namespace f2g {

// Optional record of every field read: (offset, size, path). Used to name the field that
// covers a byte (verify --reencode) and by tests; costs nothing when not attached.
struct FieldSpan {
  uint64_t offset;
  uint64_t size;
  std::string path;
};
using FieldLog = std::vector<FieldSpan>;
// The innermost field covering `offset`, or nullptr.
const FieldSpan* field_at(const FieldLog& log, uint64_t offset);

class Reader {
 public:
  // `prefix` starts every error code ("SWS" -> "SWS_TRUNCATED"); `base` is the absolute
  // offset of `begin` in the input file (RR bodies behind a 12-byte resource header).
  Reader(const uint8_t* begin, const uint8_t* end, std::string prefix, uint64_t base = 0);

  uint64_t offset() const { return base_ + static_cast<uint64_t>(cur_ - begin_); }
  size_t remaining() const { return static_cast<size_t>(end_ - cur_); }
  bool at_end() const { return cur_ == end_; }
  const std::string& prefix() const { return prefix_; }
  const uint8_t* cursor() const { return cur_; }

  template <class T>
  T read(const char* field) {
    static_assert(std::is_arithmetic<T>::value, "scalar reads only");
    need(sizeof(T), field);
    T v;
    std::memcpy(&v, cur_, sizeof(T));  // host is little-endian (checked at build time)
    advance(sizeof(T), field);
    return v;
  }
  uint8_t u8(const char* field) { return read<uint8_t>(field); }
  uint16_t u16(const char* field) { return read<uint16_t>(field); }
  uint32_t u32(const char* field) { return read<uint32_t>(field); }
  uint64_t u64(const char* field) { return read<uint64_t>(field); }
  int16_t s16(const char* field) { return read<int16_t>(field); }
  float f32(const char* field) { return read<float>(field); }
  uint32_t u24(const char* field);

  // `n` raw bytes, bounds-checked; the pointer stays valid as long as the input does.
  const uint8_t* take(uint64_t n, const char* field);
  std::vector<uint8_t> bytes(uint64_t n, const char* field);

  // `count` elements of T read by memcpy, after proving count * sizeof(T) fits.
  template <class T>
  std::vector<T> array(uint64_t count, const char* field) {
    const uint64_t n = checked_size(count, sizeof(T), field);
    std::vector<T> out(static_cast<size_t>(count));
    if (n) std::memcpy(out.data(), take(n, field), static_cast<size_t>(n));
    return out;
  }

  // count * elem_size, failing with PREFIX_COUNT_TOO_LARGE when the rest of the input cannot
  // hold that many elements. Call before every allocation sized by a stored count.
  uint64_t checked_size(uint64_t count, uint64_t elem_size, const char* field);

  // A u32 run count whose elements (each at least `min_elem_size` bytes) must fit.
  uint32_t run_count(const char* field, uint64_t min_elem_size);

  // Reads a u32 and fails with PREFIX_BAD_CLASS unless it equals `expected`.
  uint32_t expect_class(uint32_t expected, const char* class_name, const char* field = "class");
  // Reads a u32/u8 and fails with `code` unless it equals `expected` (a Proven constant).
  uint32_t expect_u32(uint32_t expected, const char* field, const char* code);
  uint8_t expect_u8(uint8_t expected, const char* field, const char* code);

  // Fails with PREFIX_TRAILING_BYTES unless every byte was consumed.
  void expect_end(const char* what);

  [[noreturn]] void fail(const std::string& code_suffix, const std::string& message,
                         const char* field = nullptr) const;
  [[noreturn]] void fail_at(const std::string& code_suffix, const std::string& message,
                            const std::string& path, uint64_t offset) const;

  // Field paths: a scope pushes one component ("compiled", "ranges[3]") until destroyed.
  class Scope {
   public:
    Scope(Reader& r, std::string name);
    Scope(Reader& r, const char* name, uint64_t index);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    Reader& r_;
  };
  std::string path(const char* field = nullptr) const;

  void set_log(FieldLog* log) { log_ = log; }
  FieldLog* log() const { return log_; }

 private:
  void need(uint64_t n, const char* field) const {
    if (n > remaining()) truncated(n, field);
  }
  [[noreturn]] void truncated(uint64_t n, const char* field) const;
  void advance(uint64_t n, const char* field) {
    if (log_) log_->push_back({offset(), n, path(field)});
    cur_ += n;
  }

  const uint8_t* begin_;
  const uint8_t* cur_;
  const uint8_t* end_;
  uint64_t base_;
  std::string prefix_;
  std::vector<std::string> scopes_;
  FieldLog* log_ = nullptr;
};

}  // namespace f2g
