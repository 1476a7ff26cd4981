// Unedited SWS donors brought back the way Blender 3.4 hands their glb back, without Blender:
// each primitive's vertices written on their own, a vertex split into one copy per face
// corner (its normal rounded a little differently in each, as Blender's per-corner normals
// are), the vertices no triangle uses dropped, and materials that share an id renamed ".001"
// with no extras (the default exporter). import must give back the donor's bytes
// (docs/ARCHITECTURE.md "Back into the game"). The donors come from
// samples/generator/unlike_samples.cpp.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "converter/import/import.h"
#include "formats/registry.h"
#include "gltf_writer/write/write.h"
#include "samples/generator/sample_file.h"

namespace f2g::import {
namespace {

std::vector<uint8_t> donor_bytes(const std::string& path) {
  for (const samples::SampleFile& s : samples::unlike_samples())
    if (s.path == path) return s.bytes;
  ADD_FAILURE() << path << " is not among the donors unlike the samples";
  return {};
}

ir::Mesh decoded(const std::vector<uint8_t>& b) {
  Result<Decoded> d = decode(b.data(), b.size(), DecodeOptions{});
  EXPECT_TRUE(d.ok()) << (d ? "" : d.error().to_string());
  return d ? d->mesh : ir::Mesh{};
}

// `mesh` over new vertices: new vertex k shows old vertex from[k] (every attribute and
// morph target value copied), the indices given in new numbers.
ir::Mesh remapped(const ir::Mesh& mesh, const std::vector<uint32_t>& from,
                  std::vector<uint32_t> indices) {
  ir::Mesh out = mesh;
  out.vertex_count = uint32_t(from.size());
  out.indices = std::move(indices);
  for (ir::Attribute& a : out.attributes) {
    const ir::Attribute& old = *mesh.find(a.semantic);
    a.f32.clear();
    a.u8.clear();
    a.u16.clear();
    for (uint32_t v : from)
      for (size_t c = 0; c < a.width; ++c) {
        const size_t at = size_t(v) * a.width + c;
        if (!old.f32.empty()) a.f32.push_back(old.f32[at]);
        if (!old.u8.empty()) a.u8.push_back(old.u8[at]);
        if (!old.u16.empty()) a.u16.push_back(old.u16[at]);
      }
  }
  for (size_t t = 0; t < out.morph_targets.size(); ++t) {
    const ir::MorphTarget& old = mesh.morph_targets[t];
    ir::MorphTarget& target = out.morph_targets[t];
    target.positions.clear();
    target.normals.clear();
    for (uint32_t v : from)
      for (size_t c = 0; c < 3; ++c) {
        target.positions.push_back(old.positions[size_t(v) * 3 + c]);
        if (!old.normals.empty()) target.normals.push_back(old.normals[size_t(v) * 3 + c]);
      }
    EXPECT_TRUE(target.others.empty()) << "a target's other values are not remapped here";
  }
  for (ir::Primitive& p : out.primitives) {
    p.first_vertex = 0;
    p.vertex_count = out.vertex_count;
  }
  return out;
}

// Blender's vertices: per primitive, the vertices its triangles use in ascending order, each
// once, or (`split`) once per corner, copy k's normal moved by k x 3e-5 in x (within the
// donor's normal step, as Blender's per-corner custom normals are). Unused vertices go.
ir::Mesh as_blender_exports(const ir::Mesh& mesh, bool split) {
  std::vector<uint32_t> from, indices(mesh.indices.size());
  std::vector<uint32_t> copies;  // per new vertex: which copy of its old vertex it is
  for (const ir::Primitive& p : mesh.primitives) {
    std::map<uint32_t, std::vector<size_t>> corners;  // old vertex -> its corners here
    for (size_t i = p.first_index; i < size_t(p.first_index) + p.index_count; ++i)
      corners[mesh.indices[i]].push_back(i);
    for (const auto& [v, at] : corners)
      for (size_t k = 0; k < (split ? at.size() : 1); ++k) {
        for (size_t j = split ? k : 0; j < (split ? k + 1 : at.size()); ++j)
          indices[at[j]] = uint32_t(from.size());
        from.push_back(v);
        copies.push_back(uint32_t(k));
      }
  }
  ir::Mesh out = remapped(mesh, from, indices);
  if (ir::Attribute* n = out.find("NORMAL"))
    for (uint32_t v = 0; v < out.vertex_count; ++v) n->f32[size_t(v) * 3] += 3e-5f * copies[v];
  return out;
}

// The default exporter's materials: no extras, and a repeated name numbered as Blender does.
void as_blender_names_materials(ir::Mesh& mesh) {
  std::map<std::string, int> seen;
  for (ir::Material& m : mesh.materials) {
    m.extras = ir::Json::object();
    const int n = seen[m.name]++;
    if (n > 0) m.name += "." + std::string(n < 10 ? "00" : n < 100 ? "0" : "") + std::to_string(n);
  }
}

ImportOutcome imported(const ir::Mesh& incoming, const std::vector<uint8_t>& donor) {
  ir::Result<gltf::Written> glb = gltf::write(incoming);
  EXPECT_TRUE(glb.ok());
  if (!glb.ok()) return {};
  GltfInput in;
  in.data = glb->glb.data();
  in.size = glb->glb.size();
  return import_mesh(in, donor.data(), donor.size(), ImportOptions{});
}

size_t used_vertices(const ir::Mesh& m) {
  return std::set<uint32_t>(m.indices.begin(), m.indices.end()).size();
}

TEST(BlenderSplit, TwoPaletteRangesOfOneMaterialSplitPerCornerComeBackAsTheDonor) {
  const std::vector<uint8_t> donor = donor_bytes("sws/skinned_palettes_one_material.mesh");
  const ir::Mesh d = decoded(donor);
  ASSERT_EQ(d.primitives.size(), 3u);
  ASSERT_EQ(d.materials[0].name, d.materials[1].name);  // one id, two ranges and palettes
  ir::Mesh in = as_blender_exports(d, true);
  as_blender_names_materials(in);
  EXPECT_EQ(in.vertex_count, d.indices.size());  // every corner its own vertex
  EXPECT_EQ(in.materials[1].name, d.materials[0].name + ".001");
  const ImportOutcome out = imported(in, donor);
  ASSERT_FALSE(out.error) << out.error->to_string();
  EXPECT_EQ(out.summary["vertices_new"], 0);
  EXPECT_TRUE(out.bytes == donor);
}

TEST(BlenderSplit, RangesOfOneMaterialWithSubMeshesKeepTheirTopology) {
  const std::vector<uint8_t> donor =
      donor_bytes("sws/skinned_palettes_one_material_submeshes.mesh");
  const ir::Mesh d = decoded(donor);
  ASSERT_EQ(d.materials[0].name, d.materials[1].name);
  ir::Mesh in = as_blender_exports(d, true);
  as_blender_names_materials(in);
  const ImportOutcome out = imported(in, donor);
  ASSERT_FALSE(out.error) << out.error->to_string();  // not IMPORT_SWS_SUBMESH_TOPOLOGY
  EXPECT_TRUE(out.bytes == donor);
}

TEST(BlenderSplit, CopiesOfAVertexTakeItNotItsNeighbourOneWeightUnitAway) {
  const std::vector<uint8_t> donor = donor_bytes("sws/skinned_palettes_weight_apart.mesh");
  const ir::Mesh in = as_blender_exports(decoded(donor), true);
  const ImportOutcome out = imported(in, donor);
  ASSERT_FALSE(out.error) << out.error->to_string();
  EXPECT_EQ(out.summary["vertices"], decoded(donor).vertex_count);
  EXPECT_TRUE(out.bytes == donor);
}

TEST(BlenderSplit, UnusedVerticesBlenderDropsComeBackAsTheDonorStoresThem) {
  const std::vector<uint8_t> donor = donor_bytes("sws/skinned_palettes_unreferenced.mesh");
  const ir::Mesh d = decoded(donor);
  const ir::Mesh in = as_blender_exports(d, false);
  EXPECT_EQ(in.vertex_count, d.vertex_count - 2);  // the last range's two unused ones gone
  EXPECT_EQ(used_vertices(in), in.vertex_count);
  const ImportOutcome out = imported(in, donor);
  ASSERT_FALSE(out.error) << out.error->to_string();
  EXPECT_EQ(out.summary["vertices"], d.vertex_count);
  EXPECT_TRUE(out.bytes == donor);
}

TEST(BlenderSplit, OneSubMeshWithUnusedVerticesKeepsItsTopologyWhenSplitAndDropped) {
  const std::vector<uint8_t> donor = donor_bytes("sws/unknown_category_submesh_unreferenced.mesh");
  const ir::Mesh d = decoded(donor);
  ASSERT_EQ(d.primitives.size(), 1u);
  ASSERT_EQ(used_vertices(d), d.vertex_count - 2);
  for (const bool split : {false, true}) {
    const ir::Mesh in = as_blender_exports(d, split);
    EXPECT_EQ(in.vertex_count, split ? d.indices.size() : d.vertex_count - 2);
    const ImportOutcome out = imported(in, donor);
    ASSERT_FALSE(out.error) << out.error->to_string();  // not IMPORT_SWS_SUBMESH_TOPOLOGY
    EXPECT_TRUE(out.bytes == donor) << "split " << split;
  }
}

TEST(BlenderSplit, AMovedCopyIsStillAnEdit) {
  // The same donor, one corner copy moved: the edit is seen, the rest kept.
  const std::vector<uint8_t> donor = donor_bytes("sws/skinned_palettes_unreferenced.mesh");
  ir::Mesh in = as_blender_exports(decoded(donor), true);
  in.find("POSITION")->f32[2] += 0.25f;
  const ImportOutcome out = imported(in, donor);
  ASSERT_FALSE(out.error) << out.error->to_string();
  EXPECT_FALSE(out.bytes == donor);
  EXPECT_GE(out.summary["vertices_new"].get<int>(), 1);
}

}  // namespace
}  // namespace f2g::import
