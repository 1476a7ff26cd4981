// BC7 (formats/texture/bc7.h) against Pillow 9.4: blocks of every mode with every partition
// number, rotation and index selection bit, random otherwise, decode bit-exact; the reserved
// mode is opaque black, as Pillow decodes it; a block written field by field gives the spec's
// values.
#include <gtest/gtest.h>

#include <cstring>

#include "formats/texture/bc7.h"
#include "formats/texture/decode.h"
#include "tests/formats/texture/texture_test_support.h"

namespace f2g::texture {
namespace {

using test::Bytes;

// Writes `n` bits of `v` at bit `at` of a 16-byte block, least significant first.
void put_bits(uint8_t* block, unsigned at, unsigned n, uint32_t v) {
  for (unsigned i = 0; i < n; ++i, ++at) {
    const uint8_t bit = uint8_t(1u << (at % 8));
    block[at / 8] = (v >> i & 1) ? uint8_t(block[at / 8] | bit) : uint8_t(block[at / 8] & ~bit);
  }
}

// A random block of `mode` whose field after the mode bits is `field` (`field_bits` wide):
// the partition number, or for modes 4 and 5 the rotation (and mode 4's index selection).
void add_block(Bytes& blocks, std::mt19937& rng, unsigned mode, unsigned field_bits,
               uint32_t field) {
  uint8_t b[16];
  for (uint8_t& v : b) v = uint8_t(rng() >> 24);
  put_bits(b, 0, mode + 1, 1u << mode);
  put_bits(b, mode + 1, field_bits, field);
  blocks.insert(blocks.end(), b, b + 16);
}

TEST(TextureBc7, EveryModePartitionRotationAndIndexSelectionMatchesPillow) {
  std::mt19937 rng(7);
  Bytes blocks;
  constexpr int kEach = 4;  // random blocks per combination
  for (int k = 0; k < kEach; ++k) {
    for (uint32_t p = 0; p < 16; ++p) add_block(blocks, rng, 0, 4, p);
    for (unsigned mode : {1u, 2u, 3u, 7u})
      for (uint32_t p = 0; p < 64; ++p) add_block(blocks, rng, mode, 6, p);
    for (uint32_t f = 0; f < 8; ++f) add_block(blocks, rng, 4, 3, f);  // rotation, selection
    for (uint32_t f = 0; f < 4; ++f) add_block(blocks, rng, 5, 2, f);  // rotation
    add_block(blocks, rng, 6, 0, 0);
    uint8_t reserved[16];
    for (uint8_t& v : reserved) v = uint8_t(rng() >> 24);
    reserved[0] = 0;
    blocks.insert(blocks.end(), reserved, reserved + 16);
  }
  const uint32_t count = uint32_t(blocks.size() / 16);
  ASSERT_EQ(count, uint32_t(kEach) * (16 + 4 * 64 + 8 + 4 + 1 + 1));
  const uint32_t width = 26 * 4, height = count / 26 * 4;  // 26 blocks a row
  ASSERT_EQ(count % 26, 0u);
  auto ours = decode_level(BlockFormat::BC7, width, height, blocks.data(), blocks.size());
  ASSERT_TRUE(ours.ok()) << ours.error().to_string();
  const test::Reference pil = test::pillow_blocks(
      "BC7", width, height, blocks, f2g::test::fresh_build_dir("texture_bc7_test", "modes"));
  ASSERT_EQ(pil.error, "");
  EXPECT_EQ(test::first_difference(*ours, pil.rgba), "");
}

TEST(TextureBc7, ReservedModeIsOpaqueBlackAsInPillow) {
  Bytes block = test::random_bytes(16, 3);
  block[0] = 0;
  uint8_t rgba[64];
  std::memset(rgba, 0xAB, sizeof rgba);
  decode_bc7_block(block.data(), rgba);
  for (unsigned i = 0; i < 64; i += 4)
    EXPECT_EQ(Bytes(rgba + i, rgba + i + 4), (Bytes{0, 0, 0, 255})) << "pixel " << i / 4;
}

TEST(TextureBc7, Mode6BlockWrittenFieldByFieldGivesTheSpecsValues) {
  // Mode 6 (DFS §21): 7-bit R, G, B, A endpoints, a p-bit per endpoint, 4-bit indices.
  uint8_t b[16] = {};
  unsigned at = 0;
  const auto put = [&](unsigned n, uint32_t v) {
    put_bits(b, at, n, v);
    at += n;
  };
  put(7, 1u << 6);
  put(7, 10), put(7, 100);  // R0, R1
  put(7, 20), put(7, 50);   // G0, G1
  put(7, 30), put(7, 0);    // B0, B1
  put(7, 127), put(7, 64);  // A0, A1
  put(1, 1), put(1, 0);     // p-bits: endpoint 0 (21, 41, 61, 255), endpoint 1 (200, 100, 0, 128)
  put(3, 0);                // pixel 0, the anchor: index 0
  for (unsigned i = 1; i < 16; ++i) put(4, i == 5 ? 15 : i == 7 ? 8 : 0);
  ASSERT_EQ(at, 128u);
  uint8_t rgba[64];
  decode_bc7_block(b, rgba);
  EXPECT_EQ(Bytes(rgba, rgba + 4), (Bytes{21, 41, 61, 255}));
  EXPECT_EQ(Bytes(rgba + 20, rgba + 24), (Bytes{200, 100, 0, 128}));
  // Index 8: weight 34, ((64 - 34) * e0 + 34 * e1 + 32) >> 6.
  EXPECT_EQ(Bytes(rgba + 28, rgba + 32), (Bytes{116, 72, 29, 188}));
}

}  // namespace
}  // namespace f2g::texture
