// convert follows each draw's material to its texture maps (docs/READING.md "Materials and
// textures") on the sample archives: base colour and normal maps embedded as PNG, each PNG the
// pixels Pillow decodes from the stored blocks; streamed and inline levels, a patched map, a
// material without a set, alpha and sidedness; --texture-size, --no-textures, loose meshes
// through --library, the Oodle warning once, convert --verify.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "formats/archive/archive.h"
#include "formats/grb/material.h"
#include "formats/grb/texture_map.h"
#include "tests/formats/texture/texture_test_support.h"
#include "tests/support/converter_test_util.h"
#include "tests/support/glb_file.h"

namespace f2g {
namespace {

using f2g::testing::RunResult;
using f2g::testing::ScratchDir;
using nlohmann::json;
namespace fs = std::filesystem;

RunResult tool(const std::vector<std::string>& args) { return f2g::testing::run_tool(args); }

std::string sample(const std::string& p) { return std::string(F2G_SOURCE_DIR) + "/samples/" + p; }

using f2g::testing::Glb;
using f2g::testing::read_glb;
const auto bytes_of = f2g::testing::file_bytes;

std::vector<fs::path> glbs_under(const fs::path& d) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(d))
    if (e.path().extension() == ".glb") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// The bodies of every resource of the sample archives by id, a patch's copy winning.
std::map<uint64_t, std::vector<uint8_t>> sample_bodies(const std::string& game) {
  std::map<uint64_t, std::vector<uint8_t>> out;
  for (const char* name : {"DataPC.forge", "DataPC_patch_01.forge"}) {
    const fs::path p = sample("archives/" + game + "/" + name);
    if (!fs::exists(p)) continue;
    const std::vector<uint8_t> file = bytes_of(p);
    Result<archive::Archive> a = archive::read_archive(file.data(), file.size());
    if (!a) continue;
    for (size_t i = 0; i < a->entries.size(); ++i) {
      if (archive::is_special(a->entries[i])) continue;
      Result<archive::EntryContents> c = archive::read_entry(*a, file.data(), file.size(), i);
      if (!c || c->kind != archive::EntryKind::Resources) continue;
      for (const archive::Resource& r : c->resources)
        out[r.id].assign(c->records.begin() + long(r.body_offset),
                         c->records.begin() + long(r.body_offset + r.body_size));
    }
  }
  return out;
}

uint64_t hex_id(const json& v) { return std::stoull(v.get<std::string>(), nullptr, 16); }

class ConvertTextures : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new ScratchDir();
    const RunResult r =
        tool({"convert", sample("archives"), "-o", (dir_->path() / "out").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    err_ = new std::string(r.err);
  }
  static void TearDownTestSuite() {
    delete dir_;
    delete err_;
  }
  static ScratchDir* dir_;
  static std::string* err_;
};
ScratchDir* ConvertTextures::dir_ = nullptr;
std::string* ConvertTextures::err_ = nullptr;

TEST_F(ConvertTextures, EveryResolvableMaterialShowsItsBaseColourAndNormalMaps) {
  size_t materials = 0, base = 0, normal = 0, blended = 0, masked = 0, two_sided = 0;
  for (const fs::path& p : glbs_under(dir_->path() / "out")) {
    if (p.string().find("/sws/") != std::string::npos) continue;  // no SWS layout is public
    const Glb g = read_glb(p);
    for (const json& m : g.doc.value("materials", json::array())) {
      const json x = m.value("extras", json::object());
      if (!x.contains("texture_slots")) continue;
      ++materials;
      const json slots = x["texture_slots"];
      if (slots.contains("Diffuse")) {
        ASSERT_TRUE(m["pbrMetallicRoughness"].contains("baseColorTexture")) << p << m.dump();
        ++base;
      }
      if (slots.contains("Normal")) {
        EXPECT_TRUE(m.contains("normalTexture") || x.contains("normal_image")) << p;
        ++normal;
      }
      blended += m.value("alphaMode", "") == "BLEND";
      if (m.value("alphaMode", "") == "MASK") {
        ++masked;
        EXPECT_NEAR(m["alphaCutoff"].get<double>(), 128.0 / 255.0, 1e-6);
      }
      two_sided += m.value("doubleSided", false);
    }
    // Each image once, and each used.
    std::set<std::string> names;
    for (const json& im : g.doc.value("images", json::array())) {
      EXPECT_EQ(im["mimeType"], "image/png");
      EXPECT_TRUE(names.insert(im["extras"]["texture_map_id"].get<std::string>()).second) << p;
    }
  }
  EXPECT_GE(materials, 30u);
  EXPECT_EQ(base, materials);  // every kind of material has a base colour map
  EXPECT_GE(normal, 10u);
  EXPECT_GE(blended, 3u);
  EXPECT_GE(masked, 3u);
  EXPECT_EQ(two_sided, masked);
}

TEST_F(ConvertTextures, EachPngIsPillowsDecodeOfTheStoredBlocks) {
  const ScratchDir work;
  size_t checked = 0, streamed = 0, patched = 0;
  std::set<std::string> formats;
  for (const char* game : {"grw", "grb"}) {
    const grb::Dialect d = std::string(game) == "grw" ? grb::Dialect::Grw : grb::Dialect::Grb;
    const std::map<uint64_t, std::vector<uint8_t>> bodies = sample_bodies(game);
    for (const fs::path& p : glbs_under(dir_->path() / "out" / game)) {
      const Glb g = read_glb(p);
      const json images = g.doc.value("images", json::array());
      for (size_t i = 0; i < images.size(); ++i) {
        const json& im = images[i];
        const json& x = im["extras"];
        const uint64_t id = hex_id(x["texture_map_id"]);
        const uint32_t level = x["level"];
        const std::string source = x["source"];
        ASSERT_TRUE(bodies.count(id)) << x.dump();
        const std::vector<uint8_t>& body = bodies.at(id);
        Result<grb::TextureMap> t = grb::read_texture_map(d, body.data(), body.size());
        ASSERT_TRUE(t) << t.error().to_string();
        const uint32_t w = std::max(1u, t->width >> level), h = std::max(1u, t->height >> level);
        const uint64_t n = grb::texture_level_bytes(d, *t, level);
        std::vector<uint8_t> blocks;
        if (source.rfind("CompiledMip", 0) == 0) {
          const uint64_t mip = t->streamed.at(level).id;
          Result<grb::CompiledMip> m =
              grb::read_compiled_mip(bodies.at(mip).data(), bodies.at(mip).size());
          ASSERT_TRUE(m);
          blocks.assign(m->level.begin(), m->level.begin() + long(n));
          ++streamed;
        } else {
          uint64_t at = 0;
          for (uint32_t k = grb::first_inline_level(d, *t); k < level; ++k)
            at += grb::texture_level_bytes(d, *t, k);
          blocks.assign(t->blob.begin() + long(at), t->blob.begin() + long(at + n));
        }
        const std::string format = x["format"];
        formats.insert(format);
        const auto want = texture::test::pillow_blocks(format, w, h, blocks, work.path());
        ASSERT_TRUE(want.error.empty()) << want.error;
        const json& view = g.doc["bufferViews"][im["bufferView"].get<size_t>()];
        const size_t at = view.value("byteOffset", size_t(0));
        const fs::path png = work.path() / "image.png";
        f2g::test::write_bytes(
            png, std::vector<uint8_t>(g.bin.begin() + long(at),
                                      g.bin.begin() + long(at + view["byteLength"].get<size_t>())));
        const auto got = texture::test::read_file("pillow", png);
        ASSERT_TRUE(got.error.empty()) << got.error;
        EXPECT_EQ(got.width, w);
        EXPECT_EQ(got.height, h);
        // BC5: Pillow gives red and green; blue is the reconstructed z (formats/texture).
        const unsigned mask = format == "BC5" ? 0x3 : 0xF;
        EXPECT_EQ(texture::test::first_difference(want.rgba, got.rgba, mask), "")
            << p << " image " << i << " (" << format << ")";
        patched += id == 0x20103 && p.string().find("GR_Ranger") == std::string::npos;
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 20u);
  EXPECT_GE(streamed, 2u);  // the BC7 diffuse's level 0, in its own entry
  EXPECT_GE(patched, 1u);   // the patch's cloth diffuse
  EXPECT_EQ(formats, (std::set<std::string>{"B8G8R8A8", "BC1", "BC2", "BC3", "BC5", "BC7"}));
}

TEST_F(ConvertTextures, TheOodleMaterialIsSaidOncePerArchive) {
  size_t lines = 0;
  for (size_t at = err_->find("TEXTURE_OODLE"); at != std::string::npos;
       at = err_->find("TEXTURE_OODLE", at + 1))
    ++lines;
  EXPECT_EQ(lines, 1u) << *err_;
}

TEST(ConvertTexturesOptions, TextureSizeCapsEveryImage) {
  const ScratchDir d;
  const RunResult r = tool({"convert", sample("archives/grw"), "-o", (d.path() / "out").string(),
                            "--texture-size", "8"});
  ASSERT_EQ(r.code, 0) << r.err;
  size_t images = 0;
  for (const fs::path& p : glbs_under(d.path() / "out"))
    for (const json& im : read_glb(p).doc.value("images", json::array())) {
      ++images;
      EXPECT_LE(im["extras"]["level"].get<uint32_t>(), 5u);
      const json& source = im["extras"]["source"];
      EXPECT_EQ(source.get<std::string>().rfind("inline", 0), 0u) << "level 0 is the only streamed";
    }
  EXPECT_GT(images, 0u);
}

TEST(ConvertTexturesOptions, NoTexturesWritesPlaceholderMaterials) {
  const ScratchDir d;
  const RunResult r =
      tool({"convert", sample("archives/grw"), "-o", (d.path() / "out").string(), "--no-textures"});
  ASSERT_EQ(r.code, 0) << r.err;
  for (const fs::path& p : glbs_under(d.path() / "out")) {
    const Glb g = read_glb(p);
    EXPECT_FALSE(g.doc.contains("images")) << p;
    EXPECT_FALSE(g.doc.contains("textures")) << p;
    for (const json& m : g.doc["materials"]) {
      EXPECT_EQ(m["pbrMetallicRoughness"], json::object());
      EXPECT_FALSE(m["extras"].contains("material_id"));
    }
  }
}

TEST(ConvertTexturesOptions, ALooseMeshFindsItsMaterialsUnderLibrary) {
  const ScratchDir d;
  // The GRW archives' resources extracted, then the tentacle converted alone.
  ASSERT_EQ(tool({"extract", sample("archives/grw"), "-o", (d.path() / "lib").string()}).code, 0);
  const RunResult without =
      tool({"convert", sample("grw/skin8_format1_tentacle.mesh"), "-o", (d.path() / "a").string()});
  ASSERT_EQ(without.code, 0) << without.err;
  const RunResult with =
      tool({"convert", sample("grw/skin8_format1_tentacle.mesh"), "-o", (d.path() / "b").string(),
            "--library", (d.path() / "lib").string()});
  ASSERT_EQ(with.code, 0) << with.err;
  EXPECT_EQ(without.out.find("TEXTURE_"), std::string::npos) << "nothing looked up, nothing said";
  const Glb a = read_glb(glbs_under(d.path() / "a").at(0));
  const Glb b = read_glb(glbs_under(d.path() / "b").at(0));
  EXPECT_FALSE(a.doc.contains("images"));
  ASSERT_TRUE(b.doc.contains("images")) << with.err;
  EXPECT_TRUE(b.doc["materials"][0]["pbrMetallicRoughness"].contains("baseColorTexture"));
}

TEST(ConvertTexturesOptions, VerifyAcceptsTheTexturedOutputs) {
  const ScratchDir d;
  const RunResult r =
      tool({"convert", sample("archives"), "-o", (d.path() / "out").string(), "--verify"});
  EXPECT_EQ(r.code, 0) << r.err << r.out;
}

}  // namespace
}  // namespace f2g
