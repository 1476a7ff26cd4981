#include "formats/rr/vertex_formats.h"

#include <utility>

#include "formats/common/vertex_table_json.h"
#include "formats/rr/rr.h"

extern const char f2g_rr_vertex_formats_json[];  // generated from vertex_formats.json

namespace f2g::rr {

namespace {

using namespace vertex_elements;  // the shapes
using namespace vertex_table_json;

// The position (and f32 normal) encodings are RR's own; the others every game's table names
// alike.
constexpr TypeName<ElementType> kOwnTypes[] = {
    {"s16x4_quantized", ElementType::S16x4Quantized, 8, kF32x3},
    {"f32x3", ElementType::F32x3, 12, kF32x3}};
constexpr auto kTypes = with_shared_types(kOwnTypes);

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

VertexElement parse_element(const Json& e, const std::string& path,
                            const std::array<uint32_t, 3>& strides) {
  if (!e.is_object()) throw TableError{path, "expected an object"};
  VertexElement el;
  el.semantic = text(member(e, "semantic", path), path + ".semantic");
  el.stream = static_cast<uint8_t>(integer(member(e, "stream", path), path + ".stream", 2));
  if (strides[el.stream] == 0)
    throw TableError{path + ".stream", "stream " + std::to_string(el.stream) + " has stride 0"};
  el.offset = integer(member(e, "offset", path), path + ".offset", 0xFFFF);
  el.type =
      element_type(e, path, kTypes, el.semantic, el.offset, strides[el.stream], type_fits).type;
  const auto w = e.find("w");
  if (el.type == ElementType::UByte4Tangent) {
    if (w == e.end()) throw TableError{path + ".w", "a tangent needs \"w\""};
    const std::string rule = text(*w, path + ".w");
    if (rule == "position_w_sign")
      el.w = TangentW::PositionWSign;
    else if (rule == "byte3_high_bit")
      el.w = TangentW::Byte3HighBit;
    else
      throw TableError{path + ".w",
                       "unknown rule \"" + rule + "\" (position_w_sign or byte3_high_bit)"};
  } else if (w != e.end()) {
    throw TableError{path + ".w", "\"w\" applies to ubyte4_tangent only"};
  }
  return el;
}

VertexFormat parse_format(const Json& f, const std::string& path) {
  if (!f.is_object()) throw TableError{path, "expected an object"};
  VertexFormat vf;
  vf.name = text(member(f, "name", path), path + ".name");
  vf.kind = static_cast<uint8_t>(integer(member(f, "kind", path), path + ".kind", 255));
  const Json& strides = member(f, "strides", path);
  if (!strides.is_array() || strides.size() != 3)
    throw TableError{path + ".strides", "expected three stream strides"};
  for (size_t i = 0; i < 3; ++i)
    vf.strides[i] = integer(strides[i], path + ".strides[" + std::to_string(i) + "]", 0xFFFF);
  if (vf.strides[0] == 0) throw TableError{path + ".strides[0]", "the primary stride is 0"};
  vf.elements = elements_of<VertexElement>(f, path, [&vf](const Json& e, const std::string& ep) {
    return parse_element(e, ep, vf.strides);
  });
  const VertexElement* pos = vf.find("POSITION");
  if (!pos) throw TableError{path + ".elements", "no POSITION element"};
  for (const VertexElement& el : vf.elements)
    if (el.w == TangentW::PositionWSign && pos->type != ElementType::S16x4Quantized)
      throw TableError{path + ".elements", "position_w_sign needs an s16x4_quantized POSITION"};
  return vf;
}

}  // namespace

uint32_t element_size(ElementType type) { return type_entry(type, kTypes).size; }
const char* to_string(ElementType type) { return type_entry(type, kTypes).name; }
vertex_elements::Shape shape_of(ElementType type) { return type_entry(type, kTypes).shape; }

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
  return parse_table<VertexFormats>(
      json_text, "rr", "RR_VERTEX_FORMATS_INVALID",
      [](VertexFormats& table, const Json& entry, const std::string& path) {
        VertexFormat f = parse_format(entry, path);
        if (table.find(f.kind, f.strides))
          throw TableError{path,
                           "kind " + std::to_string(f.kind) + " with these strides appears twice"};
        if (table.find(f.name)) throw TableError{path + ".name", f.name + " appears twice"};
        table.formats.push_back(std::move(f));
      });
}

const VertexFormats& builtin_vertex_formats() {
  static const VertexFormats table =
      builtin_table(parse_vertex_formats(f2g_rr_vertex_formats_json), "RR");
  return table;
}

const VertexFormats& vertex_table(const DecodeOptions& options) {
  return f2g::vertex_table(options, kFormat.name, builtin_vertex_formats());
}

}  // namespace f2g::rr
