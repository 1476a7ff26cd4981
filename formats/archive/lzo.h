// liblzo2 behind two calls (the room's inside): bounded decompression into a buffer of the
// declared size, and -999 compression into a buffer of the codec's own worst case.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "formats/archive/dialect.h"

namespace f2g::archive::lzo {

// Decodes `src` with `codec` (an LZO codec) into exactly `out_size` bytes at `out`; false
// when the stream is bad, overruns `out_size` or yields fewer bytes (the _safe decoders).
bool decompress(Codec codec, const uint8_t* src, size_t src_size, uint8_t* out, size_t out_size);
// The most bytes `codec`'s -999 compressor can write for `src_size` bytes (0 for a codec
// without one): the size of the buffer compress_999 hands it.
size_t compress_bound(Codec codec, size_t src_size);
// The -999 compressor of `codec`'s family: LZO1X-999 (the games' compressor) for Lzo1x and
// Lzo1x999, LZO2A-999 for Lzo2a, LZO1C-999 for Lzo1c. nullopt for another codec, a liblzo2 failure,
// or a length beyond the buffer (never kept: the caller reports it). The result can be longer than
// `src_size` (incompressible input).
std::optional<std::vector<uint8_t>> compress_999(Codec codec, const uint8_t* src, size_t src_size);

}  // namespace f2g::archive::lzo
