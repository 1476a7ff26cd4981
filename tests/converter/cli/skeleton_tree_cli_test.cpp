// convert pairs skinned meshes with skeletons (docs/READING.md "Pairing a mesh with its
// skeleton") on the sample archives: each joint under its nearest ancestor in the rig, every
// joint's world matrix the inverse of its inverse bind matrix; a rig in the mesh's entry, in
// another entry, in a patch, two rigs for one mesh, none; loose meshes through --library;
// --no-skeletons and loose meshes without --library as before.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cctype>
#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

#include "formats/archive/archive.h"
#include "formats/common/classes.h"
#include "tests/support/converter_test_util.h"
#include "tests/support/glb_file.h"

namespace f2g {
namespace {

using f2g::testing::RunResult;
using f2g::testing::ScratchDir;
using nlohmann::json;
namespace fs = std::filesystem;

RunResult tool(const std::vector<std::string>& args) { return f2g::testing::run_tool(args); }

using f2g::testing::Glb;
using f2g::testing::read_glb;
const auto bytes_of = f2g::testing::file_bytes;

Eigen::Matrix4d local_of(const json& node) {
  Eigen::Affine3d m = Eigen::Affine3d::Identity();
  if (node.contains("translation"))
    m.translate(
        Eigen::Vector3d(node["translation"][0], node["translation"][1], node["translation"][2]));
  if (node.contains("rotation"))
    m.rotate(Eigen::Quaterniond(node["rotation"][3], node["rotation"][0], node["rotation"][1],
                                node["rotation"][2]));
  if (node.contains("scale"))
    m.scale(Eigen::Vector3d(node["scale"][0], node["scale"][1], node["scale"][2]));
  return m.matrix();
}

// Each joint's parent joint (index in the skin, -1 under the root node) and the largest
// |world - inverse(IBM)| relative to the largest element of inverse(IBM).
struct JointCheck {
  std::vector<int> parent;
  double worst = 0;
};

JointCheck check_joints(const Glb& g) {
  const json& skin = g.doc["skins"][0];
  const std::vector<int> joints = skin["joints"].get<std::vector<int>>();
  const json& acc = g.doc["accessors"][skin["inverseBindMatrices"].get<size_t>()];
  const json& view = g.doc["bufferViews"][acc["bufferView"].get<size_t>()];
  const size_t at = view.value("byteOffset", size_t(0)) + acc.value("byteOffset", size_t(0));
  std::vector<int> node_parent(g.doc["nodes"].size(), -1);
  for (size_t n = 0; n < g.doc["nodes"].size(); ++n)
    for (int c : g.doc["nodes"][n].value("children", std::vector<int>{}))
      node_parent[size_t(c)] = int(n);
  JointCheck out;
  for (size_t k = 0; k < joints.size(); ++k) {
    Eigen::Matrix4d world = Eigen::Matrix4d::Identity();
    int parent_joint = -1;
    for (int n = joints[k]; n > 0; n = node_parent[size_t(n)]) {  // node 0: the root, Z-up turn
      world = local_of(g.doc["nodes"][size_t(n)]) * world;
      if (n != joints[k] && parent_joint < 0)
        for (size_t j = 0; j < joints.size(); ++j)
          if (joints[j] == n) parent_joint = int(j);
    }
    out.parent.push_back(parent_joint);
    float ibm[16];
    std::memcpy(ibm, g.bin.data() + at + 64 * k, 64);
    const Eigen::Matrix4d expected = Eigen::Map<Eigen::Matrix4f>(ibm).cast<double>().inverse();
    const double scale = std::max(1e-12, expected.cwiseAbs().maxCoeff());
    out.worst = std::max(out.worst, (world - expected).cwiseAbs().maxCoeff() / scale);
  }
  return out;
}

class SkeletonTreeCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new ScratchDir;
    const RunResult r =
        tool({"convert", (f2g::testing::samples_dir() / "archives").string(), "-o",
              (*dir_ / "out").string(), "--report", (*dir_ / "report.json").string(), "-q"});
    ASSERT_EQ(r.code, 0) << r.err;
    std::ifstream f(*dir_ / "report.json");
    report_ = new json(json::parse(f));
  }
  static void TearDownTestSuite() {
    delete dir_;
    delete report_;
  }
  static const json& row(const std::string& suffix) {
    for (const json& r : (*report_)["inputs"]) {
      const std::string in = r["input"];
      if (in.size() >= suffix.size() &&
          in.compare(in.size() - suffix.size(), suffix.size(), suffix) == 0)
        return r;
    }
    ADD_FAILURE() << "no row " << suffix;
    static const json none;
    return none;
  }
  static fs::path out(const std::string& rel) { return *dir_ / "out" / rel; }
  static ScratchDir* dir_;
  static json* report_;
};

ScratchDir* SkeletonTreeCli::dir_ = nullptr;
json* SkeletonTreeCli::report_ = nullptr;

TEST_F(SkeletonTreeCli, EverySkinnedMeshButOneGetsItsTreeAndRestsInItsBindPose) {
  size_t paired = 0;
  for (const json& r : (*report_)["inputs"]) {
    if (!r.contains("skeleton")) continue;
    const std::string in = r["input"];
    if (in.find("GRB_Props/Submeshes") != std::string::npos) {
      EXPECT_TRUE(r["skeleton"]["id"].is_null());
      ASSERT_EQ(r["warnings"].size(), 1u);
      EXPECT_EQ(r["warnings"][0]["code"], "SKELETON_NOT_FOUND");
      continue;
    }
    EXPECT_FALSE(r["skeleton"]["id"].is_null()) << in;
    EXPECT_EQ(r["skeleton"]["bones_matched"], r["skeleton"]["bones"]) << in;
    const JointCheck c = check_joints(read_glb(r["output"].get<std::string>()));
    EXPECT_LE(c.worst, 1e-5) << in;
    size_t roots = 0;
    for (int p : c.parent) roots += p < 0;
    EXPECT_LT(roots, c.parent.size()) << in;
    ++paired;
  }
  EXPECT_EQ(paired, 10u);
}

TEST_F(SkeletonTreeCli, TwoRigsAndBonesTheMeshLacksMakeTheCoatsTree) {
  const json& r = row("TP_Tacvest_Walker_Coat/TP_Tacvest_Walker_Coat_LOD0");
  EXPECT_EQ(r["skeleton"]["id"], "0x0000000000030032");  // the add-on, in the coat's entry
  EXPECT_EQ(r["skeleton"]["added"], json::array({"0x0000000000030031"}));  // the body, elsewhere
  const Glb g = read_glb(r["output"].get<std::string>());
  const JointCheck c = check_joints(g);
  EXPECT_EQ(c.parent[0], -1);  // its rig parent, Reference, is no bone of the coat
  EXPECT_EQ(c.parent[4], 3);   // the rig's bone between 3 and 4 is skipped
  EXPECT_EQ(c.parent[5], 4);   // the add-on's root: its parent from the body rig
  EXPECT_EQ(c.parent[20], 5);  // an add-on bone under the add-on's root
  EXPECT_EQ(c.parent[29], 28);
  EXPECT_EQ(g.doc["skins"][0]["extras"]["skeleton"], "0x0000000000030032");
  EXPECT_EQ(g.doc["skins"][0]["extras"]["bones_matched"], 30);
}

TEST_F(SkeletonTreeCli, APatchedRigSupersedesTheBasesForMeshesOfEitherForge) {
  for (const char* suffix : {"GR_Creatures/Tentacle", "GR_Ranger/Ranger_LOD0"}) {
    const json& r = row(suffix);
    EXPECT_EQ(r["skeleton"]["id"], "0x0000000000020020") << suffix;
    EXPECT_NE(r["skeleton"]["where"].get<std::string>().find("DataPC_patch_01.forge"),
              std::string::npos)
        << suffix;
    const JointCheck c = check_joints(read_glb(r["output"].get<std::string>()));
    EXPECT_EQ(c.parent, (std::vector<int>{-1, 0, 1, 2, 0, 4, 5, 6})) << suffix;  // two branches
  }
}

TEST_F(SkeletonTreeCli, RigsInTheEntryElsewhereAndFromBoneCores) {
  const json& cloth = row("GR_Creatures/Cloth");
  EXPECT_NE(
      cloth["skeleton"]["where"].get<std::string>().find("grw/DataPC.forge:0x00000000000003EB"),
      std::string::npos);
  EXPECT_EQ(check_joints(read_glb(cloth["output"].get<std::string>())).parent,
            (std::vector<int>{-1, 0, 0, 1, 2, 4}));
  const json& tentacle = row("GRB_Props/Tentacle");
  EXPECT_NE(tentacle["skeleton"]["where"].get<std::string>().find(":0x00000000000007D7/"),
            std::string::npos);  // GRB_Rigs, not the mesh's entry
  const json& skater = row("SWS_Skater/Skater_Palettes");
  ASSERT_EQ(skater["warnings"].size(), 1u);
  EXPECT_EQ(skater["warnings"][0]["code"], "SKELETON_CORE_ONLY");
  EXPECT_EQ(check_joints(read_glb(skater["output"].get<std::string>())).parent,
            (std::vector<int>{-1, 0, 1, 2, 1, 4, 0, 6, 7}));
}

TEST_F(SkeletonTreeCli, LooseMeshesPairThroughLibraryOnly) {
  ScratchDir d;
  const fs::path coat = f2g::testing::samples_dir() / "grb" / "tacvest_walker_coat_lod0.mesh";
  RunResult x =
      tool({"extract", (f2g::testing::samples_dir() / "archives" / "grb" / "DataPC.forge").string(),
            "-o", (d / "rigs").string(), "--class", "Skeleton"});
  ASSERT_EQ(x.code, 0) << x.err;
  RunResult plain = tool({"convert", coat.string(), "-o", (d / "plain").string(), "--report",
                          (d / "plain.json").string(), "-q"});
  ASSERT_EQ(plain.code, 0) << plain.err;
  RunResult off = tool({"convert", coat.string(), "-o", (d / "off").string(), "-q",
                        "--no-skeletons", "--library", (d / "rigs").string()});
  ASSERT_EQ(off.code, 0) << off.err;
  EXPECT_EQ(bytes_of(d / "plain" / "tacvest_walker_coat_lod0.glb"),
            bytes_of(d / "off" / "tacvest_walker_coat_lod0.glb"));
  std::ifstream pf(d / "plain.json");
  EXPECT_FALSE(json::parse(pf)["inputs"][0].contains("skeleton"));

  RunResult lib = tool({"convert", coat.string(), "-o", (d / "lib").string(), "--report",
                        (d / "lib.json").string(), "-q", "--library", (d / "rigs").string()});
  ASSERT_EQ(lib.code, 0) << lib.err;
  std::ifstream lf(d / "lib.json");
  const json r = json::parse(lf)["inputs"][0];
  EXPECT_EQ(r["skeleton"]["bones_matched"], 30);
  const JointCheck c = check_joints(read_glb(d / "lib" / "tacvest_walker_coat_lod0.glb"));
  EXPECT_LE(c.worst, 1e-5);
  EXPECT_EQ(c.parent[4], 3);
  EXPECT_EQ(c.parent[20], 5);

  RunResult missing = tool(
      {"convert", coat.string(), "-o", (d / "m").string(), "--library", (d / "nowhere").string()});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("--library"), std::string::npos);
}

TEST_F(SkeletonTreeCli, NoSkeletonsKeepsEveryJointARoot) {
  ScratchDir d;
  RunResult r = tool({"convert", (f2g::testing::samples_dir() / "archives" / "grw").string(), "-o",
                      (d / "o").string(), "-q", "--no-skeletons"});
  ASSERT_EQ(r.code, 0) << r.err;
  const JointCheck c = check_joints(read_glb(d / "o" / "DataPC" / "GR_Creatures" / "Cloth.glb"));
  EXPECT_EQ(c.parent, std::vector<int>(6, -1));
  EXPECT_LE(c.worst, 1e-5);
}

TEST_F(SkeletonTreeCli, EveryMeshWithATreeImportsBackToItsArchiveByteForByte) {
  ScratchDir d;
  size_t n = 0;
  for (const json& r : (*report_)["inputs"]) {
    if (!r.contains("skeleton") || r["skeleton"]["id"].is_null()) continue;
    const fs::path out = d / ("new" + std::to_string(n++) + ".forge");
    RunResult i =
        tool({"import", r["output"].get<std::string>(), "--donor", r["archive"].get<std::string>(),
              "--id", r["resource_id"].get<std::string>(), "-o", out.string()});
    ASSERT_EQ(i.code, 0) << r["input"] << i.err;
    EXPECT_TRUE(bytes_of(out) == bytes_of(r["archive"].get<std::string>())) << r["input"];
  }
  EXPECT_EQ(n, 10u);
}

TEST_F(SkeletonTreeCli, VerifyChecksTheRestPoseOfATreeAgainstTheExtractedMesh) {
  ScratchDir d;
  RunResult x =
      tool({"extract", (f2g::testing::samples_dir() / "archives" / "grb" / "DataPC.forge").string(),
            "-o", (d / "x").string(), "--class", "Mesh"});
  ASSERT_EQ(x.code, 0) << x.err;
  const fs::path mesh = d / "x" / "DataPC" / "GRB_Soldier" / "Soldier_LOD0.Mesh";
  const fs::path glb = row("GRB_Soldier/Soldier_LOD0")["output"].get<std::string>();
  const auto rows_of = [](const json& report) {
    std::map<std::string, json> rows;
    for (const json& r : report["rows"]) rows[r["attribute"]] = r;
    return rows;
  };
  RunResult v = tool({"verify", mesh.string(), glb.string(), "--json"});
  ASSERT_EQ(v.code, 0) << v.out << v.err;
  auto rows = rows_of(json::parse(v.out));
  EXPECT_EQ(rows["joint_rest"]["compared"], 1);
  EXPECT_EQ(rows["joint_rest"]["mismatched"], 0);
  EXPECT_EQ(rows["bone_parents"]["within_tolerance"], 12);  // the mesh file alone pairs nothing

  // A joint moved off its bind pose: one digit of a child joint's translation changed.
  std::vector<uint8_t> bytes = bytes_of(glb);
  const std::string text(bytes.begin(), bytes.end());
  const size_t node = text.find("\"name\":\"bone_1_");
  const size_t at = text.find("\"translation\":[", node) + 15;  // keys sorted: after the name
  ASSERT_GT(at, node + 15);
  size_t digit = at;
  while (!std::isdigit(bytes[digit])) ++digit;
  bytes[digit] = bytes[digit] == '9' ? '1' : uint8_t(bytes[digit] + 1);
  f2g::testing::write_file(d / "moved.glb", bytes);
  RunResult m = tool({"verify", mesh.string(), (d / "moved.glb").string(), "--json"});
  EXPECT_EQ(m.code, 1) << m.out << m.err;
  rows = rows_of(json::parse(m.out));
  EXPECT_EQ(rows["joint_rest"]["mismatched"], 1);
}

TEST_F(SkeletonTreeCli, ARigOfAMeshEntryThatDoesNotReadIsAWarningOfItsMeshes) {
  ScratchDir d;
  const archive::Dialect& w = *archive::dialect_named("grw");
  archive::ResourceRecord mesh;
  mesh.class_id = kMeshClass;
  mesh.name = "Tentacle";
  mesh.gap = {0};
  mesh.body = bytes_of(f2g::testing::samples_dir() / "grw" / "skin8_format1_tentacle.mesh");
  archive::ResourceRecord rig;  // an id, the Skeleton class, then bytes that read as nothing
  rig.class_id = archive::class_id("Skeleton");
  rig.name = "Broken_Skeleton";
  rig.gap = {0};
  rig.body = {0x01, 0, 0, 0, 0, 0, 0, 0x5E, 0x7C, 0xCB, 0xAE, 0x24};
  rig.body.resize(rig.body.size() + 16, 0xFF);
  Result<std::vector<uint8_t>> payload = archive::encode_entry_payload(w, {mesh, rig});
  ASSERT_TRUE(payload) << payload.error().to_string();
  Result<archive::Archive> a = archive::make_archive(w, {{0x4001, kMeshClass, 0, "Creature"}});
  ASSERT_TRUE(a) << a.error().to_string();
  Result<std::vector<uint8_t>> forge =
      archive::write_archive(*a, {{payload->data(), payload->size()}});
  ASSERT_TRUE(forge) << forge.error().to_string();
  f2g::testing::write_file(d / "DataPC.forge", *forge);
  RunResult r = tool({"convert", (d / "DataPC.forge").string(), "-o", (d / "o").string(),
                      "--report", (d / "r.json").string(), "-q", "--no-textures"});
  ASSERT_EQ(r.code, 0) << r.err;
  std::ifstream f(d / "r.json");
  const json row = json::parse(f)["inputs"][0];
  std::vector<std::string> codes;
  for (const json& x : row["warnings"]) codes.push_back(x["code"]);
  ASSERT_EQ(codes.size(), 2u) << row.dump();
  EXPECT_EQ(codes[0], "SKELETON_NOT_FOUND");
  EXPECT_EQ(codes[1].rfind("GRB_", 0), 0u) << codes[1];
  EXPECT_NE(row["warnings"][1]["message"].get<std::string>().find("/0x5E00000000000001"),
            std::string::npos);
}

TEST_F(SkeletonTreeCli, CensusTalliesPairedAndUnpairedSkins) {
  ScratchDir d;
  RunResult r = tool({"census", (f2g::testing::samples_dir() / "archives").string(), "--json",
                      (d / "c.json").string()});
  ASSERT_EQ(r.code, 0) << r.err;
  std::ifstream f(d / "c.json");
  const json c = json::parse(f)["formats"];
  // GRB: Submeshes has none; GRW: the base's Ranger_LOD0 (superseded, still read) has none.
  for (const auto& [game, paired, unpaired] :
       {std::tuple{"grb", 5, 1}, std::tuple{"grw", 4, 1}, std::tuple{"sws", 1, 0}}) {
    EXPECT_EQ(c[game]["skins_paired"], paired) << game;
    EXPECT_EQ(c[game]["skins_partly_paired"], 0) << game;
    EXPECT_EQ(c[game]["skins_unpaired"], unpaired) << game;
  }
}

TEST_F(SkeletonTreeCli, ASkeletonResourceReencodesByteForByte) {
  ScratchDir d;
  for (const char* game : {"grw", "grb"}) {
    RunResult x = tool({"extract",
                        (f2g::testing::samples_dir() / "archives" / game / "DataPC.forge").string(),
                        "-o", (d / game).string(), "--class", "Skeleton"});
    ASSERT_EQ(x.code, 0) << x.err;
  }
  size_t n = 0;
  for (const auto& e : fs::recursive_directory_iterator(d.path())) {
    if (!e.is_regular_file()) continue;
    RunResult v = tool({"verify", "--reencode", e.path().string(), "--json"});
    EXPECT_EQ(v.code, 0) << e.path() << v.out << v.err;
    EXPECT_TRUE(json::parse(v.out)["ok"].get<bool>()) << e.path();
    ++n;
  }
  EXPECT_EQ(n, 9u);  // GRW base: tentacle, cloth, backpack; GRB: six
}

}  // namespace
}  // namespace f2g
