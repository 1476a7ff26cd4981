// Done means 2 of `import`, cross-donor: the glb of one sample imported with another sample of
// the same format as donor (force for the differing object id, every glTF material mapped to
// a donor material) decodes strictly with every relation holding, carries the first sample's
// triangles and positions (within the result's quantisation step) and keeps the donor's
// header, object id and Unknown fields. Where the skins disagree, the outcome by design: a
// skinned glb into a static donor drops the skin with a warning; a static glb into a skinned
// donor is an error; a skinned glb into a skinned donor with other bones needs
// --unknown-joints.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "converter/import/import.h"
#include "formats/registry.h"
#include "gltf_writer/write/write.h"
#include "tests/support/files.h"

namespace f2g::import {
namespace {

std::vector<uint8_t> sample(const std::string& name) {
  return test::read_bytes(std::string(F2G_SOURCE_DIR) + "/samples/" + name + ".mesh");
}

ir::Mesh decoded(const std::vector<uint8_t>& b) {
  Result<Decoded> d = decode(b.data(), b.size(), DecodeOptions{});
  EXPECT_TRUE(d.ok()) << (d ? "" : d.error().to_string());
  return d ? d->mesh : ir::Mesh{};
}

// Every relation a decode evaluates, and the names of those that broke (Observed ones
// included: they would only warn).
struct CheckCounter : DecodeObserver {
  size_t checked = 0;
  std::vector<std::string> broken;
  void on_check(const CheckDef& def, bool held, const ir::Diagnostic&) override {
    ++checked;
    if (!held) broken.push_back(def.name);
  }
  void on_field(const char*, double) override {}
};

struct Cross {
  ir::Mesh source, donor;
  ImportOutcome outcome;
};

// `from`'s glb (as convert writes it) imported with `into` as donor; its materials mapped
// round-robin onto the donor's, so every donor material can receive triangles.
Cross across(const std::string& from, const std::string& into, ImportOptions options = {}) {
  Cross c;
  c.source = decoded(sample(from));
  c.donor = decoded(sample(into));
  ir::Result<gltf::Written> glb = gltf::write(c.source);
  EXPECT_TRUE(glb.ok());
  if (!glb.ok() || c.donor.materials.empty()) return c;
  options.force = true;
  for (size_t m = 0; m < c.source.materials.size(); ++m)
    options.match.map_material[c.source.materials[m].name] =
        c.donor.materials[m % c.donor.materials.size()].name;
  GltfInput in;
  in.data = glb->glb.data();
  in.size = glb->glb.size();
  const std::vector<uint8_t> donor = sample(into);
  c.outcome = import_mesh(in, donor.data(), donor.size(), options);
  return c;
}

// One quantisation step of the result's positions: SWS stores float32 (no step), RR stores
// s16 x Q (its split layouts float32, within the same Q), GRB/GRW s16 x Q / 32767.
double position_step(const ir::Mesh& m) {
  const double q = std::fabs(m.extras.value("quantization_factor", 0.0));
  if (m.source.format == "rr") return q;
  if (m.source.format == "grb" || m.source.format == "grw") return q / 32767;
  return 0;
}

// The largest distance (max norm) from a position of `from` (the vertices its triangles use)
// to the nearest position of `to` (likewise).
double farthest(const ir::Mesh& from, const ir::Mesh& to) {
  const ir::Attribute* a = from.find("POSITION");
  const ir::Attribute* b = to.find("POSITION");
  if (!a || !b) return 1e30;
  const std::set<uint32_t> used_a(from.indices.begin(), from.indices.end());
  const std::set<uint32_t> used_b(to.indices.begin(), to.indices.end());
  double worst = 0;
  for (uint32_t v : used_a) {
    double best = 1e30;
    for (uint32_t w : used_b) {
      double d = 0;
      for (size_t c = 0; c < 3; ++c) d = std::max(d, std::fabs(a->get(v, c) - b->get(w, c)));
      best = std::min(best, d);
    }
    worst = std::max(worst, best);
  }
  return worst;
}

bool has_warning(const ImportOutcome& o, const std::string& code) {
  return std::any_of(o.warnings.begin(), o.warnings.end(),
                     [&](const ir::Diagnostic& w) { return w.code == code; });
}

// The properties of a cross-donor result. `kept`: donor fields (IR extras) the spec calls
// Unknown, which must come back as the donor stores them (absent where the donor has none);
// at least one of them must differ between source and donor, or the check would prove nothing.
ir::Mesh expect_cross_donor(const Cross& c, const std::vector<std::string>& kept) {
  const ImportOutcome& o = c.outcome;
  EXPECT_FALSE(o.error) << o.error->to_string();
  if (o.error) return {};
  CheckCounter counter;
  DecodeOptions strict;
  strict.observer = &counter;
  Result<Decoded> back = decode(o.bytes.data(), o.bytes.size(), strict);
  EXPECT_TRUE(back.ok()) << back.error().to_string();
  if (!back) return {};
  const ir::Mesh& m = back->mesh;
  EXPECT_GT(counter.checked, 20u);
  EXPECT_EQ(counter.broken, std::vector<std::string>{});
  for (const ir::Diagnostic& w : m.warnings) ADD_FAILURE() << "warning: " << w.to_string();

  EXPECT_EQ(m.source.format, c.donor.source.format);
  EXPECT_EQ(m.source.layout, c.donor.source.layout);
  EXPECT_EQ(m.source.object_id, c.donor.source.object_id);
  EXPECT_NE(m.source.object_id, c.source.source.object_id);  // what --force allowed
  size_t differ = 0;
  for (const std::string& k : kept) {
    EXPECT_EQ(m.extras.contains(k), c.donor.extras.contains(k)) << k;
    if (m.extras.contains(k) && c.donor.extras.contains(k)) {
      EXPECT_EQ(m.extras[k], c.donor.extras[k]) << k;
    }
    differ +=
        c.source.extras.value(k, nlohmann::json()) != c.donor.extras.value(k, nlohmann::json());
  }
  EXPECT_GT(differ, 0u) << "no kept field tells the donor from the source";

  EXPECT_EQ(m.indices.size() / 3, c.source.indices.size() / 3);
  EXPECT_EQ(o.summary.value("triangles", 0u), c.source.indices.size() / 3);
  const double step = position_step(m) + 1e-6;  // + float32 rounding of metre-sized values
  EXPECT_LE(farthest(m, c.source), step) << "a result vertex no source vertex is near";
  EXPECT_LE(farthest(c.source, m), step) << "a source vertex missing from the result";
  return m;
}

// ---- SWS ----------------------------------------------------------------------------------
// Unknown in the spec and kept from the donor: the Mesh's category and generated flag, its 11
// stored bytes after the bones, the compiled data's word at 0x1c.
const std::vector<std::string> kSwsKept = {"category", "generated", "stored_11",
                                           "compiled_unknown_0x1c"};

TEST(ImportCrossDonor, SwsStaticMaterialsIntoLitTwoUvTakesTheGeometryKeepsTheDonorsFields) {
  // lit_two_uv stores TANGENT and a second UV set static_materials lacks: computed / zero.
  const Cross c = across("sws/static_materials", "sws/lit_two_uv");
  const ir::Mesh m = expect_cross_donor(c, kSwsKept);
  EXPECT_TRUE(has_warning(c.outcome, "IMPORT_TANGENTS_COMPUTED"));
  EXPECT_EQ(m.extras["stored_11"], "0101000000000000000000");
  EXPECT_NE(m.find("TEXCOORD_1"), nullptr);
}

TEST(ImportCrossDonor, SwsLitTwoUvIntoUnknownCategoryKeepsTheUnknownCategory) {
  const Cross c = across("sws/lit_two_uv", "sws/unknown_category");
  const ir::Mesh m = expect_cross_donor(c, kSwsKept);
  EXPECT_EQ(m.extras["category"], 0xC0FFEE);
  EXPECT_EQ(m.extras["generated"], 1);
}

TEST(ImportCrossDonor, SwsSkinnedGlbIntoAStaticDonorDropsTheSkinWithAWarning) {
  const Cross c = across("sws/skinned_palettes", "sws/static_materials");
  const ir::Mesh m = expect_cross_donor(c, kSwsKept);
  EXPECT_TRUE(has_warning(c.outcome, "IMPORT_SKIN_IGNORED"));
  EXPECT_EQ(m.find("JOINTS_0"), nullptr);
}

// Shared by every format: a static glb cannot give a skinned donor its weights.
void expect_no_skin_error(const std::string& from, const std::string& into) {
  const Cross c = across(from, into);
  ASSERT_TRUE(c.outcome.error);
  EXPECT_EQ(c.outcome.error->code, "IMPORT_NO_SKIN");
  ASSERT_TRUE(c.donor.skin);
  EXPECT_EQ(c.outcome.error->message, "the donor is skinned (" +
                                          std::to_string(c.donor.skin->bones.size()) +
                                          " bones); the glTF has no JOINTS_0 / WEIGHTS_0");
  EXPECT_TRUE(c.outcome.bytes.empty());
}

TEST(ImportCrossDonor, SwsStaticGlbIntoASkinnedDonorIsRefused) {
  expect_no_skin_error("sws/static_materials", "sws/skinned_palettes");
}

// ---- RR -----------------------------------------------------------------------------------
// Unknown in the spec and kept from the donor: the descriptor mask, the user category, the
// trailer's bools and the compiled mesh's id.
const std::vector<std::string> kRrKept = {"descriptor_mask", "user_category", "trailer_bools",
                                          "compiled_mesh_id", "resource_identity"};

TEST(ImportCrossDonor, RrRangedGlbIntoAnInlineDonorTakesTheGeometryKeepsTheDonorsFields) {
  const Cross c = across("rr/static24_props", "rr/inline_rocks");
  const ir::Mesh m = expect_cross_donor(c, kRrKept);
  EXPECT_EQ(m.extras["descriptor_mask"], 64);
}

TEST(ImportCrossDonor, RrInlineGlbIntoARangedDonorWithCpuCopies) {
  const Cross c = across("rr/inline_rocks", "rr/static28_dynamic_copies");
  const ir::Mesh m = expect_cross_donor(c, kRrKept);
  EXPECT_EQ(m.extras["user_category"], 3);
  EXPECT_EQ(m.extras["trailer_bools"], "01000000000000000000000000000000");
}

TEST(ImportCrossDonor, RrStaticGlbIntoASkinnedDonorIsRefused) {
  expect_no_skin_error("rr/static24_props", "rr/split12_character");
}

// ---- GRB / GRW ----------------------------------------------------------------------------
// Unknown in the spec and kept from the donor: the file header's stored bytes, the platform
// data's length, the SubMesh references, the trailer's flag bytes, unnamed words and user
// category, and (GRW) the header word and the trailer's reserved bytes; besides them the
// donor's vertex format (the two skinned GRW samples differ in nothing Unknown).
const std::vector<std::string> kGrbKept = {
    "vertex_format",      "file_header_stored", "file_header_kind",    "platform_data_length",
    "submeshes",          "trailer_flags",      "trailer_depth_flags", "trailer_unnamed_i32",
    "trailer_unnamed_u8", "user_category",      "decal_type",          "grw_word",
    "trailer_reserved"};

TEST(ImportCrossDonor, GrbCrateIntoPipeKeepsThePipesPlatformDataAndNoFileHeader) {
  const Cross c = across("grb/static_format12_crate", "grb/static_format13_pipe");
  const ir::Mesh m = expect_cross_donor(c, kGrbKept);
  EXPECT_EQ(m.extras["platform_data_length"], 8);
  EXPECT_FALSE(m.extras.contains("file_header_stored"));
  EXPECT_EQ(m.extras["vertex_format"], 13);
}

TEST(ImportCrossDonor, GrbPipeIntoCrateRaisesTheQuantisationAndKeepsTheFileHeader) {
  // The pipe reaches z = 2, past the crate's Q = 1: Q is recomputed (a static mesh's Q, the
  // w of every position, rounded up to an integer).
  const Cross c = across("grb/static_format13_pipe", "grb/static_format12_crate");
  const ir::Mesh m = expect_cross_donor(c, kGrbKept);
  EXPECT_EQ(m.extras["file_header_stored"], "000000");
  EXPECT_EQ(c.outcome.summary["details"]["quantization_factor"]["before"], 1.0);
  EXPECT_EQ(c.outcome.summary["details"]["quantization_factor"]["after"], 2.0);
}

TEST(ImportCrossDonor, GrbStaticGlbIntoASkinnedDonorIsRefused) {
  expect_no_skin_error("grb/static_format10_rock", "grb/three_uv_format4_file_header");
}

TEST(ImportCrossDonor, GrwSkinnedGlbIntoAStaticDonorWithSubMeshesKeepsTheirReferences) {
  const Cross c =
      across("grw/clustered_skinned_ranger", "grw/static_format9_file_header_submeshes");
  const ir::Mesh m = expect_cross_donor(c, kGrbKept);
  EXPECT_TRUE(has_warning(c.outcome, "IMPORT_SKIN_IGNORED"));
  EXPECT_EQ(m.extras["submeshes"].size(), 3u);
  EXPECT_EQ(m.extras["file_header_stored"], "020000");
}

TEST(ImportCrossDonor, GrwSkinnedGlbIntoADonorWithOtherBonesNeedsUnknownJoints) {
  const std::string from = "grw/skin8_format1_tentacle", into = "grw/skin8_colour_format3_cloth";
  const Cross refused = across(from, into);
  ASSERT_TRUE(refused.outcome.error);
  EXPECT_EQ(refused.outcome.error->code, "IMPORT_UNKNOWN_JOINT");
  ImportOptions nearest;
  nearest.match.unknown_joints = UnknownJoints::Nearest;
  const Cross c = across(from, into, nearest);
  const ir::Mesh m = expect_cross_donor(c, kGrbKept);
  EXPECT_TRUE(has_warning(c.outcome, "IMPORT_JOINT_NEAREST"));
  ASSERT_TRUE(m.skin && c.donor.skin);
  EXPECT_EQ(m.skin->bones.size(), c.donor.skin->bones.size());
  const ir::Attribute* j = m.find("JOINTS_0");
  ASSERT_TRUE(j);
  for (uint32_t v = 0; v < m.vertex_count; ++v)
    for (size_t l = 0; l < 4; ++l) EXPECT_LT(j->get(v, l), double(m.skin->bones.size()));
}

TEST(ImportCrossDonor, GrwStaticGlbIntoASkinnedDonorIsRefused) {
  expect_no_skin_error("grw/static_format6_rock", "grw/clustered_skinned_ranger");
}

}  // namespace
}  // namespace f2g::import
