// `extract --textures`: every TextureMap of the inputs as two files beside where `extract`
// writes resources (DIR/<archive path without extension>/<entry name>/): NAME_0x<16 hex>.png,
// the top level decoded to RGBA8, and NAME_0x<16 hex>.dds, every stored level with its blocks
// untouched (the streamed levels, CompiledMips found through the install index, then the
// TextureMap's inline blob).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <vector>

#include "converter/inspect/archive_extract.h"
#include "converter/io/inputs.h"
#include "formats/archive/archive.h"
#include "formats/common/texture_reading.h"

namespace f2g::inspect {

// A streamed level's CompiledMip by id: nullopt when the inputs do not hold it, the error of
// its entry or its reading when it does not read.
using MipLookup = std::function<std::optional<ir::Result<CompiledMipReading>>(uint64_t id)>;

struct TextureImages {
  std::vector<uint8_t> png, dds;
  uint32_t top = 0;  // the level the PNG shows and the DDS starts at
  uint32_t width = 0, height = 0;
  std::vector<ir::Diagnostic> warnings;  // TEXTURE_MIP_MISSING, one per level left out
};

// The files of map `id`. Errors: TEXTURE_FORMAT_UNKNOWN (no established pixel format),
// TEXTURE_LEVEL_SHORT (no level at all: nothing streamed found, the blob shorter than the
// last level), decode_level's own.
ir::Result<TextureImages> texture_images(const TextureMapReading& map, uint64_t id,
                                         const MipLookup& mips);

// The textures mode of run_extract_command over `jobs` (list_archives of the inputs):
// `takes` selects resources as --class and --id do. Returns 0, or 1 when an archive, entry
// or map did not read or a file could not be written (each on `err`).
int extract_textures(
    const ExtractRun& run, const std::vector<io::Job>& jobs,
    const std::function<bool(const archive::Entry&, const archive::Resource&)>& takes,
    std::ostream& out, std::ostream& err);

}  // namespace f2g::inspect
