// Block sets: Adler-32 from 0, both size-pair widths, raw and compressed blocks, LZO2A, every
// writable compression number over incompressible blocks of the largest size, and
// encode(read(x)) == x.
#include <gtest/gtest.h>

#include "tests/support/archive_test_support.h"

namespace f2g::archive {
namespace {

using test::grb;
using test::grw;

std::vector<uint8_t> text(size_t n) {  // compressible
  std::vector<uint8_t> b(n);
  for (size_t i = 0; i < n; ++i) b[i] = uint8_t("forge archive block "[i % 20]);
  return b;
}

TEST(ArchiveAdler, BothSumsStartAtZero) {
  EXPECT_EQ(adler32_zero(nullptr, 0), 0u);  // zlib's Adler-32 of nothing is 1
  const uint8_t a[] = {'a'};
  EXPECT_EQ(adler32_zero(a, 1), 0x00610061u);
  const uint8_t abc[] = {'a', 'b', 'c'};  // a = 294, b = 97 + 195 + 294 = 586
  EXPECT_EQ(adler32_zero(abc, 3), (586u << 16) | 294u);
  std::vector<uint8_t> ff(100000, 0xFF);  // the sums wrap modulo 65521 across long runs
  uint64_t s1 = 0, s2 = 0;
  for (uint8_t v : ff) {
    s1 = (s1 + v) % 65521;
    s2 = (s2 + s1) % 65521;
  }
  EXPECT_EQ(adler32_zero(ff.data(), ff.size()), uint32_t(s2 << 16 | s1));
}

TEST(ArchiveBlockSet, CompressedSetReadsBackAndReencodesIdentically) {
  for (const Dialect* d : dialects()) {
    SCOPED_TRACE(d->name);
    const std::vector<uint8_t> data = text(70000);
    const std::vector<uint8_t> set = *encode_block_set(*d, data.data(), data.size());
    Result<BlockSet> s = read_block_set(*d, set.data(), set.size(), 100, "set");
    ASSERT_TRUE(s) << s.error().to_string();
    ASSERT_EQ(s->blocks.size(), 3u);  // 0x8000, 0x8000, 4464
    EXPECT_EQ(s->blocks[0].uncompressed_size, 0x8000u);
    EXPECT_EQ(s->blocks[2].uncompressed_size, 70000u - 2 * 0x8000);
    EXPECT_FALSE(s->blocks[0].raw());
    EXPECT_EQ(s->header.version, d->set_version);
    EXPECT_EQ(s->header.compression, 1);
    EXPECT_EQ(s->offset, 100u);
    EXPECT_EQ(s->size, set.size());
    EXPECT_EQ(s->blocks[0].offset, 100u + 15 + d->count_width + 3 * 2u * d->size_width);
    EXPECT_EQ(*decompress_block_set(*d, *s, "set"), data);
    EXPECT_EQ(encode_stored_block_set(*d, *s), set);
  }
}

TEST(ArchiveBlockSet, SizePairsAreU16InGrwAndI32InGrb) {
  const std::vector<uint8_t> data = text(100);
  const std::vector<uint8_t> w = *encode_block_set(grw(), data.data(), data.size());
  const std::vector<uint8_t> b = *encode_block_set(grb(), data.data(), data.size());
  EXPECT_EQ(test::get<int16_t>(w, 8), 1);
  EXPECT_EQ(test::get<int16_t>(b, 8), 3);
  EXPECT_EQ(test::get<uint16_t>(w, 19), 100u);  // uncompressed size, then stored size
  EXPECT_EQ(test::get<int32_t>(b, 19), 100);
  EXPECT_EQ(b.size(), w.size() + 4);  // one block: two pairs of 2 more bytes each
}

TEST(ArchiveBlockSet, IncompressibleBlocksAreStoredRaw) {
  std::vector<uint8_t> data(40000);
  uint32_t x = 1;
  for (uint8_t& v : data) v = uint8_t((x = x * 1103515245u + 12345u) >> 24);
  const std::vector<uint8_t> set = *encode_block_set(grw(), data.data(), data.size());
  Result<BlockSet> s = read_block_set(grw(), set.data(), set.size(), 0, "set");
  ASSERT_TRUE(s);
  ASSERT_EQ(s->blocks.size(), 2u);
  EXPECT_TRUE(s->blocks[0].raw());
  EXPECT_TRUE(s->blocks[1].raw());
  EXPECT_EQ(*decompress_block_set(grw(), *s, "set"), data);
}

TEST(ArchiveBlockSet, GrbLzo2aAndLzo1xNumbersDecode) {
  const std::vector<uint8_t> data = text(50000);
  for (int number : {0, 1, 2}) {
    SCOPED_TRACE(number);
    const std::vector<uint8_t> set = *encode_block_set(grb(), data.data(), data.size(), number);
    Result<BlockSet> s = read_block_set(grb(), set.data(), set.size(), 0, "set");
    ASSERT_TRUE(s);
    EXPECT_EQ(s->header.compression, number);
    EXPECT_FALSE(s->blocks[0].raw());
    EXPECT_EQ(*decompress_block_set(grb(), *s, "set"), data);
  }
}

// The compression numbers the writer has an encoder for: every LZO one of the dialect.
std::vector<uint8_t> writable_numbers(const Dialect& d) {
  std::vector<uint8_t> out;
  for (uint8_t i = 0; i < d.number_count; ++i)
    if (d.numbers[i].codec != Codec::Oodle) out.push_back(d.numbers[i].number);
  return out;
}

TEST(ArchiveBlockSet, TheWritableNumbersAreTheLzoOnes) {
  EXPECT_EQ(writable_numbers(grw()), (std::vector<uint8_t>{0, 1}));
  EXPECT_EQ(writable_numbers(grb()), (std::vector<uint8_t>{0, 1, 2}));
  EXPECT_EQ(writable_numbers(*dialect_named("sws")), (std::vector<uint8_t>{0, 1, 2, 5}));
}

TEST(ArchiveBlockSet, IncompressibleBlocksOfTheLargestSizeRoundTripInEveryWritableNumber) {
  // Noise makes each -999 compressor write its longest output (LZO2A's outgrows LZO1X's).
  const std::vector<uint8_t> data = test::noise(3 * kBlockSize + 777, 7);
  for (const Dialect* d : dialects()) {
    for (uint8_t number : writable_numbers(*d)) {
      SCOPED_TRACE(std::string(d->name) + " compression " + std::to_string(number));
      Result<std::vector<uint8_t>> set = encode_block_set(*d, data.data(), data.size(), number);
      ASSERT_TRUE(set) << set.error().to_string();
      Result<BlockSet> s = read_block_set(*d, set->data(), set->size(), 0, "set");
      ASSERT_TRUE(s) << s.error().to_string();
      EXPECT_EQ(s->header.compression, number);
      ASSERT_EQ(s->blocks.size(), 4u);
      for (size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(s->blocks[i].uncompressed_size, i < 3 ? kBlockSize : 777u) << i;
        EXPECT_TRUE(s->blocks[i].raw()) << i;  // nothing shorter to store
      }
      EXPECT_EQ(set->size(), 15u + d->count_width + 4 * (2u * d->size_width + 4) + data.size());
      Result<std::vector<uint8_t>> back = decompress_block_set(*d, *s, "set");
      ASSERT_TRUE(back) << back.error().to_string();
      EXPECT_TRUE(*back == data);
      EXPECT_TRUE(encode_stored_block_set(*d, *s) == *set);
    }
  }
}

TEST(ArchiveBlockSet, CompressedAndIncompressibleBlocksMixInOneSetOfEveryWritableNumber) {
  std::vector<uint8_t> data = text(kBlockSize);
  for (const std::vector<uint8_t>& part :
       {test::noise(kBlockSize, 8), text(kBlockSize), test::noise(5000, 9)})
    data.insert(data.end(), part.begin(), part.end());
  for (const Dialect* d : dialects()) {
    for (uint8_t number : writable_numbers(*d)) {
      SCOPED_TRACE(std::string(d->name) + " compression " + std::to_string(number));
      Result<std::vector<uint8_t>> set = encode_block_set(*d, data.data(), data.size(), number);
      ASSERT_TRUE(set) << set.error().to_string();
      Result<BlockSet> s = read_block_set(*d, set->data(), set->size(), 0, "set");
      ASSERT_TRUE(s) << s.error().to_string();
      ASSERT_EQ(s->blocks.size(), 4u);
      EXPECT_FALSE(s->blocks[0].raw());
      EXPECT_TRUE(s->blocks[1].raw());
      EXPECT_FALSE(s->blocks[2].raw());
      EXPECT_TRUE(s->blocks[3].raw());
      EXPECT_LT(s->blocks[0].stored_size, kBlockSize / 8);
      Result<std::vector<uint8_t>> back = decompress_block_set(*d, *s, "set");
      ASSERT_TRUE(back) << back.error().to_string();
      EXPECT_TRUE(*back == data);
      EXPECT_TRUE(encode_stored_block_set(*d, *s) == *set);
    }
  }
}

TEST(ArchiveBlockSet, EveryPrefixFailsCleanly) {
  const std::vector<uint8_t> data = text(40000);
  const std::vector<uint8_t> set = *encode_block_set(grb(), data.data(), data.size());
  for (size_t n = 0; n < set.size(); ++n) {
    Result<BlockSet> s = read_block_set(grb(), set.data(), n, 0, "set");
    ASSERT_FALSE(s) << n;
    const std::string& code = s.error().code;
    EXPECT_TRUE(code == "ARCHIVE_TRUNCATED" || code == "ARCHIVE_BLOCK_COUNT") << n << " " << code;
  }
}

TEST(ArchiveBlockSet, AnUncompressedSizeAboveTheBlockSizeIsRefusedBeforeDecompressing) {
  const std::vector<uint8_t> data = text(1000);
  std::vector<uint8_t> set = *encode_block_set(grb(), data.data(), data.size());
  test::put<int32_t>(set, 19, 0x8001);
  Result<BlockSet> s = read_block_set(grb(), set.data(), set.size(), 0, "set");
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, "ARCHIVE_BLOCK_SIZE");
  EXPECT_EQ(s.error().path, "set/blocks[0]");
  EXPECT_EQ(s.error().offset, 19u);
}

TEST(ArchiveBlockSet, ARawSetOfAnyCompressionNumberReads) {
  // Oodle-marked or of an unknown number: raw blocks need no codec.
  const uint8_t d[5] = {1, 2, 3, 4, 5};
  BlockSet s;
  s.header.version = 3;
  s.header.compression = 3;
  s.blocks.push_back({5, adler32_zero(d, 5), d, 5, 0});
  const std::vector<uint8_t> b = encode_stored_block_set(grb(), s);
  Result<BlockSet> r = read_block_set(grb(), b.data(), b.size(), 0, "set");
  ASSERT_TRUE(r);
  EXPECT_FALSE(codec_missing(grb(), *r, builtin_codecs()));
  EXPECT_EQ(*decompress_block_set(grb(), *r, "set"), std::vector<uint8_t>(d, d + 5));
}

}  // namespace
}  // namespace f2g::archive
