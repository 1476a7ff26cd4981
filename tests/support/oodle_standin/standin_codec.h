// The stand-in for RAD's Oodle that the sample GRB archive and the tests use (docs/READING.md
// "Forge archives", "Oodle"): a codec of this project's own, not Oodle. A stream is a marker
// byte, then either an LZO1X-999 stream (0x5A) or the block stored (0x5B, when compression
// would pass the bound Oodle's callers allocate: the raw size plus 274 bytes per 256 KiB).
#pragma once

#include <cstddef>
#include <cstdint>

namespace f2g::standin {

// The most bytes compress writes for `size` bytes: Oodle's bound.
size_t bound(size_t size);
// Compresses src[0..size) into `out` (bound(size) bytes); returns the length.
size_t compress(const uint8_t* src, size_t size, uint8_t* out);
// Decodes src[0..size) into exactly `raw_size` bytes at `out`; the length decoded, or 0.
size_t decompress(const uint8_t* src, size_t size, uint8_t* out, size_t raw_size);

}  // namespace f2g::standin
