// The decoded structure as JSON for `info`: every stored field (Unknown ones included, buffers
// as their lengths and offsets), and beside each declared count the count the buffers hold.
#pragma once

#include <nlohmann/json.hpp>

#include "formats/rr/mesh_format.h"
#include "formats/rr/relations.h"

namespace f2g::rr {

nlohmann::json structure_json(const MeshFile& m, const Layout& l);

}  // namespace f2g::rr
