// DDS and PNG files (formats/texture/image_files.h): Pillow 9.4 opens our DDS files and gets
// decode_level's pixels exactly; OpenImageIO within 2 levels (its BC1-BC3 interpolations
// round where ours truncate); the header fields are Microsoft's; PNG decodes to its pixels.
#include <gtest/gtest.h>

#include <cstring>

#include "formats/texture/decode.h"
#include "formats/texture/image_files.h"
#include "tests/formats/texture/texture_test_support.h"

namespace f2g::texture {
namespace {

namespace fs = std::filesystem;
using test::Bytes;

constexpr BlockFormat kFormats[] = {BlockFormat::B8G8R8A8, BlockFormat::BC1, BlockFormat::BC2,
                                    BlockFormat::BC3,      BlockFormat::BC4, BlockFormat::BC5,
                                    BlockFormat::BC7};

uint32_t u32_at(const Bytes& b, size_t at) {
  uint32_t v;
  std::memcpy(&v, b.data() + at, 4);
  return v;
}

// Channels the reader and decode.h agree on: BC5's blue is ours alone (Pillow's is 0).
unsigned compared_channels(BlockFormat f) { return f == BlockFormat::BC5 ? 0x3 : 0xF; }

// The largest difference between `a` and `b` in the channels of `mask`.
int max_difference(const Bytes& a, const Bytes& b, unsigned mask) {
  int d = 0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (mask >> (i % 4) & 1) d = std::max(d, std::abs(int(a[i]) - int(b[i])));
  return d;
}

struct Level {
  Bytes blocks;  // every mip level, largest first
  Bytes rgba;    // the top level decoded by decode_level
};

Level make_level(BlockFormat f, uint32_t width, uint32_t height, uint32_t mips, uint32_t seed) {
  uint64_t total = 0;
  for (uint32_t m = 0; m < mips; ++m)
    total += level_bytes(f, std::max(1u, width >> m), std::max(1u, height >> m));
  Level l;
  l.blocks = test::random_bytes(size_t(total), seed);
  auto rgba = decode_level(f, width, height, l.blocks.data(), l.blocks.size());
  if (rgba.ok()) l.rgba = *rgba;
  return l;
}

TEST(TextureImageFiles, PillowOpensOurDdsWithDecodeLevelsPixels) {
  const fs::path dir = f2g::test::fresh_build_dir("texture_image_files_test", "pillow");
  uint32_t seed = 10;
  for (BlockFormat f : kFormats) {
    for (auto [w, h, mips] :
         {std::tuple<uint32_t, uint32_t, uint32_t>{32, 16, 1}, {13, 7, 1}, {64, 32, 3}}) {
      const std::string name = std::string(format_name(f)) + "_" + std::to_string(w) + "x" +
                               std::to_string(h) + "_" + std::to_string(mips);
      SCOPED_TRACE(name);
      const Level l = make_level(f, w, h, mips, seed++);
      ASSERT_EQ(l.rgba.size(), size_t(w) * h * 4);
      const fs::path file = dir / (name + ".dds");
      f2g::test::write_bytes(
          file, dds_file(f, w, h, mips, false, false, l.blocks.data(), l.blocks.size()));
      const test::Reference pil = test::read_file("pillow", file);
      ASSERT_EQ(pil.error, "");
      EXPECT_EQ(pil.width, w);
      EXPECT_EQ(pil.height, h);
      EXPECT_EQ(test::first_difference(l.rgba, pil.rgba, compared_channels(f)), "");
    }
  }
}

TEST(TextureImageFiles, OpenImageIoOpensOurDdsWithinTwoLevels) {
  const fs::path dir = f2g::test::fresh_build_dir("texture_image_files_test", "oiio");
  uint32_t seed = 50;
  for (BlockFormat f : kFormats) {
    const std::string name = format_name(f);
    SCOPED_TRACE(name);
    const Level l = make_level(f, 32, 16, 2, seed++);
    const fs::path file = dir / (name + ".dds");
    f2g::test::write_bytes(file,
                           dds_file(f, 32, 16, 2, false, false, l.blocks.data(), l.blocks.size()));
    const test::Reference oiio = test::read_file("oiio", file);
    ASSERT_EQ(oiio.error, "");
    EXPECT_EQ(oiio.width, 32u);
    EXPECT_EQ(oiio.height, 16u);
    ASSERT_EQ(oiio.rgba.size(), l.rgba.size());
    EXPECT_LE(max_difference(l.rgba, oiio.rgba, compared_channels(f)), 2);
  }
}

TEST(TextureImageFiles, DdsHeaderFieldsFollowTheFormat) {
  const Bytes blocks(16 * 16 * 6);  // a 16x16 BC7 cube: 6 faces of 256 bytes
  const Bytes bc7 = dds_file(BlockFormat::BC7, 16, 16, 1, true, true, blocks.data(), 6 * 256);
  ASSERT_EQ(bc7.size(), 4 + 124 + 20 + 6 * 256u);
  EXPECT_EQ(std::memcmp(bc7.data(), "DDS ", 4), 0);
  EXPECT_EQ(u32_at(bc7, 4), 124u);
  EXPECT_EQ(u32_at(bc7, 12), 16u);   // height
  EXPECT_EQ(u32_at(bc7, 16), 16u);   // width
  EXPECT_EQ(u32_at(bc7, 20), 256u);  // linear size of the top level
  EXPECT_EQ(std::memcmp(bc7.data() + 84, "DX10", 4), 0);
  EXPECT_EQ(u32_at(bc7, 108), 0x1000u | 0x8u);  // TEXTURE | COMPLEX
  EXPECT_EQ(u32_at(bc7, 112), 0xFE00u);         // CUBEMAP and its six faces
  EXPECT_EQ(u32_at(bc7, 128), 99u);             // DXGI_FORMAT_BC7_UNORM_SRGB
  EXPECT_EQ(u32_at(bc7, 132), 3u);              // TEXTURE2D
  EXPECT_EQ(u32_at(bc7, 136), 4u);              // TEXTURECUBE
  EXPECT_EQ(u32_at(bc7, 140), 1u);              // one cube
  const Bytes linear = dds_file(BlockFormat::BC7, 16, 16, 1, false, false, blocks.data(), 256);
  EXPECT_EQ(u32_at(linear, 128), 98u);  // DXGI_FORMAT_BC7_UNORM

  const Bytes bc1 = dds_file(BlockFormat::BC1, 64, 32, 7, false, false, blocks.data(), 100);
  ASSERT_EQ(bc1.size(), 128u + 100u);
  EXPECT_EQ(std::memcmp(bc1.data() + 84, "DXT1", 4), 0);
  EXPECT_EQ(u32_at(bc1, 28), 7u);                  // mip count
  EXPECT_EQ(u32_at(bc1, 8) & 0x20000u, 0x20000u);  // DDSD_MIPMAPCOUNT
  EXPECT_EQ(u32_at(bc1, 108), 0x1000u | 0x8u | 0x400000u);
  EXPECT_EQ(std::memcmp(bc1.data() + 128, blocks.data(), 100), 0);
  for (auto [f, fourcc] : {std::pair<BlockFormat, const char*>{BlockFormat::BC2, "DXT3"},
                           {BlockFormat::BC3, "DXT5"},
                           {BlockFormat::BC4, "ATI1"},
                           {BlockFormat::BC5, "ATI2"}}) {
    const Bytes d = dds_file(f, 4, 4, 1, false, false, blocks.data(), 16);
    EXPECT_EQ(std::memcmp(d.data() + 84, fourcc, 4), 0) << fourcc;
  }

  const Bytes bgra = dds_file(BlockFormat::B8G8R8A8, 4, 2, 1, false, false, blocks.data(), 32);
  EXPECT_EQ(u32_at(bgra, 20), 16u);    // pitch
  EXPECT_EQ(u32_at(bgra, 80), 0x41u);  // DDPF_RGB | DDPF_ALPHAPIXELS
  EXPECT_EQ(u32_at(bgra, 88), 32u);
  EXPECT_EQ(u32_at(bgra, 92), 0x00FF0000u);
  EXPECT_EQ(u32_at(bgra, 104), 0xFF000000u);
}

TEST(TextureImageFiles, PngDecodesToItsPixelsAndIsDeterministic) {
  const fs::path dir = f2g::test::fresh_build_dir("texture_image_files_test", "png");
  const Bytes rgba = test::random_bytes(13 * 7 * 4, 77);
  const Bytes png = png_file(rgba.data(), 13, 7);
  ASSERT_GT(png.size(), 8u);
  EXPECT_EQ(std::memcmp(png.data(), "\x89PNG\r\n\x1a\n", 8), 0);
  EXPECT_EQ(png_file(rgba.data(), 13, 7), png);
  f2g::test::write_bytes(dir / "noise.png", png);
  const test::Reference pil = test::read_file("pillow", dir / "noise.png");
  ASSERT_EQ(pil.error, "");
  EXPECT_EQ(pil.width, 13u);
  EXPECT_EQ(pil.height, 7u);
  EXPECT_EQ(pil.channels, 4u);
  EXPECT_EQ(pil.rgba, rgba);
}

}  // namespace
}  // namespace f2g::texture
