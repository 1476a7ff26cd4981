// Shaun White Skateboarding Mesh objects (spec: "Shaun White Skateboarding").
#pragma once

#include <cstdint>
#include <vector>

#include "formats/common/decode.h"
#include "formats/common/error.h"
#include "formats/common/format.h"

namespace f2g::sws {

// The registry entry (formats/registry.cpp).
extern const Format kFormat;

// Bytes 5..8 hold the Mesh class (docs/READING.md "Input files").
bool looks_like(const uint8_t* data, size_t size);

// Strict read to the exact end of the body, then normalisation to the IR.
Result<Decoded> decode(const uint8_t* data, size_t size, const DecodeOptions& options);

// decode to the format structure, encode it back (byte-exact for every readable mesh).
Result<std::vector<uint8_t>> reencode(const uint8_t* data, size_t size,
                                      const DecodeOptions& options);

// The named relations this decoder checks.
std::vector<const CheckDef*> checks();

}  // namespace f2g::sws
