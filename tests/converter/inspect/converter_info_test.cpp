#include <gtest/gtest.h>

#include <cctype>
#include <ostream>

#include "converter/inspect/info.h"
#include "samples/generator/game_samples.h"
#include "tests/support/converter_test_util.h"

namespace f2g::samples {
// gtest prints a parameter with this (ADL), instead of its bytes.
void PrintTo(const SampleFile& s, std::ostream* os) { *os << s.path; }
}  // namespace f2g::samples

namespace f2g::convert {
namespace {

using f2g::testing::ScratchDir;
using f2g::testing::write_file;
using nlohmann::json;
namespace fs = std::filesystem;

TEST(InfoIr, UsedVerticesCountsDistinctIndicesOfThePrimitive) {
  ir::Mesh mesh;
  mesh.vertex_count = 6;
  mesh.attributes.push_back(ir::Attribute{"POSITION", ir::Scalar::F32, 3, false, {}, {}, {}});
  mesh.indices = {0, 1, 2, 2, 1, 0, 3, 4, 5, 5, 4, 3};
  mesh.materials = {ir::Material{"0x00000010", json::object()},
                    ir::Material{"0x00000020", json::object()}};
  ir::Primitive a;
  a.first_index = 0;
  a.index_count = 6;
  a.first_vertex = 0;
  a.vertex_count = 3;
  ir::Primitive b = a;
  b.material = 1;
  b.first_index = 6;
  b.first_vertex = 3;
  mesh.primitives = {a, b};
  const json s = ir_summary_json(mesh);
  EXPECT_EQ(s["vertex_count"], 6);
  EXPECT_EQ(s["index_count"], 12);
  EXPECT_EQ(s["attributes"], json::array({"POSITION"}));
  ASSERT_EQ(s["primitives"].size(), 2u);
  EXPECT_EQ(s["primitives"][1], (json{{"material", "0x00000020"},
                                      {"first_index", 6},
                                      {"index_count", 6},
                                      {"first_vertex", 3},
                                      {"vertex_count", 3},
                                      {"used_vertices", 3}}));
  EXPECT_EQ(s["materials"], json::array({"0x00000010", "0x00000020"}));
  EXPECT_EQ(s["bones"], json::array());
  EXPECT_EQ(s["targets"], json::array());
}

class Info : public ::testing::TestWithParam<samples::SampleFile> {};

TEST_P(Info, DocumentHasEveryKeyAndTheChecksOfTheDecode) {
  ScratchDir d;
  const samples::SampleFile& sample = GetParam();
  write_file(d / sample.path, sample.bytes);
  auto info = info_json(d / sample.path, sample.path, {});
  ASSERT_TRUE(info.ok()) << info.error().to_string();
  const json& doc = *info;
  for (const char* key : {"input", "format", "layout", "structure", "checks", "warnings", "ir"})
    EXPECT_TRUE(doc.contains(key)) << key;
  EXPECT_EQ(doc["input"], sample.path);
  EXPECT_EQ(doc["format"], sample.path.substr(0, sample.path.find('/')));  // sws/..., rr/...
  EXPECT_TRUE(doc["structure"].is_object());
  ASSERT_FALSE(doc["checks"].empty());
  for (const json& c : doc["checks"]) {
    for (const char* key : {"name", "held", "code", "path", "offset", "message"})
      EXPECT_TRUE(c.contains(key)) << key;
    if (c["held"].get<bool>()) continue;
    // A sample may break an Observed relation on purpose; then it is also a warning.
    bool warned = false;
    for (const json& w : doc["warnings"]) warned |= w["code"] == c["code"];
    EXPECT_TRUE(warned) << c.dump();
  }
  const json& ir = doc["ir"];
  for (const char* key :
       {"vertex_count", "index_count", "attributes", "primitives", "materials", "bones", "targets"})
    EXPECT_TRUE(ir.contains(key)) << key;
  ASSERT_FALSE(ir["primitives"].empty());
  for (const json& p : ir["primitives"]) {
    EXPECT_GT(p["used_vertices"].get<uint64_t>(), 0u);
    EXPECT_LE(p["used_vertices"].get<uint64_t>(), p["vertex_count"].get<uint64_t>());
  }

  const std::string text = info_text(doc);
  EXPECT_NE(text.find("format  " + doc["format"].get<std::string>()), std::string::npos);
  for (const json& c : doc["checks"])
    EXPECT_NE(text.find((c["held"].get<bool>() ? "\n  ok   " : "\n  FAIL ") +
                        c["name"].get<std::string>()),
              std::string::npos);
  EXPECT_NE(text.find("\nchecks: "), std::string::npos);
  EXPECT_NE(text.find("\nir\n  vertices " + std::to_string(ir["vertex_count"].get<uint64_t>())),
            std::string::npos);
}

TEST_P(Info, ATruncatedFileIsAnErrorWithPathAndOffset) {
  ScratchDir d;
  samples::SampleFile sample = GetParam();
  sample.bytes.resize(sample.bytes.size() - 1);
  write_file(d / "cut.mesh", sample.bytes);
  auto info = info_json(d / "cut.mesh", "cut.mesh", {});
  ASSERT_FALSE(info.ok());
  EXPECT_FALSE(info.error().path.empty());
  EXPECT_LE(info.error().offset, sample.bytes.size());
}

std::vector<samples::SampleFile> every_sample() {
  std::vector<samples::SampleFile> all = samples::sws_samples();
  for (auto& s : samples::rr_samples()) all.push_back(std::move(s));
  return all;
}

INSTANTIATE_TEST_SUITE_P(Samples, Info, ::testing::ValuesIn(every_sample()),
                         [](const ::testing::TestParamInfo<samples::SampleFile>& p) {
                           std::string name;
                           for (char c : p.param.path) name += std::isalnum(uint8_t(c)) ? c : '_';
                           return name;
                         });

TEST(InfoText, ShortensLongArraysAndFoldsRepeatedChecks) {
  json doc = {{"input", "x"},
              {"format", "sws"},
              {"layout", "compiled"},
              {"structure", {{"ids", json::array()}, {"name", std::string(200, 'a')}}},
              {"checks", json::array()},
              {"warnings", json::array()},
              {"ir",
               {{"vertex_count", 0},
                {"index_count", 0},
                {"attributes", json::array()},
                {"primitives", json::array()},
                {"materials", json::array()},
                {"bones", json::array()},
                {"targets", json::array()}}}};
  for (int i = 0; i < 40; ++i) doc["structure"]["ids"].push_back(i);
  for (int i = 0; i < 3; ++i)
    doc["checks"].push_back({{"name", "sws.per_range"},
                             {"held", true},
                             {"code", "SWS_R"},
                             {"path", "mesh/ranges[" + std::to_string(i) + "]"},
                             {"offset", i},
                             {"message", ""}});
  doc["checks"].push_back({{"name", "sws.broken"},
                           {"held", false},
                           {"code", "SWS_B"},
                           {"path", "mesh/x"},
                           {"offset", 26},
                           {"message", "3 != 4"}});
  const std::string text = info_text(doc);
  EXPECT_NE(text.find("ids: [0, 1, 2, 3, 4, 5, 6, 7, ... (40 values)]"), std::string::npos) << text;
  EXPECT_NE(text.find("... (200 chars)"), std::string::npos) << text;
  EXPECT_NE(text.find("  ok   sws.per_range  x3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  FAIL sws.broken  mesh/x: 3 != 4 (offset 0x1A) [SWS_B]\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("checks: 3 held, 1 broken"), std::string::npos) << text;
}

}  // namespace
}  // namespace f2g::convert
