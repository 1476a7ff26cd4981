// libFuzzer target: the Material, TextureSet, TextureMap and CompiledMip codecs
// (formats/grb/material.h, texture_map.h) over arbitrary bytes, as GRW and as GRB. A resource
// that reads must write back to the input byte for byte; a map's reading must name levels its
// blob holds, and decoding its first inline level must stay inside the input (ASan).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "formats/grb/material.h"
#include "formats/grb/texture_map.h"
#include "formats/grb/texture_reading.h"
#include "formats/texture/decode.h"

namespace {

void same(const std::vector<uint8_t>& again, const uint8_t* data, size_t size) {
  if (again.size() != size || std::memcmp(again.data(), data, size) != 0) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace f2g::grb;
  for (Dialect d : {Dialect::Grw, Dialect::Grb}) {
    if (auto m = read_material(d, data, size)) same(write_material(d, *m), data, size);
    if (auto s = read_texture_set(data, size)) same(write_texture_set(*s), data, size);
    if (auto c = read_compiled_mip(data, size)) same(write_compiled_mip(*c), data, size);
    auto t = read_texture_map(d, data, size);
    if (!t) continue;
    same(write_texture_map(d, *t), data, size);
    const uint32_t first = first_inline_level(d, *t);
    if (first > t->levels()) std::abort();
    const auto f = block_format(d, t->pixel_format);
    if (!f || first >= t->levels() || first >= 32) continue;
    const uint32_t w = std::max<uint32_t>(1, t->width >> first);
    const uint32_t h = std::max<uint32_t>(1, t->height >> first);
    // A cap well under libFuzzer's malloc limit: what a map claims is never trusted.
    f2g::texture::decode_level(*f, w, h, t->blob.data(), t->blob.size(), uint64_t(64) << 20);
  }
  return 0;
}
