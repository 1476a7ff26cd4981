// Compact outputs: a post-pass over a .glb written by gltf::write (write.h) that quantises
// vertex data (KHR_mesh_quantization) and/or compresses buffer views with meshoptimizer
// (EXT_meshopt_compression), and its mirror expand_glb, which gives back a plain float glb
// that read_glb (read.h) reads, so `verify` can check compacted outputs.
//
// quantize (KHR_mesh_quantization, in extensionsUsed and extensionsRequired):
//   POSITION  SHORT (not normalized) x3, stride 8. value = offset + scale * q with one uniform
//             scale (normals keep their direction). Three cases:
//             - unskinned mesh node: scale a power of two >= max half extent / 32766, offset
//               the bounds centre rounded to a multiple of scale; the dequantisation is the
//               mesh node's translation/scale (composed with any transform it had).
//             - skinned mesh node (node transforms are ignored for skinned meshes): offset 0,
//               power-of-two scale >= max |coordinate| / 32766, folded into the skin's
//               inverseBindMatrices (columns 0..2 times scale: exact, so expand restores
//               them bit for bit).
//             - lossless: unskinned, mesh.extras.quantization_factor f given (a format's
//               stored position factor) and every coordinate is exactly float(k) * f with |k| <=
//               32767: q = k, offset 0, scale f. Dequantisation gives the decoder's floats.
//             Morph POSITION deltas stay FLOAT, divided by scale (exact for a power of two).
//   NORMAL    BYTE normalized x3 (stride 4): round(n * 127).
//   TANGENT   BYTE normalized x4: xyz round(t * 127), w -127 or +127.
//   TEXCOORD  UNSIGNED_SHORT normalized when every value is in [0, 1], SHORT normalized when
//             in [-1, 1], else kept FLOAT: the placeholder materials have no texture, so
//             there is no textureInfo to carry a KHR_texture_transform dequantisation.
//   Everything else (COLOR, JOINTS, WEIGHTS, custom "_" attributes, morph NORMAL/TEXCOORD/
//   COLOR deltas, indices) is kept as written.
//   The POSITION accessor's extras get {"dequantization": {"offset": [x, y, z], "scale": s}}
//   so expand_glb can undo the node or inverse-bind fold without guessing.
//
// compress (EXT_meshopt_compression, in extensionsUsed AND extensionsRequired: no
//   uncompressed fallback is stored, the fallback buffer has only a byteLength). Vertex,
//   morph and inverse-bind views: mode ATTRIBUTES (meshopt_encodeVertexBuffer), no filter,
//   lossless on the bytes given. Index views: mode INDICES (meshopt_encodeIndexSequence),
//   which keeps every index in stored order (TRIANGLES mode may rotate a triangle's
//   vertices). A view is left uncompressed when encoding does not make it smaller.
//   Such files need a meshopt-aware loader (three.js GLTFLoader with setMeshoptDecoder,
//   Babylon.js, gltfpack, meshoptimizer's own decoder); Blender 3.4's importer cannot open
//   them (use the default output for Blender).
//
// expand_glb tolerances (max error against the glb before compact_glb, per attribute):
//   POSITION   <= scale / 2 per component (scale as above: <= R / 32766 for R the max half
//              extent, or max |coordinate| when skinned); exact on the lossless path.
//   morph targets (absolute, base + delta): POSITION within the base's error (deltas are
//              exact for a power-of-two scale); NORMAL within the base NORMAL's error.
//   NORMAL     renormalised after c / 127: each component within 1 / 127 of the written unit
//              normal.
//   TANGENT    xyz as NORMAL, w exact (+1 / -1).
//   TEXCOORD   <= 0.5 / 65535 ([0, 1]) or 0.5 / 32767 ([-1, 1]); exact where kept FLOAT.
//   inverseBindMatrices, indices, COLOR, JOINTS, WEIGHTS, extras, names: exact.
//   compress alone: exact (every view byte for byte).
#pragma once

#include <cstdint>
#include <vector>

#include "ir/result.h"

namespace f2g::gltf {

struct CompactOptions {
  bool quantize = false;  // KHR_mesh_quantization
  bool compress = false;  // EXT_meshopt_compression (required, no fallback data)
};

// Tolerances of expand_glb(compact_glb(glb, {quantize})) against glb (see above), for tests
// and `verify`: per component, in the attribute's units.
constexpr double kPositionToleranceOfRange = 1.0 / 32766.0;  // x max half extent (or max |x|)
constexpr double kNormalTolerance = 1.0 / 127.0;
constexpr double kTexcoordTolerance = 0.5 / 32767.0;

// The glb rewritten; `glb` unchanged when both options are false. Errors: GLTF_COMPACT_INVALID
// (not a GLB with one BIN buffer as gltf::write makes).
ir::Result<std::vector<uint8_t>> compact_glb(const std::vector<uint8_t>& glb,
                                             const CompactOptions& options);

// What expand_glb found, so a caller (verify) knows which tolerances apply: the extensions
// the glb used, and the largest POSITION dequantisation scale it recorded (0 when none).
struct ExpandInfo {
  CompactOptions found;
  double position_scale = 0;
};

// EXT_meshopt_compression views decoded, KHR_mesh_quantization accessors back to FLOAT (and
// the node / inverse-bind dequantisation undone), both extensions removed: a plain glb.
// A glb without either extension comes back unchanged. Errors: GLTF_EXPAND_INVALID (not a
// GLB, or an extension object that does not fit its views), GLTF_EXPAND_DECODE (meshopt
// data that does not decode).
ir::Result<std::vector<uint8_t>> expand_glb(const uint8_t* glb, size_t size,
                                            ExpandInfo* info = nullptr);
inline ir::Result<std::vector<uint8_t>> expand_glb(const std::vector<uint8_t>& glb,
                                                   ExpandInfo* info = nullptr) {
  return expand_glb(glb.data(), glb.size(), info);
}

}  // namespace f2g::gltf
