// The mirror of Reader: appends little-endian fields to a growing buffer. Encoders use it
// field for field in the order their decoders read, so encode(decode(bytes)) == bytes.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace f2g {

class ByteWriter {
 public:
  // Appended with insert, not resize + copy: a resize zero-fills what the copy then writes
  // (the writer of a rebuilt mesh appends megabytes this way).
  template <class T>
  void put(T v) {
    static_assert(std::is_arithmetic<T>::value, "scalar writes only");
    uint8_t b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    buf_.insert(buf_.end(), b, b + sizeof(T));
  }
  void u8(uint8_t v) { put(v); }
  void u16(uint16_t v) { put(v); }
  void u32(uint32_t v) { put(v); }
  void u64(uint64_t v) { put(v); }
  void s16(int16_t v) { put(v); }
  void f32(float v) { put(v); }
  void u24(uint32_t v) {
    u8(uint8_t(v));
    u8(uint8_t(v >> 8));
    u8(uint8_t(v >> 16));
  }
  void bytes(const void* p, size_t n) {
    if (n == 0) return;
    const uint8_t* from = static_cast<const uint8_t*>(p);
    buf_.insert(buf_.end(), from, from + n);
  }
  void bytes(const std::vector<uint8_t>& v) { bytes(v.data(), v.size()); }
  template <class T>
  void array(const std::vector<T>& v) {
    bytes(v.data(), v.size() * sizeof(T));
  }
  // Overwrites a u32 written earlier (lengths known only after their contents).
  void patch_u32(size_t at, uint32_t v) { std::memcpy(buf_.data() + at, &v, 4); }

  size_t size() const { return buf_.size(); }
  void reserve(size_t n) { buf_.reserve(n); }
  const std::vector<uint8_t>& data() const { return buf_; }
  std::vector<uint8_t> take() { return std::move(buf_); }

 private:
  std::vector<uint8_t> buf_;
};

}  // namespace f2g
