// JSON text (RFC 8259) -> ir::Json for import's glTF loader (document.cpp); the writer's
// gltf_writer/write/json_text.h is its mirror. The same values as nlohmann's own parser
// gives (tests/gltf_writer/read/json_text_test.cpp compares the two on every sample, on the
// edges of the grammar and on thousands of byte edits): a whole number is unsigned when not
// negative and it fits 64 bits, signed when negative and it fits, else a double; a repeated
// key keeps its last value; a UTF-8 byte-order mark at the start is skipped. It reads the
// buffer in place, appends runs of plain characters whole and converts numbers with
// std::from_chars, where nlohmann's lexer goes a character at a time (a tenth of an import,
// bench/PROFILE.md).
//
// Refused, at the byte where the text stops being JSON: anything RFC 8259 does not allow
// (comments, trailing commas, control characters or malformed UTF-8 in strings, lone
// surrogates), a number past double's range, and nesting deeper than kMostJsonDepth, which
// nlohmann would follow as deep as the text goes, out of stack.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "ir/mesh.h"

namespace f2g::gltf {

constexpr size_t kMostJsonDepth = 512;

struct JsonTextError {
  std::string message;  // what was wrong, e.g. "a control character in a string"
  uint64_t offset = 0;  // the byte of the text where it was found (size: at its end)
};

// Parses `size` bytes at `text`. Throws JsonTextError.
ir::Json parse_json_text(const uint8_t* text, size_t size);

}  // namespace f2g::gltf
