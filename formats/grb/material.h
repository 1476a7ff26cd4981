// Material, TextureSet and TextureSelector objects of GRW and GRB (docs/READING.md "Materials
// and textures"): read field by field and written back byte for byte, each relation a named
// check (texture_checks.h).
//
//   reference    u8 kind (1 id, 3 null; 2 and 5 in parameters: 9 bytes), u8 global, u64 id
//   Material     u64 id, u32 0x85C817C3, u8, ref template @13, ref TextureSet @23, Mask object
//                @33 (13 B), i32 BlendMode @46, i32 AlphaDisplayMode @50, flags @54 (GRW 22 B,
//                GRB 29 B), ref backface, MaterialMatchMask object (28 B), [GRW: i32 Category],
//                u32 n, n x {u32 name hash, u32 DataType, u32 Type, u32, value}
//   TextureSet   u64 id, u32 0xD70E6670, u8, 18 refs @13 (slot 0 diffuse, 1 normal), 9 B
//   Selector     u64 object id, u32 0x7D08460D, u8, i32 method, i32 map type (= slot), i32
//                frame, ref TextureSet @25, ref TextureMap @35, 8 B
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/common/checks.h"
#include "formats/common/error.h"
#include "formats/grb/mesh_format.h"

namespace f2g::grb {

constexpr uint32_t kMaterialClass = 0x85C817C3;
constexpr uint32_t kTextureSetClass = 0xD70E6670;
constexpr uint32_t kTextureSelectorClass = 0x7D08460D;
constexpr size_t kTextureSetSlots = 18;
constexpr uint64_t kFirstNonDefaultId = 4096;  // ids below are the engine's defaults

struct FileRef {
  uint8_t kind = 3;
  uint8_t global = 0;
  uint64_t id = 0;  // kept as stored, also under kind 3
  // A resource to look up: kind 1 (or 2 in parameters) with an id that is no engine default.
  bool names_resource() const { return (kind == 1 || kind == 2) && id >= kFirstNonDefaultId; }
};

struct TextureSelector {
  uint64_t object_id = 0;
  uint8_t managed = 0;
  int32_t method = 0, map_type = 0, frame = 0;
  FileRef texture_set, texture_map;
  std::array<uint8_t, 8> tail{};
};

struct MaterialParam {
  uint32_t name_hash = 0, data_type = 0, type = 0, unknown = 0;
  std::vector<uint8_t> value;
  std::optional<TextureSelector> selector;  // an inline TextureSelector object
  uint64_t offset = 0;                      // of the parameter's name hash
};

struct Material {
  uint64_t id = 0;
  uint8_t managed = 0;
  FileRef material_template, texture_set;
  std::array<uint8_t, 13> mask{};
  int32_t blend_mode = 0, alpha_display_mode = 0;
  std::vector<uint8_t> flags;  // GRW 22, GRB 29 bytes; byte 0 the alpha test value
  FileRef backface;
  std::array<uint8_t, 28> match_mask{};
  std::optional<int32_t> category;  // GRW only
  std::vector<MaterialParam> params;
  std::vector<uint8_t> unread;  // from the first parameter whose value size is not known
  uint32_t declared_params = 0;
  std::vector<uint8_t> tail;  // after the list (none seen)

  uint8_t alpha_test() const { return flags.empty() ? 0 : flags[0]; }
  bool two_sided(Dialect dialect) const;
};

struct TextureSet {
  uint64_t id = 0;
  uint8_t managed = 0;
  std::array<FileRef, kTextureSetSlots> slots;
  std::vector<uint8_t> tail;  // u8 0, u64 source (9 bytes), and anything after
};

// The TextureSet slot names, by slot (the position is the format; the names are ATK's).
const char* texture_slot_name(size_t slot);

Result<Material> read_material(Dialect dialect, const uint8_t* data, size_t size,
                               std::vector<ir::Diagnostic>* warnings = nullptr,
                               DecodeObserver* observer = nullptr);
std::vector<uint8_t> write_material(Dialect dialect, const Material& material);

Result<TextureSet> read_texture_set(const uint8_t* data, size_t size,
                                    std::vector<ir::Diagnostic>* warnings = nullptr,
                                    DecodeObserver* observer = nullptr);
std::vector<uint8_t> write_texture_set(const TextureSet& set);

}  // namespace f2g::grb
