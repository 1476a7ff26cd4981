// The 64-bit ids of the RR and GRB/GRW samples: hash-like values derived from names, so every
// run gives the same bytes (32-bit name hashes are the engine's CRC-32, formats/common/names.h).
#pragma once

#include <cstdint>
#include <string>

namespace f2g::samples {

// FNV-1a, then a splitmix64 finaliser.
inline uint64_t id_of(const std::string& name) {
  uint64_t h = 0xCBF29CE484222325ull;
  for (unsigned char ch : name) h = (h ^ ch) * 0x100000001B3ull;
  h ^= h >> 30;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 27;
  h *= 0x94D049BB133111EBull;
  return h ^ (h >> 31);
}

}  // namespace f2g::samples
