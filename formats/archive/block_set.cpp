// Block sets, read and written side by side (docs/READING.md "Forge archives", "Block sets").
#include "formats/archive/block_set.h"

#include <algorithm>
#include <cstring>

#include "formats/archive/checks.h"
#include "formats/archive/set_codec.h"
#include "formats/common/writer.h"

namespace f2g::archive {

uint32_t adler32_zero(const uint8_t* data, size_t size) {
  constexpr uint32_t kMod = 65521;
  constexpr size_t kRun = 5552;  // the longest run whose sums cannot overflow a u32
  uint32_t a = 0, b = 0;
  while (size) {
    const size_t n = size < kRun ? size : kRun;
    for (size_t i = 0; i < n; ++i) {
      a += data[i];
      b += a;
    }
    a %= kMod;
    b %= kMod;
    data += n;
    size -= n;
  }
  return b << 16 | a;
}

uint64_t BlockSet::uncompressed_size() const {
  uint64_t n = 0;
  for (const StoredBlock& b : blocks) n += b.uncompressed_size;
  return n;
}

uint32_t adler32_one(const uint8_t* data, size_t size) {
  // From 1 the first sum is 1 + the bytes' sum, the second that plus the byte count: the
  // from-0 sums shifted, modulo 65521.
  constexpr uint64_t kMod = 65521;
  const uint32_t zero = adler32_zero(data, size);
  const uint64_t a = ((zero & 0xFFFF) + 1) % kMod;
  const uint64_t b = ((zero >> 16) + size % kMod) % kMod;
  return uint32_t(b << 16 | a);
}

namespace {

// The stored checksum against the bytes: Proven from 0 in GRW and GRB (an error); in version
// 25 Observed (ARCHIVE_CHECKSUM_FROM_ONE when it holds from 1, else ARCHIVE_CHECKSUM_UNKNOWN).
void check_sum(Reader& r, const Dialect& d, Checker& c, const StoredBlock& b) {
  const uint32_t sum = adler32_zero(b.data, b.stored_size);
  if (!d.checksum_observed) {
    c.check(check::checksum, sum == b.checksum, r.path("checksum"), b.offset, [&] {
      return "stored " + hex(b.checksum, 8) + ", the bytes' Adler-32 (from 0) is " + hex(sum, 8);
    });
    return;
  }
  const uint32_t one = sum == b.checksum ? sum : adler32_one(b.data, b.stored_size);
  c.check(check::checksum_from_one, sum == b.checksum || one != b.checksum, r.path("checksum"),
          b.offset, [&] {
            return "stored " + hex(b.checksum, 8) + " is the bytes' Adler-32 from 1, not from 0 (" +
                   hex(sum, 8) + ")";
          });
  c.check(check::checksum_unknown, sum == b.checksum || one == b.checksum, r.path("checksum"),
          b.offset, [&] {
            return "stored " + hex(b.checksum, 8) + ", the bytes' Adler-32 is " + hex(sum, 8) +
                   " from 0 and " + hex(one, 8) + " from 1";
          });
}

void read_table(Reader& r, const Dialect& d, Checker& c, BlockSet& set) {
  const uint64_t at_count = r.offset();
  const int64_t count =
      d.count_width == 2 ? int64_t(r.u16("block_count")) : r.read<int32_t>("block_count");
  const uint64_t per_block = 2ull * d.size_width + 4;  // a size pair and a checksum at least
  c.check(check::block_count, count >= 0 && uint64_t(count) <= r.remaining() / per_block,
          r.path("block_count"), at_count, [&] {
            return "block count " + std::to_string(count) + " (" + std::to_string(per_block) +
                   " bytes each at least) does not fit the " + std::to_string(r.remaining()) +
                   " bytes left";
          });
  set.blocks.resize(size_t(count));
  for (int64_t i = 0; i < count; ++i) {
    Reader::Scope s(r, "blocks", uint64_t(i));
    StoredBlock& b = set.blocks[size_t(i)];
    const uint64_t at = r.offset();
    int64_t u, st;
    if (d.size_width == 2) {
      u = r.u16("uncompressed_size");
      st = r.u16("stored_size");
    } else {
      u = r.read<int32_t>("uncompressed_size");
      st = r.read<int32_t>("stored_size");
    }
    c.check(check::block_size, u >= 0 && st >= 0 && u <= set.header.block_size, r.path(), at, [&] {
      return "block sizes " + std::to_string(u) + " / " + std::to_string(st) +
             ": the uncompressed size must be 0.." + std::to_string(set.header.block_size);
    });
    b.uncompressed_size = uint32_t(u);
    b.stored_size = uint32_t(st);
  }
  for (int64_t i = 0; i < count; ++i) {
    Reader::Scope s(r, "blocks", uint64_t(i));
    StoredBlock& b = set.blocks[size_t(i)];
    b.offset = r.offset();
    b.checksum = r.u32("checksum");
    b.data = r.take(b.stored_size, "data");
    check_sum(r, d, c, b);
  }
}

// The most a chunk may decode to: LZO's densest code (a run, 255 more bytes per length byte),
// so a declared size never allocates beyond what its stored bytes could make.
uint64_t chunk_bound(uint64_t stored) { return 256 * stored + 64; }

// True when chunks with raw lengths of `width` bytes tile data[0..size) exactly.
bool chunks_tile(const uint8_t* p, size_t size, uint8_t width) {
  size_t at = 0;
  while (at < size) {
    const uint8_t flag = p[at++];
    uint64_t need;
    if (flag == 0) {
      if (size - at < width) return false;
      uint32_t n = 0;
      std::memcpy(&n, p + at, width);
      if (width == 4 && int32_t(n) < 0) return false;
      need = uint64_t(width) + n;
    } else if (flag == 1) {
      if (size - at < 12) return false;
      int32_t z, u;
      std::memcpy(&z, p + at, 4);
      std::memcpy(&u, p + at + 4, 4);
      if (z < 0 || u < 0 || uint64_t(u) > chunk_bound(uint64_t(z))) return false;
      need = 12 + uint64_t(z);
    } else {
      return false;
    }
    if (need > size - at) return false;
    at += size_t(need);
  }
  return true;
}

// A stream set's chunks, to the reader's end. The raw chunk's length is an i32 (the 010
// template) or a u16 (ACX): the width under which the chunks tile the rest is the one read.
void read_stream(Reader& r, const Dialect& d, Checker& c, BlockSet& set) {
  const uint8_t* rest = r.cursor();
  set.length_width = chunks_tile(rest, size_t(r.remaining()), 4)   ? 4
                     : chunks_tile(rest, size_t(r.remaining()), 2) ? 2
                                                                   : 4;
  for (uint64_t i = 0; !r.at_end(); ++i) {
    Reader::Scope s(r, "chunks", i);
    StoredBlock b;
    const uint64_t at = r.offset();
    const uint8_t flag = r.u8("flag");
    c.check(check::stream_chunk, flag <= 1, r.path("flag"), at,
            [&] { return "chunk flag " + std::to_string(flag) + ", not 0 (raw) or 1"; });
    b.flag = int8_t(flag);
    if (flag == 0) {
      const int64_t n =
          set.length_width == 2 ? int64_t(r.u16("length")) : int64_t(r.read<int32_t>("length"));
      c.check(check::stream_chunk, n >= 0 && uint64_t(n) <= r.remaining(), r.path("length"), at + 1,
              [&] {
                return "raw chunk of " + std::to_string(n) + " bytes with " +
                       std::to_string(r.remaining()) + " left";
              });
      b.stored_size = b.uncompressed_size = uint32_t(n);
      b.offset = r.offset();
      b.data = r.take(b.stored_size, "data");
    } else {
      const int32_t z = r.read<int32_t>("stored_size");
      const int32_t u = r.read<int32_t>("uncompressed_size");
      c.check(check::stream_chunk,
              z >= 0 && uint64_t(z) <= r.remaining() && u >= 0 &&
                  uint64_t(u) <= chunk_bound(uint64_t(z)),
              r.path(), at + 1, [&] {
                return "chunk sizes " + std::to_string(z) + " stored / " + std::to_string(u) +
                       " uncompressed: stored within the " + std::to_string(r.remaining()) +
                       " bytes left, uncompressed at most 256 x stored + 64";
              });
      b.stored_size = uint32_t(z);
      b.uncompressed_size = uint32_t(u);
      b.offset = r.offset();
      b.checksum = r.u32("checksum");
      b.data = r.take(b.stored_size, "data");
      check_sum(r, d, c, b);
    }
    set.blocks.push_back(b);
  }
}

}  // namespace

BlockSet read_set(Reader& r, const Dialect& d, Checker& c) {
  BlockSet set;
  set.offset = r.offset();
  const uint64_t magic = r.u64("magic");
  c.check(check::set_magic, magic == kSetMagic, r.path("magic"), set.offset,
          [&] { return "found " + hex(magic, 16) + ", not the block-set magic"; });
  const uint64_t at_version = r.offset();
  set.header.version = r.s16("version");
  c.check(check::set_version, set.header.version == d.set_version, r.path("version"), at_version,
          [&] {
            return "version " + std::to_string(set.header.version) + ", the " + d.name +
                   " dialect's is " + std::to_string(d.set_version);
          });
  set.header.compression = r.u8("compression");
  const uint64_t at_size = r.offset();
  set.header.block_size = r.u16("block_size");
  c.check(check::block_size, set.header.block_size == kBlockSize, r.path("block_size"), at_size,
          [&] { return "block size " + hex(set.header.block_size) + ", not 0x8000"; });
  set.header.block_size2 = r.u16("block_size2");
  if (d.payload == PayloadLayout::DataFile) {
    c.check(check::set_mode,
            set.header.block_size2 == kBlockSize || set.header.block_size2 == kStreamMode,
            r.path("mode"), at_size + 2, [&] {
              return "mode " + hex(set.header.block_size2) + ", not 0x8000 (table) or 0 (stream)";
            });
    set.stream = set.header.block_size2 == kStreamMode;
  } else {
    c.check(check::block_size2, set.header.block_size2 == set.header.block_size,
            r.path("block_size2"), at_size + 2,
            [&] { return "second block size " + hex(set.header.block_size2) + ", not 0x8000"; });
  }
  if (set.stream)
    read_stream(r, d, c, set);
  else
    read_table(r, d, c, set);
  set.size = r.offset() - set.offset;
  return set;
}

void fail_codec_missing(const StoredBlock& block, const std::string& path) {
  throw DecodeFailure(Error{kOodleCode,
                            "the block is Oodle-compressed; this build has no Oodle decoder (a "
                            "proprietary codec): the entry's resources are unknown",
                            path, block.offset});
}

bool codec_missing(const Dialect& d, const BlockSet& set, const Codecs& codecs) {
  const CompressionNumber* n = d.compression(set.header.compression);
  if (!n || codecs.find(n->codec)) return false;
  for (const StoredBlock& b : set.blocks)
    if (!b.raw()) return true;
  return false;
}

std::vector<uint8_t> decompress_set(const Dialect& d, const BlockSet& set, const Codecs& codecs,
                                    Checker& c, const std::string& path) {
  const CompressionNumber* number = d.compression(set.header.compression);
  const BlockCodec* codec = nullptr;
  // Decide before decompressing anything: an unknown number or a missing codec fails the set.
  for (size_t i = 0; i < set.blocks.size(); ++i) {
    const StoredBlock& b = set.blocks[i];
    if (b.raw()) continue;
    const std::string at = path + "/blocks[" + std::to_string(i) + "]";
    c.check(check::compression_known, number != nullptr, at, set.offset + 10, [&] {
      return "compression " + std::to_string(set.header.compression) + " is not one of the " +
             d.name + " dialect's";
    });
    codec = codecs.find(number->codec);
    if (!codec) fail_codec_missing(b, at);
  }
  std::vector<uint8_t> out;
  for (size_t i = 0; i < set.blocks.size(); ++i) {
    const StoredBlock& b = set.blocks[i];
    const size_t at = out.size();
    out.resize(at + b.uncompressed_size);  // at most 0x8000 more per block (checked on read)
    if (b.raw()) {
      if (b.stored_size) std::memcpy(out.data() + at, b.data, b.stored_size);
      continue;
    }
    const std::string why =
        codec->decompress(b.data, b.stored_size, out.data() + at, b.uncompressed_size);
    if (!why.empty() && codec->failure_code())  // the codec's own fault, not the stream's
      throw DecodeFailure(Error{codec->failure_code(), std::string(number->name) + ": " + why,
                                path + "/blocks[" + std::to_string(i) + "].data", b.offset + 4});
    c.check(check::stream_decodes, why.empty(), path + "/blocks[" + std::to_string(i) + "].data",
            b.offset + 4, [&] {
              return std::string(number->name) + " stream of " + std::to_string(b.stored_size) +
                     " bytes does not decode to its " + std::to_string(b.uncompressed_size) +
                     " bytes: " + why;
            });
  }
  return out;
}

Result<BlockSet> read_block_set(const Dialect& d, const uint8_t* data, size_t size, uint64_t base,
                                const std::string& path) {
  return catch_failure([&] {
    Reader r(data, data + size, "ARCHIVE", base);
    Reader::Scope s(r, path);
    std::vector<Error> warnings;
    Checker c(r, warnings, nullptr);
    return read_set(r, d, c);
  });
}

Result<std::vector<uint8_t>> decompress_block_set(const Dialect& d, const BlockSet& set,
                                                  const std::string& path, const Codecs& codecs) {
  return catch_failure([&] {
    Reader r(nullptr, nullptr, "ARCHIVE");
    std::vector<Error> warnings;
    Checker c(r, warnings, nullptr);
    return decompress_set(d, set, codecs, c, path);
  });
}

std::vector<uint8_t> encode_stored_block_set(const Dialect& d, const BlockSet& set) {
  ByteWriter w;
  w.u64(kSetMagic);
  w.s16(set.header.version);
  w.u8(set.header.compression);
  w.u16(set.header.block_size);
  w.u16(set.header.block_size2);
  if (set.stream) {
    for (const StoredBlock& b : set.blocks) {
      w.u8(uint8_t(b.flag));
      if (b.flag == 0) {
        if (set.length_width == 2)
          w.u16(uint16_t(b.stored_size));
        else
          w.put<int32_t>(int32_t(b.stored_size));
      } else {
        w.put<int32_t>(int32_t(b.stored_size));
        w.put<int32_t>(int32_t(b.uncompressed_size));
        w.u32(b.checksum);
      }
      w.bytes(b.data, b.stored_size);
    }
    return w.take();
  }
  if (d.count_width == 2)
    w.u16(uint16_t(set.blocks.size()));
  else
    w.put<int32_t>(int32_t(set.blocks.size()));
  for (const StoredBlock& b : set.blocks) {
    if (d.size_width == 2) {
      w.u16(uint16_t(b.uncompressed_size));
      w.u16(uint16_t(b.stored_size));
    } else {
      w.put<int32_t>(int32_t(b.uncompressed_size));
      w.put<int32_t>(int32_t(b.stored_size));
    }
  }
  for (const StoredBlock& b : set.blocks) {
    w.u32(b.checksum);
    w.bytes(b.data, b.stored_size);
  }
  return w.take();
}

namespace {

// The codec of compression `number` in `codecs`, or the error a writer gives without one.
Result<const BlockCodec*> writer_codec(const Dialect& d, uint8_t number, const Codecs& codecs) {
  const CompressionNumber* n = d.compression(number);
  const BlockCodec* codec = n ? codecs.find(n->codec) : nullptr;
  if (!codec)
    return Error{"ARCHIVE_CODEC_UNAVAILABLE",
                 "compression " + std::to_string(number) +
                     (n ? std::string(" (") + n->name + ")" : "") +
                     " has no encoder here: the writer compresses with LZO1X-999, LZO2A-999 or "
                     "LZO1C-999",
                 "set.compression", 0};
  return codec;
}

// One block through `codec` (number `number`), its failure located at `path`.
Result<std::vector<uint8_t>> compress_block(const Dialect& d, const BlockCodec& codec,
                                            uint8_t number, const uint8_t* data, size_t len,
                                            const std::string& path) {
  std::vector<uint8_t> z;
  std::string why;
  if (!codec.compress(number, data, len, z, why))
    return Error{codec.failure_code() ? codec.failure_code() : "ARCHIVE_WRITE",
                 std::string("the ") + d.compression(number)->name +
                     " compressor failed on a block of " + std::to_string(len) + " bytes: " + why,
                 path, 0};
  return z;
}

}  // namespace

Result<std::vector<uint8_t>> encode_block_set(const Dialect& d, const uint8_t* data, size_t size,
                                              int compression, const Codecs& codecs) {
  const uint8_t number = uint8_t(compression < 0 ? d.write_compression : compression);
  Result<const BlockCodec*> codec = writer_codec(d, number, codecs);
  if (!codec) return codec.error();
  const uint64_t count = (uint64_t(size) + kBlockSize - 1) / kBlockSize;
  if (d.count_width == 2 && count > 0xFFFF)
    return Error{"ARCHIVE_WRITE",
                 std::to_string(count) + " blocks: a " + d.name + " table counts at most 65535",
                 "set.block_count", 0};
  BlockSet set;
  set.header.version = d.set_version;
  set.header.compression = number;
  std::vector<std::vector<uint8_t>> stored;
  stored.reserve(size / kBlockSize + 1);
  for (size_t at = 0; at < size; at += kBlockSize) {
    const size_t len = size - at < kBlockSize ? size - at : kBlockSize;
    Result<std::vector<uint8_t>> z = compress_block(
        d, **codec, number, data + at, len, "set/blocks[" + std::to_string(at / kBlockSize) + "]");
    if (!z) return z.error();
    if (z->size() >= len) z->assign(data + at, data + at + len);  // raw: not smaller
    StoredBlock b;
    b.uncompressed_size = uint32_t(len);
    b.stored_size = uint32_t(z->size());
    b.checksum = adler32_zero(z->data(), z->size());
    stored.push_back(std::move(*z));
    b.data = stored.back().data();
    set.blocks.push_back(b);
  }
  return encode_stored_block_set(d, set);
}

Result<std::vector<uint8_t>> encode_stream_set(const Dialect& d, const uint8_t* data, size_t size,
                                               int compression,
                                               const std::vector<StoredBlock>& like,
                                               uint8_t length_width, const Codecs& codecs) {
  const uint8_t number = uint8_t(compression < 0 ? d.write_compression : compression);
  Result<const BlockCodec*> codec = writer_codec(d, number, codecs);
  if (!codec) return codec.error();
  BlockSet set;
  set.header.version = d.set_version;
  set.header.compression = number;
  set.header.block_size2 = kStreamMode;
  set.stream = true;
  set.length_width = length_width;
  std::vector<std::vector<uint8_t>> stored;
  size_t at = 0;
  for (size_t i = 0; at < size; ++i) {
    const bool planned = i < like.size() && like[i].uncompressed_size > 0;
    const size_t want = planned ? like[i].uncompressed_size : kBlockSize;
    const size_t len = std::min(want, size - at);
    const std::string path = "set/chunks[" + std::to_string(i) + "]";
    StoredBlock b;
    b.uncompressed_size = uint32_t(len);
    std::vector<uint8_t> z(data + at, data + at + len);
    b.flag = 0;
    if (!planned || like[i].flag == 1) {
      Result<std::vector<uint8_t>> c = compress_block(d, **codec, number, data + at, len, path);
      if (!c) return c.error();
      if (planned || c->size() < len) {
        z = std::move(*c);
        b.flag = 1;
        b.checksum = adler32_zero(z.data(), z.size());
      }
    }
    if (b.flag == 0 && length_width == 2 && len > 0xFFFF)
      return Error{"ARCHIVE_WRITE",
                   "a raw chunk of " + std::to_string(len) + " bytes has a u16 length", path, 0};
    if (len > 0x7FFFFFFF || z.size() > 0x7FFFFFFF)
      return Error{"ARCHIVE_WRITE", "a chunk of more than 2 GB", path, 0};
    b.stored_size = uint32_t(z.size());
    stored.push_back(std::move(z));
    b.data = stored.back().data();
    set.blocks.push_back(b);
    at += len;
  }
  return encode_stored_block_set(d, set);
}

}  // namespace f2g::archive
