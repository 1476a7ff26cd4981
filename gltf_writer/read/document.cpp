#include "gltf_writer/read/document.h"

#include <algorithm>
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

// One JSON object of the document (a node of the parsed tape) and where it sits: each
// property read as its glTF type, absent ones as the glTF default. A repeated key counts with
// its last value, as in a DOM. The JSON pointer an error names is made only for the error.
class Object {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;
  static constexpr size_t kNoItem = SIZE_MAX;

  // Member `key` of `parent` (item `item` of that array when given); the root without parent.
  Object(const JsonTape& t, uint32_t node, const Object* parent, const char* key,
         size_t item = kNoItem)
      : t_(t), node_(node), parent_(parent), key_(key), item_(item) {
    if (t_.nodes[node_].kind != JsonNode::Kind::Object)
      invalid("a " + std::string(t_.nodes[node_].type_name()) + ", not an object", path());
  }
  std::string path() const {
    if (!parent_) return std::string();
    std::string p = parent_->path() + "/" + key_;
    return item_ == kNoItem ? p : p + "/" + to_string(item_);
  }
  const JsonTape& tape() const { return t_; }
  // The node of member `key`, or kNone.
  uint32_t find(const char* key) const {
    const std::string_view want(key);
    uint32_t found = kNone;
    const uint32_t end = t_.nodes[node_].end;
    for (uint32_t k = node_ + 1; k < end; k = t_.nodes[k + 1].end)
      if (t_.string(t_.nodes[k]) == want) found = k + 1;
    return found;
  }
  uint32_t required(const char* key) const {
    const uint32_t v = find(key);
    if (v == kNone) invalid(std::string(key) + " is required", at(key));
    return v;
  }
  int index(const char* key, bool need = false) const {
    const uint32_t v = need ? required(key) : find(key);
    return v != kNone ? int(whole(v, key, kNoItem, kMostIndex)) : -1;
  }
  size_t size(const char* key, bool need = false) const {
    const uint32_t v = need ? required(key) : find(key);
    return v != kNone ? size_t(whole(v, key, kNoItem, kMostSize)) : 0;
  }
  bool boolean(const char* key) const {
    const uint32_t v = find(key);
    if (v == kNone) return false;
    if (t_.nodes[v].kind != JsonNode::Kind::Boolean) invalid("not true or false", at(key));
    return t_.nodes[v].boolean;
  }
  std::string text(const char* key, bool need = false) const {
    const uint32_t v = need ? required(key) : find(key);
    if (v == kNone) return std::string();
    if (t_.nodes[v].kind != JsonNode::Kind::String)
      invalid("a " + std::string(t_.nodes[v].type_name()) + ", not a string", at(key));
    return std::string(t_.string(t_.nodes[v]));
  }
  // The array `key`'s items, each as f(node, i); nothing when it is absent.
  template <class F>
  void items(const char* key, F&& f) const {
    const uint32_t v = find(key);
    if (v == kNone) return;
    const JsonNode& a = t_.nodes[v];
    if (a.kind != JsonNode::Kind::Array)
      invalid("a " + std::string(a.type_name()) + ", not an array", at(key));
    size_t i = 0;
    for (uint32_t k = v + 1; k < a.end; k = t_.nodes[k].end) f(k, i++);
  }
  std::vector<double> numbers(const char* key) const {
    std::vector<double> out;
    items(key, [&](uint32_t k, size_t i) {
      if (!t_.nodes[k].is_number()) invalid("not a number", at(key) + "/" + to_string(i));
      out.push_back(t_.nodes[k].number());
    });
    return out;
  }
  std::vector<int> indices(const char* key) const {
    std::vector<int> out;
    items(key, [&](uint32_t k, size_t i) { out.push_back(int(whole(k, key, i, kMostIndex))); });
    return out;
  }
  std::vector<std::string> strings(const char* key) const {
    std::vector<std::string> out;
    items(key, [&](uint32_t k, size_t i) {
      if (t_.nodes[k].kind != JsonNode::Kind::String)
        invalid("not a string", at(key) + "/" + to_string(i));
      out.emplace_back(t_.string(t_.nodes[k]));
    });
    return out;
  }
  // semantic -> accessor index, e.g. a primitive's attributes or one of its targets: read in
  // key order, a repeated key once with its last value (so the first error is the one a
  // sorted DOM would name).
  Attributes attributes() const {
    std::vector<std::pair<std::string_view, uint32_t>> members;
    const uint32_t end = t_.nodes[node_].end;
    for (uint32_t k = node_ + 1; k < end; k = t_.nodes[k + 1].end)
      members.emplace_back(t_.string(t_.nodes[k]), k + 1);
    std::stable_sort(members.begin(), members.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    Attributes out;
    for (size_t m = 0; m < members.size(); ++m) {
      if (m + 1 < members.size() && members[m + 1].first == members[m].first) continue;
      const std::string semantic(members[m].first);
      out.emplace(semantic, int(whole(members[m].second, semantic.c_str(), kNoItem, kMostIndex)));
    }
    return out;
  }
  // The extras as ir::Json: the only part of the document kept as JSON.
  Json extras() const {
    const uint32_t v = find("extras");
    return v != kNone ? t_.json(v) : Json::object();
  }

 private:
  std::string at(const char* key) const { return path() + "/" + key; }

  // Node v (member `key`, or item `item` of it) as a whole number in [0, most].
  uint64_t whole(uint32_t v, const char* key, size_t item, uint64_t most) const {
    const JsonNode& n = t_.nodes[v];
    if (n.kind == JsonNode::Kind::Unsigned && n.u <= most) return n.u;
    if (n.kind == JsonNode::Kind::Float) {
      const double d = n.d;
      if (d >= 0 && d <= double(most) && d == std::floor(d)) return uint64_t(d);
    }
    invalid(n.is_number() ? "not a whole number in [0, " + to_string(most) + "]"
                          : "a " + std::string(n.type_name()) + ", not a whole number",
            item == kNoItem ? at(key) : at(key) + "/" + to_string(item));
  }

  const JsonTape& t_;
  uint32_t node_;
  const Object* parent_;
  const char* key_;
  size_t item_;
};

// Each object of the array `key` of `parent`.
template <class Each>
void each(const Object& parent, const char* key, Each&& f) {
  parent.items(key, [&](uint32_t k, size_t i) {
    Object o(parent.tape(), k, &parent, key, i);
    f(o);
  });
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
  if (o.find("uri") == Object::kNone) {
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
  if (const uint32_t s = o.find("sparse"); s != Object::kNone) {
    Object sparse(o.tape(), s, &o, "sparse");
    a.sparse.isSparse = true;
    a.sparse.count = sparse.size("count", true);
    Object indices(o.tape(), sparse.required("indices"), &sparse, "indices");
    a.sparse.indices = {indices.index("bufferView", true), indices.size("byteOffset"),
                        indices.index("componentType", true)};
    Object values(o.tape(), sparse.required("values"), &sparse, "values");
    a.sparse.values = {values.index("bufferView", true), values.size("byteOffset"), -1};
  }
  return a;
}

Primitive primitive_of(Object& o) {
  Primitive p;
  p.attributes = Object(o.tape(), o.required("attributes"), &o, "attributes").attributes();
  o.items("targets", [&](uint32_t k, size_t i) {
    p.targets.push_back(Object(o.tape(), k, &o, "targets", i).attributes());
  });
  p.indices = o.index("indices");
  p.material = o.index("material");
  if (o.find("mode") != Object::kNone) p.mode = o.index("mode");
  return p;
}

void read_document(const JsonTape& tape, const Sources& from, Document& doc) {
  Object top(tape, 0, nullptr, nullptr);
  const uint32_t asset = top.find("asset");
  if (asset == Object::kNone) invalid("asset is required (glTF 5.1)", "/asset");
  Object a(tape, asset, &top, "asset");
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
JsonTape parse(const uint8_t* text, size_t size, uint64_t base) {
  try {
    return parse_json_tape(text, size);
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
  read_document(parse(data + 20, json_length, 20), {has_bin ? &bin : nullptr, nullptr}, doc);
}

void load_gltf(const std::string& json, const ReadUri& read_uri, Document& doc) {
  read_document(parse(reinterpret_cast<const uint8_t*>(json.data()), json.size(), 0),
                {nullptr, &read_uri}, doc);
}

}  // namespace f2g::gltf::doc
