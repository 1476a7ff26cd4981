// Ghost Recon Breakpoint and Ghost Recon Wildlands Mesh resources: one room, two dialects,
// two registry entries (docs/READING.md "Ghost Recon Breakpoint and Wildlands").
#pragma once

#include <cstdint>
#include <vector>

#include "formats/common/decode.h"
#include "formats/common/error.h"
#include "formats/common/format.h"
#include "formats/grb/mesh_format.h"

namespace f2g::grb {

// The registry entries (formats/registry.cpp): "grb" and "grw".
extern const Format kGrbFormat;
extern const Format kGrwFormat;

const Format& format_of(Dialect dialect);

// Strict read to the exact end, then normalisation to the IR. Detected by content (no
// forced format), a payload that another reader (the other dialect, or RR) also reaches is
// GRB_DIALECT_AMBIGUOUS.
Result<Decoded> decode(Dialect dialect, const uint8_t* data, size_t size,
                       const DecodeOptions& options);

// decode to the format structure, encode it back (byte-exact for every readable mesh).
Result<std::vector<uint8_t>> reencode(Dialect dialect, const uint8_t* data, size_t size,
                                      const DecodeOptions& options);

}  // namespace f2g::grb
