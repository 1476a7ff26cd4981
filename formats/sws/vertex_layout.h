// One mesh's vertex layout: the elements its flags select from the vertex-format table, at
// their offsets in ascending bit order (docs/READING.md "Vertex elements (assumed)"), and the
// decoding of one element of one stream into an IR attribute.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/common/checks.h"
#include "formats/sws/vertex_formats.h"
#include "ir/mesh.h"

namespace f2g::sws {

struct LayoutElement {
  VertexElement def;
  uint32_t offset = 0;  // within the vertex
};

struct VertexLayout {
  uint32_t flags = 0;
  uint32_t stride = 0;
  std::vector<LayoutElement> elements;  // ascending bit order
  std::string table;                    // the table's origin: "built-in" or "file"

  const LayoutElement* find(const std::string& semantic) const;
};

// Resolves `flags` with the table; unknown bits (SWS_VERTEX_FORMAT_UNKNOWN_BITS) or sizes
// not summing to `stride` (SWS_VERTEX_FORMAT_STRIDE_MISMATCH) are errors through `checker`,
// located at the flags field (`flags_at`).
VertexLayout resolve_layout(const VertexFormats& table, uint32_t flags, uint32_t stride,
                            Checker& checker, uint64_t flags_at);

// One element of `count` vertices of one stream (`stream` holds count x stride bytes).
struct DecodedElement {
  ir::Attribute attribute;  // decoded values (D3DCOLOR reordered to R, G, B, A)
  std::vector<uint8_t> w;   // ubyte4_vector: the stored w bytes, one per vertex
};
DecodedElement decode_element(const LayoutElement& e, const uint8_t* stream, uint32_t stride,
                              uint32_t count);

// The 12 bytes of a float32x3 position, as a comparable key (bit patterns, not values).
struct PositionKey {
  uint32_t bits[3];
  bool operator<(const PositionKey& o) const;
  bool operator==(const PositionKey& o) const;
};
PositionKey position_key(const uint8_t* p);

}  // namespace f2g::sws
