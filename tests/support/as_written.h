// What read_glb(write(m)) gives back, computed from m by the writer's documented reshaping
// alone (no glTF involved): the verifier compares read_glb(OUTPUT) with
// as_written(decode(INPUT)) and so needs no knowledge of the writer's rules.
//   - NORMAL, TANGENT: unit length (unit_vectors.h); TANGENT w = its sign
//   - JOINTS_n / WEIGHTS_n: clean_skin (skin_weights.h)
//   - morph values: morph_delta(base, target).reached (morph_delta.h), target normals made
//     unit first; target normals without a base NORMAL and `others` glTF cannot morph
//     (anything but TEXCOORD_n over a float base and COLOR_n over a float or u8 normalized
//     base, or a base written under a "_" name) are dropped
//   - a skin without bones is no skin; Source::path and Mesh::warnings are not stored
//   - extras that are not JSON objects come back as {"value": extras} (meshes, primitives,
//     bones); null extras come back as {}; the writer's own keys (extras_keys.h) found in the
//     IR's extras are replaced on writing and taken out on reading
// Only meaningful for meshes write() accepts.
#pragma once

#include "ir/mesh.h"

namespace f2g::gltf {

ir::Mesh as_written(const ir::Mesh& mesh);

}  // namespace f2g::gltf
