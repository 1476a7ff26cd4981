// The committed GRB/GRW samples are exactly what the generator makes today, and together they
// hold every vertex format of both tables.
#include <gtest/gtest.h>

#include <set>

#include "samples/generator/game_samples.h"
#include "tests/support/grb_test_support.h"

namespace f2g::grb {
namespace {

TEST(GrbSamples, CommittedFilesEqualAFreshGeneration) {
  const std::vector<samples::SampleFile> fresh = samples::grb_samples();
  ASSERT_EQ(fresh.size(), test::samples().size());
  for (const samples::SampleFile& s : fresh) {
    SCOPED_TRACE(s.path);
    const std::vector<uint8_t> committed =
        f2g::test::read_bytes(std::string(F2G_SOURCE_DIR) + "/samples/" + s.path);
    EXPECT_EQ(committed.size(), s.bytes.size());
    EXPECT_TRUE(committed == s.bytes) << "regenerate with forge2gltf-samples samples/";
  }
}

TEST(GrbSamples, GenerationIsDeterministic) {
  const std::vector<samples::SampleFile> a = samples::grb_samples(), b = samples::grb_samples();
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_TRUE(a[i].bytes == b[i].bytes) << a[i].path;
}

TEST(GrbSamples, PathsAreTheListedMeshesUnderOneMegabyte) {
  std::set<std::string> names;
  for (const test::Sample& s : test::samples()) names.insert(s.name + ".mesh");
  for (const samples::SampleFile& s : samples::grb_samples()) {
    EXPECT_EQ(names.count(s.path), 1u) << s.path;
    EXPECT_LT(s.bytes.size(), 1024u * 1024) << s.path;
  }
}

TEST(GrbSamples, EveryTableFormatAppearsInSomeSample) {
  std::set<std::pair<int, int>> seen;  // (dialect, format)
  for (const test::Sample& s : test::samples()) {
    const std::vector<uint8_t> b = test::sample_bytes(s.name);
    Result<MeshFile> m = parse(b.data(), b.size(), s.dialect);
    ASSERT_TRUE(m) << s.name << ": " << m.error().to_string();
    const uint8_t f = m->compiled.clustered ? m->compiled.clustered->vertex_format
                                            : m->compiled.mesh_data.vertex_format;
    seen.insert({int(s.dialect), f});
  }
  for (Dialect d : {Dialect::Grb, Dialect::Grw})
    for (const VertexFormat& f : builtin_vertex_formats(d).formats)
      EXPECT_EQ(seen.count({int(d), f.format}), 1u) << dialect_name(d) << " " << int(f.format);
}

// docs/READING.md "GRB/GRW: a real payload's size": TP_Tacvest_Walker_Coat_LOD0 is 88,089 bytes.
TEST(GrbSamples, TacvestLookAlikeHasTheRealPayloadSize) {
  const std::vector<uint8_t> b = test::sample_bytes("grb/tacvest_walker_coat_lod0");
  EXPECT_EQ(b.size(), 88089u);
  Result<MeshFile> m = parse(b.data(), b.size(), Dialect::Grb);
  ASSERT_TRUE(m) << m.error().to_string();
  EXPECT_TRUE(m->mesh.submeshes.empty());
  EXPECT_EQ(m->mesh.bones.size(), 30u);
  ASSERT_TRUE(m->compiled.clustered);
  const Clustered& g = *m->compiled.clustered;
  EXPECT_EQ(g.vertex_format, 1);
  EXPECT_EQ(g.vertex_stride, 36u);
  EXPECT_EQ(g.vertex_buffer.bytes.size(), 65376u);  // 1,816 vertices
  EXPECT_EQ(g.index_buffer.bytes.size(), 19578u);   // 3,263 triangles of u16
  EXPECT_EQ(g.draw_prims_count, 1u);
  EXPECT_TRUE(m->compiled.platform_data.bytes.empty());
  EXPECT_EQ(m->compiled.mesh_data.standard.size(), 1u);
  EXPECT_EQ(m->compiled.mesh_data.shadow.size(), 1u);
  EXPECT_EQ(m->compiled.instancing.size(), 1u);
  EXPECT_EQ(m->materials.size(), 1u);
}

}  // namespace
}  // namespace f2g::grb
