// The room's liblzo2 calls (formats/archive/lzo.h): each -999 compressor's output over
// incompressible input fits the buffer its own worst case sizes and decodes back; the _safe
// decoders stop at the declared size and at the end of the stream.
#include <gtest/gtest.h>

#include "formats/archive/lzo.h"
#include "tests/support/archive_test_support.h"

namespace f2g::archive {
namespace {

using Bytes = std::vector<uint8_t>;

constexpr Codec kLzoCodecs[] = {Codec::Lzo1x, Codec::Lzo1x999, Codec::Lzo2a};

TEST(ArchiveLzo, EachCompressorsOutputOverNoiseFitsItsBoundAndDecodesBack) {
  for (Codec codec : kLzoCodecs) {
    for (size_t n : {size_t(1), size_t(777), size_t(kBlockSize)}) {
      SCOPED_TRACE("codec " + std::to_string(int(codec)) + ", " + std::to_string(n) + " bytes");
      const Bytes data = test::noise(n, uint32_t(n));
      std::optional<Bytes> z = lzo::compress_999(codec, data.data(), data.size());
      ASSERT_TRUE(z);
      EXPECT_GT(z->size(), n);  // noise does not compress
      EXPECT_LE(z->size(), lzo::compress_bound(codec, n));
      Bytes back(n);
      ASSERT_TRUE(lzo::decompress(codec, z->data(), z->size(), back.data(), back.size()));
      EXPECT_TRUE(back == data);
    }
  }
}

TEST(ArchiveLzo, Lzo2aOverNoiseOutgrowsTheBoundOfLzo1x) {
  // Why each codec has its own bound: a block of noise through LZO2A-999 is longer than the
  // LZO1X worst case, and shorter than its own.
  const Bytes data = test::noise(kBlockSize, 7);
  std::optional<Bytes> z = lzo::compress_999(Codec::Lzo2a, data.data(), data.size());
  ASSERT_TRUE(z);
  EXPECT_GT(z->size(), lzo::compress_bound(Codec::Lzo1x999, kBlockSize));
  EXPECT_LE(z->size(), lzo::compress_bound(Codec::Lzo2a, kBlockSize));
  EXPECT_EQ(lzo::compress_bound(Codec::Lzo2a, kBlockSize), 32768u + 4096 + 131);
  EXPECT_EQ(lzo::compress_bound(Codec::Lzo1x999, kBlockSize), 32768u + 2048 + 67);
}

TEST(ArchiveLzo, TheDecodersStopAtTheDeclaredSizeAndAtTheStreamsEnd) {
  Bytes data = test::noise(3000, 3);
  data.resize(6000, 'a');  // half noise, half one run: literals and matches
  for (Codec codec : kLzoCodecs) {
    SCOPED_TRACE("codec " + std::to_string(int(codec)));
    const Bytes z = *lzo::compress_999(codec, data.data(), data.size());
    Bytes shorter(data.size() - 1);  // its own allocation: an overrun is a memcheck error
    EXPECT_FALSE(lzo::decompress(codec, z.data(), z.size(), shorter.data(), shorter.size()));
    Bytes longer(data.size() + 1);
    EXPECT_FALSE(lzo::decompress(codec, z.data(), z.size(), longer.data(), longer.size()));
    const Bytes cut(z.begin(), z.end() - 1);
    Bytes out(data.size());
    EXPECT_FALSE(lzo::decompress(codec, cut.data(), cut.size(), out.data(), out.size()));
    EXPECT_TRUE(lzo::decompress(codec, z.data(), z.size(), out.data(), out.size()));
    EXPECT_TRUE(out == data);
  }
}

TEST(ArchiveLzo, OodleHasNoCompressorHere) {
  const uint8_t d[4] = {1, 2, 3, 4};
  EXPECT_FALSE(lzo::compress_999(Codec::Oodle, d, 4));
  EXPECT_EQ(lzo::compress_bound(Codec::Oodle, 4), 0u);
  uint8_t out[4];
  EXPECT_FALSE(lzo::decompress(Codec::Oodle, d, 4, out, 4));
}

}  // namespace
}  // namespace f2g::archive
