// EXT_meshopt_compression for compact.h: compress and its mirror decompress, side by side.
#pragma once

#include "gltf_writer/compact/compact_glb.h"

namespace f2g::gltf::compact {

inline constexpr const char* kMeshoptExtension = "EXT_meshopt_compression";

// Encodes every view that gets smaller: index views in mode INDICES (order kept), others in
// mode ATTRIBUTES. Adds the data-less fallback buffer and the extension (used and required).
// Returns the fallback buffer's index, or -1 when no view was compressed.
int compress(Parts& p);

// Decodes every compressed view (any mode and filter of the extension), drops the fallback
// buffers and the extension. Returns whether any view was compressed.
bool decompress(Parts& p);

}  // namespace f2g::gltf::compact
