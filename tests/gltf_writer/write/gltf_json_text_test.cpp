#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gltf_writer/write/json_text.h"

namespace f2g::gltf {
namespace {

using H = Json::error_handler_t;
constexpr H kHandlers[] = {H::strict, H::replace, H::ignore};  // the writer: strict, replace

const char* name(H h) { return h == H::strict ? "strict" : h == H::replace ? "replace" : "ignore"; }

// What a call gives: the text, or the type_error it threw (id and message).
struct Outcome {
  std::string text;
  int error_id = 0;
  std::string error;
  bool operator==(const Outcome& o) const {
    return text == o.text && error_id == o.error_id && error == o.error;
  }
};

template <class F>
Outcome outcome(F f) {
  Outcome out;
  try {
    out.text = f();
  } catch (const Json::type_error& e) {
    out.error_id = e.id;
    out.error = e.what();
  }
  return out;
}

Outcome ours(const Json& v, H h) {
  return outcome([&] { return json_text(v, h); });
}
Outcome theirs(const Json& v, H h) {
  return outcome([&] { return v.dump(-1, ' ', false, h); });
}

// Under every handler: the same text, or the same error.
::testing::AssertionResult same_as_dump(const Json& v) {
  for (H h : kHandlers) {
    const Outcome a = ours(v, h), b = theirs(v, h);
    if (!(a == b))
      return ::testing::AssertionFailure() << name(h) << ":\n json_text " << a.text << a.error
                                           << "\n dump      " << b.text << b.error;
  }
  return ::testing::AssertionSuccess();
}

TEST(JsonText, EmptyAndNestedContainers) {
  EXPECT_EQ(json_text(Json::object(), H::strict), "{}");
  EXPECT_EQ(json_text(Json::array(), H::strict), "[]");
  EXPECT_TRUE(same_as_dump(Json::object()));
  EXPECT_TRUE(same_as_dump(Json::array()));
  EXPECT_TRUE(same_as_dump(Json()));  // null
  EXPECT_TRUE(same_as_dump(Json::parse(R"([[],{},[{}],{"a":[]},{"b":{"c":[[[]]]}}])")));
  EXPECT_TRUE(same_as_dump(Json::parse(
      R"({"z":1,"a":[true,false,null],"m":{"y":"x","b":[1,[2,[3,{"k":{}}]]]},"":""})")));
}

TEST(JsonText, IntegersAtTheirLimits) {
  const int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
  const uint64_t uhi = std::numeric_limits<uint64_t>::max();
  EXPECT_EQ(json_text(Json(lo), H::strict), "-9223372036854775808");
  EXPECT_EQ(json_text(Json(uhi), H::strict), "18446744073709551615");
  for (const Json& v : {Json(lo), Json(lo + 1), Json(hi), Json(int64_t(-1)), Json(int64_t(0)),
                        Json(uint64_t(0)), Json(uhi), Json(uint64_t(hi) + 1), Json(int(-42)),
                        Json(uint8_t(255)), Json(int64_t(1) << 53), Json(-(int64_t(1) << 53) - 1)})
    EXPECT_TRUE(same_as_dump(v)) << v.type_name();
  EXPECT_TRUE(same_as_dump(Json{lo, hi, uhi, 0u, -0}));
}

TEST(JsonText, FloatsAsNlohmannFormatsThem) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(json_text(Json(-0.0), H::strict), "-0.0");
  EXPECT_EQ(json_text(Json(0.1), H::strict), "0.1");
  EXPECT_EQ(json_text(Json(1.0), H::strict), "1.0");
  using D = std::numeric_limits<double>;
  using F = std::numeric_limits<float>;
  // D::min() the smallest normal, 2.2250738585072009e-308 the largest denormal.
  // clang-format off
  const std::vector<double> values = {
      0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 1e-7, 1e-6, 1e-5, 1e15, 1e16, 1e17,
      1e20, 1e21, 1e22, 123456789.125, 3.4028235e38, 9007199254740993.0, 0.10523293912410736,
      65535.0, 255.0 / 65535, std::sqrt(0.5), -std::sqrt(0.5), double(F::max()), double(F::min()),
      double(F::denorm_min()), double(0.1f), double(1e-7f), double(3.14159274f), D::max(),
      D::lowest(), D::min(), D::denorm_min(), -D::denorm_min(), 2.2250738585072009e-308};
  // clang-format on
  for (double x : values) EXPECT_TRUE(same_as_dump(Json(x))) << x;
  EXPECT_TRUE(same_as_dump(Json(values)));

  // dump writes null for what JSON cannot hold; so do we.
  for (double x : {std::nan(""), -std::nan(""), inf, -inf}) {
    EXPECT_EQ(json_text(Json(x), H::strict), "null") << x;
    EXPECT_TRUE(same_as_dump(Json(x))) << x;
  }
  EXPECT_EQ(json_text(Json{{"w", {1.5, inf, std::nan("")}}}, H::strict),
            R"({"w":[1.5,null,null]})");
}

TEST(JsonText, StringsNeedingEscapes) {
  EXPECT_EQ(json_text(Json("a\"b\\c/d"), H::strict), R"("a\"b\\c/d")");
  std::vector<std::string> strings = {"",
                                      "plain",
                                      "\"",
                                      "\\",
                                      "/",
                                      "\"\"\\",
                                      "tab\there",
                                      "line\nend",
                                      "\x7f",
                                      "~{}[]:,",
                                      std::string("nul\0in", 6)};
  for (int c = 0; c < 0x20; ++c) strings.push_back("<" + std::string(1, char(c)) + ">");
  for (const std::string& s : strings) {
    EXPECT_TRUE(same_as_dump(Json(s))) << s;
    EXPECT_TRUE(same_as_dump(Json{{s, s}})) << s;  // as a key too
  }
  Json all = Json::object();
  for (const std::string& s : strings) all[s] = Json::array({s, 1});
  EXPECT_TRUE(same_as_dump(all));
}

TEST(JsonText, Utf8IsCopiedAsNlohmannCopiesIt) {
  // 2, 3, 4 bytes; the largest code point; a BOM; U+2028 (not escaped by dump either).
  for (const char* s : {"\xc3\xa9t\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xf4\x8f\xbf\xbf",
                        "\xef\xbb\xbf-bom", "a\xe2\x80\xa8z", "\xe6\x97\xa5\xe6\x9c\xac\"\\"}) {
    EXPECT_TRUE(same_as_dump(Json(s))) << s;
    EXPECT_TRUE(same_as_dump(Json{{s, 1}})) << s;
  }
  EXPECT_EQ(json_text(Json("\xc3\xa9"), H::strict), "\"\xc3\xa9\"");
}

// The writer dumps under strict and, when that throws, again under replace (write.cpp dump()).
TEST(JsonText, InvalidUtf8ThrowsUnderStrictAndIsReplacedLikeDump) {
  const char* bad[] = {
      "\xff",     "a\xc3",     "\x80",         "\xc0\xaf",    "\xed\xa0\x80", "\xf4\x90\x80\x80",
      "\xe2\x82", "ok\xfe-ok", "\xf0\x9f\x98", "\xc3\xa9\xa9"};
  for (const char* s : bad) {
    const Json as_value = Json::array({"fine", s}), as_key = {{"fine", 1}, {s, 2}};
    for (const Json& v : {Json(s), as_value, as_key}) {
      const Outcome strict = ours(v, H::strict);
      EXPECT_EQ(strict.error_id, 316) << s;  // type_error 316: invalid UTF-8 byte
      EXPECT_TRUE(strict.text.empty());
      EXPECT_TRUE(same_as_dump(v)) << s;
      const Outcome replaced = ours(v, H::replace);
      EXPECT_EQ(replaced.error_id, 0);
      EXPECT_NE(replaced.text.find("\xef\xbf\xbd"), std::string::npos) << s;  // U+FFFD
    }
  }
}

TEST(JsonText, LongOutputsGrowTheBuffer) {
  Json big = Json::array();
  for (int i = 0; i < 5000; ++i) big.push_back({{"i", i}, {"x", i * 0.001}, {"s", "name"}});
  EXPECT_GT(big.dump().size(), 16384u * 4);
  EXPECT_TRUE(same_as_dump(big));
  const std::string huge(100000, 'q');  // one piece larger than twice the buffer
  EXPECT_TRUE(same_as_dump(Json::array({1, huge, 2})));
  EXPECT_TRUE(same_as_dump(Json::array({huge + "\n"})));
}

// Random documents: the same text as dump under every handler.
class RandomDocument {
 public:
  explicit RandomDocument(uint64_t seed) : rng_(seed) {}

  Json value(int depth) {
    const int kinds = depth >= 5 ? 6 : 8;  // depth <= 5: containers only above it
    switch (pick(kinds)) {
      case 0:
        return nullptr;
      case 1:
        return pick(2) == 0;
      case 2: {
        static const int64_t edge[] = {
            0,  -1,  1,    std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(),
            42, -42, 65535};
        return pick(2) ? Json(edge[pick(8)]) : Json(int64_t(rng_() >> pick(64)));
      }
      case 3:
        return pick(4) ? Json(uint64_t(rng_() >> pick(64)))
                       : Json(std::numeric_limits<uint64_t>::max());
      case 4:
        return real();
      case 5:
        return string();
      case 6: {
        Json a = Json::array();
        for (int i = pick(6); i > 0; --i) a.push_back(value(depth + 1));
        return a;
      }
      default: {
        Json o = Json::object();
        for (int i = pick(6); i > 0; --i) o[string()] = value(depth + 1);
        return o;
      }
    }
  }

 private:
  int pick(int n) { return int(rng_() % uint64_t(n)); }

  double real() {
    using D = std::numeric_limits<double>;
    static const double special[] = {0.0,           -0.0,           0.1,           1e-7,
                                     1e21,          3.4e38,         5e-324,        D::max(),
                                     D::infinity(), -D::infinity(), D::quiet_NaN()};
    switch (pick(5)) {
      case 0:
        return special[pick(sizeof special / sizeof *special)];
      case 1: {  // any bit pattern: denormals, NaN payloads, huge exponents
        const uint64_t bits = rng_();
        double d;
        std::memcpy(&d, &bits, sizeof d);
        return d;
      }
      case 2: {  // a float32 value, as the writer's bounds and transforms are
        const uint32_t bits = uint32_t(rng_());
        float f;
        std::memcpy(&f, &bits, sizeof f);
        return double(f);
      }
      case 3:  // short decimals: 1234 * 10^-k
        return double(int64_t(rng_() % 20001) - 10000) * std::pow(10.0, pick(30) - 15);
      default:
        return std::ldexp(double(rng_() >> 11), pick(200) - 150);
    }
  }

  std::string string() {
    // clang-format off
    static const char* pieces[] = {
        "a", "Z", "0", " ", "\"", "\\", "/", "\x01", "\x1f", "\x7f", "\n", "\t", "\b", "\f", "\r",
        "~", "{", "_", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80",  // UTF-8
        "\xff", "\xc3", "\x80", "\xed\xa0\x80"};                     // not UTF-8
    // clang-format on
    std::string s;
    const int n = pick(9);
    const bool ascii = pick(3) != 0;  // mostly names that take the copy path
    for (int i = 0; i < n; ++i)
      s += ascii ? std::string(1, char('a' + pick(26)))
                 : pieces[pick(sizeof pieces / sizeof *pieces)];
    return s;
  }

  std::mt19937_64 rng_;
};

TEST(JsonText, RandomDocumentsEqualDump) {
  RandomDocument gen(0x6a736f6e74657874);  // fixed: every run checks the same documents
  int strict_errors = 0;
  for (int i = 0; i < 4000; ++i) {
    const Json doc = gen.value(0);
    ASSERT_TRUE(same_as_dump(doc)) << "document " << i;
    strict_errors += ours(doc, H::strict).error_id != 0;
  }
  // The generator does reach the error path (and, mostly, the fast one).
  EXPECT_GT(strict_errors, 100);
  EXPECT_LT(strict_errors, 3000);
}

}  // namespace
}  // namespace f2g::gltf
