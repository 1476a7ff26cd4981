// The GRB and GRW vertex-format tables: the built-in ones hold the reading's rows, a user's
// table replaces one dialect's (e.g. an entry for GRW format 16), bad tables are refused.
#include <gtest/gtest.h>

#include <fstream>

#include "formats/registry.h"
#include "tests/support/grb_test_support.h"

namespace f2g::grb {
namespace {

TEST(GrbVertexFormats, BuiltInTablesHoldTheReadingsRows) {
  const VertexFormats& b = builtin_vertex_formats(Dialect::Grb);
  const VertexFormats& w = builtin_vertex_formats(Dialect::Grw);
  EXPECT_EQ(b.known(),
            "0 (32), 1 (36), 2 (40), 4 (44), 5 (48), 10 (24), 11 (28), 12 (20), 13 (24)");
  EXPECT_EQ(w.known(), "0 (32), 1 (40), 2 (44), 3 (52), 6 (24), 7 (28), 8 (20), 9 (24)");
  // GRB 11: bytes 12-15 are a colour, not a tangent.
  EXPECT_EQ(b.find(11)->find("TANGENT"), nullptr);
  EXPECT_EQ(b.find(11)->find("COLOR_0")->offset, 12u);
  // GRW 1 is GRB 2 (8 influences): joints x 8 at 24, weights x 8 at 32.
  for (const VertexFormats* t : {&b, &w}) {
    const VertexFormat& f = *t->find(t == &b ? 2 : 1);
    EXPECT_EQ(f.find("JOINTS_1")->offset, 28u);
    EXPECT_EQ(f.find("WEIGHTS_0")->offset, 32u);
    EXPECT_EQ(f.find("WEIGHTS_1")->offset, 36u);
  }
  EXPECT_EQ(w.find(3)->find("COLOR_0")->offset, 48u);
  EXPECT_EQ(b.find(5)->find("TEXCOORD_3")->offset, 44u);
  EXPECT_EQ(b.find(3), nullptr);
  EXPECT_EQ(w.find(16), nullptr);
}

TEST(GrbVertexFormats, TheRegistryParsesATableOfEitherDialect) {
  const std::string text =
      f2g::test::read_text(std::string(F2G_SOURCE_DIR) + "/formats/grb/vertex_formats_grw.json");
  EXPECT_TRUE(kGrwFormat.parse_vertex_table(text, "grw.json"));
  Result<std::shared_ptr<const VertexTable>> wrong = kGrbFormat.parse_vertex_table(text, "x");
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, "GRB_VERTEX_FORMATS_INVALID");
  EXPECT_EQ(wrong.error().path, "format");
}

// docs/usage.md: a user adds GRW format 16 (stride 16) with --vertex-formats.
TEST(GrbVertexFormats, AUserTableDecodesAnUnknownFormatByte) {
  const std::vector<uint8_t> b = test::sample_bytes("grw/mesh_data_only_format7_foliage");
  Result<MeshFile> m = parse(b.data(), b.size(), Dialect::Grw);
  ASSERT_TRUE(m);
  // Re-pack every vertex as P N + uv@12: a 16-byte record.
  const uint32_t n = static_cast<uint32_t>(m->compiled.mesh_data.vertex_buffer.bytes.size() / 28);
  std::vector<uint8_t> vb16(16 * n);
  for (uint32_t v = 0; v < n; ++v) {
    const uint8_t* src = m->compiled.mesh_data.vertex_buffer.bytes.data() + 28 * v;
    std::memcpy(&vb16[16 * v], src, 12);
    std::memcpy(&vb16[16 * v + 12], src + 20, 4);
  }
  m->compiled.mesh_data.vertex_buffer.bytes = vb16;
  m->compiled.mesh_data.vertex_format = 16;
  m->compiled.mesh_data.vertex_stride = 16;
  const std::vector<uint8_t> e = encode(*m);
  ASSERT_FALSE(f2g::decode(e.data(), e.size(), DecodeOptions{}));
  const std::string table = R"({"format": "grw", "formats": [{"format": 16, "stride": 16,
      "evidence": "user", "elements": [
        {"semantic": "POSITION", "offset": 0, "type": "s16x4_position"},
        {"semantic": "NORMAL", "offset": 8, "type": "ubyte4_normal"},
        {"semantic": "TEXCOORD_0", "offset": 12, "type": "s16x2_uv"}]}]})";
  Result<std::shared_ptr<const VertexTable>> t = kGrwFormat.parse_vertex_table(table, "t.json");
  ASSERT_TRUE(t) << t.error().to_string();
  VertexTables tables;
  tables.set("grw", *t, "t.json");
  DecodeOptions o;
  o.tables = &tables;
  Result<Decoded> d = f2g::decode(e.data(), e.size(), o);
  ASSERT_TRUE(d) << d.error().to_string();
  EXPECT_EQ(d->mesh.vertex_count, n);
  EXPECT_EQ(d->mesh.extras["vertex_format"], 16);
  EXPECT_EQ(d->mesh.extras["vertex_format_evidence"], "user");
}

TEST(GrbVertexFormats, BadTablesNameTheBadValue) {
  struct Case {
    std::string json, path;
  };
  const std::string head = R"({"format": "grb", "formats": [)";
  const std::string pos = R"({"semantic": "POSITION", "offset": 0, "type": "s16x4_position"})";
  const Case cases[] = {
      {"[]", ""},
      {R"({"format": "rr", "formats": []})", "format"},
      {head + "]}", "formats"},
      {head + R"({"format": 0, "stride": 4, "evidence": "x", "elements": [)" + pos + "]}]}",
       "formats[0].elements[0].offset"},
      {head + R"({"format": 0, "stride": 8, "evidence": "x", "elements": [)" + pos +
           R"(, {"semantic": "JOINTS_0", "offset": 4, "type": "unorm8x4"}]}]})",
       "formats[0].elements[1].type"},
      {head + R"({"format": 0, "stride": 8, "evidence": "x", "elements": [)" + pos + "]}, " +
           R"({"format": 0, "stride": 8, "evidence": "x", "elements": [)" + pos + "]}]}",
       "formats[1].format"},
      {head + R"({"format": 0, "stride": 12, "evidence": "x", "elements": [)" + pos +
           R"(, {"semantic": "JOINTS_0", "offset": 8, "type": "u8x4"}]}]})",
       "formats[0].elements"},
      // The element list's frame, shared with RR (vertex_table_json::elements_of): not empty,
      // no semantic twice.
      {head + R"({"format": 0, "stride": 8, "evidence": "x", "elements": []}]})",
       "formats[0].elements"},
      {head + R"({"format": 0, "stride": 8, "evidence": "x", "elements": [)" + pos + ", " + pos +
           "]}]}",
       "formats[0].elements[1].semantic"},
  };
  for (const Case& c : cases) {
    Result<VertexFormats> t = parse_vertex_formats(c.json, Dialect::Grb);
    ASSERT_FALSE(t) << c.json;
    EXPECT_EQ(t.error().code, "GRB_VERTEX_FORMATS_INVALID");
    EXPECT_EQ(t.error().path, c.path) << t.error().to_string();
  }
}

}  // namespace
}  // namespace f2g::grb
