// The SWS rebuild (formats/sws/rebuild.h): identity on every committed sample through the full
// recompute path (also shuffled, rotated, without normals), edits that decode strictly with
// the geometry they asked for, and hostile incoming meshes refused with IMPORT_ codes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <numeric>
#include <random>
#include <set>

#include "formats/sws/mesh_builder.h"
#include "formats/sws/rebuild.h"
#include "formats/sws/sws.h"
#include "tests/support/sample_files.h"
#include "tests/support/sws_test_util.h"

namespace f2g::sws {
namespace {

using test::codes;
using test::decode_copy;

std::vector<uint8_t> file_bytes(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

std::vector<std::filesystem::path> sws_samples() {
  std::vector<std::filesystem::path> out;
  for (const auto& p : f2g::test::sample_mesh_paths())
    if (p.parent_path().filename() == "sws") out.push_back(p);
  return out;
}

ir::Mesh ir_of(const std::vector<uint8_t>& bytes) {
  Result<Decoded> d = decode_copy(bytes);
  EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().to_string());
  return d.ok() ? d->mesh : ir::Mesh{};
}

Result<Rebuilt> run(const std::vector<uint8_t>& donor, ir::Mesh mesh, RebuildOptions o = {}) {
  RebuildInput in;
  in.donor = donor.data();
  in.donor_size = donor.size();
  in.mesh = std::move(mesh);
  in.options = o;
  return kFormat.rebuild(in);
}

// The rebuilt bytes decoded strictly (every Proven relation holds), and no warning.
ir::Mesh strict(const Result<Rebuilt>& r) {
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
  if (!r.ok()) return {};
  Result<Decoded> d = decode_copy(r->bytes);
  EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().to_string());
  if (!d.ok()) return {};
  EXPECT_TRUE(d->mesh.warnings.empty()) << ::testing::PrintToString(codes(d->mesh.warnings));
  return d->mesh;
}

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

// Every attribute, morph target and index permuted: new vertex k is old vertex perm[k].
ir::Mesh permuted(const ir::Mesh& m, const std::vector<uint32_t>& perm) {
  ir::Mesh out = m;
  std::vector<uint32_t> where(perm.size());
  for (uint32_t k = 0; k < perm.size(); ++k) where[perm[k]] = k;
  const auto shuffle = [&](auto& values, size_t w) {
    auto copy = values;
    for (size_t k = 0; k < perm.size(); ++k)
      for (size_t c = 0; c < w; ++c) values[k * w + c] = copy[perm[k] * w + c];
  };
  for (ir::Attribute& a : out.attributes) {
    shuffle(a.f32, a.f32.empty() ? 0 : a.width);
    shuffle(a.u8, a.u8.empty() ? 0 : a.width);
    shuffle(a.u16, a.u16.empty() ? 0 : a.width);
  }
  for (ir::MorphTarget& t : out.morph_targets) {
    shuffle(t.positions, 3);
    shuffle(t.normals, t.normals.empty() ? 0 : 3);
    for (ir::Attribute& a : t.others) {
      shuffle(a.f32, a.f32.empty() ? 0 : a.width);
      shuffle(a.u8, a.u8.empty() ? 0 : a.width);
    }
  }
  for (uint32_t& i : out.indices) i = where[i];
  for (ir::Primitive& p : out.primitives) {
    p.first_vertex = 0;
    p.vertex_count = m.vertex_count;
  }
  return out;
}

ir::Mesh rotated(ir::Mesh m) {
  for (size_t t = 0; t + 3 <= m.indices.size(); t += 3)
    std::rotate(m.indices.begin() + t, m.indices.begin() + t + 1 + (t / 3) % 2,
                m.indices.begin() + t + 3);
  return m;
}

void erase(ir::Mesh& m, const std::string& semantic) {
  m.attributes.erase(std::remove_if(m.attributes.begin(), m.attributes.end(),
                                    [&](const ir::Attribute& a) { return a.semantic == semantic; }),
                     m.attributes.end());
}

// `m` with vertex indices[corner] copied to a new last vertex that the corner then names, as
// a tool splits a vertex at a seam (every attribute and morph target value copied).
ir::Mesh with_split_corner(ir::Mesh m, size_t corner) {
  const uint32_t v = m.indices[corner];
  const auto copy = [v](auto& values, size_t w) {
    for (size_t c = 0; c < w; ++c) values.push_back(values[size_t(v) * w + c]);
  };
  const auto copy_attribute = [&](ir::Attribute& a) {
    if (!a.f32.empty()) copy(a.f32, a.width);
    if (!a.u8.empty()) copy(a.u8, a.width);
    if (!a.u16.empty()) copy(a.u16, a.width);
  };
  for (ir::Attribute& a : m.attributes) copy_attribute(a);
  for (ir::MorphTarget& t : m.morph_targets) {
    copy(t.positions, 3);
    if (!t.normals.empty()) copy(t.normals, 3);
    for (ir::Attribute& a : t.others) copy_attribute(a);
  }
  m.indices[corner] = m.vertex_count++;
  for (ir::Primitive& p : m.primitives) {
    p.first_vertex = 0;
    p.vertex_count = m.vertex_count;
  }
  return m;
}

// ---- identity ----------------------------------------------------------------------------

TEST(SwsRebuild, IdentityOnEverySampleIsByteIdentical) {
  ASSERT_EQ(sws_samples().size(), 5u);
  for (const auto& path : sws_samples()) {
    const std::vector<uint8_t> donor = file_bytes(path);
    const ir::Mesh mesh = ir_of(donor);
    Result<Rebuilt> r = run(donor, mesh);
    ASSERT_TRUE(r.ok()) << path << ": " << r.error().to_string();
    EXPECT_TRUE(r->bytes == donor) << path;
    EXPECT_TRUE(r->warnings.empty()) << path;
    EXPECT_TRUE(r->summary.donor_order) << path;
    EXPECT_EQ(r->summary.vertices, mesh.vertex_count) << path;
    EXPECT_EQ(r->summary.vertices_kept, mesh.vertex_count) << path;
    EXPECT_EQ(r->summary.vertices_new, 0u) << path;
    EXPECT_EQ(r->summary.triangles, mesh.indices.size() / 3) << path;
    EXPECT_EQ(r->summary.details["order"], "donor") << path;
  }
}

// The identity is the recomputation's, not a copy: a donor whose derived words the rebuild
// recomputes differently would not come back (here: the palette tail, sized from the palettes).
TEST(SwsRebuild, IdentityRecomputesTheDerivedWords) {
  Mesh m = test::sample_mesh("skinned_palettes");
  const std::vector<uint8_t> donor = encode(m);
  ir::Mesh mesh = ir_of(donor);
  Result<Rebuilt> r = run(donor, mesh);
  ASSERT_TRUE(r.ok());
  Result<Mesh> back = decode_structure(r->bytes.data(), r->bytes.size(), {});
  ASSERT_TRUE(back.ok());
  Mesh expect = m;
  update_derived(expect);
  EXPECT_EQ(back->data_length, expect.data_length);
  EXPECT_EQ(back->compiled.total, expect.compiled.total);
  EXPECT_EQ(r->summary.details["second_partition"], "one_over_all");
  EXPECT_EQ(test::sample_mesh("lit_two_uv").compiled.ranges_b.size(), 1u);
  Result<Rebuilt> mirror =
      run(test::sample_bytes("static_materials"), ir_of(test::sample_bytes("static_materials")));
  ASSERT_TRUE(mirror.ok());
  EXPECT_EQ(mirror->summary.details["second_partition"], "mirror");
}

TEST(SwsRebuild, ShuffledAndRotatedIncomingRestoresTheDonorOrder) {
  for (const auto& path : sws_samples()) {
    const std::vector<uint8_t> donor = file_bytes(path);
    const ir::Mesh mesh = ir_of(donor);
    std::vector<uint32_t> perm(mesh.vertex_count);
    std::iota(perm.begin(), perm.end(), 0u);
    std::mt19937 rng(7);
    std::shuffle(perm.begin(), perm.end(), rng);
    Result<Rebuilt> r = run(donor, rotated(permuted(mesh, perm)));
    ASSERT_TRUE(r.ok()) << path << ": " << r.error().to_string();
    EXPECT_TRUE(r->bytes == donor) << path;
    EXPECT_TRUE(r->summary.donor_order) << path;
    EXPECT_EQ(r->summary.vertices_kept, mesh.vertex_count) << path;
  }
}

TEST(SwsRebuild, SplitCopiesOfDonorVerticesRestoreTheDonorOrder) {
  // Blender's export splits a vertex into copies at seams: the vertex sets are still the
  // donor's, and so is the order the rebuild writes.
  for (const auto& path : sws_samples()) {
    const std::vector<uint8_t> donor = file_bytes(path);
    const ir::Mesh mesh = ir_of(donor);
    // Two corners whose vertex other triangles name too (so the original stays in use).
    std::vector<uint32_t> uses(mesh.vertex_count, 0);
    for (uint32_t i : mesh.indices) ++uses[i];
    std::vector<size_t> shared;
    for (size_t k = 0; k < mesh.indices.size(); ++k)
      if (uses[mesh.indices[k]] > 1) shared.push_back(k);
    ASSERT_GE(shared.size(), 2u) << path;
    const ir::Mesh split =
        with_split_corner(with_split_corner(mesh, shared.front()), shared.back());
    Result<Rebuilt> r = run(donor, rotated(split));
    ASSERT_TRUE(r.ok()) << path << ": " << r.error().to_string();
    EXPECT_TRUE(r->bytes == donor) << path;
    EXPECT_TRUE(r->summary.donor_order) << path;
    EXPECT_EQ(r->summary.vertices, mesh.vertex_count) << path;
    EXPECT_EQ(r->summary.vertices_kept, mesh.vertex_count) << path;
  }
}

TEST(SwsRebuild, WithoutNormalsTheDonorBytesStillWin) {
  for (const auto& path : sws_samples()) {
    const std::vector<uint8_t> donor = file_bytes(path);
    ir::Mesh mesh = ir_of(donor);
    erase(mesh, "NORMAL");
    Result<Rebuilt> r = run(donor, mesh);
    ASSERT_TRUE(r.ok()) << path;
    EXPECT_TRUE(r->bytes == donor) << path;
  }
}

// ---- edits -------------------------------------------------------------------------------

TEST(SwsRebuild, PositionsScaledByTwo) {
  for (const auto& path : sws_samples()) {
    const std::vector<uint8_t> donor = file_bytes(path);
    const ir::Mesh mesh = ir_of(donor);
    ir::Mesh edit = mesh;
    for (float& f : edit.find("POSITION")->f32) f *= 2;
    for (ir::MorphTarget& t : edit.morph_targets)
      for (float& f : t.positions) f *= 2;
    Result<Rebuilt> r = run(donor, edit);
    const ir::Mesh back = strict(r);
    ASSERT_EQ(back.vertex_count, mesh.vertex_count) << path;
    // float32 positions: no quantisation step, the doubled values come back exactly.
    const std::vector<float>& p = back.find("POSITION")->f32;
    const std::vector<float>& want = edit.find("POSITION")->f32;
    for (size_t i = 0; i < p.size(); ++i) ASSERT_EQ(bits(p[i]), bits(want[i])) << path << " " << i;
    ASSERT_EQ(back.morph_targets.size(), mesh.morph_targets.size());
    for (size_t k = 0; k < back.morph_targets.size(); ++k)
      EXPECT_EQ(back.morph_targets[k].positions, edit.morph_targets[k].positions);
    EXPECT_EQ(back.indices, mesh.indices) << path;
    EXPECT_TRUE(r->summary.donor_order) << path;
    uint64_t at_origin = 0;  // 2 x 0 is 0: those vertices are unedited and kept
    for (uint32_t v = 0; v < mesh.vertex_count; ++v)
      at_origin += want[v * 3] == 0 && want[v * 3 + 1] == 0 && want[v * 3 + 2] == 0;
    EXPECT_EQ(r->summary.vertices_kept, at_origin) << path;
    EXPECT_EQ(r->summary.vertices_new, mesh.vertex_count - at_origin) << path;
    EXPECT_EQ(r->summary.details["order"], "donor_by_number") << path;
  }
}

TEST(SwsRebuild, OneMaterialsTrianglesDeleted) {
  const std::vector<uint8_t>& donor = test::sample_bytes("static_materials");
  const ir::Mesh mesh = ir_of(donor);
  ASSERT_EQ(mesh.primitives.size(), 3u);
  ir::Mesh edit = mesh;
  const uint32_t gone = edit.primitives[1].index_count / 3;
  edit.primitives.erase(edit.primitives.begin() + 1);
  Result<Rebuilt> r = run(donor, edit);
  const ir::Mesh back = strict(r);
  EXPECT_EQ(codes(r->warnings), std::vector<std::string>{"IMPORT_MATERIAL_DROPPED"});
  ASSERT_EQ(back.primitives.size(), 2u);
  ASSERT_EQ(back.materials.size(), 2u);  // spec: one material per range
  EXPECT_EQ(back.materials[0].name, mesh.materials[0].name);
  EXPECT_EQ(back.materials[1].name, mesh.materials[2].name);
  EXPECT_EQ(back.indices.size() / 3, mesh.indices.size() / 3 - gone);
  // The vertices the remaining triangles name (the capsule's ranges hold a few unused ones).
  std::set<uint32_t> used;
  for (size_t p : {size_t(0), size_t(2)})
    for (uint32_t i = 0; i < mesh.primitives[p].index_count; ++i)
      used.insert(mesh.indices[mesh.primitives[p].first_index + i]);
  EXPECT_EQ(back.vertex_count, used.size());
  EXPECT_EQ(r->summary.vertices_kept, back.vertex_count);
  EXPECT_EQ(r->summary.details["vertices_unused"], mesh.vertex_count - used.size());
  Result<Mesh> st = decode_structure(r->bytes.data(), r->bytes.size(), {});
  ASSERT_TRUE(st.ok());
  EXPECT_EQ(st->compiled.ranges_b.size(), 2u);  // the mirror policy follows the first partition
  // Kept vertices keep their bytes: each written vertex is a donor vertex, byte for byte.
  const Mesh dm = test::sample_mesh("static_materials");
  const uint32_t stride = dm.compiled.stride;
  std::set<std::vector<uint8_t>> donor_vertices;
  for (size_t v = 0; v * stride < dm.compiled.streams.size(); ++v)
    donor_vertices.insert(
        {dm.compiled.streams.begin() + v * stride, dm.compiled.streams.begin() + (v + 1) * stride});
  for (size_t v = 0; v * stride < st->compiled.streams.size(); ++v)
    ASSERT_TRUE(donor_vertices.count({st->compiled.streams.begin() + v * stride,
                                      st->compiled.streams.begin() + (v + 1) * stride}))
        << v;
}

// A second partition of groups of consecutive first ranges: (0, 1) and (2).
TEST(SwsRebuild, SecondPartitionGroupsFollowTheFirst) {
  Mesh m = test::sample_mesh("static_materials");
  const std::vector<Range> a = m.compiled.ranges_a;
  Range g01 = m.compiled.ranges_b[0];
  g01.first_vertex = a[0].first_vertex;
  g01.vertex_count = a[0].vertex_count + a[1].vertex_count;
  g01.triangle_count = a[0].triangle_count + a[1].triangle_count;
  m.compiled.ranges_b = {g01, m.compiled.ranges_b[2]};
  update_derived(m);
  const std::vector<uint8_t> donor = encode(m);
  const ir::Mesh mesh = ir_of(donor);
  Result<Rebuilt> same = run(donor, mesh);
  ASSERT_TRUE(same.ok());
  EXPECT_TRUE(same->bytes == donor);
  EXPECT_EQ(same->summary.details["second_partition"], "groups");
  ir::Mesh edit = mesh;
  edit.primitives.erase(edit.primitives.begin());  // material 0 gone: group (0, 1) keeps 1
  Result<Rebuilt> r = run(donor, edit);
  strict(r);
  Result<Mesh> st = decode_structure(r->bytes.data(), r->bytes.size(), {});
  ASSERT_TRUE(st.ok());
  ASSERT_EQ(st->compiled.ranges_a.size(), 2u);
  ASSERT_EQ(st->compiled.ranges_b.size(), 2u);
  EXPECT_EQ(st->compiled.ranges_b[0].triangle_count, a[1].triangle_count);
  EXPECT_EQ(st->compiled.ranges_b[0].unknown_0x14, g01.unknown_0x14);
  EXPECT_EQ(st->compiled.ranges_b[1].triangle_count, a[2].triangle_count);
}

TEST(SwsRebuild, TrianglesAddedWithNewVertices) {
  const std::vector<uint8_t>& donor = test::sample_bytes("lit_two_uv");
  const ir::Mesh mesh = ir_of(donor);
  ir::Mesh edit = mesh;
  // Three new vertices: copies of vertices 0..2 moved up by 3, one new triangle on material 0.
  const uint32_t n = edit.vertex_count;
  for (ir::Attribute& a : edit.attributes)
    for (uint32_t v = 0; v < 3; ++v)
      for (size_t c = 0; c < a.width; ++c) {
        if (a.type == ir::Scalar::F32) a.f32.push_back(a.f32[v * a.width + c]);
        if (a.type == ir::Scalar::U8) a.u8.push_back(a.u8[v * a.width + c]);
        if (a.type == ir::Scalar::U16) a.u16.push_back(a.u16[v * a.width + c]);
      }
  edit.vertex_count = n + 3;
  for (uint32_t v = 0; v < 3; ++v) edit.find("POSITION")->f32[(n + v) * 3 + 2] += 3;
  ir::Primitive p = edit.primitives[0];
  p.first_index = uint32_t(edit.indices.size());
  p.index_count = 3;
  edit.indices.insert(edit.indices.end(), {n, n + 1, n + 2});
  edit.primitives.push_back(p);
  Result<Rebuilt> r = run(donor, edit);
  const ir::Mesh back = strict(r);
  EXPECT_EQ(back.vertex_count, n + 3);
  EXPECT_EQ(back.indices.size(), mesh.indices.size() + 3);
  EXPECT_EQ(r->summary.vertices_new, 3u);
  EXPECT_EQ(r->summary.vertices_kept, n);
  EXPECT_FALSE(r->summary.donor_order);
  // The new vertices close range 0 (grouped by range): positions as asked.
  const uint32_t at = mesh.primitives[0].vertex_count;
  const std::vector<float>& pos = back.find("POSITION")->f32;
  for (uint32_t v = 0; v < 3; ++v)
    for (size_t c = 0; c < 3; ++c)
      EXPECT_EQ(pos[(at + v) * 3 + c], edit.find("POSITION")->f32[(n + v) * 3 + c]);
  EXPECT_EQ(back.primitives[0].index_count, mesh.primitives[0].index_count + 3);
  // The w bytes and the second UV set the new vertices cannot get from glTF: their donor's.
  EXPECT_EQ(r->summary.details["fields_from_donor_vertex"], 0u);  // all carried by the IR
}

TEST(SwsRebuild, SixInfluencesAreCappedToFour) {
  const std::vector<uint8_t>& donor = test::sample_bytes("skinned_palettes");
  const ir::Mesh mesh = ir_of(donor);
  ir::Mesh edit = mesh;
  const uint32_t n = edit.vertex_count;
  ir::Attribute j1 = ir::u8_attribute("JOINTS_1", 4, false, std::vector<uint8_t>(n * 4, 0));
  ir::Attribute w1 = ir::f32_attribute("WEIGHTS_1", 4, std::vector<float>(n * 4, 0));
  ir::Attribute& j0 = *edit.find("JOINTS_0");
  ir::Attribute w0 = ir::f32_attribute("WEIGHTS_0", 4, std::vector<float>(n * 4, 0));
  for (uint32_t v = 0; v < n; ++v)
    for (size_t c = 0; c < 4; ++c) w0.f32[v * 4 + c] = float(mesh.find("WEIGHTS_0")->get(v, c));
  // Vertex 0: joints 0..5 weighted .30 .25 .20 .10 .10 .05.
  const float w[6] = {0.30f, 0.25f, 0.20f, 0.10f, 0.10f, 0.05f};
  for (size_t c = 0; c < 4; ++c) {
    j0.u8[c] = uint8_t(c);
    w0.f32[c] = w[c];
  }
  j1.u8[0] = 4, j1.u8[1] = 5;
  w1.f32[0] = w[4], w1.f32[1] = w[5];
  erase(edit, "WEIGHTS_0");
  edit.attributes.push_back(w0);
  edit.attributes.push_back(j1);
  edit.attributes.push_back(w1);
  Result<Rebuilt> r = run(donor, edit);
  const ir::Mesh back = strict(r);
  EXPECT_EQ(codes(r->warnings), std::vector<std::string>{"IMPORT_INFLUENCES_DROPPED"});
  EXPECT_EQ(r->summary.influences_dropped, 2u);
  const ir::Attribute* bj = back.find("JOINTS_0");
  const ir::Attribute* bw = back.find("WEIGHTS_0");
  ASSERT_TRUE(bj && bw);
  std::set<uint16_t> joints;
  int sum = 0;
  for (size_t c = 0; c < 4; ++c) {
    joints.insert(uint16_t(bj->get(0, c)));
    sum += bw->u8[c];
  }
  EXPECT_EQ(joints, (std::set<uint16_t>{0, 1, 2, 3}));
  EXPECT_EQ(sum, 255);
  EXPECT_EQ(r->summary.vertices_new, 1u);
  // Every other vertex resolves to its donor bones.
  for (uint32_t v = 1; v < n; ++v)
    for (size_t c = 0; c < 4; ++c) ASSERT_EQ(bj->get(v, c), mesh.find("JOINTS_0")->get(v, c)) << v;
}

// 40 bones on one material: the range splits in ranges of at most 32 palette entries.
TEST(SwsRebuild, FortyBonesOnOneMaterialSplitTheRange) {
  Mesh m = test::sample_mesh("skinned_palettes");
  while (m.bones.size() < 40) {
    MeshBone b = m.bones[0];
    b.id = 0x7000 + uint32_t(m.bones.size());
    b.name_hash = 0x9000 + uint32_t(m.bones.size());
    m.bones.push_back(b);
  }
  const std::vector<uint8_t> donor = encode(m);
  const ir::Mesh mesh = ir_of(donor);
  ir::Mesh edit = mesh;
  ir::Attribute& j = *edit.find("JOINTS_0");
  ir::Attribute& w = *edit.find("WEIGHTS_0");
  const ir::Primitive& p0 = edit.primitives[0];
  for (uint32_t v = p0.first_vertex; v < p0.first_vertex + p0.vertex_count; ++v)
    for (size_t c = 0; c < 4; ++c) {
      j.u8[v * 4 + c] = c == 0 ? uint8_t(v % 40) : 0;
      w.u8[v * 4 + c] = c == 0 ? 255 : 0;
    }
  Result<Rebuilt> r = run(donor, edit);
  const ir::Mesh back = strict(r);
  EXPECT_EQ(codes(r->warnings), std::vector<std::string>{"IMPORT_SWS_RANGE_SPLIT"});
  EXPECT_GT(back.primitives.size(), mesh.primitives.size());
  EXPECT_EQ(back.materials.size(), back.primitives.size());
  EXPECT_EQ(back.indices.size(), mesh.indices.size());
  Result<Mesh> st = decode_structure(r->bytes.data(), r->bytes.size(), {});
  ASSERT_TRUE(st.ok());
  for (const Palette& p : st->compiled.palettes) EXPECT_LE(p.bones.size(), 32u);
  // Every vertex keeps its bone: each new vertex's (position, joint) is an incoming one's.
  std::set<std::pair<std::array<uint32_t, 3>, uint16_t>> want;
  const ir::Attribute* ep = edit.find("POSITION");
  for (uint32_t v = 0; v < edit.vertex_count; ++v)
    want.insert({{bits(ep->f32[v * 3]), bits(ep->f32[v * 3 + 1]), bits(ep->f32[v * 3 + 2])},
                 uint16_t(j.get(v, 0))});
  const ir::Attribute* bp = back.find("POSITION");
  const ir::Attribute* bj = back.find("JOINTS_0");
  for (uint32_t v = 0; v < back.vertex_count; ++v)
    ASSERT_TRUE(
        want.count({{bits(bp->f32[v * 3]), bits(bp->f32[v * 3 + 1]), bits(bp->f32[v * 3 + 2])},
                    uint16_t(bj->get(v, 0))}))
        << v;
}

TEST(SwsRebuild, PastSixtyFiveThousandVerticesIsAnError) {
  const std::vector<uint8_t>& donor = test::sample_bytes("static_materials");
  ir::Mesh edit;
  edit.vertex_count = 65538;
  std::vector<float> pos(size_t(edit.vertex_count) * 3);
  for (size_t i = 0; i < pos.size(); ++i) pos[i] = float(i);
  edit.attributes.push_back(ir::f32_attribute("POSITION", 3, pos));
  for (uint32_t v = 0; v < edit.vertex_count; ++v) edit.indices.push_back(v);
  ir::Primitive p;
  p.index_count = uint32_t(edit.indices.size());
  edit.primitives.push_back(p);
  Result<Rebuilt> r = run(donor, edit);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "IMPORT_TOO_LARGE");
  EXPECT_NE(r.error().message.find("65538"), std::string::npos) << r.error().message;
}

TEST(SwsRebuild, MovedVerticesOnSubMeshesRewriteTheirRuns) {
  const std::vector<uint8_t>& donor = test::sample_bytes("morph_submeshes");
  const ir::Mesh mesh = ir_of(donor);
  ir::Mesh edit = mesh;
  std::vector<float>& pos = edit.find("POSITION")->f32;
  for (uint32_t v = 0; v < 20; ++v) pos[v * 3 + 2] += 0.5f;
  Result<Rebuilt> r = run(donor, edit);
  const ir::Mesh back = strict(r);  // SubMesh positions and triangles: Proven, checked
  EXPECT_EQ(back.find("POSITION")->f32, pos);
  EXPECT_EQ(r->summary.details["submeshes"]["after"], 2u);
  EXPECT_EQ(r->summary.details["submeshes"]["vertices_rewritten"], 20u);
  Result<Mesh> st = decode_structure(r->bytes.data(), r->bytes.size(), {});
  ASSERT_TRUE(st.ok());
  std::set<std::array<uint32_t, 3>> sub;
  for (const SubMeshEntry& e : st->submeshes)
    for (const Float3& p : e.submesh.positions) sub.insert({bits(p[0]), bits(p[1]), bits(p[2])});
  for (uint32_t v = 0; v < 20; ++v)
    EXPECT_TRUE(sub.count({bits(pos[v * 3]), bits(pos[v * 3 + 1]), bits(pos[v * 3 + 2])})) << v;
}

TEST(SwsRebuild, MovedMorphTargetFollowsInStreamAndChannel) {
  const std::vector<uint8_t>& donor = test::sample_bytes("morph_submeshes");
  const ir::Mesh mesh = ir_of(donor);
  ASSERT_EQ(mesh.morph_targets.size(), 2u);
  ir::Mesh edit = mesh;
  for (size_t i = 2; i < edit.morph_targets[0].positions.size(); i += 3)
    edit.morph_targets[0].positions[i] += 0.25f;
  Result<Rebuilt> r = run(donor, edit);
  const ir::Mesh back = strict(r);  // morph channel positions equal the stream: no warning
  EXPECT_EQ(back.morph_targets[0].positions, edit.morph_targets[0].positions);
  EXPECT_EQ(back.morph_targets[1].positions, mesh.morph_targets[1].positions);
  EXPECT_EQ(back.find("POSITION")->f32, mesh.find("POSITION")->f32);
  EXPECT_EQ(r->summary.vertices_kept, mesh.vertex_count);
}

TEST(SwsRebuild, TopologyEditOfSubMeshMeshIsAnErrorUnlessDropped) {
  const std::vector<uint8_t>& donor = test::sample_bytes("morph_submeshes");
  ir::Mesh edit = ir_of(donor);
  edit.primitives[1].index_count -= 3;  // one triangle fewer
  Result<Rebuilt> r = run(donor, edit);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "IMPORT_SWS_SUBMESH_TOPOLOGY");
  RebuildOptions drop;
  drop.drop_submeshes = true;
  Result<Rebuilt> d = run(donor, edit, drop);
  const ir::Mesh back = strict(d);
  EXPECT_EQ(codes(d->warnings), std::vector<std::string>{"IMPORT_SWS_SUBMESHES_DROPPED"});
  EXPECT_FALSE(back.extras.contains("submeshes"));
  EXPECT_TRUE(back.morph_targets.empty());  // spec: s is 0 without SubMeshes
  EXPECT_EQ(back.indices.size(), edit.indices.size() - 3);
}

// ---- hostile incoming meshes ---------------------------------------------------------------

std::string error_code(const ir::Mesh& edit) {
  Result<Rebuilt> r = run(test::sample_bytes("skinned_palettes"), edit);
  return r.ok() ? "ok" : r.error().code;
}

TEST(SwsRebuild, HostileIncomingMeshesAreErrors) {
  const ir::Mesh mesh = ir_of(test::sample_bytes("skinned_palettes"));
  ir::Mesh e = mesh;
  e.indices[5] = mesh.vertex_count;
  EXPECT_EQ(error_code(e), "IMPORT_INDEX_OUT_OF_RANGE");
  e = mesh;
  e.find("TEXCOORD_0")->f32.pop_back();
  EXPECT_EQ(error_code(e), "IMPORT_ATTRIBUTE_SIZE");
  e = mesh;
  erase(e, "POSITION");
  EXPECT_EQ(error_code(e), "IMPORT_NO_POSITION");
  e = mesh;
  e.primitives[0].material = 3;
  EXPECT_EQ(error_code(e), "IMPORT_MATERIAL_OUT_OF_RANGE");
  e = mesh;
  e.primitives[2].index_count += 3;
  EXPECT_EQ(error_code(e), "IMPORT_PRIMITIVE_RANGE");
  e = mesh;
  e.find("JOINTS_0")->u8[0] = 9;
  e.find("WEIGHTS_0")->u8[0] = 255;
  EXPECT_EQ(error_code(e), "IMPORT_JOINT_OUT_OF_RANGE");
  e = mesh;
  e.find("JOINTS_0")->u8[0] = 200;  // a zero weight's joint must still be a joint number
  e.find("WEIGHTS_0")->u8[0] = 0;
  EXPECT_EQ(error_code(e), "ok");
  e = mesh;
  *e.find("WEIGHTS_0") = ir::f32_attribute(
      "WEIGHTS_0", 4, std::vector<float>(size_t(mesh.vertex_count) * 4, std::nanf("")));
  EXPECT_EQ(error_code(e), "IMPORT_NOT_FINITE");  // every float attribute's values first
  e = mesh;
  *e.find("WEIGHTS_0") =
      ir::f32_attribute("WEIGHTS_0", 4, std::vector<float>(size_t(mesh.vertex_count) * 4, -0.25f));
  EXPECT_EQ(error_code(e), "IMPORT_BAD_WEIGHT");
  e = mesh;
  *e.find("JOINTS_0") = ir::f32_attribute(
      "JOINTS_0", 4, std::vector<float>(size_t(mesh.vertex_count) * 4, std::nanf("")));
  EXPECT_EQ(error_code(e), "IMPORT_NOT_FINITE");
  e = mesh;
  *e.find("JOINTS_0") =
      ir::f32_attribute("JOINTS_0", 4, std::vector<float>(size_t(mesh.vertex_count) * 4, 70000.0f));
  EXPECT_EQ(error_code(e), "IMPORT_JOINT_OUT_OF_RANGE");  // no joint number, weighted or not
  e = mesh;
  e.morph_targets.push_back({});
  e.morph_targets.back().name = "extra";
  EXPECT_EQ(error_code(e), "IMPORT_SWS_MORPH_TARGETS_MISMATCH");
  e = mesh;
  e.vertex_count = 0xFFFFFFFFu;  // counts from the incoming mesh: no allocation from it
  EXPECT_EQ(error_code(e), "IMPORT_ATTRIBUTE_SIZE");
  e = ir::Mesh{};
  EXPECT_EQ(error_code(e), "IMPORT_NO_POSITION");
  const std::vector<uint8_t> broken(test::sample_bytes("skinned_palettes").begin(),
                                    test::sample_bytes("skinned_palettes").end() - 1);
  Result<Rebuilt> r = run(broken, mesh);
  ASSERT_FALSE(r.ok());  // the donor's own decode error
  EXPECT_EQ(r.error().code.rfind("SWS_", 0), 0u) << r.error().code;
}

// Random edits of every sample's IR (indices, materials, values, triangles dropped or
// repeated): each rebuild is refused with an IMPORT_ code or decodes strictly.
TEST(SwsRebuild, RandomEditsAreRefusedOrDecodeStrictly) {
  std::mt19937 rng(1234);
  size_t refused = 0, rebuilt = 0;
  for (const auto& path : sws_samples()) {
    const std::vector<uint8_t> donor = file_bytes(path);
    const ir::Mesh mesh = ir_of(donor);
    for (int round = 0; round < 40; ++round) {
      ir::Mesh e = mesh;
      const auto pick = [&](size_t n) { return n ? size_t(rng() % n) : 0; };
      for (int k = 0, edits = 1 + int(rng() % 4); k < edits; ++k) {
        switch (rng() % 7) {
          case 0:
            if (!e.indices.empty())
              e.indices[pick(e.indices.size())] = uint32_t(pick(e.vertex_count + 2));
            break;
          case 1:
            if (!e.primitives.empty())
              e.primitives[pick(e.primitives.size())].material = uint32_t(pick(4));
            break;
          case 2: {
            ir::Attribute& a = e.attributes[pick(e.attributes.size())];
            if (a.type == ir::Scalar::F32 && !a.f32.empty())
              a.f32[pick(a.f32.size())] = rng() % 2 ? std::nanf("") : 1e30f;
            if (a.type == ir::Scalar::U8 && !a.u8.empty()) a.u8[pick(a.u8.size())] = uint8_t(rng());
            break;
          }
          case 3:
            if (!e.primitives.empty()) {
              ir::Primitive& p = e.primitives[pick(e.primitives.size())];
              p.index_count -= p.index_count >= 3 ? 3 : 0;
            }
            break;
          case 4:
            if (!e.primitives.empty())
              e.primitives.push_back(e.primitives[pick(e.primitives.size())]);
            break;
          case 5:
            for (float& f : e.find("POSITION")->f32) f += 0.01f;
            break;
          case 6:
            if (!e.morph_targets.empty())
              e.morph_targets[pick(e.morph_targets.size())].positions[0] += 1;
            break;
        }
      }
      RebuildOptions o;
      o.drop_submeshes = rng() % 2;
      Result<Rebuilt> r = run(donor, e, o);
      if (!r.ok()) {
        EXPECT_EQ(r.error().code.rfind("IMPORT_", 0), 0u) << r.error().to_string();
        ++refused;
        continue;
      }
      ++rebuilt;
      Result<Decoded> d = decode_copy(r->bytes);
      ASSERT_TRUE(d.ok()) << path << " round " << round << ": " << d.error().to_string();
    }
  }
  EXPECT_GT(refused, 0u);
  EXPECT_GT(rebuilt, 0u);
}

}  // namespace
}  // namespace f2g::sws
