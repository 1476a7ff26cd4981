// The stand-in shared libraries: RAD's two entry points, with the signatures the public Oodle
// headers give, over the stand-in codec. F2G_STANDIN_MODE makes the hostile ones: 1 fails every
// call, 2 returns one byte short, 3 writes 16 bytes past the output, 4 exports no OodleLZ_*.
#include <cstdint>
#include <cstring>

#include "tests/support/oodle_standin/standin_codec.h"

#ifndef F2G_STANDIN_MODE
#define F2G_STANDIN_MODE 0
#endif

#if F2G_STANDIN_MODE == 4
extern "C" __attribute__((visibility("default"))) int f2g_standin_nothing_here() { return 0; }
#else
extern "C" __attribute__((visibility("default"))) intptr_t OodleLZ_Decompress(
    const void* comp, intptr_t comp_size, void* raw, intptr_t raw_len, int, int, int, void*,
    intptr_t, void*, void*, void*, intptr_t, int) {
  if (F2G_STANDIN_MODE == 1 || comp_size < 0 || raw_len < 0) return 0;
  const size_t n = f2g::standin::decompress(static_cast<const uint8_t*>(comp), size_t(comp_size),
                                            static_cast<uint8_t*>(raw), size_t(raw_len));
  if (F2G_STANDIN_MODE == 2 && n) return intptr_t(n) - 1;
  if (F2G_STANDIN_MODE == 3) std::memset(static_cast<uint8_t*>(raw) + raw_len, 0xEE, 16);
  return intptr_t(n);
}

extern "C" __attribute__((visibility("default"))) intptr_t OodleLZ_Compress(
    int, const void* raw, intptr_t raw_len, void* comp, int, const void*, const void*, const void*,
    void*, intptr_t) {
  if (F2G_STANDIN_MODE == 1 || raw_len < 0) return 0;
  const size_t n = f2g::standin::compress(static_cast<const uint8_t*>(raw), size_t(raw_len),
                                          static_cast<uint8_t*>(comp));
  if (F2G_STANDIN_MODE == 3)
    std::memset(static_cast<uint8_t*>(comp) + f2g::standin::bound(size_t(raw_len)), 0xEE, 16);
  return intptr_t(n);
}
#endif
