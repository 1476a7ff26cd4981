#include "converter/inspect/census_markdown.h"

#include <gtest/gtest.h>

#include "converter/inspect/census_json.h"

namespace f2g::census {
namespace {

FieldTally field(std::map<double, uint64_t> values, uint64_t files) {
  FieldTally f;
  f.values = std::move(values);
  f.files = files;
  bool first = true;
  for (const auto& [v, n] : f.values) {
    f.count += n;
    f.min = first ? v : std::min(f.min, v);
    f.max = first ? v : std::max(f.max, v);
    first = false;
  }
  return f;
}

CheckTally check(const char* name, const char* code, const char* severity, const char* statement,
                 uint64_t evaluated, uint64_t held) {
  CheckTally c;
  c.name = name;
  c.code = code;
  c.severity = severity;
  c.statement = statement;
  c.evaluated = evaluated;
  c.held = held;
  return c;
}

TEST(CensusMarkdown, CountsReadWithThousandsSeparators) {
  EXPECT_EQ(count_text(0), "0");
  EXPECT_EQ(count_text(999), "999");
  EXPECT_EQ(count_text(16149), "16,149");
  EXPECT_EQ(count_text(1234567), "1,234,567");
}

TEST(CensusMarkdown, ValuesReadAsNumbersHashesAsHex) {
  EXPECT_EQ(value_text(16), "16");
  EXPECT_EQ(value_text(-3), "-3");
  EXPECT_EQ(value_text(2580), "2580");
  EXPECT_EQ(value_text(4278190080.0), "0xFF000000");
  EXPECT_EQ(value_text(0.5), "0.5");
  EXPECT_EQ(value_text(double(0.1f)), "0.1");  // the float it was stored as, shortest
  EXPECT_EQ(value_text(0.1), "0.1");
}

TEST(CensusMarkdown, HoldsReadsLikeTheSpec) {
  EXPECT_EQ(holds_text(11, 11), "holds on all 11 meshes");
  EXPECT_EQ(holds_text(16149, 16149), "holds on all 16,149 meshes");
  EXPECT_EQ(holds_text(10, 11), "holds on 10 of 11 meshes");
  EXPECT_EQ(holds_text(1, 1), "holds on the 1 mesh it was evaluated on");
  EXPECT_EQ(holds_text(2, 2), "holds on both meshes");
  EXPECT_EQ(holds_text(1, 2), "holds on 1 of 2 meshes");
  EXPECT_EQ(holds_text(0, 0), "holds on 0 of 0 meshes: never evaluated");
}

TEST(CensusMarkdown, OneValueOnEveryMesh) {
  EXPECT_EQ(field_text("sws.platform", field({{16, 11}}, 11)),
            "`sws.platform` is 16 on all 11 meshes.");
}

TEST(CensusMarkdown, TwoValuesAreListedWithTheirCounts) {
  EXPECT_EQ(field_text("rr.descriptor_mask", field({{0, 9}, {16, 2}}, 11)),
            "`rr.descriptor_mask` takes the values 0 and 16: 0 on 9 meshes; 16 on 2.");
}

TEST(CensusMarkdown, ACommonValueAndASpreadReadAsARange) {
  EXPECT_EQ(field_text("sws.submesh_count", field({{0, 9}, {1, 1}, {5, 1}}, 11)),
            "`sws.submesh_count` takes the values 0, 1 and 5: 0 on 9 meshes; 1 to 5 on 2.");
}

TEST(CensusMarkdown, ManyValuesPerMeshAreCountedAsValues) {
  std::map<double, uint64_t> v;
  for (int i = 0; i < 20; ++i) v[i] = i == 3 ? 5 : 1;
  EXPECT_EQ(field_text("sws.range_unknown_0x14", field(v, 4)),
            "`sws.range_unknown_0x14` (24 values on 4 meshes) takes 20 distinct values from 0 to "
            "19; the most common: 3 on 5 values; 0 on 1; 1 on 1; 2 on 1; 4 on 1.");
}

TEST(CensusMarkdown, EveryCheckAppearsByNameWithItsResult) {
  CensusReport r;
  r.files = 11;
  FormatTally& sws = r.formats["sws"];
  sws.files = sws.read = 11;
  sws.layouts["compiled"] = 11;
  const CheckTally held = check("sws.a", "SWS_A", "Proven", "a = b.", 11, 11);
  CheckTally broken = check("sws.b", "SWS_B", "Observed", "c = d", 11, 10);
  broken.counterexamples.push_back({"sws/x.mesh", {"SWS_B", "c 3, d 4", "mesh/compiled.c", 0x2C}});
  const CheckTally never = check("rr.c", "RR_C", "Proven", "e", 0, 0);
  r.checks = {never, held, broken};
  const std::string md = to_markdown(r, "Census of x");
  EXPECT_EQ(md.rfind("# Census of x\n", 0), 0u);
  EXPECT_NE(
      md.find("- SWS: a strict reading reads all 11 meshes to their exact end (compiled 11)."),
      std::string::npos)
      << md;
  EXPECT_NE(md.find("- `sws.a` (Proven, `SWS_A`): a = b; holds on all 11 meshes.\n"),
            std::string::npos)
      << md;
  EXPECT_NE(
      md.find("- `sws.b` (Observed, `SWS_B`): c = d; holds on 10 of 11 meshes; counter-examples:\n"
              "  - `sws/x.mesh` at `mesh/compiled.c` (offset 0x2C): c 3, d 4\n"),
      std::string::npos)
      << md;
  EXPECT_NE(md.find("- `rr.c` (Proven, `RR_C`): e; holds on 0 of 0 meshes: never evaluated.\n"),
            std::string::npos)
      << md;
  EXPECT_LT(md.find("### RR"), md.find("### SWS"));
}

TEST(CensusJson, TopValuesByCountThenValue) {
  const FieldTally f = field({{7, 2}, {1, 5}, {3, 2}, {9, 1}}, 10);
  const auto top = top_values(f, 3);
  ASSERT_EQ(top.size(), 3u);
  EXPECT_EQ(top[0], std::make_pair(1.0, uint64_t(5)));
  EXPECT_EQ(top[1], std::make_pair(3.0, uint64_t(2)));
  EXPECT_EQ(top[2], std::make_pair(7.0, uint64_t(2)));
}

}  // namespace
}  // namespace f2g::census
