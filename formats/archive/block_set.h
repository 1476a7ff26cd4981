// A block set: the compressed unit of an entry's payload (docs/READING.md "Forge archives",
// "Block sets"). u64 magic, i16 version, u8 compression, u16 block size, u16 mode, then as a
// table (mode 0x8000): block count (i32, u16 in version 25), count x {uncompressed, stored}
// sizes (u16 or i32 per dialect), count x {u32 checksum, data}, a block whose two sizes are
// equal stored raw; or, in version 25 only, as a stream (mode 0) of chunks to the payload's end:
// u8 flag 0, length, raw bytes; or flag 1, i32 stored, i32 uncompressed, u32 checksum, data.
// The checksum is Adler-32 with both sums starting at 0, over the stored bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/archive/codec.h"
#include "formats/archive/dialect.h"
#include "formats/common/error.h"

namespace f2g::archive {

constexpr uint64_t kSetMagic = 0x1004FA9957FBAA33ull;
constexpr uint32_t kBlockSize = 0x8000;  // the largest uncompressed block, and the header's value
constexpr uint16_t kStreamMode = 0;      // the mode of a version-25 stream set

// Adler-32 with both sums starting at 0 (not 1), as the archives store it.
uint32_t adler32_zero(const uint8_t* data, size_t size);
// Adler-32 as zlib computes it (the first sum from 1): what a version-25 checksum is compared
// with when it does not hold from 0.
uint32_t adler32_one(const uint8_t* data, size_t size);

struct SetHeader {
  int16_t version = 0;
  uint8_t compression = 0;
  uint16_t block_size = kBlockSize;
  uint16_t block_size2 = kBlockSize;  // the mode: kept verbatim (0x8000 table, 0 stream)
};

// One stored block: a view into the bytes it was read from (or built in).
struct StoredBlock {
  uint32_t uncompressed_size = 0;
  uint32_t checksum = 0;
  const uint8_t* data = nullptr;  // the stored bytes
  uint32_t stored_size = 0;
  uint64_t offset = 0;  // of its checksum, in the archive (0 when built); a chunk's flag
  int8_t flag = -1;     // a stream chunk's flag (0 raw, 1 compressed); -1 in a table
  bool raw() const { return flag < 0 ? uncompressed_size == stored_size : flag == 0; }
};

struct BlockSet {
  SetHeader header;
  bool stream = false;       // mode 0: chunks, not a table
  uint8_t length_width = 4;  // a raw chunk's length: i32, or u16 (ACX's reading)
  std::vector<StoredBlock> blocks;
  uint64_t offset = 0;  // of the magic, in the archive
  uint64_t size = 0;    // bytes the set occupies
  uint64_t uncompressed_size() const;
};

// Reads the set's framing at data[0..size): header, sizes, checksums and stored bytes, every
// bound checked before anything is allocated; checksums verified; nothing decompressed.
// `base` is the offset of `data` in the archive and `path` the field path of the set, for
// diagnostics ("archive/entries[3]/sets[1]").
Result<BlockSet> read_block_set(const Dialect& dialect, const uint8_t* data, size_t size,
                                uint64_t base, const std::string& path);

// Decompresses every block into one buffer, each block bounded by its declared uncompressed
// size (at most the block size) and decoded by its codec in `codecs`. A block whose codec is
// missing (Oodle without a library) fails with ARCHIVE_OODLE, before anything is decompressed.
Result<std::vector<uint8_t>> decompress_block_set(const Dialect& dialect, const BlockSet& set,
                                                  const std::string& path,
                                                  const Codecs& codecs = builtin_codecs());

// True when some compressed block of `set` needs a codec `codecs` lacks.
bool codec_missing(const Dialect& dialect, const BlockSet& set, const Codecs& codecs);

// Writes `set` back exactly as described (stored bytes and checksums verbatim): the mirror of
// read_block_set, so encode(read(x)) == x.
std::vector<uint8_t> encode_stored_block_set(const Dialect& dialect, const BlockSet& set);

// Compresses `data` into a new set with compression number `compression` (the dialect's
// write_compression by default): blocks of kBlockSize, each compressed with the -999
// compressor of the number's codec in `codecs` (LZO1X-999; LZO2A-999 for GRB's 2), or stored
// raw when compression does not make it smaller; checksums computed. A number without a codec
// here (Oodle without a library, or one the dialect does not name) fails with
// ARCHIVE_CODEC_UNAVAILABLE; a block the compressor fails on (liblzo2's error, or a length past
// its worst case) with ARCHIVE_WRITE.
Result<std::vector<uint8_t>> encode_block_set(const Dialect& dialect, const uint8_t* data,
                                              size_t size, int compression = -1,
                                              const Codecs& codecs = builtin_codecs());

// A version-25 stream set of `data` (mode 0), the mirror of a stream read: chunk i holds
// `like[i]`'s uncompressed size with its flag (1 compressed, even when not smaller; 0 raw), so
// an unchanged stream re-encodes to its own chunks; bytes beyond `like`'s chunks go in chunks of
// kBlockSize, compressed where that makes them smaller. A raw chunk's length has
// `length_width` bytes. Failures as encode_block_set's.
Result<std::vector<uint8_t>> encode_stream_set(const Dialect& dialect, const uint8_t* data,
                                               size_t size, int compression,
                                               const std::vector<StoredBlock>& like,
                                               uint8_t length_width,
                                               const Codecs& codecs = builtin_codecs());

}  // namespace f2g::archive
