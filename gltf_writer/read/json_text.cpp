#include "gltf_writer/read/json_text.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <utility>

namespace f2g::gltf {
namespace {

using Json = ir::Json;

bool digit(uint8_t c) { return c >= '0' && c <= '9'; }

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

class Parser {
 public:
  Parser(const uint8_t* text, size_t size) : begin_(text), end_(text + size), p_(text) {}

  JsonTape run() {
    if (end_ - p_ >= 3 && p_[0] == 0xEF && p_[1] == 0xBB && p_[2] == 0xBF) p_ += 3;  // a BOM
    value(0);
    skip_space();
    if (p_ != end_) fail("text after the JSON value");
    return std::move(tape_);
  }

 private:
  [[noreturn]] void fail(const char* what) const {
    throw JsonTextError{what, uint64_t(p_ - begin_)};
  }
  void need_more(const char* what) const {
    if (p_ == end_) fail(what);
  }
  void skip_space() {
    while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }

  // Appends a node of `kind` (its end set to the node after it) and gives its place.
  uint32_t push(JsonNode::Kind kind) {
    JsonNode n;
    n.kind = kind;
    n.u = 0;
    n.end = uint32_t(tape_.nodes.size() + 1);
    tape_.nodes.push_back(n);
    return n.end - 1;
  }

  void value(size_t depth) {
    skip_space();
    need_more("the text ends where a value should be");
    switch (*p_) {
      case '{':
        return object(depth + 1);
      case '[':
        return array(depth + 1);
      case '"':
        return string_node();
      case 't':
        literal("true");
        tape_.nodes[push(JsonNode::Kind::Boolean)].boolean = true;
        return;
      case 'f':
        literal("false");
        push(JsonNode::Kind::Boolean);
        return;
      case 'n':
        literal("null");
        push(JsonNode::Kind::Null);
        return;
      default:
        return number();
    }
  }

  // Opens an object or array at `depth` (p_ on its bracket): true when it closes at once.
  bool opens_empty(size_t depth, uint8_t close) {
    if (depth > kMostJsonDepth) fail("objects and arrays nested more than 512 deep");
    ++p_;
    skip_space();
    if (p_ == end_ || *p_ != close) return false;
    ++p_;
    return true;
  }

  // After a member or an item: true past a ',', false past `close`.
  bool another(uint8_t close, const char* inside, const char* wrong) {
    skip_space();
    need_more(inside);
    if (*p_ != ',' && *p_ != close) fail(wrong);
    return *p_++ == ',';
  }

  void object(size_t depth) {
    const uint32_t at = push(JsonNode::Kind::Object);
    uint32_t members = 0;
    if (!opens_empty(depth, '}')) {
      const char* inside = "the text ends inside an object";
      do {
        skip_space();
        need_more(inside);
        if (*p_ != '"') fail("an object's key is not a string");
        string_node();
        skip_space();
        need_more(inside);
        if (*p_ != ':') fail("':' does not follow an object's key");
        ++p_;
        value(depth);
        ++members;
      } while (another('}', inside, "',' or '}' does not follow an object's member"));
    }
    close(at, members);
  }

  void array(size_t depth) {
    const uint32_t at = push(JsonNode::Kind::Array);
    uint32_t items = 0;
    if (!opens_empty(depth, ']')) {
      do {
        value(depth);
        ++items;
      } while (another(']', "the text ends inside an array",
                       "',' or ']' does not follow an array's item"));
    }
    close(at, items);
  }

  void close(uint32_t at, uint32_t count) {
    tape_.nodes[at].count = count;
    tape_.nodes[at].end = uint32_t(tape_.nodes.size());
  }

  // A string's node: its bytes appended to the tape's buffer.
  void string_node() {
    const uint32_t at = push(JsonNode::Kind::String);
    const size_t first = tape_.chars.size();
    string(tape_.chars);
    tape_.nodes[at].u = first;
    tape_.nodes[at].count = uint32_t(tape_.chars.size() - first);
  }

  void literal(const char* word) {
    for (const char* w = word; *w; ++w, ++p_)
      if (p_ == end_ || *p_ != uint8_t(*w)) fail("not a JSON value");
  }

  // Runs of plain characters are appended whole; escapes and UTF-8 sequences are checked.
  void string(std::string& out) {
    ++p_;  // "
    const uint8_t* run = p_;
    for (;;) {
      need_more("the text ends inside a string");
      const uint8_t c = *p_;
      if (c == '"') {
        out.append(reinterpret_cast<const char*>(run), size_t(p_ - run));
        ++p_;
        return;
      }
      if (c == '\\') {
        out.append(reinterpret_cast<const char*>(run), size_t(p_ - run));
        escape(out);
        run = p_;
      } else if (c < 0x20) {
        fail("a control character in a string (JSON escapes them)");
      } else if (c < 0x80) {
        ++p_;
      } else {
        utf8();
      }
    }
  }

  // One well-formed UTF-8 sequence (RFC 3629, table 3-7 of Unicode): no overlong form, no
  // surrogate, nothing past U+10FFFF.
  void utf8() {
    const uint8_t c = *p_;
    int more = 0;
    uint8_t low = 0x80, high = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      more = 1;
    } else if (c == 0xE0) {
      more = 2, low = 0xA0;
    } else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) {
      more = 2;
    } else if (c == 0xED) {
      more = 2, high = 0x9F;
    } else if (c == 0xF0) {
      more = 3, low = 0x90;
    } else if (c >= 0xF1 && c <= 0xF3) {
      more = 3;
    } else if (c == 0xF4) {
      more = 3, high = 0x8F;
    } else {
      fail("a byte that does not start a UTF-8 character");
    }
    ++p_;
    for (int k = 0; k < more; ++k, ++p_) {
      need_more("the text ends inside a string");
      if (*p_ < low || *p_ > high) fail("a byte that does not continue a UTF-8 character");
      low = 0x80, high = 0xBF;
    }
  }

  uint32_t hex4() {
    uint32_t v = 0;
    for (int k = 0; k < 4; ++k, ++p_) {
      need_more("the text ends inside a string");
      const uint8_t c = *p_;
      const int d = digit(c)                 ? c - '0'
                    : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                    : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                             : -1;
      if (d < 0) fail("\\u is not followed by four hex digits");
      v = v * 16 + uint32_t(d);
    }
    return v;
  }

  void escape(std::string& out) {
    ++p_;  // backslash
    need_more("the text ends inside a string");
    // The one-character escapes (RFC 8259 section 7), then \uXXXX.
    static constexpr char kNamed[] = "\"\\/bfnrt", kMeant[] = "\"\\/\b\f\n\r\t";
    for (size_t k = 0; k + 1 < sizeof kNamed; ++k)
      if (*p_ == uint8_t(kNamed[k])) {
        ++p_;
        out += kMeant[k];
        return;
      }
    if (*p_ != 'u') fail("an escape JSON does not define");
    ++p_;
    uint32_t cp = hex4();
    if (cp >= 0xDC00 && cp <= 0xDFFF) fail("a low surrogate without its high one");
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u')
        fail("a high surrogate without its low one");
      p_ += 2;
      const uint32_t low = hex4();
      if (low < 0xDC00 || low > 0xDFFF) fail("a high surrogate without its low one");
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    append_utf8(out, cp);
  }

  // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?: a whole number as u64 or (negative) i64
  // when it fits, else a double, as nlohmann's parser types them.
  void number() {
    const uint8_t* start = p_;
    bool whole = true;
    if (*p_ == '-') ++p_;
    need_more("the text ends inside a number");
    if (*p_ == '0') {
      ++p_;
    } else if (digit(*p_)) {
      while (p_ != end_ && digit(*p_)) ++p_;
    } else {
      fail("not a JSON value");
    }
    if (p_ != end_ && *p_ == '.') {
      whole = false;
      ++p_;
      if (p_ == end_ || !digit(*p_)) fail("no digit after a number's '.'");
      while (p_ != end_ && digit(*p_)) ++p_;
    }
    if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
      whole = false;
      ++p_;
      if (p_ != end_ && (*p_ == '+' || *p_ == '-')) ++p_;
      if (p_ == end_ || !digit(*p_)) fail("no digit in a number's exponent");
      while (p_ != end_ && digit(*p_)) ++p_;
    }
    const char* first = reinterpret_cast<const char*>(start);
    const char* last = reinterpret_cast<const char*>(p_);
    if (whole) {
      if (*start == '-') {
        int64_t v = 0;
        const auto r = std::from_chars(first, last, v);
        if (r.ec == std::errc() && r.ptr == last) {
          tape_.nodes[push(JsonNode::Kind::Signed)].i = v;
          return;
        }
      } else {
        uint64_t v = 0;
        const auto r = std::from_chars(first, last, v);
        if (r.ec == std::errc() && r.ptr == last) {
          tape_.nodes[push(JsonNode::Kind::Unsigned)].u = v;
          return;
        }
      }
    }
    double d = 0;
    const auto r = std::from_chars(first, last, d);
    if (r.ec == std::errc::result_out_of_range) {
      // Past the range either way: strtod tells overflow (infinite) from underflow (0 or a
      // subnormal, which nlohmann keeps).
      d = std::strtod(std::string(first, last).c_str(), nullptr);
    }
    if (!std::isfinite(d)) {
      p_ = start;
      fail("a number past double's range");
    }
    tape_.nodes[push(JsonNode::Kind::Float)].d = d;
  }

  const uint8_t* const begin_;
  const uint8_t* const end_;
  const uint8_t* p_;
  JsonTape tape_;
};

}  // namespace

const char* JsonNode::type_name() const {
  // In Kind's order: Null, Boolean, the three numbers, String, Array, Object.
  static constexpr const char* kNames[] = {"null",   "boolean", "number", "number",
                                           "number", "string",  "array",  "object"};
  return kNames[size_t(kind)];
}

ir::Json JsonTape::json(uint32_t at) const {
  const JsonNode& n = nodes[at];
  switch (n.kind) {
    case JsonNode::Kind::Null:
      return Json(nullptr);
    case JsonNode::Kind::Boolean:
      return Json(n.boolean);
    case JsonNode::Kind::Unsigned:
      return Json(n.u);
    case JsonNode::Kind::Signed:
      return Json(n.i);
    case JsonNode::Kind::Float:
      return Json(n.d);
    case JsonNode::Kind::String:
      return Json(std::string(string(n)));
    case JsonNode::Kind::Array: {
      Json out(Json::value_t::array);
      Json::array_t& items = out.get_ref<Json::array_t&>();
      items.reserve(n.count);
      for (uint32_t k = at + 1; k < n.end; k = nodes[k].end) items.push_back(json(k));
      return out;
    }
    case JsonNode::Kind::Object:
    default: {
      Json out(Json::value_t::object);
      Json::object_t& members = out.get_ref<Json::object_t&>();
      for (uint32_t k = at + 1; k < n.end; k = nodes[k + 1].end)  // a key, then its value
        members.insert_or_assign(std::string(string(nodes[k])), json(k + 1));
      return out;
    }
  }
}

JsonTape parse_json_tape(const uint8_t* text, size_t size) { return Parser(text, size).run(); }

}  // namespace f2g::gltf
