// glTF -> IR, the mirror of write.h for verification: an independent path (tinygltf load,
// nothing shared with the writer but the extras key names) that rebuilds every IR field the
// writer stores: attributes (NORMAL and TANGENT as written: unit length), indices as stored,
// primitives, morph targets as ABSOLUTE values float32(base + delta), skin bones, materials,
// extras. Not stored, so not returned: Source::path and Mesh::warnings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ir/mesh.h"
#include "ir/result.h"

namespace f2g::gltf {

// Errors: GLTF_READ_INVALID (not loadable glTF), GLTF_READ_LAYOUT (not shaped as the writer
// writes), GLTF_READ_OUT_OF_BOUNDS (an accessor past its buffer).
ir::Result<ir::Mesh> read_glb(const uint8_t* data, size_t size);
// A .gltf JSON and the bytes of its one external buffer (whatever its uri says).
ir::Result<ir::Mesh> read_gltf(const std::string& json, const std::vector<uint8_t>& bin);

}  // namespace f2g::gltf
