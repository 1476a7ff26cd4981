// The vertex-format table: the embedded default, a user override, and clear errors.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>

#include "formats/rr/vertex_formats.h"
#include "tests/support/rr_test_support.h"

namespace f2g::rr {
namespace {

std::string builtin_text() {
  const std::vector<uint8_t> b =
      test::read_file(std::string(F2G_SOURCE_DIR) + "/formats/rr/vertex_formats.json");
  return std::string(b.begin(), b.end());
}

TEST(RrVertexFormats, BuiltinTableHasTheSpecsSixFormats) {
  const VertexFormats& t = builtin_vertex_formats();
  ASSERT_EQ(t.formats.size(), 6u);
  struct Row {
    const char* name;
    uint8_t kind;
    std::array<uint32_t, 3> strides;
  };
  const Row rows[] = {{"static16", 11, {16, 0, 0}}, {"static24", 2, {24, 0, 0}},
                      {"static28", 3, {28, 0, 0}},  {"split12", 0, {12, 12, 8}},
                      {"split24", 1, {24, 12, 8}},  {"split12_skin8", 0, {12, 12, 16}}};
  for (const Row& r : rows) {
    const VertexFormat* f = t.find(r.kind, r.strides);
    ASSERT_NE(f, nullptr) << r.name;
    EXPECT_EQ(f->name, r.name);
  }
  EXPECT_EQ(t.find(0, {12, 12, 12}), nullptr);
  EXPECT_EQ(t.strides_known_for(0), "12,12,8; 12,12,16");
  EXPECT_EQ(t.strides_known_for(7), "none");
}

TEST(RrVertexFormats, BuiltinOffsetsFollowReading) {
  const VertexFormats& t = builtin_vertex_formats();
  const VertexFormat* s24 = t.find("static24");
  ASSERT_NE(s24, nullptr);
  EXPECT_EQ(s24->find("POSITION")->offset, 0u);
  EXPECT_EQ(s24->find("POSITION")->type, ElementType::S16x4Quantized);
  EXPECT_EQ(s24->find("NORMAL")->offset, 8u);
  EXPECT_EQ(s24->find("TANGENT")->offset, 12u);
  EXPECT_EQ(s24->find("TANGENT")->w, TangentW::PositionWSign);
  EXPECT_EQ(s24->find("COLOR_0")->offset, 16u);
  EXPECT_EQ(s24->find("TEXCOORD_0")->offset, 20u);
  EXPECT_EQ(t.find("static28")->find("TEXCOORD_1")->offset, 24u);
  const VertexFormat* s1 = t.find("split24");
  EXPECT_EQ(s1->find("TEXCOORD_2")->offset, 20u);
  EXPECT_EQ(s1->find("POSITION")->stream, 1);
  EXPECT_EQ(s1->find("TANGENT")->w, TangentW::Byte3HighBit);
  const VertexFormat* s8 = t.find("split12_skin8");
  EXPECT_EQ(s8->find("JOINTS_1")->offset, 4u);
  EXPECT_EQ(s8->find("WEIGHTS_0")->offset, 8u);
  EXPECT_EQ(s8->find("WEIGHTS_1")->stream, 2);
  EXPECT_EQ(s8->find("WEIGHTS_1")->offset, 12u);
}

TEST(RrVertexFormats, TheEmbeddedTextIsTheDataFile) {
  Result<VertexFormats> t = parse_vertex_formats(builtin_text());
  ASSERT_TRUE(t) << t.error().to_string();
  EXPECT_EQ(t->formats.size(), builtin_vertex_formats().formats.size());
  EXPECT_EQ(nlohmann::json::parse(builtin_text())["format"], "rr");
}

// A bad table is refused with the JSON path of the bad value.
TEST(RrVertexFormats, BadTablesAreClearErrors) {
  using Json = nlohmann::json;
  const Json good = Json::parse(builtin_text());
  struct Case {
    std::function<void(Json&)> edit;
    std::string path;
    std::string says;
  };
  const std::vector<Case> cases = {
      {[](Json& j) { j["format"] = "sws"; }, "format", "\"rr\""},
      {[](Json& j) { j.erase("formats"); }, "formats", "missing"},
      {[](Json& j) { j["formats"][1]["elements"][2]["offset"] = 22; },
       "formats[1].elements[2].offset", "exceeds stride 24"},
      {[](Json& j) { j["formats"][0]["elements"][0]["type"] = "half4"; },
       "formats[0].elements[0].type", "unknown type"},
      {[](Json& j) { j["formats"][0]["elements"].push_back(j["formats"][0]["elements"][2]); },
       "formats[0].elements[3].semantic", "twice"},
      {[](Json& j) { j["formats"][2]["elements"] = Json::array(); }, "formats[2].elements",
       "non-empty"},
      {[](Json& j) { j["formats"][3]["elements"][1].erase("w"); }, "formats[3].elements[1].w",
       "needs"},
      {[](Json& j) { j["formats"][0]["elements"][2]["stream"] = 2; },
       "formats[0].elements[2].stream", "stride 0"},
      {[](Json& j) {
         j["formats"].push_back(j["formats"][0]);
         j["formats"][6]["name"] = "static16_again";
       },
       "formats[6]", "twice"},
      {[](Json& j) { j["formats"][0]["kind"] = 300; }, "formats[0].kind", "0..255"},
      {[](Json& j) { j["formats"][4]["elements"][7]["type"] = "f32x3"; },
       "formats[4].elements[7].type", "does not fit JOINTS_0"},
  };
  for (const Case& c : cases) {
    Json j = good;
    c.edit(j);
    Result<VertexFormats> t = parse_vertex_formats(j.dump());
    ASSERT_FALSE(t) << c.path;
    EXPECT_EQ(t.error().code, "RR_VERTEX_FORMATS_INVALID");
    EXPECT_EQ(t.error().path, c.path);
    EXPECT_NE(t.error().message.find(c.says), std::string::npos) << t.error().message;
  }
  Result<VertexFormats> broken = parse_vertex_formats("{\"format\": \"rr\", ");
  ASSERT_FALSE(broken);
  EXPECT_EQ(broken.error().code, "RR_VERTEX_FORMATS_INVALID");
}

TEST(RrVertexFormats, OverrideTableChangesTheDecoding) {
  // Move static24's TEXCOORD_0 onto the colour bytes: the decoded UVs must follow the table.
  nlohmann::json j = nlohmann::json::parse(builtin_text());
  for (auto& e : j["formats"][1]["elements"])
    if (e["semantic"] == "COLOR_0")
      e = {{"semantic", "_STORED_COLOUR"}, {"stream", 0}, {"offset", 16}, {"type", "u8x4"}};
  Result<VertexFormats> t = parse_vertex_formats(j.dump());
  ASSERT_TRUE(t) << t.error().to_string();
  const std::vector<uint8_t> b = test::sample_bytes("static24_props");
  DecodeOptions o;
  VertexTables tables_t;
  tables_t.set("rr", std::make_shared<const VertexFormats>(*t), "test");
  o.tables = &tables_t;
  Result<Decoded> custom = test::decode_bytes(b, o), builtin = test::decode_bytes(b);
  ASSERT_TRUE(custom) << custom.error().to_string();
  ASSERT_TRUE(builtin);
  EXPECT_EQ(custom->mesh.find("COLOR_0"), nullptr);
  const ir::Attribute* raw = custom->mesh.find("_STORED_COLOUR");
  ASSERT_NE(raw, nullptr);
  EXPECT_FALSE(raw->normalized);
  EXPECT_EQ(raw->u8, builtin->mesh.find("COLOR_0")->u8);
}

TEST(RrVertexFormats, AFormatMissingFromTheTableNamesKindAndStrides) {
  nlohmann::json j = nlohmann::json::parse(builtin_text());
  j["formats"].erase(0);  // no static16
  Result<VertexFormats> t = parse_vertex_formats(j.dump());
  ASSERT_TRUE(t);
  DecodeOptions o;
  VertexTables tables_t;
  tables_t.set("rr", std::make_shared<const VertexFormats>(*t), "test");
  o.tables = &tables_t;
  Result<Decoded> d = test::decode_bytes(test::sample_bytes("static16_terrain"), o);
  ASSERT_FALSE(d);
  EXPECT_EQ(d.error().code, "RR_VERTEX_FORMAT_UNKNOWN");
  EXPECT_EQ(d.error().path, "mesh/ranged.vertex_format");
  EXPECT_EQ(d.error().offset, 61u + 17 + 4);  // M+21 of a bare body without bones
  EXPECT_NE(d.error().message.find("kind 11"), std::string::npos) << d.error().message;
  EXPECT_NE(d.error().message.find("16, 0, 0"), std::string::npos) << d.error().message;
}

}  // namespace
}  // namespace f2g::rr
