#include "formats/archive/lzo.h"

#include <lzo/lzo1c.h>
#include <lzo/lzo1x.h>
#include <lzo/lzo2a.h>

namespace f2g::archive::lzo {
namespace {

bool ready() {
  static const bool ok = lzo_init() == LZO_E_OK;
  return ok;
}

bool is_lzo1x(Codec codec) { return codec == Codec::Lzo1x || codec == Codec::Lzo1x999; }

}  // namespace

bool decompress(Codec codec, const uint8_t* src, size_t src_size, uint8_t* out, size_t out_size) {
  if (!ready()) return false;
  lzo_uint n = out_size;
  int rc = LZO_E_ERROR;
  if (is_lzo1x(codec))
    rc = lzo1x_decompress_safe(src, src_size, out, &n, nullptr);
  else if (codec == Codec::Lzo2a)
    rc = lzo2a_decompress_safe(src, src_size, out, &n, nullptr);
  else if (codec == Codec::Lzo1c)
    rc = lzo1c_decompress_safe(src, src_size, out, &n, nullptr);
  return rc == LZO_E_OK && n == out_size;
}

size_t compress_bound(Codec codec, size_t src_size) {
  // liblzo2's worst cases (its LZO.FAQ): an LZO2A literal costs its byte and a flag bit, so
  // incompressible input grows by an eighth, twice LZO1X's (and LZO1C's) sixteenth.
  if (is_lzo1x(codec) || codec == Codec::Lzo1c) return src_size + src_size / 16 + 64 + 3;
  if (codec == Codec::Lzo2a) return src_size + src_size / 8 + 128 + 3;
  return 0;
}

std::optional<std::vector<uint8_t>> compress_999(Codec codec, const uint8_t* src, size_t src_size) {
  const size_t bound = compress_bound(codec, src_size);
  if (!ready() || bound == 0) return std::nullopt;
  std::vector<uint8_t> out(bound);
  lzo_uint n = out.size();  // the -999 compressors do not read it: the bound is the guard
  int rc = LZO_E_ERROR;
  if (is_lzo1x(codec)) {
    std::vector<uint8_t> work(LZO1X_999_MEM_COMPRESS);
    rc = lzo1x_999_compress(src, src_size, out.data(), &n, work.data());
  } else if (codec == Codec::Lzo2a) {
    std::vector<uint8_t> work(LZO2A_999_MEM_COMPRESS);
    rc = lzo2a_999_compress(src, src_size, out.data(), &n, work.data());
  } else {
    std::vector<uint8_t> work(LZO1C_999_MEM_COMPRESS);
    rc = lzo1c_999_compress(src, src_size, out.data(), &n, work.data());
  }
  if (rc != LZO_E_OK || n > out.size()) return std::nullopt;
  out.resize(n);
  return out;
}

}  // namespace f2g::archive::lzo
