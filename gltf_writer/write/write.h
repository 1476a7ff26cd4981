// IR -> glTF 2.0 (docs/ARCHITECTURE.md "Output conventions"; docs/IR.md is the input contract).
// Returns bytes; the converter writes files atomically. Knows nothing of any game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ir/diagnostic.h"
#include "ir/mesh.h"
#include "ir/result.h"

namespace f2g::gltf {

struct WriteOptions {
  bool binary = true;   // .glb; false: .gltf JSON + a separate .bin
  std::string bin_uri;  // for .gltf: the .bin file name (percent-encoded into the buffer uri)
};

struct Written {
  std::vector<uint8_t> glb;              // when binary
  std::string json;                      // when !binary
  std::vector<uint8_t> bin;              // when !binary
  std::vector<ir::Diagnostic> warnings;  // GLTF_... fallbacks, renormalisations, drops
  size_t unreachable_morph_values = 0;   // morph components no float32 delta reaches exactly
};

// Errors (GLTF_...): an IR the contract does not allow (no POSITION, sizes that disagree with
// vertex_count, an index past the vertices, a non-finite float where glTF needs a finite one,
// JOINTS without a skin, ...). Never a partial result.
ir::Result<Written> write(const ir::Mesh& mesh, const WriteOptions& options = {});

}  // namespace f2g::gltf
