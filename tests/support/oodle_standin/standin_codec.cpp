#include "tests/support/oodle_standin/standin_codec.h"

#include <lzo/lzo1x.h>

#include <cstring>
#include <vector>

namespace f2g::standin {
namespace {
constexpr uint8_t kLzo = 0x5A, kStored = 0x5B;
}

size_t bound(size_t size) { return size + 274 * ((size + 0x3FFFF) / 0x40000); }

size_t compress(const uint8_t* src, size_t size, uint8_t* out) {
  std::vector<uint8_t> z(size + size / 16 + 64 + 3);
  std::vector<uint8_t> work(LZO1X_999_MEM_COMPRESS);
  lzo_uint n = z.size();
  const bool ok = lzo_init() == LZO_E_OK &&
                  lzo1x_999_compress(src, size, z.data(), &n, work.data()) == LZO_E_OK;
  if (ok && 1 + n <= bound(size)) {
    out[0] = kLzo;
    std::memcpy(out + 1, z.data(), n);
    return 1 + n;
  }
  if (1 + size > bound(size)) return 0;  // an empty block: nothing fits a marker byte
  out[0] = kStored;
  std::memcpy(out + 1, src, size);
  return 1 + size;
}

size_t decompress(const uint8_t* src, size_t size, uint8_t* out, size_t raw_size) {
  if (size < 1) return 0;
  if (src[0] == kStored) {
    if (size - 1 != raw_size) return 0;
    std::memcpy(out, src + 1, raw_size);
    return raw_size;
  }
  if (src[0] != kLzo || lzo_init() != LZO_E_OK) return 0;
  lzo_uint n = raw_size;
  if (lzo1x_decompress_safe(src + 1, size - 1, out, &n, nullptr) != LZO_E_OK) return 0;
  return n;
}

}  // namespace f2g::standin
