// Material, TextureSet, TextureMap and CompiledMip codecs (formats/grb/material.h,
// texture_map.h): byte-exact on every such resource of the sample archives and on layouts the
// generator does not write; every break a code at the field's offset.
#include <gtest/gtest.h>

#include "formats/archive/archive.h"
#include "formats/grb/texture_reading.h"
#include "tests/support/files.h"
#include "tests/support/texture_test_support.h"

namespace f2g::grb {
namespace {

using test::sample_map;
using test::sample_material;
using test::sample_set;

std::vector<uint8_t> again(Dialect d, const std::vector<uint8_t>& b) {
  Result<std::vector<uint8_t>> r = texture_codecs(d).reencode(b.data(), b.size());
  EXPECT_TRUE(r) << (r ? "" : r.error().to_string());
  return r ? *r : std::vector<uint8_t>{};
}

// Every Material, TextureSet, TextureMap and CompiledMip body of a sample archive.
std::vector<std::vector<uint8_t>> sample_bodies(const std::string& path, size_t& count) {
  const std::vector<uint8_t> file = f2g::test::read_bytes(std::string(F2G_SOURCE_DIR) + "/" + path);
  Result<archive::Archive> a = archive::read_archive(file.data(), file.size());
  EXPECT_TRUE(a);
  std::vector<std::vector<uint8_t>> out;
  if (!a) return out;
  for (size_t i = 0; i < a->entries.size(); ++i) {
    if (archive::is_special(a->entries[i])) continue;
    Result<archive::EntryContents> c = archive::read_entry(*a, file.data(), file.size(), i);
    if (!c || c->kind != archive::EntryKind::Resources) continue;
    for (const archive::Resource& r : c->resources)
      if (r.class_id == kMaterialClass || r.class_id == kTextureSetClass ||
          r.class_id == kTextureMapClass || r.class_id == kCompiledMipClass)
        out.emplace_back(c->records.begin() + std::ptrdiff_t(r.body_offset),
                         c->records.begin() + std::ptrdiff_t(r.body_offset + r.body_size));
  }
  count = out.size();
  return out;
}

TEST(GrbTextureCodec, EverySampleResourceReencodesByteForByte) {
  size_t grw = 0, grb = 0, patch = 0;
  for (const auto& b : sample_bodies("samples/archives/grw/DataPC.forge", grw))
    EXPECT_EQ(again(Dialect::Grw, b), b);
  for (const auto& b : sample_bodies("samples/archives/grw/DataPC_patch_01.forge", patch))
    EXPECT_EQ(again(Dialect::Grw, b), b);
  for (const auto& b : sample_bodies("samples/archives/grb/DataPC.forge", grb))
    EXPECT_EQ(again(Dialect::Grb, b), b);
  EXPECT_GE(grw, 20u);  // materials, 4 sets, 7 maps, the streamed mip
  EXPECT_GE(grb, 20u);
  EXPECT_EQ(patch, 1u);
}

TEST(GrbTextureCodec, LayoutsTheGeneratorDoesNotWriteReencodeByteForByte) {
  // A material of selectors only (null set), one whose set slot 7 is the only map, a tail
  // after the map's blob, GRB's flag block, an unknown parameter Type kept unread.
  Material selectors = sample_material(Dialect::Grw, 0);
  std::vector<uint8_t> m = write_material(Dialect::Grw, selectors);
  EXPECT_EQ(again(Dialect::Grw, m), m);
  TextureSet odd = sample_set();
  odd.slots[0] = odd.slots[1] = FileRef{};
  std::vector<uint8_t> s = write_texture_set(odd);
  EXPECT_EQ(again(Dialect::Grw, s), s);
  TextureMap tail = sample_map();
  tail.tail = {1, 2, 3, 4, 5};
  std::vector<uint8_t> t = write_texture_map(Dialect::Grw, tail);
  EXPECT_EQ(again(Dialect::Grw, t), t);
  std::vector<uint8_t> g = write_texture_map(Dialect::Grb, sample_map(Dialect::Grb));
  EXPECT_EQ(again(Dialect::Grb, g), g);
  std::vector<uint8_t> gm = write_material(Dialect::Grb, sample_material(Dialect::Grb));
  EXPECT_EQ(again(Dialect::Grb, gm), gm);
  std::vector<uint8_t> unknown = m;
  const uint32_t type = 0x7F0000;
  std::memcpy(unknown.data() + 122 + 8, &type, 4);
  EXPECT_EQ(again(Dialect::Grw, unknown), unknown);
}

TEST(GrbTextureCodec, TheReadingsFollowTheSetAndTheSelectors) {
  const TextureCodecs& c = texture_codecs(Dialect::Grw);
  const std::vector<uint8_t> m = write_material(Dialect::Grw, sample_material());
  Result<MaterialReading> r = c.material(m.data(), m.size(), nullptr);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->texture_set, std::optional<uint64_t>(0x50000));
  ASSERT_EQ(r->selectors.size(), 1u);
  EXPECT_EQ(r->selectors[0].map, 0x60000u);
  const std::vector<uint8_t> s = write_texture_set(sample_set());
  Result<TextureSetReading> set = c.texture_set(s.data(), s.size(), nullptr);
  ASSERT_TRUE(set);
  ASSERT_EQ(set->slots.size(), 3u);
  EXPECT_EQ(set->slots[2].slot, 7);
  EXPECT_STREQ(c.slot_name(7), "Mask1");
  const std::vector<uint8_t> t = write_texture_map(Dialect::Grw, sample_map());
  Result<TextureMapReading> map = c.texture_map(t.data(), t.size(), nullptr);
  ASSERT_TRUE(map);
  EXPECT_EQ(map->format, std::optional<texture::BlockFormat>(texture::BlockFormat::BC1));
  EXPECT_EQ(map->first_inline, 1u);
  EXPECT_EQ(map->streamed, std::vector<uint64_t>{0x60100});
  EXPECT_EQ(map->blob.size(), 24u);
}

TEST(GrbTextureCodec, PixelFormatNumbersDifferFromNineUp) {
  EXPECT_EQ(pixel_format_name(Dialect::Grw, 9), "BC7");
  EXPECT_EQ(pixel_format_name(Dialect::Grb, 10), "BC7");
  EXPECT_EQ(pixel_format_name(Dialect::Grb, 9), "unknown (9)");
  EXPECT_EQ(pixel_format_name(Dialect::Grw, 7), "unknown (7)");
  EXPECT_EQ(pixel_format_name(Dialect::Grw, 6), "BC5");
}

TEST(GrbTextureCodec, EveryBreakGivesItsCodeAtItsField) {
  for (const test::TextureBreak& k : test::texture_breaks()) {
    const std::vector<uint8_t> b = k.bytes();
    std::vector<ir::Diagnostic> w;
    std::optional<ir::Diagnostic> e;
    const auto take = [&](const auto& r) {
      if (!r) e = r.error();
    };
    switch (k.kind) {
      case 'm':
        take(read_material(Dialect::Grw, b.data(), b.size(), &w));
        break;
      case 's':
        take(read_texture_set(b.data(), b.size(), &w));
        break;
      case 't':
        take(read_texture_map(Dialect::Grw, b.data(), b.size(), &w));
        break;
      default:
        take(read_compiled_mip(b.data(), b.size(), &w));
    }
    const ir::Diagnostic* d = e ? &*e : (w.empty() ? nullptr : &w.front());
    ASSERT_NE(d, nullptr) << k.code;
    EXPECT_EQ(d->code, k.code) << k.how;
    EXPECT_GT(d->offset, 0u) << k.code;
    EXPECT_LE(d->offset, b.size()) << k.code;
  }
}

}  // namespace
}  // namespace f2g::grb
