// JSON text (RFC 8259) -> a tape (JsonTape: the values in text order, flat, with every
// string's bytes in one buffer) for import's glTF loader (document.cpp); any node of it ->
// ir::Json (JsonTape::json). The writer's gltf_writer/write/json_text.h is its mirror. The
// loader reads the tape and makes ir::Json only of the extras it keeps, so no map node or
// string is allocated per member of a DOM it would not keep. The same values as nlohmann's
// own parser gives
// (tests/gltf_writer/read/json_text_test.cpp compares the two on every sample, on the edges
// of the grammar and on thousands of byte edits): a whole number is unsigned when not negative
// and it fits 64 bits, signed when negative and it fits, else a double; a repeated key keeps
// its last value; a UTF-8 byte-order mark at the start is skipped. It reads the buffer in
// place, appends runs of plain characters whole and converts numbers with std::from_chars,
// where nlohmann's lexer goes a character at a time (bench/PROFILE.md has the cost).
//
// Refused, at the byte where the text stops being JSON: anything RFC 8259 does not allow
// (comments, trailing commas, control characters or malformed UTF-8 in strings, lone
// surrogates), a number past double's range, and nesting deeper than kMostJsonDepth, which
// nlohmann would follow as deep as the text goes, out of stack.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/mesh.h"

namespace f2g::gltf {

constexpr size_t kMostJsonDepth = 512;

struct JsonTextError {
  std::string message;  // what was wrong, e.g. "a control character in a string"
  uint64_t offset = 0;  // the byte of the text where it was found (size: at its end)
};

// One value of a tape. An array or object is followed by its items (an object's as key,
// value, key, value ...), each followed by its own; `end` is the node past them all.
struct JsonNode {
  enum class Kind : uint8_t { Null, Boolean, Unsigned, Signed, Float, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  uint32_t end = 0;    // the node after this value (and its items)
  uint32_t count = 0;  // String: bytes; Array: items; Object: members (repeated keys too)
  union {
    uint64_t u;  // Unsigned; String: the first byte's place in JsonTape::chars
    int64_t i;   // Signed
    double d;    // Float
  };
  // nlohmann's name of the type, as the loader's messages say it.
  const char* type_name() const;
  bool is_number() const {
    return kind == Kind::Unsigned || kind == Kind::Signed || kind == Kind::Float;
  }
  double number() const {  // is_number() only
    return kind == Kind::Unsigned ? double(u) : kind == Kind::Signed ? double(i) : d;
  }
};

struct JsonTape {
  std::vector<JsonNode> nodes;  // nodes[0]: the text's value
  std::string chars;            // every string's bytes, escapes decoded
  std::string_view string(const JsonNode& n) const { return {chars.data() + n.u, n.count}; }
  // Node `at` as ir::Json (a repeated key keeps its last value).
  ir::Json json(uint32_t at) const;
};

// Parses `size` bytes at `text`. Throws JsonTextError.
JsonTape parse_json_tape(const uint8_t* text, size_t size);

}  // namespace f2g::gltf
