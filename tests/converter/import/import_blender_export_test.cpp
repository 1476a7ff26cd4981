// converter/import/blender_export: Blender 3.4's default glTF export read back. The incoming
// meshes here are made the way Blender 3.4 makes them from convert's glb (each vertex written
// with the colour of the face corner numbered like it, through sRGB bytes; shape-key normals
// its own), independently of the code under test.
#include <gtest/gtest.h>

#include <cmath>

#include "converter/import/blender_export.h"

namespace f2g::import {
namespace {

constexpr const char* kBlender = "Khronos glTF Blender I/O v3.4.50";

// A 3 x 3 grid of vertices, 8 triangles in one primitive, every vertex its own colour (unorm8,
// as the games store them); 24 corners, so corners 0-8 are the ones Blender's exporter reads.
ir::Mesh grid() {
  ir::Mesh m;
  m.vertex_count = 9;
  std::vector<float> p, n;
  std::vector<uint8_t> c;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) {
      const int v = y * 3 + x;
      p.insert(p.end(), {float(x), float(y), 0.f});
      n.insert(n.end(), {0.f, 0.f, 1.f});
      c.insert(c.end(),
               {uint8_t(20 + 25 * v), uint8_t(217), uint8_t(240 - 20 * v), uint8_t(255 - v)});
    }
  m.attributes.push_back(ir::f32_attribute("POSITION", 3, p));
  m.attributes.push_back(ir::f32_attribute("NORMAL", 3, n));
  m.attributes.push_back(ir::u8_attribute("COLOR_0", 4, true, c));
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 2; ++x) {
      const uint32_t a = uint32_t(y * 3 + x);
      m.indices.insert(m.indices.end(), {a, a + 1, a + 4, a, a + 4, a + 3});
    }
  ir::Primitive g;
  g.index_count = uint32_t(m.indices.size());
  g.vertex_count = 9;
  m.primitives.push_back(g);
  return m;
}

double to_srgb(double l) {
  return l <= 0.0031308 ? 12.92 * l : 1.055 * std::pow(l, 1 / 2.4) - 0.055;
}
double to_linear(double s) { return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4); }

// What Blender 3.4 exports for `donor` unedited: one vertex per donor vertex (one primitive,
// so Blender's vertex k is donor vertex k), COLOR_0 of vertex k the colour of corner k, kept
// as an sRGB byte (alpha as a plain byte).
ir::Mesh blender_export(const ir::Mesh& donor) {
  ir::Mesh in = donor;
  const ir::Attribute& dc = *donor.find("COLOR_0");
  std::vector<float> colours;
  for (uint32_t v = 0; v < donor.vertex_count; ++v)
    for (size_t c = 0; c < 4; ++c) {
      const double own = dc.get(donor.indices[v], c);
      colours.push_back(float(c < 3 ? to_linear(std::round(to_srgb(own) * 255) / 255) : own));
    }
  *in.find("COLOR_0") = ir::f32_attribute("COLOR_0", 4, colours);
  return in;
}

void expect_donor_colours(const ir::Mesh& donor, const ir::Mesh& in, uint32_t except = 99) {
  const ir::Attribute& dc = *donor.find("COLOR_0");
  const ir::Attribute& ic = *in.find("COLOR_0");
  for (uint32_t v = 0; v < in.vertex_count; ++v)
    for (size_t c = 0; c < 4; ++c)
      if (v != except) {
        EXPECT_EQ(ic.get(v, c), float(dc.get(v, c))) << "vertex " << v << " " << c;
      }
}

TEST(BlenderExport, CornerColoursOfAnUneditedExportAreTheDonors) {
  const ir::Mesh donor = grid();
  ir::Mesh in = blender_export(donor);
  // Read straight, most vertices carry another vertex's colour.
  EXPECT_NE(in.find("COLOR_0")->get(1, 0), donor.find("COLOR_0")->get(1, 0));
  const BlenderReadback r = read_blender_export(kBlender, donor, in);
  EXPECT_TRUE(r.colours.applied);
  // Corners 0-8 name vertices 0 1 4 0 4 3 1 2 5: those carry theirs, 6 7 8 carry none.
  EXPECT_EQ(r.colours.carried, 6u);
  EXPECT_EQ(r.colours.absent, 3u);
  expect_donor_colours(donor, in);
}

TEST(BlenderExport, AnEditedCornerColourStaysAnEdit) {
  const ir::Mesh donor = grid();
  ir::Mesh in = blender_export(donor);
  // The modder paints corner 5 (vertex 3): Blender writes it at vertex 5.
  ir::Attribute& ic = *in.find("COLOR_0");
  ic.f32[5 * 4 + 0] = 0.5f;
  read_blender_export(kBlender, donor, in);
  EXPECT_FLOAT_EQ(in.find("COLOR_0")->get(3, 0), 0.5f);
  expect_donor_colours(donor, in, 3);
}

TEST(BlenderExport, AColourOneSrgbByteOffIsAnEdit) {
  const ir::Mesh donor = grid();
  ir::Mesh in = blender_export(donor);
  ir::Attribute& ic = *in.find("COLOR_0");
  // Corner 2 is vertex 4: its red (120, sRGB 182.49) one sRGB byte lower, as Blender would
  // store a paint.
  ic.f32[2 * 4] = float(to_linear((std::round(to_srgb(120 / 255.0) * 255) - 1) / 255));
  read_blender_export(kBlender, donor, in);
  EXPECT_NE(in.find("COLOR_0")->get(4, 0), float(120 / 255.0));
  expect_donor_colours(donor, in, 4);
}

TEST(BlenderExport, OtherToolsAndStraightColoursAreLeftAlone) {
  const ir::Mesh donor = grid();
  ir::Mesh scrambled = blender_export(donor);
  const ir::Mesh before = scrambled;
  EXPECT_FALSE(read_blender_export("forge2gltf", donor, scrambled).colours.applied);
  EXPECT_EQ(scrambled.find("COLOR_0")->f32, before.find("COLOR_0")->f32);
  // The add-on exports colours from a vertex attribute: they stand where they are.
  ir::Mesh straight = donor;
  std::vector<float> own;
  for (uint32_t v = 0; v < 9; ++v)
    for (size_t c = 0; c < 4; ++c) own.push_back(float(donor.find("COLOR_0")->get(v, c)));
  *straight.find("COLOR_0") = ir::f32_attribute("COLOR_0", 4, own);
  EXPECT_FALSE(read_blender_export(kBlender, donor, straight).colours.applied);
  EXPECT_EQ(straight.find("COLOR_0")->f32, own);
}

TEST(BlenderExport, AMovedVertexKeepsWhatItCarries) {
  const ir::Mesh donor = grid();
  ir::Mesh in = blender_export(donor);
  // Vertex 7 moved up (no corner 0-8 names it): it matches no donor vertex, but Blender still
  // wrote it as its vertex 7, with corner 7's colour (vertex 2's).
  in.find("POSITION")->f32[7 * 3 + 2] = 0.25f;
  const float own = in.find("COLOR_0")->f32[7 * 4];
  const BlenderReadback r = read_blender_export(kBlender, donor, in);
  EXPECT_EQ(r.colours.carried, 6u);
  EXPECT_EQ(r.colours.absent, 2u);  // 6 and 8
  expect_donor_colours(donor, in, 7);
  // Vertex 2's colour is read from it; its own colour the file does not carry: it keeps what
  // the file wrote.
  EXPECT_EQ(in.find("COLOR_0")->f32[7 * 4], own);
}

TEST(BlenderExport, TargetNormalsOfUnmovedShapesAreTheDonors) {
  ir::Mesh donor = grid();
  ir::MorphTarget t;
  t.name = "smile";
  for (uint32_t v = 0; v < 9; ++v) {
    t.positions.insert(t.positions.end(), {float(v % 3), float(v / 3), v == 4 ? 0.5f : 0.f});
    t.normals.insert(t.normals.end(), {0.f, 0.6f, 0.8f});
  }
  donor.morph_targets.push_back(t);
  ir::Mesh in = donor;
  for (float& n : in.morph_targets[0].normals) n = 0.1f;  // Blender's own, from the shape
  in.morph_targets[0].positions[7 * 3 + 2] = 0.125f;      // the modder moved vertex 7's shape
  const BlenderReadback r = read_blender_export(kBlender, donor, in);
  EXPECT_EQ(r.target_normals, 8u);
  EXPECT_FLOAT_EQ(in.morph_targets[0].normals[4 * 3 + 1], 0.6f);
  EXPECT_FLOAT_EQ(in.morph_targets[0].normals[7 * 3 + 1], 0.1f);
}

}  // namespace
}  // namespace f2g::import
