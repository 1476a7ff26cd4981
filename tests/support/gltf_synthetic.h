// Synthetic IR meshes for the glTF room's tests: each exercises one part of the writer
// (static multi-primitive, skinned 8-influence, morph targets, u32 indices).
#pragma once

#include "ir/mesh.h"

namespace f2g::gltf::test {

// 3 primitives over 2 materials, NORMAL/TANGENT (decoded, not unit)/TEXCOORD_0/COLOR_0,
// custom _BINORMAL (F32 x3) and _FLAGS (U8 x1, padded to a 4-byte stride), u16 indices.
ir::Mesh static_multi();
// 6 bones with rotated/translated/scaled inverse binds, JOINTS_0/1 + WEIGHTS_0/1 (8
// influences) with sums != 255, a repeated joint, zero weights and an all-zero vertex.
ir::Mesh skinned8();
// 2 targets: positions (one far target, -0 over +0), normals, TEXCOORD_0 and COLOR_0.
ir::Mesh morph2();
// 70000 vertices, indices up to 69999 (so u32), 2 primitives.
ir::Mesh big_u32();
// Everything the writer must reshape to stay validator-clean: TANGENT without NORMAL,
// TEXCOORD_1 without TEXCOORD_0, an empty primitive, trailing indices, an unused stored index,
// no materials, not Z-up, 300 bones (u16 JOINTS), a non-affine and a singular inverse bind.
ir::Mesh edge_cases();
// static_multi with 2 bones but no JOINTS: the skin is written, attached to no node.
ir::Mesh bones_without_joints();
// A grid of about `vertices` vertices with every standard attribute, for timing.
ir::Mesh grid(uint32_t vertices);

}  // namespace f2g::gltf::test
