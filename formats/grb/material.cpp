// Material, TextureSet and TextureSelector read and written side by side (docs/READING.md
// "Materials and textures").
#include "formats/grb/material.h"

#include <cstring>

#include "formats/common/reader.h"
#include "formats/common/writer.h"
#include "formats/grb/texture_checks.h"

namespace f2g::grb {
namespace {

constexpr uint32_t kMaskClass = 0xDF5D6C0E;
constexpr uint32_t kMatchMaskClass = 0x92B95F74;
constexpr uint32_t kReferenceType = 0x1C0000;
constexpr uint32_t kObjectType = 0x130000;
constexpr uint32_t kUvTransformClass = 0xC52E2125;
constexpr uint32_t kTimeOscillatorClass = 0xECE5D96C;

size_t flag_bytes(Dialect d) { return d == Dialect::Grw ? 22 : 29; }

// The value size of a scalar parameter Type (the knowledge base's table, checked on every
// material of both games), 0 when not known.
uint32_t scalar_size(uint32_t type) {
  switch (type) {
    case 0x000000:
    case 0x010000:
    case 0x020000:
    case 0x030000:
      return 1;
    case 0x040000:
    case 0x050000:
      return 2;
    case 0x060000:
    case 0x070000:
    case 0x0A0000:
    case 0x190000:
      return 4;
    case 0x080000:
    case 0x090000:
    case 0x0B0000:
    case 0x110000:
      return 8;
    case 0x0C0000:
      return 12;
    case 0x0D0000:
    case 0x0E0000:
      return 16;
    case 0x0F0000:
      return 36;
    case 0x100000:
      return 64;
    case 0x120000:
      return 9;
    default:
      return 0;
  }
}

uint32_t object_size(uint32_t data_type) {
  switch (data_type) {
    case kTextureSelectorClass:
      return 53;
    case kUvTransformClass:
      return 46;
    case kTimeOscillatorClass:
      return 36;
    default:
      return 0;
  }
}

FileRef read_ref(Reader& r, Checker& c, const char* field) {
  Reader::Scope s(r, field);
  const uint64_t at = r.offset();
  FileRef f;
  f.kind = r.u8("kind");
  f.global = r.u8("global");
  f.id = r.u64("id");
  c.check(check::file_ref_kind, f.kind == 1 || f.kind == 3, r.path("kind"), at,
          [&] { return "reference kind " + std::to_string(f.kind) + ", not 1 or 3"; });
  return f;
}

void write_ref(ByteWriter& w, const FileRef& f) {
  w.u8(f.kind);
  w.u8(f.global);
  w.u64(f.id);
}

template <size_t N>
void read_array(Reader& r, std::array<uint8_t, N>& out, const char* field) {
  std::memcpy(out.data(), r.take(N, field), N);
}

TextureSelector read_selector(const std::vector<uint8_t>& v, uint64_t base, Checker& outer) {
  Reader r(v.data(), v.data() + v.size(), "GRB", base);
  Reader::Scope s(r, "selector");
  Checker c(r, outer.warnings(), outer.observer());
  TextureSelector t;
  t.object_id = r.u64("object_id");
  r.u32("class");
  t.managed = r.u8("managed");
  t.method = r.read<int32_t>("method");
  t.map_type = r.read<int32_t>("map_type");
  t.frame = r.read<int32_t>("frame");
  t.texture_set = read_ref(r, c, "texture_set");
  t.texture_map = read_ref(r, c, "texture_map");
  read_array(r, t.tail, "tail");
  return t;
}

void write_selector(ByteWriter& w, const TextureSelector& t) {
  w.u64(t.object_id);
  w.u32(kTextureSelectorClass);
  w.u8(t.managed);
  w.put<int32_t>(t.method);
  w.put<int32_t>(t.map_type);
  w.put<int32_t>(t.frame);
  write_ref(w, t.texture_set);
  write_ref(w, t.texture_map);
  w.bytes(t.tail.data(), t.tail.size());
}

// The value size of parameter `p` at the reader's cursor, 0 when not known.
uint32_t value_size(const Reader& r, const MaterialParam& p) {
  if (p.type == kReferenceType) {
    if (r.remaining() < 1) return 10;  // the read fails as truncated
    const uint8_t kind = *r.cursor();
    return kind == 2 || kind == 5 ? 9 : 10;
  }
  if (p.type == kObjectType) return object_size(p.data_type);
  return scalar_size(p.type);
}

void read_params(Reader& r, Checker& c, Material& m) {
  const uint64_t at_count = r.offset();
  m.declared_params = r.u32("param_count");
  c.check(check::material_param_count, m.declared_params <= r.remaining() / 16,
          r.path("param_count"), at_count, [&] {
            return std::to_string(m.declared_params) + " parameters in " +
                   std::to_string(r.remaining()) + " bytes";
          });
  for (uint32_t i = 0; i < m.declared_params; ++i) {
    Reader::Scope s(r, "params", i);
    const uint8_t* start = r.cursor();
    MaterialParam p;
    p.offset = r.offset();
    p.name_hash = r.u32("name_hash");
    p.data_type = r.u32("data_type");
    p.type = r.u32("type");
    p.unknown = r.u32("unknown");
    const uint32_t n = value_size(r, p);
    if (!c.check(check::material_param_type, n != 0, r.path("type"), p.offset + 8, [&] {
          return "parameter Type " + hex(p.type, 6) + " (DataType " + hex(p.data_type, 8) +
                 ") has no known value size";
        })) {
      m.unread.assign(start, r.cursor() + r.remaining());
      r.take(r.remaining(), "unread");
      return;
    }
    const uint64_t at_value = r.offset();
    p.value = r.bytes(n, "value");
    if (p.type == kObjectType) {
      uint32_t cls = 0;
      std::memcpy(&cls, p.value.data() + 8, 4);
      c.check(check::selector_class, cls == p.data_type, r.path("value"), at_value + 8, [&] {
        return "inline object of class " + hex(cls, 8) + " under DataType " + hex(p.data_type, 8);
      });
      if (p.data_type == kTextureSelectorClass) p.selector = read_selector(p.value, at_value, c);
    }
    m.params.push_back(std::move(p));
  }
}

}  // namespace

bool Material::two_sided(Dialect dialect) const {
  // GRW flag 18 (payload byte 72); GRB inserts a byte after flag 9 and five after flag 13.
  const size_t k = dialect == Dialect::Grw ? 18 : 24;
  return k < flags.size() && flags[k] != 0;
}

const char* texture_slot_name(size_t slot) {
  static const char* const names[kTextureSetSlots] = {
      "Diffuse",   "Normal",   "Specular", "OffsetBump", "Emissive",    "Transmission",
      "Occlusion", "Mask1",    "Mask2",    "Cookie",     "EnvLighting", "Generic",
      "Diffuse1",  "Diffuse2", "Diffuse3", "Diffuse4",   "Diffuse5",    "VectorDisplace"};
  return slot < kTextureSetSlots ? names[slot] : "unknown";
}

Result<Material> read_material(Dialect dialect, const uint8_t* data, size_t size,
                               std::vector<ir::Diagnostic>* warnings, DecodeObserver* observer) {
  std::vector<ir::Diagnostic> local;
  return catch_failure([&] {
    Reader r(data, data + size, "GRB");
    Reader::Scope scope(r, "material");
    Checker c(r, warnings ? *warnings : local, observer);
    Material m;
    m.id = r.u64("id");
    const uint32_t cls = r.u32("class");
    c.check(check::material_class, cls == kMaterialClass, r.path("class"), 8,
            [&] { return "class " + hex(cls, 8) + ", not 0x85C817C3 (Material)"; });
    m.managed = r.u8("managed");
    m.material_template = read_ref(r, c, "template");
    m.texture_set = read_ref(r, c, "texture_set");
    read_array(r, m.mask, "mask");
    uint32_t mask_class = 0;
    std::memcpy(&mask_class, m.mask.data() + 8, 4);
    c.check(check::material_mask_class, mask_class == kMaskClass, r.path("mask"), 41,
            [&] { return "class " + hex(mask_class, 8) + " at 41, not the Mask's 0xDF5D6C0E"; });
    m.blend_mode = r.read<int32_t>("blend_mode");
    m.alpha_display_mode = r.read<int32_t>("alpha_display_mode");
    m.flags = r.bytes(flag_bytes(dialect), "flags");
    m.backface = read_ref(r, c, "backface");
    const uint64_t at_match = r.offset();
    read_array(r, m.match_mask, "match_mask");
    uint32_t match_class = 0;
    std::memcpy(&match_class, m.match_mask.data() + 8, 4);
    c.check(check::material_match_mask_class, match_class == kMatchMaskClass, r.path("match_mask"),
            at_match + 8, [&] {
              return "class " + hex(match_class, 8) +
                     ", not the MaterialMatchMask's "
                     "0x92B95F74 (a " +
                     std::string(dialect == Dialect::Grw ? "GRB" : "GRW") + " material?)";
            });
    if (dialect == Dialect::Grw) m.category = r.read<int32_t>("category");
    read_params(r, c, m);
    const uint64_t at_end = r.offset();
    c.check(check::material_end, r.at_end(), r.path("tail"), at_end,
            [&] { return std::to_string(r.remaining()) + " bytes after the parameter list"; });
    m.tail.assign(r.cursor(), r.cursor() + r.remaining());
    return m;
  });
}

std::vector<uint8_t> write_material(Dialect dialect, const Material& m) {
  ByteWriter w;
  w.u64(m.id);
  w.u32(kMaterialClass);
  w.u8(m.managed);
  write_ref(w, m.material_template);
  write_ref(w, m.texture_set);
  w.bytes(m.mask.data(), m.mask.size());
  w.put<int32_t>(m.blend_mode);
  w.put<int32_t>(m.alpha_display_mode);
  w.bytes(m.flags);
  write_ref(w, m.backface);
  w.bytes(m.match_mask.data(), m.match_mask.size());
  if (dialect == Dialect::Grw) w.put<int32_t>(m.category.value_or(0));
  w.u32(m.declared_params);
  for (const MaterialParam& p : m.params) {
    w.u32(p.name_hash);
    w.u32(p.data_type);
    w.u32(p.type);
    w.u32(p.unknown);
    if (p.selector) {
      write_selector(w, *p.selector);
    } else {
      w.bytes(p.value);
    }
  }
  w.bytes(m.unread);
  w.bytes(m.tail);
  return w.take();
}

Result<TextureSet> read_texture_set(const uint8_t* data, size_t size,
                                    std::vector<ir::Diagnostic>* warnings,
                                    DecodeObserver* observer) {
  std::vector<ir::Diagnostic> local;
  return catch_failure([&] {
    Reader r(data, data + size, "GRB");
    Reader::Scope scope(r, "texture_set");
    Checker c(r, warnings ? *warnings : local, observer);
    TextureSet t;
    t.id = r.u64("id");
    const uint32_t cls = r.u32("class");
    c.check(check::texture_set_class, cls == kTextureSetClass, r.path("class"), 8,
            [&] { return "class " + hex(cls, 8) + ", not 0xD70E6670 (TextureSet)"; });
    t.managed = r.u8("managed");
    for (size_t k = 0; k < kTextureSetSlots; ++k) {
      Reader::Scope s(r, "slots", k);
      t.slots[k] = read_ref(r, c, "ref");
    }
    c.check(check::texture_set_end, size == 202, r.path(), r.offset(),
            [&] { return "a TextureSet of " + std::to_string(size) + " bytes, not 202"; });
    t.tail.assign(r.cursor(), r.cursor() + r.remaining());
    return t;
  });
}

std::vector<uint8_t> write_texture_set(const TextureSet& t) {
  ByteWriter w;
  w.u64(t.id);
  w.u32(kTextureSetClass);
  w.u8(t.managed);
  for (const FileRef& f : t.slots) write_ref(w, f);
  w.bytes(t.tail);
  return w.take();
}

}  // namespace f2g::grb
