// The JSON grammar every game's vertex-format table file shares (docs/READING.md "Vertex
// formats (assumed)", "GRB/GRW vertex formats"): a top-level object whose "format" names the
// game and whose "formats" is a non-empty array of entries. Each game parses its own entries
// with these helpers; a bad value throws TableError with its JSON path, which parse_table
// turns into the game's *_VERTEX_FORMATS_INVALID error.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "formats/common/error.h"
#include "formats/common/vertex_elements.h"

namespace f2g::vertex_table_json {

using Json = nlohmann::json;

struct TableError {
  std::string path;  // "formats[2].elements[1].offset"; empty for the whole document
  std::string message;
};

bool starts_with(const std::string& s, const char* prefix);

// obj[key], or a TableError naming the missing key.
const Json& member(const Json& obj, const char* key, const std::string& path);
// An unsigned integer 0..max.
uint32_t integer(const Json& v, const std::string& path, uint64_t max);
// A non-empty string.
std::string text(const Json& v, const std::string& path);

// One stored element type of a game's table: its JSON name, size in bytes and IR shape.
template <class Type>
struct TypeName {
  const char* name;
  Type type;
  uint32_t size;
  vertex_elements::Shape shape;
};

// A game's element types: its own `own` (its position encodings), then the encodings every
// game's table names alike, with the same size and IR shape (vertex_elements.h; each game's
// vertex_codec.cpp applies its own uv scale). `Type` names them UByte4Normal, UByte4Tangent,
// S16x2Uv, Unorm8x4 and U8x4.
template <class Type, size_t N>
constexpr std::array<TypeName<Type>, N + 5> with_shared_types(const TypeName<Type> (&own)[N]) {
  using namespace vertex_elements;
  const TypeName<Type> shared[] = {{"ubyte4_normal", Type::UByte4Normal, 4, kF32x3},
                                   {"ubyte4_tangent", Type::UByte4Tangent, 4, kF32x4},
                                   {"s16x2_uv", Type::S16x2Uv, 4, kF32x2},
                                   {"unorm8x4", Type::Unorm8x4, 4, kUnorm8x4},
                                   {"u8x4", Type::U8x4, 4, kU8x4}};
  std::array<TypeName<Type>, N + 5> out{};
  for (size_t i = 0; i < N; ++i) out[i] = own[i];
  for (size_t i = 0; i < 5; ++i) out[N + i] = shared[i];
  return out;
}

// The entry of `types` for `type` (the games' tables name every type they have).
template <class Type, size_t N>
const TypeName<Type>& type_entry(Type type, const std::array<TypeName<Type>, N>& types) {
  for (const TypeName<Type>& t : types)
    if (t.type == type) return t;
  return types[0];
}

// An element of `size` bytes at `offset` must lie inside its record of `stride` bytes.
void check_inside(uint32_t offset, uint32_t size, uint32_t stride, const std::string& path);

// The entry of `types` that `v` names.
template <class Type, size_t N>
const TypeName<Type>& type_named(const Json& v, const std::string& path,
                                 const std::array<TypeName<Type>, N>& types) {
  const std::string name = text(v, path);
  for (const TypeName<Type>& t : types)
    if (name == t.name) return t;
  throw TableError{path, "unknown type \"" + name + "\""};
}

// An element's "type": the entry of `types` it names, refused unless `fits(semantic, type)`,
// and its bytes inside the record of `stride` bytes at `offset`.
template <class Type, size_t N, class Fits>
const TypeName<Type>& element_type(const Json& e, const std::string& path,
                                   const std::array<TypeName<Type>, N>& types,
                                   const std::string& semantic, uint32_t offset, uint32_t stride,
                                   Fits fits) {
  const TypeName<Type>& type = type_named(member(e, "type", path), path + ".type", types);
  if (!fits(semantic, type.type))
    throw TableError{path + ".type",
                     std::string("type ") + type.name + " does not fit " + semantic};
  check_inside(offset, type.size, stride, path + ".offset");
  return type;
}

// An entry's "elements": a non-empty array, each parsed by `parse(element, path)` (path
// "<entry>.elements[i]"), no semantic twice.
template <class Element, class Parse>
std::vector<Element> elements_of(const Json& entry, const std::string& path, Parse parse) {
  const Json& elements = member(entry, "elements", path);
  if (!elements.is_array() || elements.empty())
    throw TableError{path + ".elements", "expected a non-empty array"};
  std::vector<Element> out;
  std::set<std::string> seen;
  for (size_t i = 0; i < elements.size(); ++i) {
    const std::string ep = path + ".elements[" + std::to_string(i) + "]";
    Element el = parse(elements[i], ep);
    if (!seen.insert(el.semantic).second)
      throw TableError{ep + ".semantic", el.semantic + " appears twice"};
    out.push_back(std::move(el));
  }
  return out;
}

// The parsed document's "formats" array, after checking the frame (throws TableError).
const Json& entries_of(const Json& root, const char* format);

// The whole table: `add(table, entry, path)` parses and adds one entry of "formats" (path
// "formats[i]"), throwing TableError on a bad value. Errors carry `code`; a JSON syntax error
// carries its byte offset.
template <class Table, class Add>
Result<Table> parse_table(const std::string& json_text, const char* format, const char* code,
                          Add add) {
  Json root;
  try {
    root = Json::parse(json_text);
  } catch (const Json::parse_error& e) {
    return Error{code, std::string("vertex-format table: ") + e.what(), "",
                 static_cast<uint64_t>(e.byte)};
  }
  try {
    const Json& formats = entries_of(root, format);
    Table table;
    for (size_t i = 0; i < formats.size(); ++i)
      add(table, formats[i], "formats[" + std::to_string(i) + "]");
    return table;
  } catch (const TableError& e) {
    return Error{code, "vertex-format table: " + e.message, e.path, 0};
  }
}

// A game's embedded table, parsed: a failure is a defect of the embedded file (the tests
// catch it), so it stops the program with the error.
template <class Table>
Table builtin_table(Result<Table> parsed, const char* which) {
  if (!parsed) {
    std::fprintf(stderr, "forge2gltf: built-in %s vertex formats: %s\n", which,
                 parsed.error().to_string().c_str());
    std::abort();
  }
  return std::move(*parsed);
}

}  // namespace f2g::vertex_table_json
