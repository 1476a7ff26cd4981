// The RR vertex-format table: which element sits where in which stream, and how it decodes.
// Assumed (docs/READING.md "Vertex formats"), so it is data: formats/rr/vertex_formats.json is
// embedded as the built-in default and a user file (--vertex-formats) replaces it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/common/decode.h"
#include "formats/common/error.h"
#include "formats/common/vertex_elements.h"

namespace f2g::rr {

enum class ElementType : uint8_t {
  S16x4Quantized,  // s16 x, y, z x QuantizationFactor; s16 w (tangent handedness)
  F32x3,
  UByte4Normal,   // xyz = (b - 127) / 127
  UByte4Tangent,  // xyz as UByte4Normal, w by TangentW
  S16x2Uv,        // s / 2048
  Unorm8x4,       // b / 255 (COLOR R, G, B, A; weights)
  U8x4,           // integers (joints)
};

enum class TangentW : uint8_t {
  None,
  PositionWSign,  // sign of the s16x4_quantized position's w (static formats)
  Byte3HighBit,   // +1 when the tangent's fourth byte >= 128 (split formats)
};

uint32_t element_size(ElementType type);
vertex_elements::Shape shape_of(ElementType type);  // how it decodes into the IR
const char* to_string(ElementType type);

struct VertexElement {
  std::string semantic;  // IR semantic: POSITION, NORMAL, TANGENT, TEXCOORD_n, COLOR_0, ...
  uint8_t stream = 0;    // 0 primary, 1 positions, 2 skin
  uint32_t offset = 0;   // within the stream's record
  ElementType type = ElementType::F32x3;
  TangentW w = TangentW::None;
};

struct VertexFormat {
  std::string name;
  uint8_t kind = 0;                   // the stored vertex-format byte
  std::array<uint32_t, 3> strides{};  // primary, positions, skin (0 = stream absent)
  std::vector<VertexElement> elements;

  const VertexElement* find(const std::string& semantic) const;
  bool is_split() const { return strides[1] != 0; }
};

struct VertexFormats final : VertexTable {
  std::vector<VertexFormat> formats;

  // The entry for a stored kind and strides, or nullptr.
  const VertexFormat* find(uint8_t kind, const std::array<uint32_t, 3>& strides) const;
  const VertexFormat* find(const std::string& name) const;
  // "12,12,8; 12,12,16" (the strides this table knows for `kind`), or "none".
  std::string strides_known_for(uint8_t kind) const;
};

// The embedded formats/rr/vertex_formats.json, parsed once.
const VertexFormats& builtin_vertex_formats();

// The table a decode with `options` uses: the user's (--vertex-formats "rr"), else the built-in
// one.
const VertexFormats& vertex_table(const DecodeOptions& options);

// Parses and validates a table (top-level "format": "rr"). Errors: RR_VERTEX_FORMATS_INVALID
// with the JSON path of the bad value ("formats[2].elements[1].offset").
Result<VertexFormats> parse_vertex_formats(const std::string& json_text);

}  // namespace f2g::rr
