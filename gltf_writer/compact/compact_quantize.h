// KHR_mesh_quantization for compact.h: quantize and its mirror dequantize, side by side.
#pragma once

#include "gltf_writer/compact/compact_glb.h"

namespace f2g::gltf::compact {

inline constexpr const char* kQuantizationExtension = "KHR_mesh_quantization";
// POSITION accessor extras: {"offset": [x, y, z], "scale": s}, value = offset + scale * stored.
inline constexpr const char* kDequantizationKey = "dequantization";

// Quantises POSITION, NORMAL, TANGENT and TEXCOORD_n as compact.h describes and adds the
// extension (used and required) when anything changed. Returns whether anything changed.
bool quantize(Parts& p);

// Every non-FLOAT POSITION / NORMAL / TANGENT / TEXCOORD_n attribute and morph delta back to
// FLOAT; where the POSITION accessor records its dequantisation, the node transform or the
// inverse-bind fold is undone. Removes the extension. Returns whether anything changed.
// `position_scale`, when given, gets the largest dequantisation scale undone (0 when none).
bool dequantize(Parts& p, double* position_scale = nullptr);

}  // namespace f2g::gltf::compact
