#include "formats/common/reader.h"

namespace f2g {

static_assert(sizeof(float) == 4, "f32 must be IEEE single");

const FieldSpan* field_at(const FieldLog& log, uint64_t offset) {
  const FieldSpan* best = nullptr;
  for (const FieldSpan& f : log) {
    if (offset >= f.offset && offset - f.offset < f.size && (!best || f.size <= best->size))
      best = &f;
  }
  return best;
}

Reader::Reader(const uint8_t* begin, const uint8_t* end, std::string prefix, uint64_t base)
    : begin_(begin), cur_(begin), end_(end), base_(base), prefix_(std::move(prefix)) {}

uint32_t Reader::u24(const char* field) {
  const uint8_t* p = take(3, field);
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16;
}

const uint8_t* Reader::take(uint64_t n, const char* field) {
  need(n, field);
  const uint8_t* p = cur_;
  advance(n, field);
  return p;
}

std::vector<uint8_t> Reader::bytes(uint64_t n, const char* field) {
  const uint8_t* p = take(n, field);
  return std::vector<uint8_t>(p, p + n);
}

uint64_t Reader::checked_size(uint64_t count, uint64_t elem_size, const char* field) {
  // Subtraction form: count * elem_size > remaining without computing an overflowing product.
  if (elem_size != 0 && count > remaining() / elem_size) {
    fail("COUNT_TOO_LARGE",
         std::to_string(count) + " elements of " + std::to_string(elem_size) +
             " bytes exceed the " + std::to_string(remaining()) + " bytes left",
         field);
  }
  return count * elem_size;
}

uint32_t Reader::run_count(const char* field, uint64_t min_elem_size) {
  const uint64_t at = offset();
  const uint32_t n = u32(field);
  if (min_elem_size != 0 && n > remaining() / min_elem_size) {
    fail_at("COUNT_TOO_LARGE",
            "count " + std::to_string(n) + " of at least " + std::to_string(min_elem_size) +
                "-byte elements exceeds the " + std::to_string(remaining()) + " bytes left",
            path(field), at);
  }
  return n;
}

uint32_t Reader::expect_class(uint32_t expected, const char* class_name, const char* field) {
  const uint64_t at = offset();
  const uint32_t v = u32(field);
  if (v != expected)
    fail_at("BAD_CLASS",
            "expected class " + hex(expected, 8) + " (" + class_name + "), found " + hex(v, 8),
            path(field), at);
  return v;
}

uint32_t Reader::expect_u32(uint32_t expected, const char* field, const char* code) {
  const uint64_t at = offset();
  const uint32_t v = u32(field);
  if (v != expected)
    fail_at(code, "expected " + std::to_string(expected) + ", found " + std::to_string(v),
            path(field), at);
  return v;
}

uint8_t Reader::expect_u8(uint8_t expected, const char* field, const char* code) {
  const uint64_t at = offset();
  const uint8_t v = u8(field);
  if (v != expected)
    fail_at(code, "expected " + std::to_string(expected) + ", found " + std::to_string(v),
            path(field), at);
  return v;
}

void Reader::expect_end(const char* what) {
  if (!at_end())
    fail("TRAILING_BYTES",
         std::to_string(remaining()) + " bytes remain after the end of the " + what);
}

void Reader::fail(const std::string& code_suffix, const std::string& message,
                  const char* field) const {
  fail_at(code_suffix, message, path(field), offset());
}

void Reader::fail_at(const std::string& code_suffix, const std::string& message,
                     const std::string& path, uint64_t offset) const {
  throw DecodeFailure(Error{prefix_ + "_" + code_suffix, message, path, offset});
}

void Reader::truncated(uint64_t n, const char* field) const {
  fail("TRUNCATED",
       "needs " + std::to_string(n) + " bytes, " + std::to_string(remaining()) + " remain", field);
}

Reader::Scope::Scope(Reader& r, std::string name) : r_(r) { r_.scopes_.push_back(std::move(name)); }

Reader::Scope::Scope(Reader& r, const char* name, uint64_t index) : r_(r) {
  r_.scopes_.push_back(std::string(name) + "[" + std::to_string(index) + "]");
}

Reader::Scope::~Scope() { r_.scopes_.pop_back(); }

std::string Reader::path(const char* field) const {
  std::string p;
  for (const std::string& s : scopes_) {
    if (!p.empty()) p += '/';
    p += s;
  }
  if (field && *field) {
    if (!p.empty()) p += '.';  // "mesh/compiled/ranges[3].vertex_count"
    p += field;
  }
  return p;
}

}  // namespace f2g
