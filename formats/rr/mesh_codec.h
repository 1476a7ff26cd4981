// The whole RR Mesh file: strict read of the byte grammar to the exact end, and the encoder
// that mirrors it (encode(read(bytes)) == bytes).
#pragma once

#include <cstdint>
#include <vector>

#include "formats/common/checks.h"
#include "formats/common/decode.h"
#include "formats/common/error.h"
#include "formats/common/reader.h"
#include "formats/rr/mesh_format.h"

namespace f2g::rr {

// Bytes 8..11 hold the Mesh class: a 12-byte resource header precedes the body
// (docs/READING.md "Input files").
bool has_resource_header(const uint8_t* data, size_t size);

// Reads resource header (when present), header, CompiledMesh, the layout, MeshData and the
// material list, then requires the end of the input (RR_TRAILING_BYTES). Field paths start
// at "mesh"; offsets are absolute file offsets. Throws DecodeFailure.
MeshFile read_mesh_file(Reader& r, Checker& c);

// read_mesh_file as a value (grammar-level warnings are dropped; decode() keeps them).
Result<MeshFile> parse(const uint8_t* data, size_t size);

std::vector<uint8_t> encode(const MeshFile& m);

}  // namespace f2g::rr
