// The material and texture codecs turned into the converter's readings: the map of each slot,
// the levels' blocks, the material's alpha and sidedness (docs/READING.md "Materials and
// textures").
#include "formats/grb/texture_reading.h"

#include <cstring>

#include "formats/grb/material.h"
#include "formats/grb/texture_map.h"

namespace f2g::grb {
namespace {

std::string ref_json(const FileRef& f) { return hex(f.id, 16); }

template <Dialect D>
Result<MaterialReading> material(const uint8_t* data, size_t size, DecodeObserver* o) {
  MaterialReading out;
  Result<Material> m = read_material(D, data, size, &out.warnings, o);
  if (!m) return m.error();
  if (m->texture_set.names_resource()) out.texture_set = m->texture_set.id;
  for (const MaterialParam& p : m->params)
    if (p.selector && p.selector->texture_map.names_resource())
      out.selectors.push_back({p.selector->map_type, p.selector->texture_map.id});
  out.blend_mode = m->blend_mode;
  out.alpha_test = m->alpha_test();
  out.double_sided = m->two_sided(D);
  out.extras["material_id"] = hex(m->id, 16);
  if (m->texture_set.kind == 1) out.extras["texture_set_id"] = ref_json(m->texture_set);
  if (m->material_template.kind == 1)
    out.extras["material_template_id"] = ref_json(m->material_template);
  out.extras["blend_mode"] = m->blend_mode;
  out.extras["alpha_test"] = m->alpha_test();
  out.extras["two_sided"] = out.double_sided;
  return out;
}

Result<TextureSetReading> texture_set(const uint8_t* data, size_t size, DecodeObserver* o) {
  TextureSetReading out;
  Result<TextureSet> t = read_texture_set(data, size, &out.warnings, o);
  if (!t) return t.error();
  for (size_t k = 0; k < t->slots.size(); ++k)
    if (t->slots[k].names_resource()) out.slots.push_back({int32_t(k), t->slots[k].id});
  return out;
}

template <Dialect D>
Result<TextureMapReading> texture_map(const uint8_t* data, size_t size, DecodeObserver* o) {
  TextureMapReading out;
  Result<TextureMap> t = read_texture_map(D, data, size, &out.warnings, o);
  if (!t) return t.error();
  out.width = t->width;
  out.height = t->height;
  out.levels = t->levels();
  out.cube = t->cube();
  out.gamma = t->gamma;
  out.format = block_format(D, t->pixel_format);
  out.format_name = pixel_format_name(D, t->pixel_format);
  for (const StreamedMip& m : t->streamed) out.streamed.push_back(m.id);
  out.first_inline = first_inline_level(D, *t);
  out.blob = std::move(t->blob);
  out.extras["pixel_format"] = t->pixel_format;
  out.extras["texture_type"] = t->texture_type;
  out.extras["gamma"] = t->gamma;
  out.extras["mip_count"] = t->mip_count;
  out.extras["map_type"] = t->map_type;
  return out;
}

Result<CompiledMipReading> compiled_mip(const uint8_t* data, size_t size, DecodeObserver* o) {
  CompiledMipReading out;
  Result<CompiledMip> m = read_compiled_mip(data, size, &out.warnings, o);
  if (!m) return m.error();
  out.parent = m->parent;
  out.level = m->level_index;
  out.bytes = std::move(m->level);
  return out;
}

template <Dialect D>
Result<std::vector<uint8_t>> reencode(const uint8_t* data, size_t size) {
  uint32_t cls = 0;
  if (size >= 12) std::memcpy(&cls, data + 8, 4);
  auto again = [](auto r, auto write) -> Result<std::vector<uint8_t>> {
    if (!r) return r.error();
    return write(*r);
  };
  switch (cls) {
    case kMaterialClass:
      return again(read_material(D, data, size),
                   [](const Material& m) { return write_material(D, m); });
    case kTextureSetClass:
      return again(read_texture_set(data, size), write_texture_set);
    case kTextureMapClass:
      return again(read_texture_map(D, data, size),
                   [](const TextureMap& t) { return write_texture_map(D, t); });
    case kCompiledMipClass:
      return again(read_compiled_mip(data, size), write_compiled_mip);
    default:
      return Error{
          "GRB_TEXTURE_CLASS_UNKNOWN",
          "class " + hex(cls, 8) + " at 8 is none of Material, TextureSet, TextureMap, CompiledMip",
          "class", 8};
  }
}

const char* slot_name(int32_t slot) { return texture_slot_name(size_t(slot)); }

const TextureCodecs kGrwCodecs{material<Dialect::Grw>,    texture_set,
                               texture_map<Dialect::Grw>, compiled_mip,
                               reencode<Dialect::Grw>,    slot_name};
const TextureCodecs kGrbCodecs{material<Dialect::Grb>,    texture_set,
                               texture_map<Dialect::Grb>, compiled_mip,
                               reencode<Dialect::Grb>,    slot_name};

}  // namespace

const TextureCodecs& texture_codecs(Dialect d) {
  return d == Dialect::Grw ? kGrwCodecs : kGrbCodecs;
}

}  // namespace f2g::grb
