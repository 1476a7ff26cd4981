#include "gltf_writer/write/json_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>

namespace f2g::gltf {
namespace {

// A string that needs no escaping is copied as it is and nothing goes through a virtual call
// per character. Any other string (escapes, non-ASCII: UTF-8 checks and their errors) is
// dumped by nlohmann itself, one value at a time.
class JsonText {
 public:
  explicit JsonText(Json::error_handler_t handler) : handler_(handler) {}

  void value(const Json& v) {
    switch (v.type()) {
      case Json::value_t::object: {
        const Json::object_t& o = v.get_ref<const Json::object_t&>();
        char open = '{';
        for (const auto& [key, x] : o) {
          put(open);
          open = ',';
          string(key);
          put(':');
          value(x);
        }
        if (o.empty()) put('{');
        return put('}');
      }
      case Json::value_t::array: {
        const Json::array_t& a = v.get_ref<const Json::array_t&>();
        char open = '[';
        for (const Json& x : a) {
          put(open);
          open = ',';
          value(x);
        }
        if (a.empty()) put('[');
        return put(']');
      }
      case Json::value_t::string:
        return string(v.get_ref<const std::string&>());
      case Json::value_t::boolean:
        return v.get<bool>() ? put("true", 4) : put("false", 5);
      case Json::value_t::number_integer:
        return integer(v.get<int64_t>());
      case Json::value_t::number_unsigned:
        return integer(v.get<uint64_t>());
      case Json::value_t::number_float: {
        // nlohmann's serializer::dump_float: null when not finite, else its grisu2 to_chars.
        const double x = v.get<double>();
        if (!std::isfinite(x)) return put("null", 4);
        char buf[64];
        return put(buf, size_t(nlohmann::detail::to_chars(buf, buf + sizeof buf, x) - buf));
      }
      case Json::value_t::null:
        return put("null", 4);
      default:  // binary, discarded: never in a glTF document; as nlohmann writes them
        return put(v.dump(-1, ' ', false, handler_));
    }
  }

  std::string text() const { return std::string(buf_.get(), size_); }

 private:
  void put(char c) {
    if (size_ == capacity_) grow(1);
    buf_[size_++] = c;
  }
  void put(const char* p, size_t n) {
    if (capacity_ - size_ < n) grow(n);
    std::memcpy(buf_.get() + size_, p, n);
    size_ += n;
  }
  void put(const std::string& s) { put(s.data(), s.size()); }
  void grow(size_t n) {
    capacity_ = std::max(capacity_ * 2, std::max<size_t>(size_ + n, 16384));
    std::unique_ptr<char[]> bigger(new char[capacity_]);  // no zero-fill: written before read
    if (size_) std::memcpy(bigger.get(), buf_.get(), size_);
    buf_ = std::move(bigger);
  }

  void string(const std::string& s) {
    // Printable ASCII but the quote and the backslash is all nlohmann copies unescaped.
    for (unsigned char c : s)
      if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\')
        return put(Json(s).dump(-1, ' ', false, handler_));
    put('"');
    put(s.data(), s.size());
    put('"');
  }

  template <class Int>
  void integer(Int x) {
    char buf[24];
    put(buf, size_t(std::to_chars(buf, buf + sizeof buf, x).ptr - buf));
  }

  Json::error_handler_t handler_;
  std::unique_ptr<char[]> buf_;
  size_t size_ = 0, capacity_ = 0;
};

}  // namespace

std::string json_text(const Json& value, Json::error_handler_t handler) {
  JsonText t(handler);
  t.value(value);
  return t.text();
}

}  // namespace f2g::gltf
