// The GRB/GRW vertex-format tables: stored format byte -> stride and elements (docs/READING.md
// "GRB/GRW vertex formats"). Data, one file per dialect (vertex_formats_grb.json,
// vertex_formats_grw.json) embedded as the built-in default; a user's --vertex-formats file
// whose top-level "format" is "grb" or "grw" replaces that dialect's table.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/common/decode.h"
#include "formats/common/error.h"
#include "formats/common/vertex_elements.h"
#include "formats/grb/mesh_format.h"

namespace f2g::grb {

enum class ElementType : uint8_t {
  S16x4Position,  // s16 x, y, z, w: (x, y, z) x sign(w) x Q / 32767
  UByte4Normal,   // xyz = (b - 127) / 127, the 4th byte kept in the buffer (NORMAL, _BINORMAL)
  UByte4Tangent,  // xyz as the normal; w = -1 when the 4th byte is below 128, else +1
  S16x2Uv,        // s / 32767 x UVQ
  Unorm8x4,       // b / 255 (COLOR R, G, B, A; weights)
  U8x4,           // integers (joints, indices into the mesh's bones)
};

uint32_t element_size(ElementType type);
vertex_elements::Shape shape_of(ElementType type);  // how it decodes into the IR

struct VertexElement {
  std::string semantic;  // POSITION, NORMAL, TANGENT, _BINORMAL, TEXCOORD_n, COLOR_n, JOINTS_n, ...
  uint32_t offset = 0;
  ElementType type = ElementType::U8x4;
};

struct VertexFormat {
  uint8_t format = 0;  // the stored byte
  uint32_t stride = 0;
  std::string evidence;  // "data", "in-game", "code-only", "inferred", as the table says
  std::vector<VertexElement> elements;

  const VertexElement* find(const std::string& semantic) const;
};

struct VertexFormats final : VertexTable {
  Dialect dialect = Dialect::Grb;
  std::vector<VertexFormat> formats;

  const VertexFormat* find(uint8_t format) const;
  std::string known() const;  // "0 (32), 1 (36), ...": the bytes this table decodes
};

// The embedded table of `dialect`, parsed once.
const VertexFormats& builtin_vertex_formats(Dialect dialect);

// The table a decode with `options` uses: the user's (--vertex-formats) for `dialect`, else
// the built-in one.
const VertexFormats& vertex_table(Dialect dialect, const DecodeOptions& options);

// Parses and validates a table whose top-level "format" is `dialect`'s name. Errors:
// GRB_VERTEX_FORMATS_INVALID with the JSON path of the bad value.
Result<VertexFormats> parse_vertex_formats(const std::string& json_text, Dialect dialect);

}  // namespace f2g::grb
