// The SWS vertex-format table: the embedded default, parsing and validation of a user's
// table, and the override changing what a mesh decodes to.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <memory>

#include "formats/sws/sws.h"
#include "formats/sws/vertex_formats.h"
#include "tests/support/sws_test_util.h"

namespace f2g::sws {
namespace {

std::string table_with(const std::string& elements) {
  return R"({"format": "sws", "elements": [)" + elements + "]}";
}

const char* kPosition =
    R"({"bit": 1, "element": "POSITION", "semantic": "POSITION", "encoding": "float32x3", "bytes": 12})";
const char* kNormal =
    R"({"bit": "0x2", "element": "NORMAL", "semantic": "NORMAL", "encoding": "ubyte4_vector", "bytes": 4})";

Error parse_error(const std::string& json) {
  Result<VertexFormats> f = parse_vertex_formats(json);
  EXPECT_FALSE(f.ok()) << json;
  return f.ok() ? Error{} : f.error();
}

TEST(SwsVertexFormats, BuiltInTableIsReadingMdsNineElements) {
  const VertexFormats& f = builtin_vertex_formats();
  EXPECT_EQ(f.origin, "built-in");
  ASSERT_EQ(f.elements.size(), 9u);
  const struct {
    uint32_t bit;
    const char* semantic;
    Encoding encoding;
    uint32_t bytes;
  } want[] = {{0x001, "POSITION", Encoding::Float32x3, 12},
              {0x002, "NORMAL", Encoding::UByte4Vector, 4},
              {0x004, "TANGENT", Encoding::UByte4Vector, 4},
              {0x008, "_BINORMAL", Encoding::UByte4Vector, 4},
              {0x010, "COLOR_0", Encoding::D3DColor, 4},
              {0x020, "TEXCOORD_0", Encoding::Float32x2, 8},
              {0x040, "TEXCOORD_1", Encoding::Float32x2, 8},
              {0x080, "JOINTS_0", Encoding::UByte4, 4},
              {0x100, "WEIGHTS_0", Encoding::UNorm8x4, 4}};
  for (size_t i = 0; i < 9; ++i) {
    EXPECT_EQ(f.elements[i].bit, want[i].bit);
    EXPECT_EQ(f.elements[i].semantic, want[i].semantic);
    EXPECT_EQ(f.elements[i].encoding, want[i].encoding);
    EXPECT_EQ(f.elements[i].bytes, want[i].bytes);
  }
  EXPECT_EQ(f.elements[7].element, "BLENDINDICES");
}

TEST(SwsVertexFormats, TheDataFileIsTheEmbeddedTable) {
  std::ifstream in(std::string(F2G_SOURCE_DIR) + "/formats/sws/vertex_formats.json");
  ASSERT_TRUE(in.good());
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  Result<VertexFormats> f = parse_vertex_formats(text);
  ASSERT_TRUE(f.ok()) << f.error().to_string();
  ASSERT_EQ(f->elements.size(), builtin_vertex_formats().elements.size());
  for (size_t i = 0; i < f->elements.size(); ++i)
    EXPECT_EQ(f->elements[i].semantic, builtin_vertex_formats().elements[i].semantic);
}

TEST(SwsVertexFormats, MalformedTablesAreClearErrors) {
  const struct {
    std::string json;
    const char* path;
    const char* says;
  } bad[] = {
      {"{not json", "", "not JSON"},
      {"[]", "", "object"},
      {R"({"elements": []})", "format", "\"format\" must be \"sws\""},
      {R"({"format": "rr", "elements": [1]})", "format", "\"sws\""},
      {R"({"format": "sws"})", "elements", "non-empty array"},
      {table_with(std::string(kPosition) + "," + kPosition), "elements[1].bit", "appears twice"},
      {table_with(
           R"({"bit": 3, "element": "X", "semantic": "_X", "encoding": "ubyte4", "bytes": 4})"),
       "elements[0].bit", "single flag bit"},
      {table_with(
           R"({"bit": 1, "element": "X", "semantic": "_X", "encoding": "half4", "bytes": 8})"),
       "elements[0].encoding", "unknown encoding \"half4\""},
      {table_with(
           R"({"bit": 1, "element": "P", "semantic": "POSITION", "encoding": "float32x3", "bytes": 16})"),
       "elements[0].bytes", "must be 12"},
      {table_with(
           R"({"bit": 1, "element": "P", "semantic": "POSITION", "encoding": "float32x2", "bytes": 8})"),
       "elements[0].semantic", "needs float32x3"},
      {table_with(
           R"({"bit": 1, "element": "P", "semantic": "BOGUS", "encoding": "float32x2", "bytes": 8})"),
       "elements[0].semantic", "custom name"},
      {table_with(R"({"bit": 1, "element": "P", "semantic": "POSITION", "encoding": "float32x3"})"),
       "elements[0]", "missing \"bytes\""},
  };
  for (const auto& b : bad) {
    const Error e = parse_error(b.json);
    EXPECT_EQ(e.code, "SWS_VERTEX_FORMATS_INVALID") << b.json;
    EXPECT_EQ(e.path, b.path) << b.json;
    EXPECT_NE(e.message.find(b.says), std::string::npos) << e.message;
  }
}

TEST(SwsVertexFormats, AReplacementTableChangesTheDecoding) {
  // The static sample's flags 0x023: the table now calls bit 0x20 a custom float pair.
  Result<VertexFormats> f = parse_vertex_formats(table_with(
      std::string(kPosition) + "," + kNormal +
      R"(,{"bit": 32, "element": "UVRAW", "semantic": "_UVRAW", "encoding": "float32x2", "bytes": 8})"));
  ASSERT_TRUE(f.ok()) << f.error().to_string();
  DecodeOptions o;
  VertexTables tables_f;
  tables_f.set("sws", std::make_shared<const VertexFormats>(*f), "test");
  o.tables = &tables_f;
  Result<Decoded> d = test::decode_copy(test::sample_bytes("static_materials"), o);
  ASSERT_TRUE(d.ok()) << d.error().to_string();
  EXPECT_EQ(d->mesh.find("TEXCOORD_0"), nullptr);
  const ir::Attribute* raw = d->mesh.find("_UVRAW");
  ASSERT_NE(raw, nullptr);
  EXPECT_EQ(raw->width, 2);
  EXPECT_EQ(d->structure["compiled"]["vertex_format_table"], "file");
  // The default still decodes TEXCOORD_0, to the same values.
  Result<Decoded> plain = test::decode_copy(test::sample_bytes("static_materials"));
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->mesh.find("TEXCOORD_0")->f32, raw->f32);
}

TEST(SwsVertexFormats, FlagsTheTableCannotExplainAreErrorsNamingFlagsAndStride) {
  Result<VertexFormats> no_uv =
      parse_vertex_formats(table_with(std::string(kPosition) + "," + kNormal));
  ASSERT_TRUE(no_uv.ok());
  DecodeOptions o;
  VertexTables tables_no_uv;
  tables_no_uv.set("sws", std::make_shared<const VertexFormats>(*no_uv), "test");
  o.tables = &tables_no_uv;
  Result<Decoded> d = test::decode_copy(test::sample_bytes("static_materials"), o);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error().code, "SWS_VERTEX_FORMAT_UNKNOWN_BITS");
  EXPECT_EQ(d.error().path, "mesh/compiled.flags");
  EXPECT_NE(d.error().message.find("flags 0x23"), std::string::npos) << d.error().message;
  EXPECT_NE(d.error().message.find("stride 24"), std::string::npos);
  EXPECT_NE(d.error().message.find("0x20"), std::string::npos);

  Result<VertexFormats> wide = parse_vertex_formats(table_with(
      std::string(kPosition) +
      R"(,{"bit": 2, "element": "NORMAL", "semantic": "NORMAL", "encoding": "float32x3", "bytes": 12})"
      R"(,{"bit": 32, "element": "TEXCOORD0", "semantic": "TEXCOORD_0", "encoding": "float32x2", "bytes": 8})"));
  ASSERT_TRUE(wide.ok());
  VertexTables tables_wide;
  tables_wide.set("sws", std::make_shared<const VertexFormats>(*wide), "test");
  o.tables = &tables_wide;
  d = test::decode_copy(test::sample_bytes("static_materials"), o);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error().code, "SWS_VERTEX_FORMAT_STRIDE_MISMATCH");
  EXPECT_NE(d.error().message.find("flags 0x23, stride 24"), std::string::npos)
      << d.error().message;
  EXPECT_NE(d.error().message.find("32 bytes"), std::string::npos);
}

TEST(SwsVertexFormats, ReencodeNeedsNoTable) {
  // The table is an assumption about meaning: the bytes round-trip whatever it says.
  const std::vector<uint8_t>& b = test::sample_bytes("lit_two_uv");
  Result<std::vector<uint8_t>> r = reencode(b.data(), b.size(), {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, b);
}

}  // namespace
}  // namespace f2g::sws
