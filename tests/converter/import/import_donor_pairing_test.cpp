// Batch import's donor pairing (`import GLB_DIR --donors MESH_DIR`): GLB_DIR/rel/name.glb takes
// MESH_DIR/rel/name or MESH_DIR/rel/name.<anything>, looked up by name in each directory's
// listing. The donors here are no mesh: each pair's donor is read from the --json report,
// where the paired ones fail later, when their donor is decoded.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "converter/import/import_command.h"

namespace f2g::import {
namespace {

namespace fs = std::filesystem;

void touch(const fs::path& p) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << "x";
}

struct Outcome {
  std::string donor, code;
};

TEST(ImportDonorPairing, EachGlbTakesTheOneFileOfItsNameOrStem) {
  const fs::path dir = fs::temp_directory_path() / ("f2g-pairing-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  for (const char* g : {"a", "b", "c", "d", "e.v2", "sub/f"})
    touch(dir / "glb" / (std::string(g) + ".glb"));
  touch(dir / "mesh" / "a");         // no extension: the name itself
  touch(dir / "mesh" / "b.mesh");    // name.<anything>
  touch(dir / "mesh" / "b.x.mesh");  // stem b.x: not b's
  touch(dir / "mesh" / "c.mesh");    // two of stem c: ambiguous
  touch(dir / "mesh" / "c.bin");
  touch(dir / "mesh" / "dd.mesh");    // no d, d.*: none
  touch(dir / "mesh" / "e.v2.mesh");  // a dot in the name: the stem is e.v2
  touch(dir / "mesh" / "f.mesh");     // another directory's f: not sub/f's
  touch(dir / "mesh" / "sub" / "f.mesh");

  ImportRun run;
  run.input = (dir / "glb").string();
  run.donors = (dir / "mesh").string();
  run.out = (dir / "out").string();
  run.json = true;
  run.jobs = 1;
  std::ostringstream out, err;
  EXPECT_EQ(run_import_command(run, out, err), 1) << err.str();  // no glb here is glTF
  std::map<std::string, Outcome> by_glb;
  for (const nlohmann::json& f : nlohmann::json::parse(out.str()))
    by_glb[fs::path(f["gltf"].get<std::string>()).lexically_relative(dir / "glb").string()] = {
        f["donor"].get<std::string>(), f["error"]["code"].get<std::string>()};
  ASSERT_EQ(by_glb.size(), 6u);
  const auto donor = [&](const char* name) { return (dir / "mesh" / name).string(); };
  EXPECT_EQ(by_glb["a.glb"].donor, donor("a"));
  EXPECT_EQ(by_glb["b.glb"].donor, donor("b.mesh"));
  EXPECT_EQ(by_glb["c.glb"].code, "IMPORT_DONOR_AMBIGUOUS");
  EXPECT_EQ(by_glb["d.glb"].code, "IMPORT_NO_DONOR");
  EXPECT_EQ(by_glb["e.v2.glb"].donor, donor("e.v2.mesh"));
  EXPECT_EQ(by_glb["sub/f.glb"].donor, donor("sub/f.mesh"));
  for (const char* paired : {"a.glb", "b.glb", "e.v2.glb", "sub/f.glb"})
    EXPECT_EQ(by_glb[paired].code, "FORMAT_UNRECOGNISED") << paired;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace f2g::import
