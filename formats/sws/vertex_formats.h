// The SWS vertex-element table (docs/READING.md "Vertex elements (assumed)"): which element each
// flag bit selects, how it is stored and its size. Data, not code: the built-in table is
// formats/sws/vertex_formats.json embedded at build time; --vertex-formats FILE replaces it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/common/decode.h"
#include "formats/common/error.h"

namespace f2g::sws {

enum class Encoding : uint8_t {
  Float32x2,
  Float32x3,
  Float32x4,
  UByte4Vector,  // xyz = b / 127 - 1, w byte kept
  D3DColor,      // bytes B, G, R, A
  UByte4,        // raw bytes (palette slots)
  UNorm8x4,      // b / 255
};
const char* to_string(Encoding e);
uint32_t encoding_bytes(Encoding e);

struct VertexElement {
  uint32_t bit = 0;      // one flag bit
  std::string element;   // the D3D-style name docs/READING.md uses: POSITION, COLOR0, BLENDINDICES
  std::string semantic;  // the IR semantic it becomes: POSITION, COLOR_0, JOINTS_0, _BINORMAL
  Encoding encoding = Encoding::Float32x3;
  uint32_t bytes = 0;
};

struct VertexFormats final : VertexTable {
  std::vector<VertexElement> elements;  // ascending bit order
  std::string origin;                   // "built-in" or the file it came from

  const VertexElement* find_bit(uint32_t bit) const;
};

// The embedded default (parsed once; a malformed built-in table is a build defect and
// aborts with the parse error).
const VertexFormats& builtin_vertex_formats();

// Parses and validates a table: top-level "format": "sws"; "elements": an array of
// {"bit": one bit (number or "0x.." string), "element", "semantic", "encoding", "bytes"}
// with unique bits and semantics, a known encoding whose size equals "bytes", and an
// encoding the semantic can hold (POSITION float32x3, JOINTS_0 ubyte4, ...). Errors have
// code SWS_VERTEX_FORMATS_INVALID and the JSON path of the offending value.
Result<VertexFormats> parse_vertex_formats(const std::string& json_text);

}  // namespace f2g::sws
