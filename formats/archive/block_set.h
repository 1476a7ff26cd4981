// A block set: the compressed unit of an entry's payload (docs/READING.md "Forge archives",
// "Block sets"). u64 magic, i16 version, u8 compression, u16 block size, u16, i32 block count,
// count x {uncompressed, stored} sizes (u16 or i32 per dialect), count x {u32 checksum, data}.
// A block whose two sizes are equal is stored raw; the checksum is Adler-32 with both sums
// starting at 0, over the stored bytes.
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

// Adler-32 with both sums starting at 0 (not 1), as the archives store it.
uint32_t adler32_zero(const uint8_t* data, size_t size);

struct SetHeader {
  int16_t version = 0;
  uint8_t compression = 0;
  uint16_t block_size = kBlockSize;
  uint16_t block_size2 = kBlockSize;  // kept verbatim
};

// One stored block: a view into the bytes it was read from (or built in).
struct StoredBlock {
  uint32_t uncompressed_size = 0;
  uint32_t checksum = 0;
  const uint8_t* data = nullptr;  // the stored bytes
  uint32_t stored_size = 0;
  uint64_t offset = 0;  // of its checksum, in the archive (0 when built)
  bool raw() const { return uncompressed_size == stored_size; }
};

struct BlockSet {
  SetHeader header;
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

}  // namespace f2g::archive
