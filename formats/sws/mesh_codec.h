// The SWS codec on the format structure: a strict read of a Mesh body to its exact end and
// the encoder that mirrors it, so encode(decode(bytes)) == bytes.
#pragma once

#include <cstdint>
#include <vector>

#include "formats/common/decode.h"
#include "formats/common/error.h"
#include "formats/sws/mesh_format.h"

namespace f2g::sws {

struct Sites;

// Reads one Mesh body (docs/READING.md "Input files": from its managed byte) and checks every
// relation that needs no vertex-format table. Broken Proven relations are errors; broken
// Observed ones are appended to `warnings` when given. Honours options.observer and
// options.field_log. `sites`, when given, receives the offsets later checks point at.
Result<Mesh> decode_structure(const uint8_t* data, size_t size, const DecodeOptions& options,
                              std::vector<ir::Diagnostic>* warnings = nullptr,
                              Sites* sites = nullptr);

// Writes the structure field for field, stored words as they are (no recomputation).
std::vector<uint8_t> encode(const Mesh& mesh);

}  // namespace f2g::sws
