// Riders Republic Mesh resources (spec: "Riders Republic").
#pragma once

#include <cstdint>
#include <vector>

#include "formats/common/decode.h"
#include "formats/common/error.h"
#include "formats/common/format.h"

namespace f2g::rr {

// The registry entry (formats/registry.cpp).
extern const Format kFormat;

// RR with the 12-byte resource header (bytes 8..11 hold the Mesh class) or a bare body
// (the u32 at M = 61 + 81 x u32@16 is the CompiledMesh class).
bool looks_like(const uint8_t* data, size_t size);

// Strict read to the exact end of the body, then normalisation to the IR.
Result<Decoded> decode(const uint8_t* data, size_t size, const DecodeOptions& options);

// decode to the format structure, encode it back (byte-exact for every readable mesh).
Result<std::vector<uint8_t>> reencode(const uint8_t* data, size_t size,
                                      const DecodeOptions& options);

// The named relations this decoder checks.
std::vector<const CheckDef*> checks();

}  // namespace f2g::rr
