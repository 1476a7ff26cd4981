// The sample archives' materials and textures: images drawn here, compressed by Debian's
// libsquish (BC1-BC3, BC5) or by the mode-6 BC7 encoder below, written by the game's codecs
// (formats/grb/material.h, texture_map.h).
#include <squish.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "formats/common/classes.h"
#include "formats/grb/material.h"
#include "formats/grb/texture_map.h"
#include "formats/registry.h"
#include "samples/generator/sample_textures.h"

namespace f2g::samples {
namespace {

using grb::Dialect;
using texture::BlockFormat;

// A w x h RGBA image: a hue gradient with a checker, its alpha a ramp; `seed` shifts both.
std::vector<uint8_t> image(uint32_t w, uint32_t h, uint32_t seed) {
  std::vector<uint8_t> px(size_t(w) * h * 4);
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      uint8_t* p = &px[(size_t(y) * w + x) * 4];
      const bool check = ((x * 4 / w) + (y * 4 / h)) % 2;
      p[0] = uint8_t((x * 255 / std::max(1u, w - 1) + seed * 37) & 0xFF);
      p[1] = uint8_t((y * 255 / std::max(1u, h - 1) + seed * 91) & 0xFF);
      p[2] = check ? uint8_t(200 - seed % 64) : uint8_t(40 + seed % 64);
      p[3] = uint8_t(128 + (x + y) * 127 / std::max(1u, w + h - 2));
    }
  return px;
}

// A tangent-space normal map: a bump in the middle, x and y in R and G.
std::vector<uint8_t> normals(uint32_t w, uint32_t h) {
  std::vector<uint8_t> px(size_t(w) * h * 4);
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      uint8_t* p = &px[(size_t(y) * w + x) * 4];
      const float nx = (float(x) + 0.5f) / float(w) - 0.5f,
                  ny = (float(y) + 0.5f) / float(h) - 0.5f;
      p[0] = uint8_t(std::clamp(128.0f + nx * 200.0f, 0.0f, 255.0f));
      p[1] = uint8_t(std::clamp(128.0f + ny * 200.0f, 0.0f, 255.0f));
      p[2] = 255;
      p[3] = 255;
    }
  return px;
}

// Halves an image (a 2x2 box, edges clamped).
std::vector<uint8_t> half(const std::vector<uint8_t>& px, uint32_t w, uint32_t h) {
  const uint32_t hw = std::max(1u, w / 2), hh = std::max(1u, h / 2);
  std::vector<uint8_t> out(size_t(hw) * hh * 4);
  for (uint32_t y = 0; y < hh; ++y)
    for (uint32_t x = 0; x < hw; ++x)
      for (int c = 0; c < 4; ++c) {
        unsigned s = 0;
        for (uint32_t dy = 0; dy < 2; ++dy)
          for (uint32_t dx = 0; dx < 2; ++dx) {
            const uint32_t sx = std::min(w - 1, x * 2 + dx), sy = std::min(h - 1, y * 2 + dy);
            s += px[(size_t(sy) * w + sx) * 4 + size_t(c)];
          }
        out[(size_t(y) * hw + x) * 4 + size_t(c)] = uint8_t((s + 2) / 4);
      }
  return out;
}

// Appends `v`'s low `n` bits at bit `at` of a 16-byte block (least significant bit first).
void put_bits(uint8_t* block, unsigned& at, uint32_t v, unsigned n) {
  for (unsigned i = 0; i < n; ++i, ++at)
    if (v >> i & 1) block[at / 8] |= uint8_t(1u << (at % 8));
}

// BC7 mode 6 (one subset, RGBA 7 bits + p-bit endpoints, 4-bit indices): the endpoints the
// block's per-channel min and max, each pixel the nearest of the 16 interpolated colours.
void bc7_mode6(const uint8_t* rgba, uint32_t w, uint32_t h, uint32_t bx, uint32_t by,
               uint8_t* block) {
  uint8_t px[16][4];
  for (uint32_t i = 0; i < 16; ++i) {
    const uint32_t x = std::min(w - 1, bx * 4 + i % 4), y = std::min(h - 1, by * 4 + i / 4);
    std::memcpy(px[i], rgba + (size_t(y) * w + x) * 4, 4);
  }
  uint8_t lo[4] = {255, 255, 255, 255}, hi[4] = {0, 0, 0, 0};
  for (auto& p : px)
    for (int c = 0; c < 4; ++c) lo[c] = std::min(lo[c], p[c]), hi[c] = std::max(hi[c], p[c]);
  // 7-bit endpoints with p-bit 0: the stored value is (e << 1) expanded to 8 bits.
  uint8_t e0[4], e1[4];
  for (int c = 0; c < 4; ++c) e0[c] = uint8_t(lo[c] >> 1), e1[c] = uint8_t(hi[c] >> 1);
  static const int kWeights[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};
  uint8_t palette[16][4];
  for (int k = 0; k < 16; ++k)
    for (int c = 0; c < 4; ++c) {
      const int a = e0[c] << 1, b = e1[c] << 1;
      palette[k][c] = uint8_t(((64 - kWeights[k]) * a + kWeights[k] * b + 32) >> 6);
    }
  uint8_t index[16];
  for (int i = 0; i < 16; ++i) {
    int best = 0, best_d = 1 << 30;
    for (int k = 0; k < 16; ++k) {
      int d = 0;
      for (int c = 0; c < 4; ++c) d += (px[i][c] - palette[k][c]) * (px[i][c] - palette[k][c]);
      if (d < best_d) best = k, best_d = d;
    }
    index[i] = uint8_t(best);
  }
  if (index[0] & 8) {  // the anchor index has 3 bits: its top bit clear, swap the endpoints
    for (int c = 0; c < 4; ++c) std::swap(e0[c], e1[c]);
    for (uint8_t& k : index) k = uint8_t(15 - k);
  }
  std::memset(block, 0, 16);
  unsigned at = 0;
  put_bits(block, at, 1u << 6, 7);  // mode 6
  for (int c = 0; c < 4; ++c) {
    put_bits(block, at, e0[c], 7);
    put_bits(block, at, e1[c], 7);
  }
  put_bits(block, at, 0, 1);  // p-bits
  put_bits(block, at, 0, 1);
  put_bits(block, at, index[0], 3);
  for (int i = 1; i < 16; ++i) put_bits(block, at, index[i], 4);
}

std::vector<uint8_t> encode(BlockFormat f, const std::vector<uint8_t>& px, uint32_t w, uint32_t h) {
  std::vector<uint8_t> out(size_t(texture::level_bytes(f, w, h)));
  switch (f) {
    case BlockFormat::B8G8R8A8:
      for (size_t i = 0; i < out.size(); i += 4) {
        out[i] = px[i + 2];
        out[i + 1] = px[i + 1];
        out[i + 2] = px[i];
        out[i + 3] = px[i + 3];
      }
      break;
    case BlockFormat::BC7: {
      const uint32_t bw = std::max(1u, (w + 3) / 4), bh = std::max(1u, (h + 3) / 4);
      for (uint32_t by = 0; by < bh; ++by)
        for (uint32_t bx = 0; bx < bw; ++bx)
          bc7_mode6(px.data(), w, h, bx, by, &out[(size_t(by) * bw + bx) * 16]);
      break;
    }
    default: {
      const int flags = f == BlockFormat::BC1   ? squish::kDxt1
                        : f == BlockFormat::BC2 ? squish::kDxt3
                        : f == BlockFormat::BC3 ? squish::kDxt5
                        : f == BlockFormat::BC4 ? squish::kBc4
                                                : squish::kBc5;
      squish::CompressImage(px.data(), int(w), int(h), out.data(), flags | squish::kColourRangeFit);
    }
  }
  return out;
}

std::optional<BlockFormat> format_of(Dialect d, int32_t number) {
  return grb::block_format(d, number);
}

// The dialect's number of `f` (docs/READING.md "Materials and textures", the pixel formats).
int32_t number_of(Dialect d, BlockFormat f) {
  switch (f) {
    case BlockFormat::B8G8R8A8:
      return 0;
    case BlockFormat::BC1:
      return 2;
    case BlockFormat::BC2:
      return 4;
    case BlockFormat::BC3:
      return 5;
    case BlockFormat::BC5:
      return 6;
    case BlockFormat::BC7:
      return d == Dialect::Grw ? 9 : 10;
    default:
      throw std::logic_error("no pixel format number");
  }
}

archive::ResourceRecord record(const char* cls, const std::string& name,
                               std::vector<uint8_t> body) {
  archive::ResourceRecord r;
  r.class_id = archive::class_id(cls);
  r.name = name;
  r.body = std::move(body);
  return r;
}

struct MapSpec {
  uint64_t id;
  std::string name;
  BlockFormat format;
  uint32_t size, levels, streamed;  // streamed: top levels as CompiledMips
  bool cube = false, normal = false;
  int32_t gamma = 1;
  bool noise = false;  // random pixels: its levels do not compress (raw blocks in the entry)
};

// The map's record and its CompiledMips (ids `id + 0x100 + k`).
void add_map(Dialect d, const MapSpec& s, uint32_t seed, TextureRecords& out) {
  grb::TextureMap t;
  t.id = s.id;
  t.managed = 1;
  t.width = t.height = s.size;
  t.depth = 1;
  t.pixel_format = number_of(d, s.format);
  t.texture_type = s.cube ? grb::kCubeTexture : 1;
  t.gamma = s.gamma;
  t.mip_count = s.levels;
  t.map_type = s.normal ? 1 : 0;
  t.dialect_bytes.assign(d == Dialect::Grw ? 10 : 6, 0);
  t.compiled_id = 0xF8000000;
  std::vector<uint8_t> px = s.normal ? normals(s.size, s.size) : image(s.size, s.size, seed);
  if (s.noise) {
    uint32_t x = seed * 2654435761u + 1;
    for (uint8_t& v : px) {
      x ^= x << 13;
      x ^= x >> 17;
      x ^= x << 5;
      v = uint8_t(x >> 24);
    }
  }
  uint32_t w = s.size;
  uint64_t total = 0, top = 0;
  for (uint32_t k = 0; k < s.levels; ++k) {
    std::vector<uint8_t> level;
    for (uint32_t face = 0; face < (s.cube ? 6u : 1u); ++face) {
      const std::vector<uint8_t> face_px =
          s.cube ? image(w, w, seed + face * 11) : px;  // each face its own colours
      const std::vector<uint8_t> b = encode(s.format, face_px, w, w);
      level.insert(level.end(), b.begin(), b.end());
    }
    if (k == 0) top = level.size();
    total += level.size();
    if (k < s.streamed) {
      grb::CompiledMip m;
      m.id = s.id + 0x100 + k;
      m.managed = 1;
      m.level = std::move(level);
      m.parent = s.id;
      m.level_index = k;
      t.streamed.push_back({1, m.id});
      out.mips.push_back(
          record("CompiledMip", s.name + "_Mip" + std::to_string(k), grb::write_compiled_mip(m)));
    } else {
      t.blob.insert(t.blob.end(), level.begin(), level.end());
    }
    px = half(px, w, w);
    w = std::max(1u, w / 2);
  }
  t.compiled = {1,
                0,
                t.width,
                t.height,
                1,
                t.mip_count,
                uint32_t(t.pixel_format),
                uint32_t(t.texture_type),
                uint32_t(t.gamma),
                uint32_t(top),
                uint32_t(total),
                16};
  out.textures.push_back(record("TextureMap", s.name, grb::write_texture_map(d, t)));
}

grb::FileRef ref(uint64_t id, uint8_t global = 0) {
  return id ? grb::FileRef{1, global, id} : grb::FileRef{};
}

grb::Material material(Dialect d, uint64_t id) {
  grb::Material m;
  m.id = id;
  m.managed = 1;
  m.material_template = ref(0x7E000000 + (id & 0xFFF), 1);
  const uint64_t mask = 0xF8000000;
  std::memcpy(m.mask.data(), &mask, 8);
  const uint32_t mask_class = 0xDF5D6C0E, match_class = 0x92B95F74;
  std::memcpy(m.mask.data() + 8, &mask_class, 4);
  const uint64_t match = 0xF8000001;
  std::memcpy(m.match_mask.data(), &match, 8);
  std::memcpy(m.match_mask.data() + 8, &match_class, 4);
  m.flags.assign(d == Dialect::Grw ? 22 : 29, 0);
  if (d == Dialect::Grw) m.category = 5;
  // One scalar parameter, as every material has some: a float (Type 0x0A0000).
  grb::MaterialParam p;
  p.name_hash = 0x3F2A1B0C;
  p.data_type = 0x0A;
  p.type = 0x0A0000;
  const float one = 1.0f;
  p.value.resize(4);
  std::memcpy(p.value.data(), &one, 4);
  m.params.push_back(p);
  m.declared_params = 1;
  return m;
}

void add_selector(grb::Material& m, int32_t slot, uint64_t map) {
  grb::MaterialParam p;
  p.name_hash = slot == 0 ? 0x74B91491 : 0x78A191D4;  // "0: Layer1 Diffuse + Alpha Map", Normal
  p.data_type = grb::kTextureSelectorClass;
  p.type = 0x130000;
  grb::TextureSelector s;
  s.object_id = 0xF8000002 + uint64_t(m.params.size());
  s.managed = 0;
  s.method = 2;
  s.map_type = slot;
  s.texture_map = ref(map, 1);
  p.selector = s;
  m.params.push_back(p);
  ++m.declared_params;
}

std::vector<uint8_t> set_body(uint64_t id, std::initializer_list<std::pair<int, uint64_t>> slots) {
  grb::TextureSet t;
  t.id = id;
  t.managed = 1;
  for (const auto& [k, map] : slots) t.slots[size_t(k)] = ref(map);
  t.tail.assign(9, 0);
  const uint64_t source = id - 1;
  std::memcpy(t.tail.data() + 1, &source, 8);
  return grb::write_texture_set(t);
}

}  // namespace

TextureRecords texture_records(Dialect d, const std::vector<uint64_t>& material_ids,
                               uint64_t first_id, uint32_t seed, uint64_t unreadable_set,
                               uint32_t scale) {
  TextureRecords out;
  const uint64_t a = first_id;  // sets at a + 0x10 * k, maps after them
  const std::string g = d == Dialect::Grw ? "W" : "B";
  // First in the entry: its noise fills the payload's first block, stored raw.
  add_map(d, {a + 7, g + "Decal_Diffuse", BlockFormat::B8G8R8A8, 96, 4, 0, false, false, 1, true},
          seed + 5, out);
  add_map(d, {a + 1, g + "Skin_Diffuse", BlockFormat::BC7, 32 * scale, 6, 1}, seed, out);
  add_map(d, {a + 2, g + "Skin_Normal", BlockFormat::BC5, 16 * scale, 5, 0, false, true, 0}, seed,
          out);
  add_map(d, {a + 3, g + "Cloth_Diffuse", BlockFormat::BC1, 16 * scale, 5, 0}, seed + 1, out);
  add_map(d, {a + 4, g + "Metal_Diffuse", BlockFormat::BC3, 16 * scale, 5, 0}, seed + 2, out);
  add_map(d, {a + 5, g + "Sky_Cube", BlockFormat::BC1, 8, 1, 0, true}, seed + 3, out);
  add_map(d, {a + 6, g + "Leaf_Diffuse", BlockFormat::BC2, 8 * scale, 4, 0}, seed + 4, out);

  const uint64_t set_skin = a + 0x10, set_metal = a + 0x11, set_leaf = a + 0x12,
                 set_decal = a + 0x13;
  // Slot 2 (Specular) names a map no archive holds: kept in the material's extras only.
  out.textures.push_back(record("TextureSet", g + "Skin_Set",
                                set_body(set_skin, {{0, a + 1}, {1, a + 2}, {2, a + 0x1F}})));
  out.textures.push_back(
      record("TextureSet", g + "Metal_Set", set_body(set_metal, {{0, a + 4}, {10, a + 5}})));
  out.textures.push_back(
      record("TextureSet", g + "Leaf_Set", set_body(set_leaf, {{0, a + 6}, {1, a + 2}})));
  out.textures.push_back(record("TextureSet", g + "Decal_Set", set_body(set_decal, {{0, a + 7}})));
  for (size_t k = 0; k < material_ids.size(); ++k) {
    grb::Material m = material(d, material_ids[k]);
    switch (k % 5) {
      case 0:
        m.texture_set = ref(set_skin);
        break;
      case 1:  // no set: the parameters' TextureSelectors name the maps
        add_selector(m, 0, a + 3);
        add_selector(m, 1, a + 2);
        break;
      case 2:
        m.texture_set = ref(set_metal);
        m.blend_mode = 1;
        break;
      case 3:
        m.texture_set = ref(set_leaf);
        m.flags[0] = 128;                          // alpha test value
        m.flags[d == Dialect::Grw ? 18 : 24] = 1;  // two-sided
        break;
      default:
        m.texture_set = ref(set_decal);
    }
    if (unreadable_set && k + 1 == material_ids.size()) m.texture_set = ref(unreadable_set);
    out.materials.push_back(
        record("Material", "Material_" + std::to_string(k), grb::write_material(d, m)));
  }
  return out;
}

archive::ResourceRecord texture_map_record(Dialect d, uint64_t id, const std::string& name,
                                           int32_t format, uint32_t size, uint32_t levels,
                                           uint32_t seed) {
  TextureRecords out;
  add_map(d, {id, name, *format_of(d, format), size, levels, 0}, seed, out);
  return out.textures.front();
}

std::vector<uint64_t> sample_material_ids(const std::vector<uint8_t>& mesh_file) {
  DecodeOptions o;
  Result<Decoded> decoded = decode(mesh_file.data(), mesh_file.size(), o);
  if (!decoded) throw std::logic_error(decoded.error().to_string());
  std::vector<uint64_t> ids;
  for (const ir::Material& m : decoded->mesh.materials) {
    const auto it = m.extras.find("id");
    if (it == m.extras.end()) continue;
    const uint64_t id = std::stoull(it->get<std::string>(), nullptr, 16);
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  }
  return ids;
}

}  // namespace f2g::samples
