// Materials, sets, maps and mips of GRW written field by field by the codecs under test
// (formats/grb/material.h, texture_map.h), and one break per named check: shared by the codec
// tests and the error catalogue.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "formats/grb/material.h"
#include "formats/grb/texture_map.h"

namespace f2g::grb::test {

inline FileRef map_ref(uint64_t id) { return FileRef{1, 0, id}; }

// A GRW Material: template, set, one float parameter and one TextureSelector.
inline Material sample_material(Dialect d = Dialect::Grw, uint64_t set = 0x50000) {
  Material m;
  m.id = 0x40000;
  m.managed = 1;
  m.material_template = FileRef{1, 1, 0x41000};
  if (set) m.texture_set = map_ref(set);
  const uint64_t mask = 0xF8000000, match = 0xF8000001;
  const uint32_t mask_class = 0xDF5D6C0E, match_class = 0x92B95F74;
  std::memcpy(m.mask.data(), &mask, 8);
  std::memcpy(m.mask.data() + 8, &mask_class, 4);
  std::memcpy(m.match_mask.data(), &match, 8);
  std::memcpy(m.match_mask.data() + 8, &match_class, 4);
  m.flags.assign(d == Dialect::Grw ? 22 : 29, 0);
  if (d == Dialect::Grw) m.category = 5;
  MaterialParam f;
  f.name_hash = 0x11;
  f.data_type = 0x0A;
  f.type = 0x0A0000;
  f.value = {0, 0, 0x80, 0x3F};
  m.params.push_back(f);
  MaterialParam s;
  s.name_hash = 0x74B91491;
  s.data_type = kTextureSelectorClass;
  s.type = 0x130000;
  TextureSelector t;
  t.object_id = 0xF8000002;
  t.method = 2;
  t.texture_map = map_ref(0x60000);
  s.selector = t;
  m.params.push_back(s);
  m.declared_params = 2;
  return m;
}

inline TextureSet sample_set() {
  TextureSet t;
  t.id = 0x50000;
  t.managed = 1;
  t.slots[0] = map_ref(0x60000);
  t.slots[1] = map_ref(0x60001);
  t.slots[7] = map_ref(0x60007);  // Mask1: a slot glTF does not carry
  t.tail.assign(9, 0);
  return t;
}

// A GRW 8x8 BC1 map of 4 levels: level 0 streamed (CompiledMip 0x60100), 1-3 inline.
inline TextureMap sample_map(Dialect d = Dialect::Grw) {
  TextureMap t;
  t.id = 0x60000;
  t.managed = 1;
  t.width = t.height = 8;
  t.depth = 1;
  t.pixel_format = 2;
  t.texture_type = 1;
  t.gamma = 1;
  t.mip_count = 4;
  t.dialect_bytes.assign(d == Dialect::Grw ? 10 : 6, 0);
  t.streamed.push_back({1, 0x60100});
  t.compiled_id = 0xF8000000;
  t.compiled = {1, 0, 8, 8, 1, 4, 2, 1, 1, 32, 56, 16};
  t.blob.assign(24, 0x55);  // levels 1, 2, 3: 8 bytes each
  return t;
}

inline CompiledMip sample_mip() {
  CompiledMip m;
  m.id = 0x60100;
  m.managed = 1;
  m.level.assign(32, 0xAA);
  m.parent = 0x60000;
  return m;
}

struct TextureBreak {
  const char* code;
  const char* how;
  std::function<std::vector<uint8_t>()> bytes;
  char kind;  // 'm' Material, 's' TextureSet, 't' TextureMap, 'c' CompiledMip
};

inline std::vector<TextureBreak> texture_breaks() {
  const auto mat = [](std::function<void(std::vector<uint8_t>&)> f) {
    return [f] {
      std::vector<uint8_t> b = write_material(Dialect::Grw, sample_material());
      f(b);
      return b;
    };
  };
  const auto map = [](std::function<void(std::vector<uint8_t>&)> f) {
    return [f] {
      std::vector<uint8_t> b = write_texture_map(Dialect::Grw, sample_map());
      f(b);
      return b;
    };
  };
  const auto put32 = [](std::vector<uint8_t>& b, size_t at, uint32_t v) {
    std::memcpy(b.data() + at, &v, 4);
  };
  // Material: params from 118 (u32 count); param 0 at 122 (16 + 4 bytes), param 1 at 142.
  return {
      {"GRB_MATERIAL_CLASS", "class 0x85C817C2", mat([](auto& b) { b[8] ^= 1; }), 'm'},
      {"GRB_MATERIAL_MASK", "the Mask's class changed", mat([](auto& b) { b[41] ^= 1; }), 'm'},
      {"GRB_MATERIAL_MATCH_MASK", "the MatchMask's class changed",
       mat([](auto& b) { b[86 + 8] ^= 1; }), 'm'},
      {"GRB_MATERIAL_PARAM_COUNT", "2^31 parameters",
       mat([put32](auto& b) { put32(b, 118, 0x80000000u); }), 'm'},
      {"GRB_MATERIAL_OBJECT_CLASS", "the selector's class changed",
       mat([](auto& b) { b[142 + 16 + 8] ^= 1; }), 'm'},
      {"GRB_MATERIAL_PARAM_TYPE", "parameter 0 of Type 0x7F0000",
       mat([put32](auto& b) { put32(b, 122 + 8, 0x7F0000); }), 'm'},
      {"GRB_MATERIAL_TAIL", "two bytes after the list",
       mat([](auto& b) { b.push_back(1), b.push_back(2); }), 'm'},
      {"GRB_FILE_REF_KIND", "the TextureSet reference's kind 7", mat([](auto& b) { b[23] = 7; }),
       'm'},
      {"GRB_TEXTURE_SET_CLASS", "class 0xD70E6671",
       [] {
         std::vector<uint8_t> b = write_texture_set(sample_set());
         b[8] ^= 1;
         return b;
       },
       's'},
      {"GRB_TEXTURE_SET_SIZE", "one byte more",
       [] {
         std::vector<uint8_t> b = write_texture_set(sample_set());
         b.push_back(0);
         return b;
       },
       's'},
      {"GRB_TEXTURE_MAP_CLASS", "class 0xA2B7E916", map([](auto& b) { b[8] ^= 1; }), 't'},
      {"GRB_TEXTURE_STREAMED_COUNT", "-1 streamed mips",
       map([put32](auto& b) { put32(b, 55, 0xFFFFFFFFu); }), 't'},
      {"GRB_TEXTURE_SEPARATOR", "separator 1", map([](auto& b) { b[59 + 9] = 1; }), 't'},
      {"GRB_COMPILED_TEXTURE_MAP_CLASS", "the CompiledTextureMap's class changed",
       map([](auto& b) { b[69 + 8] ^= 1; }), 't'},
      {"GRB_TEXTURE_HEADER_MISMATCH", "the compiled width 16",
       map([put32](auto& b) { put32(b, 69 + 12 + 8, 16); }), 't'},
      {"GRB_TEXTURE_BLOB_SIZE", "a blob of 2^30 bytes",
       map([put32](auto& b) { put32(b, 69 + 12 + 48, 1u << 30); }), 't'},
      {"GRB_TEXTURE_CHAIN_SHORT", "a blob of 4 bytes",
       [] {
         TextureMap t = sample_map();
         t.blob.resize(4);
         return write_texture_map(Dialect::Grw, t);
       },
       't'},
      {"GRB_COMPILED_MIP_CLASS", "class 0x1D4B87A2",
       [] {
         std::vector<uint8_t> b = write_compiled_mip(sample_mip());
         b[8] ^= 1;
         return b;
       },
       'c'},
      {"GRB_COMPILED_MIP_SIZE", "a level of 2^30 bytes",
       [put32] {
         std::vector<uint8_t> b = write_compiled_mip(sample_mip());
         put32(b, 13, 1u << 30);
         return b;
       },
       'c'},
  };
}

}  // namespace f2g::grb::test
