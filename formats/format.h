// Format dispatch: detection by content and the one decode / re-encode entry point the
// converter uses (READING.md "Input files").
#pragma once

#include <cstdint>
#include <vector>

#include "formats/common/decode.h"
#include "formats/common/error.h"

namespace f2g {

// Which format the bytes hold: SWS when bytes 5..8 hold the Mesh class; RR with its
// resource header when bytes 8..11 do; bare RR when the u32 at M = 61 + 81 x u32@16 is the
// CompiledMesh class. A forced kind is returned as is. Anything else is an Error with code
// FORMAT_UNRECOGNISED naming what was found.
Result<FormatKind> detect(const uint8_t* data, size_t size, FormatKind forced = FormatKind::Auto);

Result<Decoded> decode(const uint8_t* data, size_t size, const DecodeOptions& options);

// decode then encode the format's own structure: equals the input for every readable mesh.
Result<std::vector<uint8_t>> reencode(const uint8_t* data, size_t size,
                                      const DecodeOptions& options);

// Every named relation of every format (the census and the error catalogue list them).
std::vector<const CheckDef*> all_checks();

}  // namespace f2g
