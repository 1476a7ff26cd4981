// decode_level (formats/texture/decode.h) against Pillow 9.4, an independent decoder, on
// deterministic random blocks of every format: bit-exact (BC5: R and G; its B follows the z
// rule), cropped at sizes that are not multiples of 4; and its refusals, before allocating.
#include <gtest/gtest.h>

#include <cmath>

#include "formats/texture/decode.h"
#include "tests/formats/texture/texture_test_support.h"

namespace f2g::texture {
namespace {

using test::Bytes;

constexpr BlockFormat kFormats[] = {BlockFormat::B8G8R8A8, BlockFormat::BC1, BlockFormat::BC2,
                                    BlockFormat::BC3,      BlockFormat::BC4, BlockFormat::BC5,
                                    BlockFormat::BC7};

// The z rule of decode.h, written out again.
uint8_t expected_z(uint8_t r, uint8_t g) {
  const double x = r / 255.0 * 2 - 1;
  const double y = g / 255.0 * 2 - 1;
  const double z = std::sqrt(std::max(0.0, 1 - x * x - y * y));
  return uint8_t(std::lround((z + 1) / 2 * 255));
}

void expect_matches_pillow(BlockFormat f, uint32_t width, uint32_t height, uint32_t seed) {
  const std::string name = format_name(f);
  SCOPED_TRACE(name + " " + std::to_string(width) + "x" + std::to_string(height));
  const Bytes blocks = test::random_bytes(size_t(level_bytes(f, width, height)), seed);
  auto ours = decode_level(f, width, height, blocks.data(), blocks.size());
  ASSERT_TRUE(ours.ok()) << ours.error().to_string();
  ASSERT_EQ(ours->size(), size_t(width) * height * 4);
  const auto dir =
      f2g::test::fresh_build_dir("texture_decode_test", name + "_" + std::to_string(width));
  const test::Reference pil = test::pillow_blocks(name, width, height, blocks, dir);
  ASSERT_EQ(pil.error, "");
  ASSERT_EQ(pil.width, width);
  ASSERT_EQ(pil.height, height);
  if (f == BlockFormat::BC5) {
    // Pillow's BC5 is R, G and a blue of 0: R and G must agree, B is the z rule.
    EXPECT_EQ(test::first_difference(*ours, pil.rgba, 0x3), "");
    for (size_t i = 0; i < ours->size(); i += 4) {
      ASSERT_EQ((*ours)[i + 2], expected_z((*ours)[i], (*ours)[i + 1])) << "pixel " << i / 4;
      ASSERT_EQ((*ours)[i + 3], 255) << "pixel " << i / 4;
    }
  } else {
    EXPECT_EQ(test::first_difference(*ours, pil.rgba), "");
  }
}

TEST(TextureDecode, RandomBlocksOfEveryFormatMatchPillow) {
  uint32_t seed = 1;
  for (BlockFormat f : kFormats) expect_matches_pillow(f, 64, 64, seed++);
}

TEST(TextureDecode, SizesNotMultipleOfFourCropTheEdgeBlocksAsPillowDoes) {
  uint32_t seed = 100;
  for (BlockFormat f : kFormats) {
    expect_matches_pillow(f, 13, 7, seed++);
    expect_matches_pillow(f, 1, 1, seed++);
    expect_matches_pillow(f, 6, 2, seed++);
  }
}

TEST(TextureDecode, EdgeBlocksAreCropsOfTheWholeBlocks) {
  // 13x7 and 16x8 read the same 4x2 blocks: the smaller is the top-left of the larger.
  uint32_t seed = 200;
  for (BlockFormat f : kFormats) {
    if (!is_block_compressed(f)) continue;
    SCOPED_TRACE(format_name(f));
    const Bytes blocks = test::random_bytes(size_t(level_bytes(f, 16, 8)), seed++);
    auto whole = decode_level(f, 16, 8, blocks.data(), blocks.size());
    auto cropped = decode_level(f, 13, 7, blocks.data(), blocks.size());
    ASSERT_TRUE(whole.ok() && cropped.ok());
    ASSERT_EQ(cropped->size(), 13u * 7u * 4u);
    for (size_t y = 0; y < 7; ++y)
      ASSERT_TRUE(std::equal(cropped->begin() + y * 52, cropped->begin() + y * 52 + 52,
                             whole->begin() + y * 64))
          << "row " << y;
  }
}

TEST(TextureDecode, Bc4IsGreyWithOpaqueAlpha) {
  // a0 = 200 > a1 = 61: eight values; pixel 0 index 0 (200), pixel 1 index 1 (61), pixel 2
  // index 2 ((6*200 + 61) / 7 = 180.1), pixel 3 index 7 ((200 + 6*61) / 7 = 80.9): truncated.
  const uint8_t block[8] = {200, 61, 0x88, 0x0E, 0, 0, 0, 0};
  auto rgba = decode_level(BlockFormat::BC4, 4, 1, block, 8);
  ASSERT_TRUE(rgba.ok());
  const Bytes want = {200, 200, 200, 255, 61, 61, 61, 255, 180, 180, 180, 255, 80, 80, 80, 255};
  EXPECT_EQ(*rgba, want);
}

TEST(TextureDecode, Bc5BlueIsTheReconstructedZ) {
  // R = 255, G = 128: x = 1, no z left: B = round(0.5 * 255) = 128. R = G = 128: z ~ 1: 255.
  // R = G = 0: x = y = -1: B = 128.
  const uint8_t edge[16] = {255, 255, 0, 0, 0, 0, 0, 0, 128, 128, 0, 0, 0, 0, 0, 0};
  const uint8_t centre[16] = {128, 128, 0, 0, 0, 0, 0, 0, 128, 128, 0, 0, 0, 0, 0, 0};
  const uint8_t corner[16] = {};
  auto a = decode_level(BlockFormat::BC5, 1, 1, edge, 16);
  auto b = decode_level(BlockFormat::BC5, 1, 1, centre, 16);
  auto c = decode_level(BlockFormat::BC5, 1, 1, corner, 16);
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  EXPECT_EQ(*a, (Bytes{255, 128, 128, 255}));
  EXPECT_EQ(*b, (Bytes{128, 128, 255, 255}));
  EXPECT_EQ(*c, (Bytes{0, 0, 128, 255}));
}

TEST(TextureDecode, B8G8R8A8SwapsToRgba) {
  const uint8_t bgra[8] = {1, 2, 3, 4, 10, 20, 30, 40};
  auto rgba = decode_level(BlockFormat::B8G8R8A8, 2, 1, bgra, 8);
  ASSERT_TRUE(rgba.ok());
  EXPECT_EQ(*rgba, (Bytes{3, 2, 1, 4, 30, 20, 10, 40}));
}

TEST(TextureDecode, ShortDataIsRefusedWithTheByteCounts) {
  const Bytes blocks(63);
  auto r = decode_level(BlockFormat::BC1, 13, 7, blocks.data(), blocks.size());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "TEXTURE_LEVEL_SHORT");
  EXPECT_EQ(r.error().path, "texture");
  EXPECT_EQ(r.error().offset, 63u);
  EXPECT_NE(r.error().message.find("64"), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("63"), std::string::npos) << r.error().message;
  auto empty = decode_level(BlockFormat::BC7, 1, 1, nullptr, 0);
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.error().code, "TEXTURE_LEVEL_SHORT");
}

TEST(TextureDecode, HugeLevelsAreRefusedBeforeAllocating) {
  // 65536 x 65536 from 16 bytes: short (4 GiB of BC7 blocks are needed).
  const Bytes blocks(16);
  auto short_data = decode_level(BlockFormat::BC7, 65536, 65536, blocks.data(), blocks.size());
  ASSERT_FALSE(short_data.ok());
  EXPECT_EQ(short_data.error().code, "TEXTURE_LEVEL_SHORT");
  // Enough blocks but more pixels than the cap: 8x8 is 256 RGBA bytes.
  const Bytes four(64);
  auto large = decode_level(BlockFormat::BC7, 8, 8, four.data(), four.size(), 255);
  ASSERT_FALSE(large.ok());
  EXPECT_EQ(large.error().code, "TEXTURE_TOO_LARGE");
  EXPECT_EQ(large.error().path, "texture");
  EXPECT_TRUE(decode_level(BlockFormat::BC7, 8, 8, four.data(), four.size(), 256).ok());
}

TEST(TextureDecode, ZeroWidthGivesNoPixels) {
  const uint8_t block[16] = {};
  auto r = decode_level(BlockFormat::BC7, 0, 4, block, 16);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->empty());
}

}  // namespace
}  // namespace f2g::texture
