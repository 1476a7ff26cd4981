// Real Material, TextureSet, TextureMap and CompiledMip resources for the sample archives
// (docs/READING.md "Materials and textures"), made by the game's own encoders from small
// generated images: every pixel format the reading names, a cube map, streamed and inline
// levels, a set's slots and a material without a set.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "formats/archive/archive.h"
#include "formats/grb/mesh_format.h"

namespace f2g::samples {

struct TextureRecords {
  // The Materials of the meshes' ids, in the order the ids were given.
  std::vector<archive::ResourceRecord> materials;
  // The sets and maps every material points at (one entry's worth).
  std::vector<archive::ResourceRecord> textures;
  // The streamed top levels: each CompiledMip its own entry, of its own id.
  std::vector<archive::ResourceRecord> mips;
};

// Materials for `material_ids` (each one, in turn, one of five kinds: a set with a streamed
// BC7 diffuse and a BC5 normal, TextureSelectors without a set, a blended set with a BC3
// diffuse and a cube map in an unused slot, an alpha-tested two-sided set of BC2, and one of
// B8G8R8A8 noise, 96 pixels square), the sets and maps at ids from `first_id`, the pixels
// seeded by `seed`.
// `unreadable_set`, when not 0, is the last material's set instead (one the run cannot read);
// `scale` multiplies every map's size (the bench's larger maps).
TextureRecords texture_records(grb::Dialect dialect, const std::vector<uint64_t>& material_ids,
                               uint64_t first_id, uint32_t seed, uint64_t unreadable_set = 0,
                               uint32_t scale = 1);

// One TextureMap of `format` (the dialect's number) from a generated image, all `levels`
// inline: what the patch forge replaces a map with.
archive::ResourceRecord texture_map_record(grb::Dialect dialect, uint64_t id,
                                           const std::string& name, int32_t format, uint32_t size,
                                           uint32_t levels, uint32_t seed);

// The material ids of a sample mesh file's draws, in draw order, each once.
std::vector<uint64_t> sample_material_ids(const std::vector<uint8_t>& mesh_file);

}  // namespace f2g::samples
