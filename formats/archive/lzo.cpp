#include "formats/archive/lzo.h"

#include <lzo/lzo1x.h>
#include <lzo/lzo2a.h>

namespace f2g::archive::lzo {
namespace {

bool ready() {
  static const bool ok = lzo_init() == LZO_E_OK;
  return ok;
}

}  // namespace

bool decompress(Codec codec, const uint8_t* src, size_t src_size, uint8_t* out, size_t out_size) {
  if (!ready()) return false;
  lzo_uint n = out_size;
  int rc = LZO_E_ERROR;
  if (codec == Codec::Lzo1x || codec == Codec::Lzo1x999)
    rc = lzo1x_decompress_safe(src, src_size, out, &n, nullptr);
  else if (codec == Codec::Lzo2a)
    rc = lzo2a_decompress_safe(src, src_size, out, &n, nullptr);
  return rc == LZO_E_OK && n == out_size;
}

std::vector<uint8_t> compress_999(Codec codec, const uint8_t* src, size_t src_size) {
  const bool x = codec == Codec::Lzo1x || codec == Codec::Lzo1x999;
  if (!ready() || (!x && codec != Codec::Lzo2a)) return {};
  std::vector<uint8_t> out(src_size + src_size / 16 + 64 + 3);  // liblzo2's worst case
  std::vector<uint8_t> work(x ? LZO1X_999_MEM_COMPRESS : LZO2A_999_MEM_COMPRESS);
  lzo_uint n = out.size();
  const int rc = x ? lzo1x_999_compress(src, src_size, out.data(), &n, work.data())
                   : lzo2a_999_compress(src, src_size, out.data(), &n, work.data());
  if (rc != LZO_E_OK) return {};
  out.resize(n);
  return out;
}

}  // namespace f2g::archive::lzo
