// Names and level sizes of the texture formats (formats/texture/block_format.h): BCn levels
// round up to whole 4x4 blocks, at least one; sizes of 65536 x 65536 levels do not overflow.
#include <gtest/gtest.h>

#include "formats/texture/block_format.h"

namespace f2g::texture {
namespace {

TEST(TextureBlockFormat, NamesBlockSizesAndCompression) {
  EXPECT_STREQ(format_name(BlockFormat::B8G8R8A8), "B8G8R8A8");
  EXPECT_STREQ(format_name(BlockFormat::BC1), "BC1");
  EXPECT_STREQ(format_name(BlockFormat::BC5), "BC5");
  EXPECT_STREQ(format_name(BlockFormat::BC7), "BC7");
  EXPECT_EQ(block_bytes(BlockFormat::B8G8R8A8), 4u);
  EXPECT_EQ(block_bytes(BlockFormat::BC1), 8u);
  EXPECT_EQ(block_bytes(BlockFormat::BC2), 16u);
  EXPECT_EQ(block_bytes(BlockFormat::BC3), 16u);
  EXPECT_EQ(block_bytes(BlockFormat::BC4), 8u);
  EXPECT_EQ(block_bytes(BlockFormat::BC5), 16u);
  EXPECT_EQ(block_bytes(BlockFormat::BC7), 16u);
  EXPECT_FALSE(is_block_compressed(BlockFormat::B8G8R8A8));
  EXPECT_TRUE(is_block_compressed(BlockFormat::BC4));
}

TEST(TextureBlockFormat, LevelBytesRoundUpToWholeBlocks) {
  EXPECT_EQ(level_bytes(BlockFormat::BC1, 13, 7), 4u * 2u * 8u);
  EXPECT_EQ(level_bytes(BlockFormat::BC3, 13, 7), 4u * 2u * 16u);
  EXPECT_EQ(level_bytes(BlockFormat::BC7, 1, 1), 16u);
  EXPECT_EQ(level_bytes(BlockFormat::BC4, 2, 1), 8u);
  EXPECT_EQ(level_bytes(BlockFormat::B8G8R8A8, 13, 7), 13u * 7u * 4u);
}

TEST(TextureBlockFormat, LevelBytesOfTheLargestLevelDoNotOverflow) {
  EXPECT_EQ(level_bytes(BlockFormat::BC7, 65536, 65536), uint64_t(1) << 32);
  EXPECT_EQ(level_bytes(BlockFormat::BC1, 65536, 65536), uint64_t(1) << 31);
  EXPECT_EQ(level_bytes(BlockFormat::B8G8R8A8, 65536, 65536), uint64_t(1) << 34);
  EXPECT_EQ(level_bytes(BlockFormat::BC7, UINT32_MAX, UINT32_MAX),
            uint64_t(1073741824) * 1073741824 * 16);
}

}  // namespace
}  // namespace f2g::texture
