// Vertex streams <-> IR attributes through one vertex-format table entry, decoder and encoder
// side by side (docs/READING.md "Vertex formats"; docs/IR.md "Attributes").
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "formats/rr/vertex_formats.h"
#include "ir/mesh.h"

namespace f2g::rr {

using StreamBytes = std::array<const std::vector<uint8_t>*, 3>;  // primary, positions, skin

// One attribute per element, in table order. Streams must hold `vertex_count` records of
// their strides (derive_layout checked it). s16 positions: float(s) * quantization_factor.
std::vector<ir::Attribute> decode_vertices(const VertexFormat& f, const StreamBytes& streams,
                                           uint64_t vertex_count, float quantization_factor);

// The inverse for the sample generator and tests: the attributes `decode_vertices` would give
// (same semantics and types) -> stream bytes, quantised with `quantization_factor`. Bytes no
// element names are zero. Throws std::invalid_argument when an element's attribute is missing.
std::array<std::vector<uint8_t>, 3> encode_vertices(const VertexFormat& f,
                                                    const std::vector<ir::Attribute>& attributes,
                                                    uint64_t vertex_count,
                                                    float quantization_factor);

}  // namespace f2g::rr
