// TextureMap, CompiledTextureMap and CompiledMip read and written side by side (docs/READING.md
// "Materials and textures").
#include "formats/grb/texture_map.h"

#include <algorithm>

#include "formats/common/reader.h"
#include "formats/common/writer.h"
#include "formats/grb/texture_checks.h"

namespace f2g::grb {
namespace {

size_t dialect_byte_count(Dialect d) { return d == Dialect::Grw ? 10 : 6; }

// The compiled words checked against the header: width, height, mip count, pixel format.
constexpr size_t kCompiledWidth = 2, kCompiledHeight = 3, kCompiledMips = 5, kCompiledFormat = 6;

}  // namespace

std::optional<texture::BlockFormat> block_format(Dialect dialect, int32_t pf) {
  using texture::BlockFormat;
  switch (pf) {
    case 0:
      return BlockFormat::B8G8R8A8;
    case 2:
    case 3:
      return BlockFormat::BC1;
    case 4:
      return BlockFormat::BC2;
    case 5:
      return BlockFormat::BC3;
    case 6:
      return BlockFormat::BC5;
    default:
      break;
  }
  if (pf == (dialect == Dialect::Grw ? 9 : 10)) return BlockFormat::BC7;
  return std::nullopt;
}

std::string pixel_format_name(Dialect dialect, int32_t pf) {
  const auto f = block_format(dialect, pf);
  return f ? texture::format_name(*f) : "unknown (" + std::to_string(pf) + ")";
}

uint64_t texture_level_bytes(Dialect dialect, const TextureMap& map, uint32_t level) {
  const auto f = block_format(dialect, map.pixel_format);
  if (!f || level >= 32) return 0;
  const uint32_t w = std::max<uint32_t>(1, map.width >> level);
  const uint32_t h = std::max<uint32_t>(1, map.height >> level);
  return texture::level_bytes(*f, w, h) * (map.cube() ? 6 : 1);
}

uint32_t first_inline_level(Dialect dialect, const TextureMap& map) {
  const uint32_t n = std::min<uint32_t>(map.levels(), 32);
  uint64_t chain = 0;
  uint32_t first = n;
  for (uint32_t k = n; k-- > 0;) {
    const uint64_t b = texture_level_bytes(dialect, map, k);
    if (b == 0) return n;
    chain += b;
    if (chain > map.blob.size()) break;
    first = k;
  }
  return first;
}

Result<TextureMap> read_texture_map(Dialect dialect, const uint8_t* data, size_t size,
                                    std::vector<ir::Diagnostic>* warnings,
                                    DecodeObserver* observer) {
  std::vector<ir::Diagnostic> local;
  return catch_failure([&] {
    Reader r(data, data + size, "GRB");
    Reader::Scope scope(r, "texture_map");
    Checker c(r, warnings ? *warnings : local, observer);
    TextureMap t;
    t.id = r.u64("id");
    const uint32_t cls = r.u32("class");
    c.check(check::texture_map_class, cls == kTextureMapClass, r.path("class"), 8,
            [&] { return "class " + hex(cls, 8) + ", not 0xA2B7E917 (TextureMap)"; });
    t.managed = r.u8("managed");
    t.width = r.u32("width");
    t.height = r.u32("height");
    t.depth = r.u32("depth");
    t.pixel_format = r.read<int32_t>("pixel_format");
    t.texture_type = r.read<int32_t>("texture_type");
    t.gamma = r.read<int32_t>("gamma");
    t.mip_count = r.u32("mip_count");
    t.map_type = r.read<int32_t>("map_type");
    t.dialect_bytes = r.bytes(dialect_byte_count(dialect), "dialect_bytes");
    const uint64_t at_n = r.offset();
    const int32_t n = r.read<int32_t>("streamed_count");
    c.check(check::texture_map_streamed_count, n >= 0 && uint64_t(n) <= r.remaining() / 9,
            r.path("streamed_count"), at_n, [&] {
              return std::to_string(n) + " streamed mips (9 bytes each) in " +
                     std::to_string(r.remaining()) + " bytes";
            });
    t.streamed.resize(size_t(n));
    for (size_t i = 0; i < t.streamed.size(); ++i) {
      Reader::Scope s(r, "streamed", i);
      t.streamed[i].tag = r.u8("tag");
      t.streamed[i].id = r.u64("id");
    }
    const uint64_t at_sep = r.offset();
    t.separator = r.u8("separator");
    c.check(check::texture_map_separator, t.separator == 0, r.path("separator"), at_sep,
            [&] { return "separator " + std::to_string(t.separator) + ", not 0"; });
    {
      Reader::Scope s(r, "compiled");
      t.compiled_id = r.u64("id");
      const uint64_t at_class = r.offset();
      const uint32_t ccls = r.u32("class");
      c.check(check::compiled_texture_map_class, ccls == kCompiledTextureMapClass, r.path("class"),
              at_class,
              [&] { return "class " + hex(ccls, 8) + ", not 0x13237FE9 (CompiledTextureMap)"; });
      const uint64_t at_words = r.offset();
      for (uint32_t& v : t.compiled) v = r.u32("fields");
      if (dialect == Dialect::Grb) t.compiled_extra = r.u32("extra");
      const bool agrees = t.compiled[kCompiledWidth] == t.width &&
                          t.compiled[kCompiledHeight] == t.height &&
                          t.compiled[kCompiledMips] == t.mip_count &&
                          t.compiled[kCompiledFormat] == uint32_t(t.pixel_format);
      c.check(check::texture_header_agrees, agrees, r.path("fields"), at_words, [&] {
        return "compiled " + std::to_string(t.compiled[kCompiledWidth]) + "x" +
               std::to_string(t.compiled[kCompiledHeight]) + ", " +
               std::to_string(t.compiled[kCompiledMips]) + " mips, format " +
               std::to_string(t.compiled[kCompiledFormat]) + "; the TextureMap says " +
               std::to_string(t.width) + "x" + std::to_string(t.height) + ", " +
               std::to_string(t.mip_count) + ", " + std::to_string(t.pixel_format);
      });
    }
    const uint64_t at_l = r.offset();
    const int32_t l = r.read<int32_t>("blob_size");
    c.check(check::texture_blob_size, l >= 0 && uint64_t(l) <= r.remaining(), r.path("blob_size"),
            at_l, [&] {
              return "blob of " + std::to_string(l) + " bytes, " + std::to_string(r.remaining()) +
                     " left";
            });
    t.blob_offset = r.offset();
    t.blob = r.bytes(uint64_t(l), "blob");
    const uint64_t last = texture_level_bytes(dialect, t, t.levels() - 1);
    c.check(check::texture_blob_holds_chain, last == 0 || t.blob.size() >= last, r.path("blob"),
            t.blob_offset, [&] {
              return "blob of " + std::to_string(t.blob.size()) +
                     " bytes; the last level alone "
                     "needs " +
                     std::to_string(last);
            });
    t.tail.assign(r.cursor(), r.cursor() + r.remaining());
    return t;
  });
}

std::vector<uint8_t> write_texture_map(Dialect dialect, const TextureMap& t) {
  ByteWriter w;
  w.reserve(t.blob.size() + 128 + t.streamed.size() * 9 + t.tail.size());
  w.u64(t.id);
  w.u32(kTextureMapClass);
  w.u8(t.managed);
  w.u32(t.width);
  w.u32(t.height);
  w.u32(t.depth);
  w.put<int32_t>(t.pixel_format);
  w.put<int32_t>(t.texture_type);
  w.put<int32_t>(t.gamma);
  w.u32(t.mip_count);
  w.put<int32_t>(t.map_type);
  w.bytes(t.dialect_bytes);
  w.put<int32_t>(int32_t(t.streamed.size()));
  for (const StreamedMip& m : t.streamed) {
    w.u8(m.tag);
    w.u64(m.id);
  }
  w.u8(t.separator);
  w.u64(t.compiled_id);
  w.u32(kCompiledTextureMapClass);
  for (uint32_t v : t.compiled) w.u32(v);
  if (dialect == Dialect::Grb) w.u32(t.compiled_extra.value_or(uint32_t(t.blob.size() + 4)));
  w.put<int32_t>(int32_t(t.blob.size()));
  w.bytes(t.blob);
  w.bytes(t.tail);
  return w.take();
}

Result<CompiledMip> read_compiled_mip(const uint8_t* data, size_t size,
                                      std::vector<ir::Diagnostic>* warnings,
                                      DecodeObserver* observer) {
  std::vector<ir::Diagnostic> local;
  return catch_failure([&] {
    Reader r(data, data + size, "GRB");
    Reader::Scope scope(r, "compiled_mip");
    Checker c(r, warnings ? *warnings : local, observer);
    CompiledMip m;
    m.id = r.u64("id");
    const uint32_t cls = r.u32("class");
    c.check(check::compiled_mip_class, cls == kCompiledMipClass, r.path("class"), 8,
            [&] { return "class " + hex(cls, 8) + ", not 0x1D4B87A3 (CompiledMip)"; });
    m.managed = r.u8("managed");
    const uint64_t at_l = r.offset();
    const int32_t l = r.read<int32_t>("level_size");
    c.check(check::compiled_mip_size, l >= 0 && uint64_t(l) + 13 <= r.remaining(),
            r.path("level_size"), at_l, [&] {
              return "level of " + std::to_string(l) + " bytes and a 13-byte trailer in " +
                     std::to_string(r.remaining()) + " bytes";
            });
    m.level_offset = r.offset();
    m.level = r.bytes(uint64_t(l), "level");
    m.trailer = r.u8("trailer");
    m.parent = r.u64("parent");
    m.level_index = r.u32("level_index");
    m.tail.assign(r.cursor(), r.cursor() + r.remaining());
    return m;
  });
}

std::vector<uint8_t> write_compiled_mip(const CompiledMip& m) {
  ByteWriter w;
  w.reserve(m.level.size() + 30 + m.tail.size());
  w.u64(m.id);
  w.u32(kCompiledMipClass);
  w.u8(m.managed);
  w.put<int32_t>(int32_t(m.level.size()));
  w.bytes(m.level);
  w.u8(m.trailer);
  w.u64(m.parent);
  w.u32(m.level_index);
  w.bytes(m.tail);
  return w.take();
}

}  // namespace f2g::grb
