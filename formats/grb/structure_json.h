// The decoded structure as JSON for `info` and `census`: every stored field (Unknown ones
// included, buffers as their lengths and offsets).
#pragma once

#include <nlohmann/json.hpp>

#include "formats/grb/mesh_format.h"
#include "formats/grb/relations.h"

namespace f2g::grb {

nlohmann::json structure_json(const MeshFile& m, const Layout& l);

}  // namespace f2g::grb
