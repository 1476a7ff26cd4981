#include "formats/rr/vertex_formats.h"

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

extern const char f2g_rr_vertex_formats_json[];  // generated from vertex_formats.json

namespace f2g::rr {

namespace {

struct TypeInfo {
  const char* name;
  ElementType type;
  uint32_t size;
};
constexpr TypeInfo kTypes[] = {
    {"s16x4_quantized", ElementType::S16x4Quantized, 8},
    {"f32x3", ElementType::F32x3, 12},
    {"ubyte4_normal", ElementType::UByte4Normal, 4},
    {"ubyte4_tangent", ElementType::UByte4Tangent, 4},
    {"s16x2_uv", ElementType::S16x2Uv, 4},
    {"unorm8x4", ElementType::Unorm8x4, 4},
    {"u8x4", ElementType::U8x4, 4},
};

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// Which decodings make sense for a semantic, so no table can hand the writer a POSITION of
// bytes or JOINTS of floats. Custom `_NAME` semantics take any type.
bool type_fits(const std::string& semantic, ElementType t) {
  using T = ElementType;
  if (semantic == "POSITION") return t == T::S16x4Quantized || t == T::F32x3;
  if (semantic == "NORMAL") return t == T::UByte4Normal || t == T::F32x3;
  if (semantic == "TANGENT") return t == T::UByte4Tangent;
  if (starts_with(semantic, "TEXCOORD_")) return t == T::S16x2Uv;
  if (starts_with(semantic, "COLOR_")) return t == T::Unorm8x4;
  if (starts_with(semantic, "JOINTS_")) return t == T::U8x4;
  if (starts_with(semantic, "WEIGHTS_")) return t == T::Unorm8x4;
  return starts_with(semantic, "_") && semantic.size() > 1;
}

class TableError {
 public:
  TableError(std::string path, std::string message)
      : path_(std::move(path)), message_(std::move(message)) {}
  Error error() const {
    return Error{"RR_VERTEX_FORMATS_INVALID", "vertex-format table: " + message_, path_, 0};
  }

 private:
  std::string path_;
  std::string message_;
};

using Json = nlohmann::json;

const Json& member(const Json& obj, const char* key, const std::string& path) {
  auto it = obj.find(key);
  if (it == obj.end())
    throw TableError(path.empty() ? key : path + "." + key, std::string("missing \"") + key + "\"");
  return *it;
}

uint32_t integer(const Json& v, const std::string& path, uint64_t max) {
  if (!v.is_number_unsigned() || v.get<uint64_t>() > max)
    throw TableError(path, "expected an integer 0.." + std::to_string(max) + ", found " + v.dump());
  return static_cast<uint32_t>(v.get<uint64_t>());
}

std::string text(const Json& v, const std::string& path) {
  if (!v.is_string() || v.get<std::string>().empty())
    throw TableError(path, "expected a non-empty string, found " + v.dump());
  return v.get<std::string>();
}

VertexElement parse_element(const Json& e, const std::string& path,
                            const std::array<uint32_t, 3>& strides) {
  if (!e.is_object()) throw TableError(path, "expected an object");
  VertexElement el;
  el.semantic = text(member(e, "semantic", path), path + ".semantic");
  el.stream = static_cast<uint8_t>(integer(member(e, "stream", path), path + ".stream", 2));
  if (strides[el.stream] == 0)
    throw TableError(path + ".stream", "stream " + std::to_string(el.stream) + " has stride 0");
  el.offset = integer(member(e, "offset", path), path + ".offset", 0xFFFF);
  const std::string type = text(member(e, "type", path), path + ".type");
  uint32_t size = 0;
  for (const TypeInfo& t : kTypes)
    if (type == t.name) el.type = t.type, size = t.size;
  if (size == 0) throw TableError(path + ".type", "unknown type \"" + type + "\"");
  if (!type_fits(el.semantic, el.type))
    throw TableError(path + ".type", "type " + type + " does not fit " + el.semantic);
  if (el.offset + size > strides[el.stream])
    throw TableError(path + ".offset", "offset " + std::to_string(el.offset) + " + size " +
                                           std::to_string(size) + " exceeds stride " +
                                           std::to_string(strides[el.stream]));
  const auto w = e.find("w");
  if (el.type == ElementType::UByte4Tangent) {
    if (w == e.end()) throw TableError(path + ".w", "a tangent needs \"w\"");
    const std::string rule = text(*w, path + ".w");
    if (rule == "position_w_sign")
      el.w = TangentW::PositionWSign;
    else if (rule == "byte3_high_bit")
      el.w = TangentW::Byte3HighBit;
    else
      throw TableError(path + ".w",
                       "unknown rule \"" + rule + "\" (position_w_sign or byte3_high_bit)");
  } else if (w != e.end()) {
    throw TableError(path + ".w", "\"w\" applies to ubyte4_tangent only");
  }
  return el;
}

VertexFormat parse_format(const Json& f, const std::string& path) {
  if (!f.is_object()) throw TableError(path, "expected an object");
  VertexFormat vf;
  vf.name = text(member(f, "name", path), path + ".name");
  vf.kind = static_cast<uint8_t>(integer(member(f, "kind", path), path + ".kind", 255));
  const Json& strides = member(f, "strides", path);
  if (!strides.is_array() || strides.size() != 3)
    throw TableError(path + ".strides", "expected three stream strides");
  for (size_t i = 0; i < 3; ++i)
    vf.strides[i] = integer(strides[i], path + ".strides[" + std::to_string(i) + "]", 0xFFFF);
  if (vf.strides[0] == 0) throw TableError(path + ".strides[0]", "the primary stride is 0");
  const Json& elements = member(f, "elements", path);
  if (!elements.is_array() || elements.empty())
    throw TableError(path + ".elements", "expected a non-empty array");
  std::set<std::string> seen;
  for (size_t i = 0; i < elements.size(); ++i) {
    const std::string ep = path + ".elements[" + std::to_string(i) + "]";
    VertexElement el = parse_element(elements[i], ep, vf.strides);
    if (!seen.insert(el.semantic).second)
      throw TableError(ep + ".semantic", el.semantic + " appears twice");
    vf.elements.push_back(std::move(el));
  }
  const VertexElement* pos = vf.find("POSITION");
  if (!pos) throw TableError(path + ".elements", "no POSITION element");
  for (const VertexElement& el : vf.elements)
    if (el.w == TangentW::PositionWSign && pos->type != ElementType::S16x4Quantized)
      throw TableError(path + ".elements", "position_w_sign needs an s16x4_quantized POSITION");
  return vf;
}

}  // namespace

uint32_t element_size(ElementType type) {
  for (const TypeInfo& t : kTypes)
    if (t.type == type) return t.size;
  return 0;
}

const char* to_string(ElementType type) {
  for (const TypeInfo& t : kTypes)
    if (t.type == type) return t.name;
  return "?";
}

const VertexElement* VertexFormat::find(const std::string& semantic) const {
  for (const VertexElement& e : elements)
    if (e.semantic == semantic) return &e;
  return nullptr;
}

const VertexFormat* VertexFormats::find(uint8_t kind,
                                        const std::array<uint32_t, 3>& strides) const {
  for (const VertexFormat& f : formats)
    if (f.kind == kind && f.strides == strides) return &f;
  return nullptr;
}

const VertexFormat* VertexFormats::find(const std::string& name) const {
  for (const VertexFormat& f : formats)
    if (f.name == name) return &f;
  return nullptr;
}

std::string VertexFormats::strides_known_for(uint8_t kind) const {
  std::string s;
  for (const VertexFormat& f : formats) {
    if (f.kind != kind) continue;
    if (!s.empty()) s += "; ";
    s += std::to_string(f.strides[0]) + "," + std::to_string(f.strides[1]) + "," +
         std::to_string(f.strides[2]);
  }
  return s.empty() ? "none" : s;
}

Result<VertexFormats> parse_vertex_formats(const std::string& json_text) {
  Json root;
  try {
    root = Json::parse(json_text);
  } catch (const Json::parse_error& e) {
    return Error{"RR_VERTEX_FORMATS_INVALID", std::string("vertex-format table: ") + e.what(), "",
                 static_cast<uint64_t>(e.byte)};
  }
  try {
    if (!root.is_object()) throw TableError("", "expected a JSON object");
    const Json& format = member(root, "format", "");
    if (!format.is_string() || format.get<std::string>() != "rr")
      throw TableError("format", "expected \"rr\", found " + format.dump());
    const Json& formats = member(root, "formats", "");
    if (!formats.is_array() || formats.empty())
      throw TableError("formats", "expected a non-empty array");
    VertexFormats table;
    for (size_t i = 0; i < formats.size(); ++i) {
      const std::string path = "formats[" + std::to_string(i) + "]";
      VertexFormat f = parse_format(formats[i], path);
      if (table.find(f.kind, f.strides))
        throw TableError(path,
                         "kind " + std::to_string(f.kind) + " with these strides appears twice");
      if (table.find(f.name)) throw TableError(path + ".name", f.name + " appears twice");
      table.formats.push_back(std::move(f));
    }
    return table;
  } catch (const TableError& e) {
    return e.error();
  }
}

const VertexFormats& builtin_vertex_formats() {
  static const VertexFormats table = [] {
    Result<VertexFormats> t = parse_vertex_formats(f2g_rr_vertex_formats_json);
    if (!t) {  // a defect of the embedded file, caught by the tests
      std::fprintf(stderr, "forge2gltf: built-in RR vertex formats: %s\n",
                   t.error().to_string().c_str());
      std::abort();
    }
    return std::move(*t);
  }();
  return table;
}

}  // namespace f2g::rr
