// The verify report's JSON shape (a documented contract for scripts) and its text table.
#include "converter/verify/verify_report.h"

#include <gtest/gtest.h>

#include <limits>
#include <set>
#include <sstream>

namespace f2g::verify {
namespace {

std::set<std::string> keys_of(const nlohmann::json& j) {
  std::set<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.insert(it.key());
  return keys;
}

VerifyReport failed_report() {
  VerifyReport r;
  r.input = "in/a.mesh";
  r.output = "out/a.glb";
  r.rows.push_back(Row{"POSITION", 4, 3, 0, 0, 1, 1.1920928955078125e-07});
  r.rows.push_back(Row{"NORMAL", 4, 2, 2, 0, 0, 0.004});
  r.rows.push_back(Row{"targets[0].POSITION", 4, 3, 0, 1, 0, 6e-05});
  r.rows.push_back(Row{"TEXCOORD_1", 1, 0, 0, 0, 1, std::numeric_limits<double>::infinity()});
  r.mismatches.push_back(Mismatch{1, "POSITION", "vertex", 3, "(1, 2, 3)", "(1, 2.00000024, 3)"});
  r.mismatches.push_back(Mismatch{-1, "TEXCOORD_1", "attribute", 0, "absent", "4 vertices"});
  return r;
}

TEST(VerifyReportJson, HasTheDocumentedKeys) {
  const nlohmann::json j = to_json(failed_report());
  EXPECT_EQ(keys_of(j), (std::set<std::string>{"input", "output", "compact", "ok", "error", "rows",
                                               "mismatches"}));
  EXPECT_EQ(j["input"], "in/a.mesh");
  EXPECT_EQ(j["output"], "out/a.glb");
  EXPECT_EQ(j["ok"], false);
  EXPECT_TRUE(j["error"].is_null());
  ASSERT_EQ(j["rows"].size(), 4u);
  EXPECT_EQ(keys_of(j["rows"][0]),
            (std::set<std::string>{"attribute", "compared", "exact", "within_tolerance", "nearest",
                                   "mismatched", "max_error"}));
  EXPECT_EQ(j["rows"][0]["attribute"], "POSITION");
  EXPECT_EQ(j["rows"][0]["compared"], 4);
  EXPECT_EQ(j["rows"][0]["exact"], 3);
  EXPECT_EQ(j["rows"][0]["mismatched"], 1);
  EXPECT_DOUBLE_EQ(j["rows"][0]["max_error"].get<double>(), 1.1920928955078125e-07);
  EXPECT_EQ(j["rows"][1]["within_tolerance"], 2);
  EXPECT_EQ(j["rows"][2]["nearest"], 1);
  EXPECT_TRUE(j["rows"][3]["max_error"].is_null());  // infinite: absent on one side
  ASSERT_EQ(j["mismatches"].size(), 2u);
  EXPECT_EQ(keys_of(j["mismatches"][0]),
            (std::set<std::string>{"primitive", "attribute", "index_kind", "index", "expected",
                                   "found"}));
  EXPECT_EQ(j["mismatches"][0]["primitive"], 1);
  EXPECT_EQ(j["mismatches"][0]["attribute"], "POSITION");
  EXPECT_EQ(j["mismatches"][0]["index"], 3);
  EXPECT_EQ(j["mismatches"][0]["expected"], "(1, 2, 3)");
  EXPECT_EQ(j["mismatches"][0]["found"], "(1, 2.00000024, 3)");
  EXPECT_EQ(j["mismatches"][1]["primitive"], -1);
}

TEST(VerifyReportJson, OkFollowsTheRowsAndError) {
  VerifyReport r;
  r.rows.push_back(Row{"POSITION", 4, 4, 0, 0, 0, 0});
  EXPECT_EQ(to_json(r)["ok"], true);
  r.error = ir::Diagnostic{"GLTF_BAD_GLB", "not a glb", "glb.header", 0};
  const nlohmann::json j = to_json(r);
  EXPECT_EQ(j["ok"], false);
  EXPECT_EQ(j["error"]["code"], "GLTF_BAD_GLB");
  EXPECT_EQ(j["error"]["path"], "glb.header");
}

TEST(VerifyReportText, TableListsRowsAndMismatches) {
  std::ostringstream out;
  print_text(failed_report(), out);
  const std::string s = out.str();
  EXPECT_NE(s.find("verify in/a.mesh -> out/a.glb: FAILED: 2 mismatched values"), std::string::npos)
      << s;
  EXPECT_NE(s.find("attribute"), std::string::npos);
  EXPECT_NE(s.find("within_tol"), std::string::npos);
  EXPECT_NE(s.find("targets[0].POSITION"), std::string::npos);
  EXPECT_NE(s.find("primitive 1 POSITION vertex 3: expected (1, 2, 3), found (1, 2.00000024, 3)"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("TEXCOORD_1 attribute 0: expected absent, found 4 vertices"), std::string::npos)
      << s;
  EXPECT_NE(s.find(" inf\n"), std::string::npos) << s;
}

TEST(VerifyReportText, OkReportHasNoMismatchSection) {
  VerifyReport r;
  r.rows.push_back(Row{"POSITION", 4, 4, 0, 0, 0, 0});
  std::ostringstream out;
  print_text(r, out);
  EXPECT_NE(out.str().find(": OK\n"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("mismatches"), std::string::npos);
}

TEST(VerifyReportText, ErrorIsPrintedWithItsCode) {
  VerifyReport r;
  r.input = "x.mesh";
  r.error = ir::Diagnostic{"SWS_TRUNCATED", "needs 4 bytes, 2 remain", "mesh.id", 1};
  std::ostringstream out;
  print_text(r, out);
  EXPECT_NE(out.str().find("FAILED: mesh.id: needs 4 bytes, 2 remain (offset 0x1) [SWS_TRUNCATED]"),
            std::string::npos)
      << out.str();
}

}  // namespace
}  // namespace f2g::verify
