// info ARCHIVE --id on Skeleton resources (docs/READING.md "Skeletons"): a GRW skeleton read
// whole prints its tree with the built-in names; a GRB one with a modifier (layouts not
// public) prints the tree of its bone cores and the failed check; extract writes the payload.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "formats/archive/archive.h"
#include "tests/support/converter_test_util.h"
#include "tests/support/skeleton_test_support.h"

namespace f2g {
namespace {

using f2g::testing::RunResult;
using f2g::testing::ScratchDir;
using nlohmann::json;
namespace fs = std::filesystem;

RunResult tool(const std::vector<std::string>& args) { return f2g::testing::run_tool(args); }

// A one-entry archive of `dialect` holding the skeleton payload `body` (gap: one NUL).
std::vector<uint8_t> archive_with(const char* dialect, const std::vector<uint8_t>& body) {
  const archive::Dialect& d = *archive::dialect_named(dialect);
  archive::ResourceRecord r;
  r.class_id = grb::kSkeletonClass;
  r.name = "Body_Skeleton";
  r.body = body;
  Result<std::vector<uint8_t>> p = archive::encode_entry_payload(d, {r});
  Result<archive::Archive> a = archive::make_archive(d, {{0x4001, grb::kSkeletonClass, 0, "Rig"}});
  Result<std::vector<uint8_t>> b = archive::write_archive(*a, {{p->data(), p->size()}});
  return *b;
}

TEST(SkeletonCli, InfoOnAGrwSkeletonPrintsItsTree) {
  ScratchDir d;
  const std::vector<uint8_t> body = grb::test::skeleton_bytes(grb::test::full_grw_skeleton());
  f2g::testing::write_file(d / "DataPC.forge", archive_with("grw", body));
  const std::string id = "0x005E1E7000000001";
  RunResult r = tool({"info", (d / "DataPC.forge").string(), "--id", id, "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json doc = json::parse(r.out);
  EXPECT_EQ(doc["format"], "grw");
  EXPECT_EQ(doc["layout"], "skeleton");
  EXPECT_EQ(doc["class_name"], "Skeleton");
  EXPECT_EQ(doc["structure"]["bone_count"], 8);
  ASSERT_EQ(doc["tree"].size(), 8u);
  EXPECT_EQ(doc["tree"][1]["name"], "Hips");
  EXPECT_EQ(doc["tree"][1]["parent"], 0);
  EXPECT_EQ(doc["tree"][4]["name"], "Head");
  EXPECT_EQ(doc["tree"][4]["depth"], 4);
  EXPECT_EQ(doc["tree"][0]["children"], 7);
  for (const json& c : doc["checks"]) EXPECT_TRUE(c["held"].get<bool>()) << c.dump();
  RunResult text = tool({"info", (d / "DataPC.forge").string(), "--id", id});
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("tree: 8 bones\n  Reference 0x"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("\n          Head 0x"), std::string::npos) << text.out;
  // extract --class Skeleton: the record's gap, then the payload.
  RunResult x = tool(
      {"extract", (d / "DataPC.forge").string(), "-o", (d / "x").string(), "--class", "Skeleton"});
  ASSERT_EQ(x.code, 0) << x.err;
  const std::vector<uint8_t> got =
      f2g::testing::read_file(d / "x" / "DataPC" / "Rig" / "Body_Skeleton.Skeleton");
  ASSERT_EQ(got.size(), body.size() + 1);
  EXPECT_TRUE(std::equal(body.begin(), body.end(), got.begin() + 1));
}

TEST(SkeletonCli, AGrbSkeletonWithAModifierGivesTheTreeOfItsBoneCores) {
  ScratchDir d;
  grb::test::SkeletonSpec spec;
  spec.dialect = grb::Dialect::Grb;
  spec.bones = grb::test::body_bones();
  grb::test::Bytes m;
  grb::test::modifier_head(m, 0x76D082F6, 0xF8100000, 1);
  spec.bones[1].modifiers = m.take();
  spec.bones[1].modifier_count = 1;
  f2g::testing::write_file(d / "DataPC.forge",
                           archive_with("grb", grb::test::skeleton_bytes(spec)));
  RunResult r =
      tool({"info", (d / "DataPC.forge").string(), "--id", "0x005E1E7000000001", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json doc = json::parse(r.out);
  EXPECT_EQ(doc["format"], "grb");
  EXPECT_EQ(doc["layout"], "skeleton (bone cores)");
  EXPECT_NE(doc["why"].get<std::string>().find("GRB_SKELETON_MODIFIER"), std::string::npos);
  ASSERT_EQ(doc["tree"].size(), 8u);
  EXPECT_EQ(doc["tree"][7]["name"], "RightUpLeg");
  EXPECT_EQ(doc["tree"][7]["parent"], 1);
  bool failed = false;
  for (const json& c : doc["checks"])
    failed = failed || (!c["held"].get<bool>() && c["code"] == "GRB_SKELETON_MODIFIER");
  EXPECT_TRUE(failed) << doc["checks"].dump();
}

}  // namespace
}  // namespace f2g
