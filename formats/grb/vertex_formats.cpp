#include "formats/grb/vertex_formats.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

extern const char f2g_grb_vertex_formats_json[];  // generated from vertex_formats_grb.json
extern const char f2g_grw_vertex_formats_json[];  // generated from vertex_formats_grw.json

namespace f2g::grb {

namespace {

struct TypeInfo {
  const char* name;
  ElementType type;
  uint32_t size;
};
constexpr TypeInfo kTypes[] = {
    {"s16x4_position", ElementType::S16x4Position, 8},
    {"ubyte4_normal", ElementType::UByte4Normal, 4},
    {"ubyte4_tangent", ElementType::UByte4Tangent, 4},
    {"s16x2_uv", ElementType::S16x2Uv, 4},
    {"unorm8x4", ElementType::Unorm8x4, 4},
    {"u8x4", ElementType::U8x4, 4},
};

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// Set semantics need a set number 0..3 (glTF continuity is the writer's business).
bool numbered(const std::string& s, const char* prefix) {
  return starts_with(s, prefix) && s.size() == std::strlen(prefix) + 1 && s.back() >= '0' &&
         s.back() <= '3';
}

// Which decodings fit a semantic, so no table hands the writer JOINTS of floats.
bool type_fits(const std::string& semantic, ElementType t) {
  using T = ElementType;
  if (semantic == "POSITION") return t == T::S16x4Position;
  if (semantic == "NORMAL") return t == T::UByte4Normal;
  if (semantic == "TANGENT") return t == T::UByte4Tangent;
  if (numbered(semantic, "TEXCOORD_")) return t == T::S16x2Uv;
  if (numbered(semantic, "COLOR_")) return t == T::Unorm8x4;
  if (numbered(semantic, "JOINTS_")) return t == T::U8x4;
  if (numbered(semantic, "WEIGHTS_")) return t == T::Unorm8x4;
  if (semantic == "_BINORMAL") return t == T::UByte4Normal;  // kept: glTF has no binormal
  return false;
}

struct TableError {
  std::string path, message;
};

using Json = nlohmann::json;

const Json& member(const Json& obj, const char* key, const std::string& path) {
  auto it = obj.find(key);
  if (it == obj.end())
    throw TableError{path.empty() ? key : path + "." + key, std::string("missing \"") + key + "\""};
  return *it;
}

uint32_t integer(const Json& v, const std::string& path, uint64_t max) {
  if (!v.is_number_unsigned() || v.get<uint64_t>() > max)
    throw TableError{path, "expected an integer 0.." + std::to_string(max) + ", found " + v.dump()};
  return static_cast<uint32_t>(v.get<uint64_t>());
}

std::string text(const Json& v, const std::string& path) {
  if (!v.is_string() || v.get<std::string>().empty())
    throw TableError{path, "expected a non-empty string, found " + v.dump()};
  return v.get<std::string>();
}

VertexElement parse_element(const Json& e, const std::string& path, uint32_t stride) {
  if (!e.is_object()) throw TableError{path, "expected an object"};
  VertexElement el;
  el.semantic = text(member(e, "semantic", path), path + ".semantic");
  el.offset = integer(member(e, "offset", path), path + ".offset", 0xFF);
  const std::string type = text(member(e, "type", path), path + ".type");
  uint32_t size = 0;
  for (const TypeInfo& t : kTypes)
    if (type == t.name) el.type = t.type, size = t.size;
  if (size == 0) throw TableError{path + ".type", "unknown type \"" + type + "\""};
  if (!type_fits(el.semantic, el.type))
    throw TableError{path + ".type", "type " + type + " does not fit " + el.semantic};
  if (el.offset + size > stride)
    throw TableError{path + ".offset", "offset " + std::to_string(el.offset) + " + size " +
                                           std::to_string(size) + " exceeds stride " +
                                           std::to_string(stride)};
  return el;
}

VertexFormat parse_format(const Json& f, const std::string& path) {
  if (!f.is_object()) throw TableError{path, "expected an object"};
  VertexFormat vf;
  vf.format = static_cast<uint8_t>(integer(member(f, "format", path), path + ".format", 255));
  vf.stride = integer(member(f, "stride", path), path + ".stride", 255);
  if (vf.stride == 0) throw TableError{path + ".stride", "the stride is 0"};
  vf.evidence = text(member(f, "evidence", path), path + ".evidence");
  const Json& elements = member(f, "elements", path);
  if (!elements.is_array() || elements.empty())
    throw TableError{path + ".elements", "expected a non-empty array"};
  std::set<std::string> seen;
  for (size_t i = 0; i < elements.size(); ++i) {
    const std::string ep = path + ".elements[" + std::to_string(i) + "]";
    VertexElement el = parse_element(elements[i], ep, vf.stride);
    if (!seen.insert(el.semantic).second)
      throw TableError{ep + ".semantic", el.semantic + " appears twice"};
    vf.elements.push_back(std::move(el));
  }
  if (!vf.find("POSITION")) throw TableError{path + ".elements", "no POSITION element"};
  for (int set = 0; set < 4; ++set) {  // joints and weights come in pairs
    const std::string n = std::to_string(set);
    if (bool(vf.find("JOINTS_" + n)) != bool(vf.find("WEIGHTS_" + n)))
      throw TableError{path + ".elements", "JOINTS_" + n + " and WEIGHTS_" + n + " go together"};
  }
  return vf;
}

}  // namespace

uint32_t element_size(ElementType type) {
  for (const TypeInfo& t : kTypes)
    if (t.type == type) return t.size;
  return 0;
}

const VertexElement* VertexFormat::find(const std::string& semantic) const {
  for (const VertexElement& e : elements)
    if (e.semantic == semantic) return &e;
  return nullptr;
}

const VertexFormat* VertexFormats::find(uint8_t format) const {
  for (const VertexFormat& f : formats)
    if (f.format == format) return &f;
  return nullptr;
}

std::string VertexFormats::known() const {
  std::string s;
  for (const VertexFormat& f : formats)
    s += (s.empty() ? "" : ", ") + std::to_string(f.format) + " (" + std::to_string(f.stride) + ")";
  return s.empty() ? "none" : s;
}

Result<VertexFormats> parse_vertex_formats(const std::string& json_text, Dialect dialect) {
  Json root;
  try {
    root = Json::parse(json_text);
  } catch (const Json::parse_error& e) {
    return Error{"GRB_VERTEX_FORMATS_INVALID", std::string("vertex-format table: ") + e.what(), "",
                 static_cast<uint64_t>(e.byte)};
  }
  try {
    if (!root.is_object()) throw TableError{"", "expected a JSON object"};
    const Json& format = member(root, "format", "");
    if (!format.is_string() || format.get<std::string>() != dialect_name(dialect))
      throw TableError{"format", std::string("expected \"") + dialect_name(dialect) + "\", found " +
                                     format.dump()};
    const Json& formats = member(root, "formats", "");
    if (!formats.is_array() || formats.empty())
      throw TableError{"formats", "expected a non-empty array"};
    VertexFormats table;
    table.dialect = dialect;
    for (size_t i = 0; i < formats.size(); ++i) {
      const std::string path = "formats[" + std::to_string(i) + "]";
      VertexFormat f = parse_format(formats[i], path);
      if (table.find(f.format))
        throw TableError{path + ".format", "format " + std::to_string(f.format) + " appears twice"};
      table.formats.push_back(std::move(f));
    }
    return table;
  } catch (const TableError& e) {
    return Error{"GRB_VERTEX_FORMATS_INVALID", "vertex-format table: " + e.message, e.path, 0};
  }
}

const VertexFormats& builtin_vertex_formats(Dialect dialect) {
  auto load = [](const char* text, Dialect d) {
    Result<VertexFormats> t = parse_vertex_formats(text, d);
    if (!t) {  // a defect of the embedded file, caught by the tests
      std::fprintf(stderr, "forge2gltf: built-in %s vertex formats: %s\n", dialect_name(d),
                   t.error().to_string().c_str());
      std::abort();
    }
    return std::move(*t);
  };
  static const VertexFormats grb = load(f2g_grb_vertex_formats_json, Dialect::Grb);
  static const VertexFormats grw = load(f2g_grw_vertex_formats_json, Dialect::Grw);
  return dialect == Dialect::Grb ? grb : grw;
}

const VertexFormats& vertex_formats_for(Dialect dialect, const DecodeOptions& options) {
  const VertexTable* t = options.tables ? options.tables->find(dialect_name(dialect)) : nullptr;
  return t ? static_cast<const VertexFormats&>(*t) : builtin_vertex_formats(dialect);
}

}  // namespace f2g::grb
