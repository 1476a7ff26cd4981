// Every relation of the reading broken one at a time gives its code, field path and offset
// (tests/support/grb_test_support.h lists the breaks); the census-only readings never become
// a diagnostic.
#include <gtest/gtest.h>

#include <set>

#include "formats/grb/grb_checks.h"
#include "formats/registry.h"
#include "tests/support/grb_test_support.h"

namespace f2g::grb {
namespace {

class GrbBreak : public ::testing::TestWithParam<test::Break> {};

TEST_P(GrbBreak, GivesItsCodePathAndOffset) {
  const test::Break& b = GetParam();
  const std::vector<uint8_t> original = test::sample_bytes(b.sample);
  Result<MeshFile> m = parse(original.data(), original.size(), b.dialect);
  ASSERT_TRUE(m) << m.error().to_string();
  const uint64_t want_offset = b.offset(*m, original.size());
  Result<Decoded> d = test::run(b);
  if (b.error) {
    ASSERT_FALSE(d) << b.how << ": decoded";
    EXPECT_EQ(d.error().code, b.code) << d.error().to_string();
    EXPECT_EQ(d.error().path, b.path) << d.error().to_string();
    EXPECT_EQ(d.error().offset, want_offset) << d.error().to_string();
  } else {
    ASSERT_TRUE(d) << b.how << ": " << d.error().to_string();
    ASSERT_EQ(d->mesh.warnings.size(), 1u) << b.how;
    const ir::Diagnostic& w = d->mesh.warnings[0];
    EXPECT_EQ(w.code, b.code) << w.to_string();
    EXPECT_EQ(w.path, b.path) << w.to_string();
    EXPECT_EQ(w.offset, want_offset) << w.to_string();
  }
}

std::string break_name(const ::testing::TestParamInfo<test::Break>& p) { return p.param.code; }

INSTANTIATE_TEST_SUITE_P(Breaks, GrbBreak, ::testing::ValuesIn(test::breaks()), break_name);

TEST(GrbChecks, EveryCheckHasABreakAndTheRightSeverity) {
  std::set<std::string> broken;
  for (const test::Break& b : test::breaks()) broken.insert(b.code);
  for (const CheckDef* c : check::all()) {
    EXPECT_EQ(broken.count(c->code), 1u) << c->name;
    for (const test::Break& b : test::breaks())
      if (b.code == c->code) {
        EXPECT_EQ(b.error, c->severity == Severity::Proven) << c->name;
      }
    EXPECT_EQ(std::string(c->name).rfind("grb.", 0), 0u) << c->name;
    EXPECT_EQ(std::string(c->code).rfind("GRB_", 0), 0u) << c->code;
  }
  EXPECT_EQ(check::all().size(), 37u);
}

TEST(GrbChecks, BothEntriesShareOneListAndTheRegistryListsItOnce) {
  EXPECT_EQ(kGrbFormat.checks(), kGrwFormat.checks());
  size_t n = 0;
  for (const CheckDef* c : all_checks()) n += std::string(c->name).rfind("grb.", 0) == 0;
  EXPECT_EQ(n, check::all().size());
}

// docs/READING.md "GRB/GRW vertex formats": an unknown format byte names dialect, format and
// stride (GRW 16, stride 16, is common and undecoded).
TEST(GrbRelations, UnknownFormatByteNamesDialectFormatAndStride) {
  const std::vector<uint8_t> b = test::sample_bytes("grw/mesh_data_only_format7_foliage");
  Result<MeshFile> m = parse(b.data(), b.size(), Dialect::Grw);
  ASSERT_TRUE(m);
  m->compiled.mesh_data.vertex_format = 16;
  m->compiled.mesh_data.vertex_stride = 16;
  const std::vector<uint8_t> e = encode(*m);
  Result<Decoded> d = f2g::decode(e.data(), e.size(), DecodeOptions{});
  ASSERT_FALSE(d);
  EXPECT_EQ(d.error().code, "GRB_VERTEX_FORMAT_UNKNOWN");
  EXPECT_NE(d.error().message.find("grw vertex format 16 (stride 16)"), std::string::npos)
      << d.error().message;
  EXPECT_NE(d.error().message.find("--vertex-formats"), std::string::npos);
}

// A census observer that records everything: the open readings arrive as fields only.
struct Recorder : DecodeObserver {
  std::set<std::string> checks, fields;
  void on_check(const CheckDef& def, bool, const ir::Diagnostic&) override {
    checks.insert(def.name);
  }
  void on_field(const char* name, double) override { fields.insert(name); }
};

TEST(GrbCensus, OpenAndCodeOnlyReadingsAreFieldsNeverChecks) {
  const std::vector<uint8_t> b = test::sample_bytes("grb/clustered_skinned_soldier");
  Recorder r;
  DecodeOptions o;
  o.observer = &r;
  ASSERT_TRUE(f2g::decode(b.data(), b.size(), o));
  for (const char* f :
       {"grb.instancing_plus1_equals_draw_index", "grb.instancing_plus3_equals_leading_nonzero",
        "grb.instancing_table_is_identity", "grb.platform_version", "grb.sdk_version",
        "grb.category", "grb.primitive_type", "grb.joints_fit_instancing_table"})
    EXPECT_EQ(r.fields.count(f), 1u) << f;
  for (const std::string& c : r.checks) EXPECT_EQ(c.rfind("grb.", 0), 0u) << c;
  EXPECT_EQ(r.checks.count("grb.instancing_plus1_equals_draw_index"), 0u);
  // A platform version other than 26 is census only: no warning.
  Result<MeshFile> m = parse(b.data(), b.size(), Dialect::Grb);
  ASSERT_TRUE(m);
  m->compiled.platform_version = 31;
  m->compiled.sdk_version = 8;
  m->compiled.instancing[0].word1 = 77;
  const std::vector<uint8_t> e = encode(*m);
  Result<Decoded> d = f2g::decode(e.data(), e.size(), DecodeOptions{});
  ASSERT_TRUE(d);
  EXPECT_TRUE(d->mesh.warnings.empty());
}

}  // namespace
}  // namespace f2g::grb
