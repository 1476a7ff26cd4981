// gltf_writer/read/json_text: import's JSON parser, against nlohmann's own parser as the
// reference. On every sample's glTF JSON, on hand-made texts at the edges of the grammar
// (number types and ranges, escapes, surrogates, UTF-8, a BOM, repeated keys) and on
// thousands of byte edits of a real glTF, both accept the same texts with the same values,
// types included (an unsigned 1 is not a signed 1), and refuse the same texts.
#include "gltf_writer/read/json_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "formats/registry.h"
#include "gltf_writer/write/write.h"
#include "tests/support/files.h"
#include "tests/support/sample_files.h"

namespace f2g::gltf {
namespace {

using Json = ir::Json;

// Equal in type and value: nlohmann's == calls 1u and 1 equal, and 0.0 and -0.0.
bool same(const Json& a, const Json& b) {
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case Json::value_t::object: {
      if (a.size() != b.size()) return false;
      for (auto i = a.begin(), j = b.begin(); i != a.end(); ++i, ++j)
        if (i.key() != j.key() || !same(*i, *j)) return false;
      return true;
    }
    case Json::value_t::array:
      if (a.size() != b.size()) return false;
      for (size_t k = 0; k < a.size(); ++k)
        if (!same(a[k], b[k])) return false;
      return true;
    case Json::value_t::number_float: {
      const double x = a.get<double>(), y = b.get<double>();
      return std::memcmp(&x, &y, sizeof x) == 0;
    }
    default:
      return a == b;
  }
}

struct Outcome {
  bool ok = false;
  Json value;
  uint64_t offset = 0;
  std::string message;
};

Outcome ours(const std::string& text) {
  Outcome o;
  try {
    o.value = parse_json_tape(reinterpret_cast<const uint8_t*>(text.data()), text.size()).json(0);
    o.ok = true;
  } catch (const JsonTextError& e) {
    o.offset = e.offset;
    o.message = e.message;
  }
  return o;
}

Outcome reference(const std::string& text) {
  Outcome o;
  try {
    o.value = Json::parse(text);
    o.ok = true;
  } catch (const nlohmann::json::parse_error& e) {
    o.offset = e.byte > 0 ? e.byte - 1 : 0;
  } catch (const nlohmann::json::exception&) {  // a number past double's range
  }
  return o;
}

// Both accept with the same value, or both refuse.
void expect_agree(const std::string& text, const std::string& what) {
  const Outcome a = ours(text), b = reference(text);
  ASSERT_EQ(a.ok, b.ok) << what << ": ours " << (a.ok ? "accepts" : "refuses (" + a.message + ")")
                        << " [" << text.substr(0, 80) << "]";
  if (a.ok) {
    EXPECT_TRUE(same(a.value, b.value))
        << what << ": " << a.value.dump() << " vs " << b.value.dump();
  }
}

std::string glb_json(const std::vector<uint8_t>& glb) {
  uint32_t length = 0;
  std::memcpy(&length, glb.data() + 12, 4);
  return std::string(glb.begin() + 20, glb.begin() + 20 + length);
}

std::vector<std::string> sample_jsons() {
  std::vector<std::string> out;
  for (const auto& path : test::sample_mesh_paths()) {
    const std::vector<uint8_t> bytes = test::read_bytes(path);
    DecodeOptions o;
    o.want_structure = true;
    Result<Decoded> d = decode(bytes.data(), bytes.size(), o);
    if (!d) continue;
    ir::Result<Written> w = write(d->mesh);
    if (w) out.push_back(glb_json(w->glb));
  }
  return out;
}

TEST(JsonText, EverySamplesGltfJsonReadsAsNlohmannReadsIt) {
  const std::vector<std::string> jsons = sample_jsons();
  ASSERT_EQ(jsons.size(), test::sample_mesh_paths().size());
  for (size_t i = 0; i < jsons.size(); ++i) expect_agree(jsons[i], "sample " + std::to_string(i));
}

TEST(JsonText, NumbersAreTypedAndRoundedAsNlohmannDoes) {
  for (const char* text : {"0",
                           "-0",
                           "7",
                           "-7",
                           "9223372036854775807",
                           "9223372036854775808",
                           "-9223372036854775808",
                           "-9223372036854775809",
                           "18446744073709551615",
                           "18446744073709551616",
                           "123456789012345678901234567890",
                           "0.1",
                           "-0.0",
                           "1e2",
                           "1E+2",
                           "1e-2",
                           "3.0",
                           "2.2250738585072014e-308",
                           "4.9e-324",
                           "2e-324",
                           "1e-400",
                           "-1e-400",
                           "1.7976931348623157e308",
                           "0.6879693852218279",
                           "1.0000000000000002",
                           "[1,-1,1.5,-0]"})
    expect_agree(text, text);
  // Past double's range: refused at the number's first byte.
  const Outcome big = ours("[1e400]");
  EXPECT_FALSE(big.ok);
  EXPECT_EQ(big.offset, 1u);
  EXPECT_FALSE(reference("[1e400]").ok);
  EXPECT_FALSE(ours("-1e309").ok);
}

TEST(JsonText, StringsEscapesAndUtf8AsNlohmannReadsThem) {
  for (const std::string& text : std::vector<std::string>{
           R"("plain")", R"("\"\\\/\b\f\n\r\t")", R"("\u00e9\u20AC\ud83d\ude00")", R"("\u0000")",
           "\"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 \xF4\x8F\xBF\xBF\"", "\xEF\xBB\xBF[1]",
           R"({"a":1,"a":2})", R"({"b":[],"a":{}})", " \t\r\n[ 1 , { \"k\" : null } ]\n",
           R"([true,false,null])"})
    expect_agree(text, text);
  EXPECT_EQ(ours(R"({"a":1,"a":2})").value["a"], 2);  // the last of a repeated key
  EXPECT_EQ(ours(R"("\u00e9")").value.get<std::string>(), "\xC3\xA9");
}

TEST(JsonText, WhatJsonDoesNotAllowIsRefusedAtItsByte) {
  struct Case {
    std::string text;
    uint64_t offset;
  };
  const std::vector<Case> cases = {
      {"", 0},
      {"  ", 2},
      {"[1,]", 3},
      {R"({"a":1,})", 7},
      {"01", 1},
      {"1.", 2},
      {".5", 0},
      {"+1", 0},
      {"1e", 2},
      {"-", 1},
      {"-x", 1},
      {"tru", 3},
      {"nul!", 3},
      {"[1 2]", 3},
      {R"({"a" 1})", 5},
      {"{1:2}", 1},
      {R"("abc)", 4},
      {"[", 1},
      {"{", 1},
      {"// c\n1", 0},
      {"1 2", 2},
      {"\"\x01\"", 1},
      {"\"\xC0\x80\"", 1},
      {"\"\xED\xA0\x80\"", 2},
      {"\"\xF4\x90\x80\x80\"", 2},
      {"\"\xE2\x82\"", 3},
      {R"("\x")", 2},
      {R"("\u12G4")", 5},
      {R"("\udc00")", 7},
      {R"("\ud800")", 7},
      {R"("\ud800\u0041")", 13},
  };
  for (const Case& c : cases) {
    const Outcome a = ours(c.text), b = reference(c.text);
    EXPECT_FALSE(a.ok) << c.text;
    EXPECT_FALSE(b.ok) << c.text;
    EXPECT_EQ(a.offset, c.offset) << c.text << ": " << a.message;
    EXPECT_FALSE(a.message.empty()) << c.text;
  }
}

TEST(JsonText, NestingPast512IsRefusedNotRecursedInto) {
  const std::string deep = std::string(512, '[') + std::string(512, ']');
  EXPECT_TRUE(ours(deep).ok);
  // nlohmann would recurse as deep as the text goes: one more level is refused at its '['.
  const Outcome deeper = ours(std::string(513, '[') + std::string(513, ']'));
  EXPECT_FALSE(deeper.ok);
  EXPECT_EQ(deeper.offset, 512u);
  const Outcome hostile = ours(std::string(1 << 20, '['));
  EXPECT_FALSE(hostile.ok);
  EXPECT_EQ(hostile.offset, 512u);
}

// Edits convert never writes: every kind of byte at every kind of place in a real glTF.
TEST(JsonText, ThousandsOfByteEditsReadAsNlohmannReadsThem) {
  std::vector<std::string> jsons;  // the smaller ones: the edits, not the length, are the point
  for (std::string& j : sample_jsons())
    if (j.size() < 6000) jsons.push_back(std::move(j));
  ASSERT_GE(jsons.size(), 4u);
  const std::string alphabet = "{}[]\",:.-+eE0123456789 \\/utnfalrsx\x01\x7F\xC3\xA9\xED\xF4";
  std::mt19937 random(20261204);
  size_t accepted = 0, refused = 0;
  for (int k = 0; k < 2500; ++k) {
    std::string text = jsons[size_t(k) % jsons.size()];
    const int edits = 1 + int(random() % 3);
    for (int e = 0; e < edits; ++e) {
      const size_t at = random() % text.size();
      switch (random() % 3) {
        case 0:
          text[at] = alphabet[random() % alphabet.size()];
          break;
        case 1:
          text.erase(at, 1 + random() % 4);
          break;
        default:
          text.insert(at, 1, alphabet[random() % alphabet.size()]);
      }
    }
    const Outcome a = ours(text), b = reference(text);
    ASSERT_EQ(a.ok, b.ok) << "edit " << k << ": " << a.message;
    if (a.ok) {
      ASSERT_TRUE(same(a.value, b.value)) << "edit " << k;
      ++accepted;
    } else {
      ++refused;
    }
  }
  // Both kinds are exercised: edits inside strings and numbers often stay valid JSON.
  EXPECT_GT(accepted, 300u);
  EXPECT_GT(refused, 300u);
  std::printf("%zu edited texts accepted by both, %zu refused by both\n", accepted, refused);
}

}  // namespace
}  // namespace f2g::gltf
