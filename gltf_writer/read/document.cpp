#include "gltf_writer/read/document.h"

#include <cmath>
#include <cstring>
#include <exception>
#include <limits>
#include <utility>

#include "gltf_writer/read/json_text.h"
#include "gltf_writer/read/scene_failure.h"

namespace f2g::gltf::doc {
namespace {

using Json = ir::Json;
using std::to_string;

[[noreturn]] void invalid(std::string message, std::string path, uint64_t offset = 0) {
  throw scene::SceneFailure{{"IMPORT_GLTF_INVALID", std::move(message), std::move(path), offset}};
}

// Integers glTF stores: indices below 2^31, byte counts and offsets below 2^53 (JSON's exact
// integers); a whole number written as a float (3.0) counts.
constexpr uint64_t kMostIndex = uint64_t(std::numeric_limits<int>::max());
constexpr uint64_t kMostSize = uint64_t(1) << 53;

// One JSON object of the document and its pointer: each property read as its glTF type,
// absent ones as the glTF default.
class Object {
 public:
  Object(Json& j, std::string path) : j_(j), path_(std::move(path)) {
    if (!j_.is_object()) invalid("a " + std::string(j_.type_name()) + ", not an object", path_);
  }
  const std::string& path() const { return path_; }
  Json* find(const char* key) {
    auto it = j_.find(key);
    return it == j_.end() ? nullptr : &*it;
  }
  Json& required(const char* key) {
    Json* v = find(key);
    if (!v) invalid(std::string(key) + " is required", at(key));
    return *v;
  }
  int index(const char* key, bool need = false) {
    Json* v = need ? &required(key) : find(key);
    return v ? int(whole(*v, at(key), kMostIndex)) : -1;
  }
  size_t size(const char* key, bool need = false) {
    Json* v = need ? &required(key) : find(key);
    return v ? size_t(whole(*v, at(key), kMostSize)) : 0;
  }
  bool boolean(const char* key) {
    Json* v = find(key);
    if (v && !v->is_boolean()) invalid("not true or false", at(key));
    return v && v->get<bool>();
  }
  std::string text(const char* key, bool need = false) {
    Json* v = need ? &required(key) : find(key);
    if (v && !v->is_string())
      invalid("a " + std::string(v->type_name()) + ", not a string", at(key));
    return v ? v->get<std::string>() : std::string();
  }
  Json* array(const char* key) {
    Json* v = find(key);
    if (v && !v->is_array())
      invalid("a " + std::string(v->type_name()) + ", not an array", at(key));
    return v;
  }
  std::vector<double> numbers(const char* key) {
    std::vector<double> out;
    if (Json* a = array(key))
      for (size_t i = 0; i < a->size(); ++i) {
        const Json& x = (*a)[i];
        if (!x.is_number()) invalid("not a number", at(key) + "/" + to_string(i));
        out.push_back(x.get<double>());
      }
    return out;
  }
  std::vector<int> indices(const char* key) {
    std::vector<int> out;
    if (Json* a = array(key))
      for (size_t i = 0; i < a->size(); ++i)
        out.push_back(int(whole((*a)[i], at(key) + "/" + to_string(i), kMostIndex)));
    return out;
  }
  std::vector<std::string> strings(const char* key) {
    std::vector<std::string> out;
    if (Json* a = array(key))
      for (size_t i = 0; i < a->size(); ++i) {
        if (!(*a)[i].is_string()) invalid("not a string", at(key) + "/" + to_string(i));
        out.push_back((*a)[i].get<std::string>());
      }
    return out;
  }
  // semantic -> accessor index, e.g. a primitive's attributes or one of its targets.
  static Attributes attributes(Json& j, const std::string& path) {
    Object o(j, path);
    Attributes out;
    for (auto& [semantic, v] : j.items())
      out.emplace(semantic, int(whole(v, path + "/" + semantic, kMostIndex)));
    return out;
  }
  // Moved out of the parsed JSON: the document is its only reader.
  Json extras() {
    Json* v = find("extras");
    return v ? std::move(*v) : Json::object();
  }

  static uint64_t whole(const Json& v, const std::string& path, uint64_t most) {
    if (v.is_number_unsigned() && v.get<uint64_t>() <= most) return v.get<uint64_t>();
    if (v.is_number_float()) {
      const double d = v.get<double>();
      if (d >= 0 && d <= double(most) && d == std::floor(d)) return uint64_t(d);
    }
    invalid(v.is_number() ? "not a whole number in [0, " + to_string(most) + "]"
                          : "a " + std::string(v.type_name()) + ", not a whole number",
            path);
  }

 private:
  std::string at(const char* key) const { return path_ + "/" + key; }
  Json& j_;
  std::string path_;
};

// Each object of the array `key` of `parent`, with its pointer.
template <class Each>
void each(Object& parent, const char* key, Each&& f) {
  Json* a = parent.array(key);
  if (!a) return;
  for (size_t i = 0; i < a->size(); ++i) {
    Object o((*a)[i], parent.path() + "/" + key + "/" + to_string(i));
    f(o);
  }
}

size_t width_of(const std::string& type) {
  if (type == "SCALAR") return 1;
  if (type == "VEC2") return 2;
  if (type == "VEC3") return 3;
  if (type == "VEC4" || type == "MAT2") return 4;
  if (type == "MAT3") return 9;
  return type == "MAT4" ? 16 : 0;  // 0: read_accessor names the unknown type
}

// RFC 4648 base64 (a data: uri's payload), padding optional.
bool base64(const char* s, size_t n, std::vector<uint8_t>& out) {
  while (n > 0 && s[n - 1] == '=') --n;
  if (n % 4 == 1) return false;
  out.reserve(n / 4 * 3 + 2);
  uint32_t bits = 0;
  int held = 0;
  for (size_t i = 0; i < n; ++i) {
    const char c = s[i];
    int v;
    if (c >= 'A' && c <= 'Z')
      v = c - 'A';
    else if (c >= 'a' && c <= 'z')
      v = c - 'a' + 26;
    else if (c >= '0' && c <= '9')
      v = c - '0' + 52;
    else if (c == '+')
      v = 62;
    else if (c == '/')
      v = 63;
    else
      return false;
    bits = (bits << 6) | uint32_t(v);
    held += 6;
    if (held >= 8) {
      held -= 8;
      out.push_back(uint8_t(bits >> held));
    }
  }
  return true;
}

// A relative uri's path: %XX escapes decoded (glTF 2.0 stores uris per RFC 3986, so a file
// named "mesh data.bin" is "mesh%20data.bin"); an escape that is not two hex digits stays.
std::string percent_decoded(const std::string& uri) {
  const auto hex = [](char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
  };
  std::string out;
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && hex(uri[i + 1]) >= 0 && hex(uri[i + 2]) >= 0) {
      out.push_back(char(hex(uri[i + 1]) * 16 + hex(uri[i + 2])));
      i += 2;
    } else {
      out.push_back(uri[i]);
    }
  }
  return out;
}

// Where a buffer's bytes come from: the GLB's BIN chunk, a data: uri, or read_uri.
struct Sources {
  const Bytes* bin = nullptr;         // the GLB's BIN chunk, when it has one
  const ReadUri* read_uri = nullptr;  // null: a GLB, which reads no other file
};

Buffer buffer_of(Object& o, size_t i, const Sources& from, Document& doc) {
  const size_t length = o.size("byteLength", true);
  const std::string uri = o.text("uri");
  const std::string at = o.path() + "/byteLength";
  Buffer b;
  if (!o.find("uri")) {
    if (i != 0 || !from.bin)
      invalid("buffer " + to_string(i) + " has no uri" +
                  (from.read_uri ? "" : " and is not the GLB's BIN chunk (buffer 0)"),
              o.path());
    if (length > from.bin->size())
      invalid("byteLength " + to_string(length) + " passes the BIN chunk's " +
                  to_string(from.bin->size()) + " bytes",
              at);
    b.data = {from.bin->data(), length};
    return b;
  }
  std::vector<uint8_t> bytes;
  if (uri.rfind("data:", 0) == 0) {
    const size_t comma = uri.find(',');
    if (comma == std::string::npos || comma < 12 || uri.compare(comma - 7, 7, ";base64") != 0 ||
        !base64(uri.data() + comma + 1, uri.size() - comma - 1, bytes))
      invalid("a data: uri that is not base64", o.path() + "/uri");
  } else if (!from.read_uri) {
    invalid("a .glb reads no external file (" + uri + ")", o.path() + "/uri");
  } else {
    std::string error;
    if (!(*from.read_uri)(percent_decoded(uri), bytes, error)) invalid(error, o.path() + "/uri");
  }
  if (bytes.size() < length)
    invalid("byteLength " + to_string(length) + " passes the uri's " + to_string(bytes.size()) +
                " bytes",
            at);
  doc.owned.push_back(std::move(bytes));  // its heap block moves with it: the view holds
  b.data = {doc.owned.back().data(), length};
  return b;
}

Accessor accessor_of(Object& o) {
  Accessor a;
  a.bufferView = o.index("bufferView");
  a.byteOffset = o.size("byteOffset");
  a.componentType = o.index("componentType", true);
  a.normalized = o.boolean("normalized");
  a.count = o.size("count", true);
  a.width = width_of(o.text("type", true));
  if (Json* s = o.find("sparse")) {
    Object sparse(*s, o.path() + "/sparse");
    a.sparse.isSparse = true;
    a.sparse.count = sparse.size("count", true);
    Object indices(sparse.required("indices"), sparse.path() + "/indices");
    a.sparse.indices = {indices.index("bufferView", true), indices.size("byteOffset"),
                        indices.index("componentType", true)};
    Object values(sparse.required("values"), sparse.path() + "/values");
    a.sparse.values = {values.index("bufferView", true), values.size("byteOffset"), -1};
  }
  return a;
}

Primitive primitive_of(Object& o) {
  Primitive p;
  p.attributes = Object::attributes(o.required("attributes"), o.path() + "/attributes");
  if (Json* t = o.array("targets"))
    for (size_t k = 0; k < t->size(); ++k)
      p.targets.push_back(Object::attributes((*t)[k], o.path() + "/targets/" + to_string(k)));
  p.indices = o.index("indices");
  p.material = o.index("material");
  if (o.find("mode")) p.mode = o.index("mode");
  return p;
}

void read_document(Json& root, const Sources& from, Document& doc) {
  Object top(root, "");
  Json* asset = top.find("asset");
  if (!asset) invalid("asset is required (glTF 5.1)", "/asset");
  Object a(*asset, "/asset");
  a.text("version", true);
  doc.generator = a.text("generator");
  doc.extensionsUsed = top.strings("extensionsUsed");
  doc.extensionsRequired = top.strings("extensionsRequired");
  doc.defaultScene = top.index("scene");
  each(top, "scenes", [&](Object& o) { doc.scenes.push_back({o.indices("nodes")}); });
  each(top, "nodes", [&](Object& o) {
    Node n;
    n.name = o.text("name");
    n.children = o.indices("children");
    n.mesh = o.index("mesh");
    n.skin = o.index("skin");
    n.matrix = o.numbers("matrix");
    n.translation = o.numbers("translation");
    n.rotation = o.numbers("rotation");
    n.scale = o.numbers("scale");
    n.extras = o.extras();
    doc.nodes.push_back(std::move(n));
  });
  each(top, "meshes", [&](Object& o) {
    Mesh m;
    o.text("name");  // checked like every name; the reader names nothing after a mesh
    o.required("primitives");
    each(o, "primitives", [&](Object& p) { m.primitives.push_back(primitive_of(p)); });
    m.extras = o.extras();
    doc.meshes.push_back(std::move(m));
  });
  each(top, "accessors", [&](Object& o) { doc.accessors.push_back(accessor_of(o)); });
  each(top, "bufferViews", [&](Object& o) {
    doc.bufferViews.push_back({o.index("buffer", true), o.size("byteOffset"),
                               o.size("byteLength", true), o.size("byteStride")});
  });
  each(top, "buffers",
       [&](Object& o) { doc.buffers.push_back(buffer_of(o, doc.buffers.size(), from, doc)); });
  each(top, "materials", [&](Object& o) {
    Material m;
    m.name = o.text("name");
    m.extras = o.extras();
    doc.materials.push_back(std::move(m));
  });
  each(top, "skins", [&](Object& o) {
    o.required("joints");
    doc.skins.push_back({o.indices("joints"), o.index("inverseBindMatrices")});
  });
}

// The JSON text at byte `base` of the file: a parse error names its byte there.
Json parse(const uint8_t* text, size_t size, uint64_t base) {
  try {
    return parse_json_text(text, size);
  } catch (const JsonTextError& e) {
    invalid("not JSON: " + e.message, "", base + e.offset);
  }
}

uint32_t u32_at(const uint8_t* p) {
  uint32_t x;
  std::memcpy(&x, p, 4);
  return x;  // GLB is little-endian, as every machine this builds for
}

constexpr uint32_t kJsonChunk = 0x4E4F534A, kBinChunk = 0x004E4942;  // glTF 4.4.3

}  // namespace

size_t component_size(int component_type) {
  switch (component_type) {
    case kByte:
    case kUnsignedByte:
      return 1;
    case kShort:
    case kUnsignedShort:
      return 2;
    case kUnsignedInt:
    case kFloat:
      return 4;
    default:
      return 0;
  }
}

// glTF 4.4: a 12-byte header (magic, version 2, length), the JSON chunk, then BIN if any.
void load_glb(const uint8_t* data, size_t size, Document& doc) {
  if (size < 20)
    invalid(to_string(size) + " bytes: a GLB has a 12-byte header and a JSON chunk", "", 0);
  if (std::memcmp(data, "glTF", 4) != 0) invalid("not a GLB (its magic is not glTF)", "", 0);
  if (u32_at(data + 4) != 2)
    invalid("GLB version " + to_string(u32_at(data + 4)) + " (glTF 2.0 is version 2)", "", 4);
  const size_t length = u32_at(data + 8);
  if (length > size || length < 20)
    invalid(
        "the header's length " + to_string(length) + " for a file of " + to_string(size) + " bytes",
        "", 8);
  const size_t json_length = u32_at(data + 12);
  if (u32_at(data + 16) != kJsonChunk) invalid("the first chunk is not JSON", "", 16);
  if (json_length > length - 20)
    invalid("the JSON chunk's " + to_string(json_length) + " bytes pass the file's length", "", 12);
  const size_t at = 20 + json_length;
  Bytes bin;
  const bool has_bin = length - at >= 8 && u32_at(data + at + 4) == kBinChunk;
  if (has_bin) {
    const size_t bin_length = u32_at(data + at);
    if (bin_length > length - at - 8)
      invalid("the BIN chunk's " + to_string(bin_length) + " bytes pass the file's length", "", at);
    bin = {data + at + 8, bin_length};
  }
  Json root = parse(data + 20, json_length, 20);
  read_document(root, {has_bin ? &bin : nullptr, nullptr}, doc);
}

void load_gltf(const std::string& json, const ReadUri& read_uri, Document& doc) {
  Json root = parse(reinterpret_cast<const uint8_t*>(json.data()), json.size(), 0);
  read_document(root, {nullptr, &read_uri}, doc);
}

}  // namespace f2g::gltf::doc
