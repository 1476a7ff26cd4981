// IR meshes and comparisons for the compact tests: each mesh exercises one path of
// compact_glb (node dequantisation far from the origin, the inverse-bind fold, morph deltas,
// the lossless RR grid, odd index counts), and `expect_close` checks an expanded glb against
// the original within compact.h's stated tolerances.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ir/mesh.h"

namespace f2g::gltf::compact_test {

// Two primitives, far from the origin; NORMAL, TANGENT, TEXCOORD_0 in [0, 1], TEXCOORD_1
// outside [-1, 1], COLOR_0; `w` x `h` quads.
ir::Mesh static_far(uint32_t w = 12, uint32_t h = 9);
// Three bones with rotated / translated inverse binds, JOINTS_0 / WEIGHTS_0.
ir::Mesh skinned();
// Two morph targets (positions and normals) and a TEXCOORD_0 in [-1, 1].
ir::Mesh morphed();
// RR-like positions float(k) * f, f in mesh.extras.quantization_factor.
ir::Mesh quantised_source(float f);
// 7 indices: the last primitive has a trailing index (the index view is not whole triangles).
ir::Mesh odd_indices();

std::vector<uint8_t> write_glb(const ir::Mesh& m);
nlohmann::json json_of(const std::vector<uint8_t>& glb);
ir::Mesh read(const std::vector<uint8_t>& glb);

// Compares `got` (read back from an expanded glb) with `want` (read back from the glb before
// compact_glb). exact: every value bit for bit; else within compact.h's tolerances, with the
// position range taken about the bounds' centre (unskinned) or the origin (skinned).
void expect_close(const ir::Mesh& want, const ir::Mesh& got, bool exact);

}  // namespace f2g::gltf::compact_test
