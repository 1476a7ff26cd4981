// Shared by the SWS tests: the samples (made by the generator's own code), decoding helpers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/common/decode.h"
#include "formats/sws/mesh_codec.h"
#include "formats/sws/mesh_format.h"

namespace f2g::sws::test {

// Names of the SWS samples ("static_materials", ...), in generator order.
std::vector<std::string> sample_names();
// A fresh sample's bytes (samples/generator/sws_samples.cpp).
const std::vector<uint8_t>& sample_bytes(const std::string& name);
// The sample decoded to the format structure (fails the test when it does not decode).
Mesh sample_mesh(const std::string& name);

// Full decode (structure, layout, relations, IR) of bytes in their own exact-size heap
// allocation, so ASan sees any over-read.
Result<Decoded> decode_copy(const std::vector<uint8_t>& bytes, const DecodeOptions& options = {});
Result<Decoded> decode_mesh(const Mesh& m, const DecodeOptions& options = {});

// Codes of a diagnostic list, for compact asserts.
std::vector<std::string> codes(const std::vector<ir::Diagnostic>& d);

}  // namespace f2g::sws::test
