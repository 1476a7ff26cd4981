#include "formats/sws/vertex_formats.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>

extern const char f2g_sws_vertex_formats_json[];  // generated from vertex_formats.json

namespace f2g::sws {

namespace {

using Json = nlohmann::json;

struct EncodingName {
  Encoding encoding;
  const char* name;
  uint32_t bytes;
};
constexpr EncodingName kEncodings[] = {
    {Encoding::Float32x2, "float32x2", 8},  {Encoding::Float32x3, "float32x3", 12},
    {Encoding::Float32x4, "float32x4", 16}, {Encoding::UByte4Vector, "ubyte4_vector", 4},
    {Encoding::D3DColor, "d3dcolor", 4},    {Encoding::UByte4, "ubyte4", 4},
    {Encoding::UNorm8x4, "unorm8x4", 4}};

Error invalid(const std::string& path, const std::string& message) {
  return Error{"SWS_VERTEX_FORMATS_INVALID", "vertex-format table: " + message, path, 0};
}

bool starts_with(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

// glTF semantic with a set index: "TEXCOORD_1" -> true for prefix "TEXCOORD_".
bool indexed(const std::string& s, const char* prefix) {
  if (!starts_with(s, prefix)) return false;
  const std::string n = s.substr(std::char_traits<char>::length(prefix));
  return !n.empty() && n.size() <= 2 && n.find_first_not_of("0123456789") == std::string::npos;
}

// Which encodings a semantic can hold; empty string when fine, else what it needs.
std::string semantic_problem(const std::string& s, Encoding e) {
  auto one_of = [&](std::initializer_list<Encoding> ok, const char* need) {
    for (Encoding k : ok)
      if (k == e) return std::string();
    return std::string(need);
  };
  if (s == "POSITION") return one_of({Encoding::Float32x3}, "float32x3");
  if (s == "NORMAL")
    return one_of({Encoding::UByte4Vector, Encoding::Float32x3}, "ubyte4_vector or float32x3");
  if (s == "TANGENT")
    return one_of({Encoding::UByte4Vector, Encoding::Float32x3, Encoding::Float32x4},
                  "ubyte4_vector, float32x3 or float32x4");
  if (indexed(s, "TEXCOORD_")) return one_of({Encoding::Float32x2}, "float32x2");
  if (indexed(s, "COLOR_"))
    return one_of({Encoding::D3DColor, Encoding::UNorm8x4}, "d3dcolor or unorm8x4");
  if (s == "JOINTS_0") return one_of({Encoding::UByte4}, "ubyte4 (palette slots)");
  if (s == "WEIGHTS_0") return one_of({Encoding::UNorm8x4}, "unorm8x4");
  if (starts_with(s, "_") && s.size() > 1) return {};
  return "a glTF semantic (POSITION, NORMAL, TANGENT, TEXCOORD_n, COLOR_n, JOINTS_0, WEIGHTS_0) "
         "or a custom name starting with '_'";
}

Result<uint32_t> parse_bit(const Json& v, const std::string& path) {
  uint64_t bit = 0;
  if (v.is_number_unsigned()) {
    bit = v.get<uint64_t>();
  } else if (v.is_string()) {
    const std::string s = v.get<std::string>();
    char* end = nullptr;
    bit = std::strtoull(s.c_str(), &end, 0);
    if (s.empty() || *end != '\0') return invalid(path, "bit \"" + s + "\" is not a number");
  } else {
    return invalid(path, "bit must be a number or a \"0x..\" string");
  }
  if (bit == 0 || bit > 0x80000000ull || (bit & (bit - 1)) != 0)
    return invalid(path, "bit " + std::to_string(bit) + " is not a single flag bit");
  return static_cast<uint32_t>(bit);
}

Result<VertexElement> parse_element(const Json& j, const std::string& path) {
  if (!j.is_object()) return invalid(path, "an element must be an object");
  for (const char* key : {"bit", "element", "semantic", "encoding", "bytes"})
    if (!j.contains(key)) return invalid(path, std::string("missing \"") + key + "\"");
  VertexElement e;
  Result<uint32_t> bit = parse_bit(j["bit"], path + ".bit");
  if (!bit) return bit.error();
  e.bit = *bit;
  if (!j["element"].is_string() || !j["semantic"].is_string() || !j["encoding"].is_string())
    return invalid(path, "\"element\", \"semantic\" and \"encoding\" must be strings");
  e.element = j["element"].get<std::string>();
  e.semantic = j["semantic"].get<std::string>();
  const std::string enc = j["encoding"].get<std::string>();
  const EncodingName* found = nullptr;
  for (const EncodingName& k : kEncodings)
    if (enc == k.name) found = &k;
  if (!found) {
    std::string names;
    for (const EncodingName& k : kEncodings)
      names += std::string(names.empty() ? "" : ", ") + k.name;
    return invalid(path + ".encoding", "unknown encoding \"" + enc + "\" (known: " + names + ")");
  }
  e.encoding = found->encoding;
  if (!j["bytes"].is_number_unsigned() || j["bytes"].get<uint64_t>() != found->bytes)
    return invalid(path + ".bytes", "bytes must be " + std::to_string(found->bytes) + " for " +
                                        enc + ", found " + j["bytes"].dump());
  e.bytes = found->bytes;
  const std::string problem = semantic_problem(e.semantic, e.encoding);
  if (!problem.empty())
    return invalid(path + ".semantic",
                   "semantic \"" + e.semantic + "\" with encoding " + enc + " needs " + problem);
  return e;
}

}  // namespace

const char* to_string(Encoding e) {
  for (const EncodingName& k : kEncodings)
    if (k.encoding == e) return k.name;
  return "?";
}

uint32_t encoding_bytes(Encoding e) {
  for (const EncodingName& k : kEncodings)
    if (k.encoding == e) return k.bytes;
  return 0;
}

const VertexElement* VertexFormats::find_bit(uint32_t bit) const {
  for (const VertexElement& e : elements)
    if (e.bit == bit) return &e;
  return nullptr;
}

Result<VertexFormats> parse_vertex_formats(const std::string& json_text) {
  Json j;
  try {
    j = Json::parse(json_text);
  } catch (const Json::parse_error& e) {
    return invalid("", std::string("not JSON: ") + e.what());
  }
  if (!j.is_object()) return invalid("", "the table must be a JSON object");
  if (!j.contains("format") || j["format"] != "sws")
    return invalid("format", "\"format\" must be \"sws\"");
  if (!j.contains("elements") || !j["elements"].is_array() || j["elements"].empty())
    return invalid("elements", "\"elements\" must be a non-empty array");
  VertexFormats f;
  std::set<uint32_t> bits;
  std::set<std::string> semantics;
  for (size_t i = 0; i < j["elements"].size(); ++i) {
    const std::string path = "elements[" + std::to_string(i) + "]";
    Result<VertexElement> e = parse_element(j["elements"][i], path);
    if (!e) return e.error();
    if (!bits.insert(e->bit).second)
      return invalid(path + ".bit", "bit " + hex(e->bit) + " appears twice");
    if (!semantics.insert(e->semantic).second)
      return invalid(path + ".semantic", "semantic " + e->semantic + " appears twice");
    f.elements.push_back(std::move(*e));
  }
  std::sort(f.elements.begin(), f.elements.end(),
            [](const VertexElement& a, const VertexElement& b) { return a.bit < b.bit; });
  f.origin = "file";
  return f;
}

const VertexFormats& builtin_vertex_formats() {
  static const VertexFormats table = [] {
    Result<VertexFormats> f = parse_vertex_formats(f2g_sws_vertex_formats_json);
    if (!f) {
      std::fprintf(stderr, "built-in SWS vertex-format table: %s\n", f.error().to_string().c_str());
      std::abort();
    }
    f->origin = "built-in";
    return *f;
  }();
  return table;
}

}  // namespace f2g::sws
