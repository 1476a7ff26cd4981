// The whole GRB/GRW Mesh payload: detection by content, the strict read of the byte grammar
// to the exact end, and the encoder that mirrors it (encode(read(bytes)) == bytes).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "formats/common/checks.h"
#include "formats/common/error.h"
#include "formats/common/reader.h"
#include "formats/grb/mesh_format.h"

namespace f2g::grb {

// Where the Mesh payload starts in a file that may carry a FileHeader or a record's gap
// before it (docs/READING.md "GRB/GRW Inputs"): at the first of byte 0, a Short header, a
// Long one, or a gap of 1..kMaxLooseGap bytes, behind which the Mesh class sits at +8
// (`framed`); where none does, where the first byte puts it (0x00: 1; 0x01: 8 + 12 N; else 0).
constexpr uint64_t kMaxLooseGap = 64;
struct PayloadStart {
  uint64_t offset = 0;
  bool framed = false;
};
PayloadStart payload_start(const uint8_t* data, size_t size);

// Does the `dialect` grammar reach the CompiledMesh class where it puts it? Walks the wrapper
// (FileHeader, header, bytes, GRW u32, sub-mesh references, bones with their class, extents,
// tag 0) without allocating; the detection rule of docs/READING.md "Inputs".
bool reaches_compiled_mesh(const uint8_t* data, size_t size, Dialect dialect);

// Does RR's grammar reach its CompiledMesh marker (61 + 81 x u32@16 of the body behind a
// 12-byte resource header)? Only to name a second winner (docs/READING.md "Inputs").
bool rr_reaches_compiled_mesh(const uint8_t* data, size_t size);

// Reads FileHeader (when present), Mesh, CompiledMesh, materials and trailer, then requires
// the end of the input (GRB_TRAILING_BYTES). Field paths start at "mesh". `record_gap`: the
// input is an archive record's gap then its body, the body starting there (the gap, whatever
// it holds, becomes the FileHeader). Throws DecodeFailure.
MeshFile read_mesh_file(Reader& r, Checker& c, Dialect dialect,
                        std::optional<uint64_t> record_gap = std::nullopt);

// read_mesh_file as a value (warnings dropped).
Result<MeshFile> parse(const uint8_t* data, size_t size, Dialect dialect);

std::vector<uint8_t> encode(const MeshFile& m);

}  // namespace f2g::grb
