#include "formats/grb/vertex_formats.h"

#include <cstring>
#include <utility>

#include "formats/common/vertex_table_json.h"

extern const char f2g_grb_vertex_formats_json[];  // generated from vertex_formats_grb.json
extern const char f2g_grw_vertex_formats_json[];  // generated from vertex_formats_grw.json

namespace f2g::grb {

namespace {

using namespace vertex_elements;  // the shapes
using namespace vertex_table_json;

// Set semantics need a set number 0..3 (glTF continuity is the writer's business).
bool numbered(const std::string& s, const char* prefix) {
  return starts_with(s, prefix) && s.size() == std::strlen(prefix) + 1 && s.back() >= '0' &&
         s.back() <= '3';
}

// The position encoding is GRB/GRW's own; the others every game's table names alike.
constexpr TypeName<ElementType> kPositionType[] = {
    {"s16x4_position", ElementType::S16x4Position, 8, kF32x3}};
constexpr auto kTypes = with_shared_types(kPositionType);

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

VertexElement parse_element(const Json& e, const std::string& path, uint32_t stride) {
  if (!e.is_object()) throw TableError{path, "expected an object"};
  VertexElement el;
  el.semantic = text(member(e, "semantic", path), path + ".semantic");
  el.offset = integer(member(e, "offset", path), path + ".offset", 0xFF);
  el.type = element_type(e, path, kTypes, el.semantic, el.offset, stride, type_fits).type;
  return el;
}

VertexFormat parse_format(const Json& f, const std::string& path) {
  if (!f.is_object()) throw TableError{path, "expected an object"};
  VertexFormat vf;
  vf.format = static_cast<uint8_t>(integer(member(f, "format", path), path + ".format", 255));
  vf.stride = integer(member(f, "stride", path), path + ".stride", 255);
  if (vf.stride == 0) throw TableError{path + ".stride", "the stride is 0"};
  vf.evidence = text(member(f, "evidence", path), path + ".evidence");
  vf.elements = elements_of<VertexElement>(f, path, [&vf](const Json& e, const std::string& ep) {
    return parse_element(e, ep, vf.stride);
  });
  if (!vf.find("POSITION")) throw TableError{path + ".elements", "no POSITION element"};
  for (int set = 0; set < 4; ++set) {  // joints and weights come in pairs
    const std::string n = std::to_string(set);
    if (bool(vf.find("JOINTS_" + n)) != bool(vf.find("WEIGHTS_" + n)))
      throw TableError{path + ".elements", "JOINTS_" + n + " and WEIGHTS_" + n + " go together"};
  }
  return vf;
}

}  // namespace

uint32_t element_size(ElementType type) { return type_entry(type, kTypes).size; }
vertex_elements::Shape shape_of(ElementType type) { return type_entry(type, kTypes).shape; }

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
  Result<VertexFormats> table = parse_table<VertexFormats>(
      json_text, dialect_name(dialect), "GRB_VERTEX_FORMATS_INVALID",
      [](VertexFormats& t, const Json& entry, const std::string& path) {
        VertexFormat f = parse_format(entry, path);
        if (t.find(f.format))
          throw TableError{path + ".format",
                           "format " + std::to_string(f.format) + " appears twice"};
        t.formats.push_back(std::move(f));
      });
  if (table) table->dialect = dialect;
  return table;
}

const VertexFormats& builtin_vertex_formats(Dialect dialect) {
  auto load = [](const char* text, Dialect d) {
    return builtin_table(parse_vertex_formats(text, d), dialect_name(d));
  };
  static const VertexFormats grb = load(f2g_grb_vertex_formats_json, Dialect::Grb);
  static const VertexFormats grw = load(f2g_grw_vertex_formats_json, Dialect::Grw);
  return dialect == Dialect::Grb ? grb : grw;
}

const VertexFormats& vertex_table(Dialect dialect, const DecodeOptions& options) {
  return f2g::vertex_table(options, dialect_name(dialect), builtin_vertex_formats(dialect));
}

}  // namespace f2g::grb
