// The vertex buffer <-> IR attributes through one vertex-format table entry, decoder and
// encoder side by side (docs/READING.md "GRB/GRW element decoding").
#pragma once

#include <cstdint>
#include <vector>

#include "formats/grb/vertex_formats.h"
#include "ir/mesh.h"

namespace f2g::grb {

// One attribute per element, in table order; `vb` holds `vertex_count` records of f.stride.
// float32 arithmetic, left to right: position (float(x) * sign(w)) * Q / 32767.0f;
// normal and tangent (float(b) - 127.0f) / 127.0f; uv float(s) / 32767.0f * UVQ.
std::vector<ir::Attribute> decode_vertices(const VertexFormat& f, const uint8_t* vb,
                                           uint64_t vertex_count, float q, float uvq);

// The s16 w of vertex v's position.
int16_t position_w(const VertexFormat& f, const uint8_t* vb, uint64_t v);

// The inverse for the sample generator and tests: attributes shaped as decode_vertices
// returns them -> buffer bytes. `w[v]` is vertex v's stored position w (its sign is applied
// to x, y, z); bytes no element names are `filler`. Throws std::invalid_argument when an
// element's attribute is missing.
std::vector<uint8_t> encode_vertices(const VertexFormat& f,
                                     const std::vector<ir::Attribute>& attributes,
                                     const std::vector<int16_t>& w, uint64_t vertex_count, float q,
                                     float uvq, uint8_t filler = 0);

// One element of one vertex with encode_vertices' arithmetic, for import's rebuild: `values`
// as decode_vertices gives them (position xyz, direction xyz, tangent xyzw, uv; the four
// bytes of Unorm8x4 and U8x4 as integers 0..255), `w` the stored position w, `record` the
// vertex's stride bytes (bytes the element does not name are left as they are).
void encode_element(const VertexElement& e, const double* values, int16_t w, float q, float uvq,
                    uint8_t* record);

}  // namespace f2g::grb
