// Index buffers of u16 or u32 values, as RR and GRB/GRW store them: value k read and written
// (the stored width is the game's decision).
#pragma once

#include <cstdint>
#include <cstring>

namespace f2g {

// Value k of a buffer of `index_size` (2 or 4) byte values; the caller checked the bounds.
inline uint32_t index_at(const uint8_t* data, uint64_t k, uint32_t index_size) {
  if (index_size == 2) {
    uint16_t v16;
    std::memcpy(&v16, data + 2 * k, 2);
    return v16;
  }
  uint32_t v;
  std::memcpy(&v, data + 4 * k, 4);
  return v;
}

// Value k of such a buffer written (index_at's mirror); the caller sized the buffer.
inline void set_index(uint8_t* data, uint64_t k, uint32_t index_size, uint32_t v) {
  if (index_size == 2) {
    const uint16_t v16 = static_cast<uint16_t>(v);
    std::memcpy(data + 2 * k, &v16, 2);
    return;
  }
  std::memcpy(data + 4 * k, &v, 4);
}

}  // namespace f2g
