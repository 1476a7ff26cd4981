// liblzo2 behind two calls (the room's inside): bounded decompression into a buffer of the
// declared size, and -999 compression.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/archive/dialect.h"

namespace f2g::archive::lzo {

// Decodes `src` with `codec` (an LZO codec) into exactly `out_size` bytes at `out`; false
// when the stream is bad, overruns `out_size` or yields fewer bytes.
bool decompress(Codec codec, const uint8_t* src, size_t src_size, uint8_t* out, size_t out_size);
// The -999 compressor of `codec`'s family: LZO1X-999 (the games' compressor) for Lzo1x and
// Lzo1x999, LZO2A-999 for Lzo2a; empty for another codec or a failure.
std::vector<uint8_t> compress_999(Codec codec, const uint8_t* src, size_t src_size);

}  // namespace f2g::archive::lzo
