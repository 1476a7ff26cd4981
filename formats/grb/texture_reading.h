// GRW's and GRB's materials and texture maps as the converter follows them
// (formats/common/texture_reading.h): each game's codecs behind one interface.
#pragma once

#include "formats/common/texture_reading.h"
#include "formats/grb/mesh_format.h"

namespace f2g::grb {

const TextureCodecs& texture_codecs(Dialect dialect);

}  // namespace f2g::grb
