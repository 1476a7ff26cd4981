// import's RR rebuild: identity on every sample through the full recompute path (also
// shuffled, corners rotated, without NORMAL, in the converter's attribute types), edits that
// decode strictly with the geometry they asked for, and hostile incoming meshes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "formats/rr/mesh_codec.h"
#include "formats/rr/rebuild.h"
#include "formats/rr/rr.h"
#include "tests/support/rr_test_support.h"
#include "tests/support/sample_files.h"

namespace f2g::rr {
namespace {

std::vector<std::string> rr_sample_paths() {
  std::vector<std::string> out;
  for (const auto& p : f2g::test::sample_mesh_paths())
    if (p.parent_path().filename() == "rr") out.push_back(p.string());
  return out;
}

ir::Mesh decoded(const std::vector<uint8_t>& bytes) {
  Result<Decoded> d = test::decode_bytes(bytes);
  EXPECT_TRUE(d.ok()) << (d ? "" : d.error().to_string());
  return d ? d->mesh : ir::Mesh{};
}

Result<Rebuilt> run(const std::vector<uint8_t>& donor, ir::Mesh mesh) {
  RebuildInput in;
  in.donor = donor.data();
  in.donor_size = donor.size();
  in.mesh = std::move(mesh);
  return kFormat.rebuild(in);
}

// The rebuilt bytes must decode strictly: ok, and no warning the donor did not have.
ir::Mesh strict(const Rebuilt& r, size_t donor_warnings = 0) {
  Result<Decoded> d = test::decode_bytes(r.bytes);
  EXPECT_TRUE(d.ok()) << (d ? "" : d.error().to_string());
  if (!d) return {};
  EXPECT_EQ(d->mesh.warnings.size(), donor_warnings);
  for (const ir::Diagnostic& w : d->mesh.warnings) ADD_FAILURE() << w.to_string();
  return d->mesh;
}

bool has_warning(const Rebuilt& r, const std::string& code) {
  for (const Error& w : r.warnings)
    if (w.code == code) return true;
  return false;
}

// The decoded IR as converter/import hands it over (formats/common/rebuild.h): COLOR and
// WEIGHTS F32, JOINTS U16, directions at unit length, every primitive over all vertices, no
// materials, skin or extras.
ir::Mesh as_import(const ir::Mesh& m) {
  ir::Mesh out;
  out.vertex_count = m.vertex_count;
  out.indices = m.indices;
  for (const ir::Attribute& a : m.attributes) {
    ir::Attribute b;
    b.semantic = a.semantic;
    b.width = a.width;
    const bool joints = a.semantic.rfind("JOINTS_", 0) == 0;
    b.type = joints ? ir::Scalar::U16 : ir::Scalar::F32;
    for (size_t v = 0; v < a.vertex_count(); ++v) {
      double len = 0;
      if (a.semantic == "NORMAL" || a.semantic == "TANGENT")
        for (size_t c = 0; c < 3; ++c) len += a.get(v, c) * a.get(v, c);
      len = len > 0 ? std::sqrt(len) : 1;
      for (size_t c = 0; c < a.width; ++c) {
        const double x = a.get(v, c) / (c < 3 ? len : 1);
        if (joints)
          b.u16.push_back(uint16_t(x));
        else
          b.f32.push_back(float(x));
      }
    }
    out.attributes.push_back(std::move(b));
  }
  for (ir::Primitive p : m.primitives) {
    p.first_vertex = 0;
    p.vertex_count = m.vertex_count;
    p.extras = ir::Json::object();
    out.primitives.push_back(p);
  }
  return out;
}

// Vertex v of `m` moves to perm[v]; each triangle's corners rotate by one; primitives reverse.
ir::Mesh shuffled(const ir::Mesh& m, uint32_t seed) {
  std::vector<uint32_t> perm(m.vertex_count);
  std::iota(perm.begin(), perm.end(), 0u);
  std::mt19937 rng(seed);
  std::shuffle(perm.begin(), perm.end(), rng);
  ir::Mesh out = m;
  for (size_t i = 0; i < m.attributes.size(); ++i) {
    const ir::Attribute& a = m.attributes[i];
    ir::Attribute& b = out.attributes[i];
    for (uint32_t v = 0; v < m.vertex_count; ++v)
      for (size_t c = 0; c < a.width; ++c) {
        const size_t from = size_t(v) * a.width + c, to = size_t(perm[v]) * a.width + c;
        if (a.type == ir::Scalar::F32) b.f32[to] = a.f32[from];
        if (a.type == ir::Scalar::U8) b.u8[to] = a.u8[from];
        if (a.type == ir::Scalar::U16) b.u16[to] = a.u16[from];
      }
  }
  for (size_t k = 0; k + 2 < m.indices.size(); k += 3)
    for (size_t c = 0; c < 3; ++c) out.indices[k + c] = perm[m.indices[k + (c + 1) % 3]];
  std::reverse(out.primitives.begin(), out.primitives.end());
  for (ir::Primitive& p : out.primitives) p.first_vertex = 0, p.vertex_count = m.vertex_count;
  return out;
}

ir::Mesh without(ir::Mesh m, const std::string& semantic) {
  m.attributes.erase(std::remove_if(m.attributes.begin(), m.attributes.end(),
                                    [&](const ir::Attribute& a) { return a.semantic == semantic; }),
                     m.attributes.end());
  return m;
}

std::vector<uint32_t> used_vertices(const ir::Mesh& m) {
  std::vector<uint32_t> v = m.indices;
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

float position(const ir::Mesh& m, uint32_t v, int c) { return m.find("POSITION")->f32[3 * v + c]; }

// ---- identity ------------------------------------------------------------------------------

TEST(RrRebuild, IdentityOnEverySampleIsByteIdentical) {
  const std::vector<std::string> paths = rr_sample_paths();
  ASSERT_EQ(paths.size(), 9u);
  for (const std::string& path : paths) {
    SCOPED_TRACE(path);
    const std::vector<uint8_t> donor = test::read_file(path);
    const ir::Mesh mesh = decoded(donor);
    const std::vector<ir::Mesh> variants = {mesh,
                                            as_import(mesh),
                                            shuffled(mesh, 7),
                                            shuffled(as_import(mesh), 11),
                                            without(as_import(mesh), "NORMAL"),
                                            without(shuffled(mesh, 3), "NORMAL")};
    for (size_t i = 0; i < variants.size(); ++i) {
      SCOPED_TRACE("variant " + std::to_string(i));
      const ir::Mesh& incoming = variants[i];
      Result<Rebuilt> r = run(donor, incoming);
      ASSERT_TRUE(r.ok()) << r.error().to_string();
      EXPECT_TRUE(r->bytes == donor) << r->bytes.size() << " bytes vs " << donor.size();
      EXPECT_TRUE(r->warnings.empty());
      const RebuildSummary& s = r->summary;
      EXPECT_TRUE(s.donor_order);
      EXPECT_EQ(s.vertices, mesh.vertex_count);
      EXPECT_EQ(s.vertices_kept, mesh.vertex_count);
      EXPECT_EQ(s.vertices_new, 0u);
      EXPECT_EQ(s.triangles, mesh.indices.size() / 3);
      EXPECT_EQ(s.donor_triangles, mesh.indices.size() / 3);
      EXPECT_EQ(s.details["ranges"]["before"], s.details["ranges"]["after"]);
      EXPECT_EQ(s.details["quantization_factor"]["before"],
                s.details["quantization_factor"]["after"]);
      EXPECT_EQ(s.details["bounds"]["before"], s.details["bounds"]["after"]);
    }
  }
}

// Identity keeps every stored box, even copies that miss their positions or disagree with
// each other: no position moved, so the edit made none of them wrong (formats/common/
// kept_box.h).
TEST(RrRebuild, IdentityKeepsStoredBoxesThatMissTheirPositions) {
  const std::vector<uint8_t> donor = test::sample_bytes("static24_props");
  const ir::Mesh mesh = decoded(donor);
  MeshFile m = test::sample_file("static24_props");
  m.ranged->centre[0] += 0.5f;  // Proven bounds would now fail to hold ...
  m.ranged->primitive_descs[1].centre[2] = 9;
  m.header.extent_max[1] += 3;
  const std::vector<uint8_t> loose = encode(m);
  ASSERT_TRUE(test::decode_bytes(loose).ok());  // ... but bounds are only checked one way
  Result<Rebuilt> r = run(loose, mesh);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(r->bytes == loose);
  EXPECT_EQ(r->summary.details["bounds"]["before"], r->summary.details["bounds"]["after"]);
}

// The stale declared counts of GFX_WireFrame_Wall_01_LOD0 stand in donor order.
TEST(RrRebuild, StaleDeclaredCountsStandInDonorOrder) {
  const std::vector<uint8_t> donor = test::sample_bytes("stale_counts_wireframe_wall");
  Result<Rebuilt> r = run(donor, decoded(donor));
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->bytes == donor);
  EXPECT_EQ(r->summary.details["stale_declared_counts_kept"], 1);
}

// ---- edits ---------------------------------------------------------------------------------

TEST(RrRebuild, ScaledByTwoRecomputesQuantisationAndBounds) {
  for (const char* name : {"static24_props", "split12_character", "inline_rocks"}) {
    SCOPED_TRACE(name);
    const std::vector<uint8_t> donor = test::sample_bytes(name);
    const ir::Mesh mesh = decoded(donor);
    ir::Mesh in = as_import(mesh);
    for (float& f : in.find("POSITION")->f32) f *= 2;
    Result<Rebuilt> r = run(donor, in);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    const ir::Mesh out = strict(*r);
    // Every vertex moved: none matched, and the ones no triangle uses (static24_props has
    // two) have no range to go to.
    const std::vector<uint32_t> used = used_vertices(mesh);
    ASSERT_EQ(out.vertex_count, used.size());
    EXPECT_EQ(r->summary.vertices_new + r->summary.vertices_kept, used.size());
    EXPECT_LE(r->summary.vertices_kept, 1u);  // a vertex at the origin stays where it was
    EXPECT_EQ(r->summary.details["vertices_unused_dropped"], mesh.vertex_count - used.size());
    EXPECT_FALSE(r->summary.donor_order);
    const float q_old = r->summary.details["quantization_factor"]["before"];
    const float q_new = r->summary.details["quantization_factor"]["after"];
    const bool quantised = std::string(name) != "split12_character";
    if (quantised) {
      EXPECT_NEAR(q_new, 2 * q_old, 1e-3 * q_old);
    } else {
      EXPECT_EQ(q_new, q_old);  // float positions: Q is not a position scale there
    }
    // Per material the vertices keep incoming order, as the donor's ranges had them.
    const double tol = quantised ? q_new / 2 + 1e-6 : 1e-6;
    float hi_z = -1e30f;
    for (uint32_t v = 0; v < out.vertex_count; ++v)
      for (int c = 0; c < 3; ++c) {
        ASSERT_NEAR(position(out, v, c), 2 * position(mesh, used[v], c), tol) << v;
        if (c == 2) hi_z = std::max(hi_z, position(out, v, c));
      }
    EXPECT_FLOAT_EQ(float(r->summary.details["bounds"]["after"]["max"][2]), hi_z);
    EXPECT_NEAR(float(r->summary.details["bounds"]["after"]["max"][2]),
                2 * float(r->summary.details["bounds"]["before"]["max"][2]), tol);
    ASSERT_EQ(out.indices.size(), mesh.indices.size());
    for (size_t k = 0; k < out.indices.size(); ++k)
      ASSERT_EQ(used[out.indices[k]], mesh.indices[k]);
  }
}

TEST(RrRebuild, DeletingOneMaterialsTrianglesDropsItsRange) {
  for (const char* name : {"static24_props", "inline_rocks", "static28_dynamic_copies"}) {
    SCOPED_TRACE(name);
    const std::vector<uint8_t> donor = test::sample_bytes(name);
    const ir::Mesh mesh = decoded(donor);
    ir::Mesh in = as_import(mesh);
    in.primitives.erase(in.primitives.begin());  // material 0's triangles
    Result<Rebuilt> r = run(donor, in);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    EXPECT_TRUE(has_warning(*r, "IMPORT_MATERIAL_DROPPED"));
    const ir::Mesh out = strict(*r);
    ASSERT_EQ(out.primitives.size(), mesh.primitives.size() - 1);
    ASSERT_EQ(out.materials.size(), mesh.materials.size() - 1);
    EXPECT_EQ(out.materials[0].name, mesh.materials[1].name);
    EXPECT_EQ(out.vertex_count, mesh.vertex_count - mesh.primitives[0].vertex_count);
    EXPECT_EQ(out.indices.size(), mesh.indices.size() - mesh.primitives[0].index_count);
    EXPECT_EQ(r->summary.vertices_kept, out.vertex_count);  // every survivor keeps its bytes
    EXPECT_EQ(r->summary.details["materials_dropped"], ir::Json::array({0}));
    // The surviving vertices are the donor's, shifted down by the dropped range.
    const uint32_t shift = mesh.primitives[0].vertex_count;
    for (uint32_t v = 0; v < out.vertex_count; ++v)
      ASSERT_EQ(position(out, v, 0), position(mesh, v + shift, 0));
  }
}

TEST(RrRebuild, CpuCopiesFollowTheNewBuffers) {
  const std::vector<uint8_t> donor = test::sample_bytes("static28_dynamic_copies");
  ir::Mesh in = as_import(decoded(donor));
  in.primitives.pop_back();
  Result<Rebuilt> r = run(donor, in);
  ASSERT_TRUE(r.ok());
  strict(*r);
  Result<MeshFile> m = parse(r->bytes.data(), r->bytes.size());
  ASSERT_TRUE(m.ok());
  EXPECT_FALSE(m->mesh_data.runs[0].bytes.empty());
  EXPECT_TRUE(m->mesh_data.runs[0].bytes == m->ranged->streams[0].bytes);
  EXPECT_TRUE(m->mesh_data.runs[3].bytes == m->ranged->streams[3].bytes);
  EXPECT_EQ(m->materials.trailer.bools[0], 1);
}

// A new triangle on material 0 from three new vertices near the first range.
ir::Mesh with_new_triangle(const ir::Mesh& mesh, uint32_t material) {
  ir::Mesh in = as_import(mesh);
  const uint32_t n = in.vertex_count;
  for (ir::Attribute& a : in.attributes)
    for (uint32_t k = 0; k < 3; ++k)
      for (size_t c = 0; c < a.width; ++c) {
        const uint32_t from = k;  // copies of vertices 0, 1, 2 ...
        if (a.type == ir::Scalar::F32) a.f32.push_back(a.f32[from * a.width + c]);
        if (a.type == ir::Scalar::U16) a.u16.push_back(a.u16[from * a.width + c]);
      }
  float* p = in.find("POSITION")->f32.data();
  for (uint32_t k = 0; k < 3; ++k) p[3 * (n + k) + 2] += 0.25f;  // ... raised 0.25 in z
  in.vertex_count = n + 3;
  ir::Primitive extra;
  extra.material = material;
  extra.first_index = static_cast<uint32_t>(in.indices.size());
  extra.index_count = 3;
  extra.vertex_count = in.vertex_count;
  in.indices.insert(in.indices.end(), {n, n + 1, n + 2});
  for (ir::Primitive& pr : in.primitives) pr.vertex_count = in.vertex_count;
  in.primitives.push_back(extra);
  return in;
}

TEST(RrRebuild, AddedTrianglesWithNewVerticesJoinTheirMaterial) {
  for (const char* name : {"static16_terrain", "split24_bike", "inline_u32_indices"}) {
    SCOPED_TRACE(name);
    const std::vector<uint8_t> donor = test::sample_bytes(name);
    const ir::Mesh mesh = decoded(donor);
    Result<Rebuilt> r = run(donor, with_new_triangle(mesh, 0));
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    EXPECT_TRUE(r->warnings.empty());
    const ir::Mesh out = strict(*r);
    EXPECT_EQ(r->summary.vertices_new, 3u);
    EXPECT_EQ(r->summary.vertices_kept, mesh.vertex_count);
    EXPECT_EQ(out.vertex_count, mesh.vertex_count + 3);
    ASSERT_EQ(out.primitives.size(), mesh.primitives.size());
    EXPECT_EQ(out.primitives[0].index_count, mesh.primitives[0].index_count + 3);
    EXPECT_EQ(out.primitives[0].vertex_count, mesh.primitives[0].vertex_count + 3);
    // The new vertices are the last of range 0 (incoming order), 0.25 above vertices 0..2.
    const uint32_t first_new = mesh.primitives[0].vertex_count;
    const double q = r->summary.details["quantization_factor"]["after"];
    const double tol = mesh.find("POSITION") && std::string(name) != "split24_bike" ? q : 1e-6;
    for (uint32_t k = 0; k < 3; ++k) {
      EXPECT_NEAR(position(out, first_new + k, 0), position(mesh, k, 0), tol);
      EXPECT_NEAR(position(out, first_new + k, 2), position(mesh, k, 2) + 0.25f, tol);
    }
    const size_t last = out.primitives[0].first_index + out.primitives[0].index_count;
    EXPECT_EQ(out.indices[last - 3], first_new);
    // Vertices of the later ranges are shifted by three and keep their bytes.
    EXPECT_EQ(position(out, out.vertex_count - 1, 1), position(mesh, mesh.vertex_count - 1, 1));
  }
}

TEST(RrRebuild, SixInfluencesAreCappedToFourSumming255) {
  const std::vector<uint8_t> donor = test::sample_bytes("split12_character");
  const ir::Mesh mesh = decoded(donor);
  ir::Mesh in = as_import(mesh);
  ir::Attribute j1{"JOINTS_1", ir::Scalar::U16, 4, false, {}, {}, {}};
  ir::Attribute w1{"WEIGHTS_1", ir::Scalar::F32, 4, false, {}, {}, {}};
  j1.u16.assign(4 * size_t(in.vertex_count), 0);
  w1.f32.assign(4 * size_t(in.vertex_count), 0);
  const uint16_t joints[6] = {0, 1, 2, 3, 4, 5};
  const float weights[6] = {0.1f, 0.3f, 0.05f, 0.25f, 0.2f, 0.1f};  // 2 (0.05) and one 0.1 go
  for (int k = 0; k < 4; ++k) {
    in.find("JOINTS_0")->u16[k] = joints[k];
    in.find("WEIGHTS_0")->f32[k] = weights[k];
  }
  for (int k = 0; k < 2; ++k) {
    j1.u16[k] = joints[4 + k];
    w1.f32[k] = weights[4 + k];
  }
  in.attributes.push_back(j1);
  in.attributes.push_back(w1);
  Result<Rebuilt> r = run(donor, in);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->summary.influences_dropped, 2u);
  EXPECT_TRUE(has_warning(*r, "IMPORT_INFLUENCES_DROPPED"));
  EXPECT_EQ(r->summary.vertices_new, 1u);
  const ir::Mesh out = strict(*r);
  const ir::Attribute* oj = out.find("JOINTS_0");
  const ir::Attribute* ow = out.find("WEIGHTS_0");
  int sum = 0;
  for (int k = 0; k < 4; ++k) sum += ow->u8[k];
  EXPECT_EQ(sum, 255);
  // The largest four, heaviest first: joints 1 (0.3), 3 (0.25), 4 (0.2), then 0 (0.1, the
  // lower joint of the two 0.1s).
  EXPECT_EQ(std::vector<uint8_t>(oj->u8.begin(), oj->u8.begin() + 4),
            (std::vector<uint8_t>{1, 3, 4, 0}));
  EXPECT_NEAR(ow->u8[0], 255 * 0.3 / 0.85, 1.0);
  // Every other vertex keeps its stored influences.
  EXPECT_TRUE(std::equal(oj->u8.begin() + 4, oj->u8.end(), mesh.find("JOINTS_0")->u8.begin() + 4));
}

// A primitive past 65,536 vertices is split into ranges with u16 relative indices.
TEST(RrRebuild, LargePrimitiveSplitsIntoRanges) {
  const std::vector<uint8_t> donor = test::sample_bytes("static16_terrain");
  const ir::Mesh mesh = decoded(donor);
  ir::Mesh in = as_import(mesh);
  const uint32_t side = 300, base = in.vertex_count;  // 90,000 new vertices in the donor's box
  for (uint32_t j = 0; j < side; ++j)
    for (uint32_t i = 0; i < side; ++i) {
      for (ir::Attribute& a : in.attributes)
        for (size_t c = 0; c < a.width; ++c) a.f32.push_back(a.f32[c]);  // vertex 0's values
      float* p = &in.find("POSITION")->f32[3 * size_t(base + j * side + i)];
      p[0] = -10 + 20.0f * float(i) / side;
      p[1] = -10 + 20.0f * float(j) / side;
      p[2] = 0.1f;
    }
  in.vertex_count = base + side * side;
  ir::Primitive grid;
  grid.material = 0;
  grid.first_index = static_cast<uint32_t>(in.indices.size());
  for (uint32_t j = 0; j + 1 < side; ++j)
    for (uint32_t i = 0; i + 1 < side; ++i) {
      const uint32_t a = base + j * side + i;
      in.indices.insert(in.indices.end(), {a, a + 1, a + side, a + 1, a + side + 1, a + side});
    }
  grid.index_count = static_cast<uint32_t>(in.indices.size()) - grid.first_index;
  in.primitives.push_back(grid);
  Result<Rebuilt> r = run(donor, in);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const ir::Mesh out = strict(*r);
  const RebuildSummary& s = r->summary;
  EXPECT_EQ(s.details["ranges"]["before"], 3);
  EXPECT_EQ(s.details["materials_split"], ir::Json::array({0}));
  EXPECT_EQ(s.details["ranges"]["after"], 4);  // material 0: 1,089 + 90,000 vertices in two
  EXPECT_EQ(out.primitives.size(), size_t(s.details["ranges"]["after"]));
  EXPECT_EQ(s.vertices_new, uint64_t(side) * side + uint64_t(s.details["vertices_duplicated"]));
  EXPECT_EQ(s.triangles, mesh.indices.size() / 3 + 2 * uint64_t(side - 1) * (side - 1));
  EXPECT_GT(s.details["vertices_duplicated"], 0);
  EXPECT_EQ(s.vertices, out.vertex_count);
  Result<MeshFile> m = parse(r->bytes.data(), r->bytes.size());
  ASSERT_TRUE(m.ok());
  for (size_t i = 0; i < out.primitives.size(); ++i) {
    EXPECT_LE(out.primitives[i].vertex_count, 65536u);
    EXPECT_EQ(m->materials.descriptors[i].vertex_count, out.primitives[i].vertex_count % 65536);
    EXPECT_EQ(m->ranged->primitive_descs[i].index_count, out.primitives[i].index_count);
  }
  // The first ranges are material 0: the donor's terrain first, then the grid.
  EXPECT_EQ(out.materials[0].name, mesh.materials[0].name);
  EXPECT_EQ(out.materials.back().name, mesh.materials.back().name);
  EXPECT_EQ(s.details["quantization_factor"]["after"], s.details["quantization_factor"]["before"]);
}

// Past 65,536 vertices a u16 inline mesh is written with u32 indices.
TEST(RrRebuild, LargeInlineMeshWidensItsIndices) {
  const std::vector<uint8_t> donor = test::sample_bytes("inline_rocks");
  const ir::Mesh mesh = decoded(donor);
  ir::Mesh in = as_import(mesh);
  const uint32_t base = in.vertex_count, extra = 70000;
  for (uint32_t k = 0; k < extra; ++k) {
    for (ir::Attribute& a : in.attributes)
      for (size_t c = 0; c < a.width; ++c) a.f32.push_back(a.f32[c]);
    in.find("POSITION")->f32[3 * size_t(base + k)] = 0.5f * float(k % 7) / 7;
    in.find("POSITION")->f32[3 * size_t(base + k) + 1] = 0.5f * float(k / 7) / 10000;
  }
  in.vertex_count = base + extra;
  ir::Primitive strip;
  strip.material = 1;
  strip.first_index = static_cast<uint32_t>(in.indices.size());
  for (uint32_t k = 0; k + 2 < extra; ++k)
    in.indices.insert(in.indices.end(), {base + k, base + k + 1, base + k + 2});
  strip.index_count = static_cast<uint32_t>(in.indices.size()) - strip.first_index;
  in.primitives.push_back(strip);
  Result<Rebuilt> r = run(donor, in);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(has_warning(*r, "IMPORT_INDEX_WIDTH_WIDENED"));
  const ir::Mesh out = strict(*r);
  EXPECT_EQ(out.index_size, 4);
  EXPECT_EQ(out.primitives.size(), 3u);  // inline objects are not split
  EXPECT_EQ(out.vertex_count, mesh.vertex_count + extra);
  EXPECT_EQ(r->summary.details["index_width"]["after"], 1);
}

// One vertex moved far past the old bounds: Q and the bounds follow, every kept vertex is
// re-scaled to the new Q (its other bytes stay) and lands within half a new step.
TEST(RrRebuild, MovedPastTheBoundsRecomputesQ) {
  const std::vector<uint8_t> donor = test::sample_bytes("static24_props");
  const ir::Mesh mesh = decoded(donor);
  ir::Mesh in = as_import(mesh);
  in.find("POSITION")->f32[0] = 25.0f;  // vertex 0's x
  Result<Rebuilt> r = run(donor, in);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const ir::Mesh out = strict(*r);
  const RebuildSummary& s = r->summary;
  const float q_old = s.details["quantization_factor"]["before"];
  const float q_new = s.details["quantization_factor"]["after"];
  EXPECT_FLOAT_EQ(q_new, 25.0f / 32767.0f);
  EXPECT_GT(q_new, q_old);
  EXPECT_EQ(s.vertices_new, 1u);
  EXPECT_EQ(s.details["positions_requantised"], mesh.vertex_count - 1);
  EXPECT_FLOAT_EQ(float(s.details["bounds"]["after"]["max"][0]), position(out, 0, 0));
  EXPECT_NEAR(position(out, 0, 0), 25.0f, q_new / 2);
  for (uint32_t v = 1; v < out.vertex_count; ++v)
    for (int c = 0; c < 3; ++c)
      ASSERT_NEAR(position(out, v, c), position(mesh, v, c), q_new / 2 + 1e-7);
  // Normals, tangents, colours and UVs of the kept vertices are the donor's bytes.
  for (const char* sem : {"NORMAL", "TANGENT", "COLOR_0", "TEXCOORD_0"}) {
    const ir::Attribute* a = out.find(sem);
    const ir::Attribute* b = mesh.find(sem);
    ASSERT_TRUE(a && b) << sem;
    for (uint32_t v = 1; v < out.vertex_count; ++v)
      for (size_t c = 0; c < a->width; ++c) ASSERT_EQ(a->get(v, c), b->get(v, c)) << sem << v;
  }
}

// A new vertex without a TEXCOORD_0 takes the nearest donor vertex's (counted).
TEST(RrRebuild, FieldsANewVertexLacksComeFromTheNearestDonorVertex) {
  const std::vector<uint8_t> donor = test::sample_bytes("static24_props");
  const ir::Mesh mesh = decoded(donor);
  ir::Mesh in = without(with_new_triangle(mesh, 0), "TEXCOORD_0");
  Result<Rebuilt> r = run(donor, in);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const ir::Mesh out = strict(*r);
  EXPECT_EQ(r->summary.details["new_vertex_fields_from_nearest"]["TEXCOORD_0"], 3);
  EXPECT_EQ(r->summary.vertices_new, 3u);
  EXPECT_EQ(r->summary.vertices_kept, mesh.vertex_count);
}

// ---- hostile incoming meshes ---------------------------------------------------------------

struct Hostile {
  const char* code;
  std::function<void(ir::Mesh&)> change;
};

TEST(RrRebuild, HostileIncomingMeshesAreErrorValues) {
  const std::vector<Hostile> cases = {
      {"IMPORT_INDEX_OUT_OF_RANGE", [](ir::Mesh& m) { m.indices[4] = m.vertex_count; }},
      {"IMPORT_INDEX_OUT_OF_RANGE", [](ir::Mesh& m) { m.indices.back() = 0xFFFFFFFF; }},
      {"IMPORT_ATTRIBUTE_SIZE", [](ir::Mesh& m) { m.find("NORMAL")->f32.pop_back(); }},
      {"IMPORT_ATTRIBUTE_SIZE", [](ir::Mesh& m) { m.vertex_count += 1; }},
      {"IMPORT_ATTRIBUTE_SIZE", [](ir::Mesh& m) { m.find("TEXCOORD_0")->width = 3; }},
      {"IMPORT_NO_POSITION", [](ir::Mesh& m) { m = without(m, "POSITION"); }},
      {"IMPORT_MATERIAL_OUT_OF_RANGE", [](ir::Mesh& m) { m.primitives[1].material = 3; }},
      {"IMPORT_PRIMITIVE_RANGE", [](ir::Mesh& m) { m.primitives[0].index_count += 3u << 30; }},
      {"IMPORT_PRIMITIVE_RANGE", [](ir::Mesh& m) { m.primitives[0].index_count -= 1; }},
      {"IMPORT_NOT_FINITE", [](ir::Mesh& m) { m.find("POSITION")->f32[7] = NAN; }},
      {"IMPORT_NOT_FINITE", [](ir::Mesh& m) { m.find("TANGENT")->f32[3] = INFINITY; }},
      {"IMPORT_NO_TRIANGLES", [](ir::Mesh& m) { m.primitives.clear(); }},
  };
  const std::vector<uint8_t> donor = test::sample_bytes("static24_props");
  const ir::Mesh mesh = as_import(decoded(donor));
  for (const Hostile& h : cases) {
    SCOPED_TRACE(h.code);
    ir::Mesh in = mesh;
    h.change(in);
    Result<Rebuilt> r = run(donor, in);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, h.code) << r.error().to_string();
    EXPECT_FALSE(r.error().message.empty());
  }
}

TEST(RrRebuild, JointsPastTheBonesAreAnError) {
  const std::vector<uint8_t> donor = test::sample_bytes("split12_character");
  ir::Mesh in = as_import(decoded(donor));
  in.find("JOINTS_0")->u16[0] = 6;  // 6 bones
  Result<Rebuilt> r = run(donor, in);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "IMPORT_JOINT_OUT_OF_RANGE");
}

// A static format has no skin stream: incoming joints have nowhere to go and are not read.
TEST(RrRebuild, JointsOnAStaticDonorAreNotRead) {
  const std::vector<uint8_t> donor = test::sample_bytes("static24_props");
  ir::Mesh in = as_import(decoded(donor));
  ir::Attribute j{"JOINTS_0", ir::Scalar::U16, 4, false, {}, {}, {}};
  ir::Attribute w{"WEIGHTS_0", ir::Scalar::F32, 4, false, {}, {}, {}};
  j.u16.assign(4 * size_t(in.vertex_count), 9);
  w.f32.assign(4 * size_t(in.vertex_count), 0.25f);
  in.attributes.push_back(j);
  in.attributes.push_back(w);
  Result<Rebuilt> r = run(donor, in);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(r->bytes == donor);
}

// Random damage to the incoming mesh: every rebuild is an IMPORT_ error or a mesh the
// decoder reads with every Proven relation holding.
TEST(RrRebuild, RandomDamageIsAnErrorOrAStrictMesh) {
  std::mt19937 rng(2024);
  size_t errors = 0, built = 0;
  for (const char* name : {"static24_props", "split12_skin8_tentacle", "inline_u32_indices"}) {
    const std::vector<uint8_t> donor = test::sample_bytes(name);
    const ir::Mesh base = as_import(decoded(donor));
    for (int round = 0; round < 60; ++round) {
      ir::Mesh in = base;
      for (int k = 0, n = 1 + int(rng() % 3); k < n; ++k) {
        ir::Attribute& a = in.attributes[rng() % in.attributes.size()];
        switch (rng() % 8) {
          case 0:
            in.indices[rng() % in.indices.size()] = uint32_t(rng() % (in.vertex_count + 3));
            break;
          case 1:
            in.primitives[rng() % in.primitives.size()].material = uint32_t(rng() % 5);
            break;
          case 2:
            in.primitives[rng() % in.primitives.size()].index_count = uint32_t(rng() % 999);
            break;
          case 3:
            in.primitives[rng() % in.primitives.size()].first_index = uint32_t(rng());
            break;
          case 4:
            if (a.type == ir::Scalar::F32 && !a.f32.empty())
              a.f32[rng() % a.f32.size()] = std::ldexp(1.0f, int(rng() % 200) - 100);
            break;
          case 5:
            if (a.type == ir::Scalar::U16 && !a.u16.empty())
              a.u16[rng() % a.u16.size()] = uint16_t(rng());
            break;
          case 6:
            in.primitives.erase(in.primitives.begin() + long(rng() % in.primitives.size()));
            if (in.primitives.empty()) in.primitives = base.primitives;
            break;
          case 7:
            for (float& f : in.find("POSITION")->f32) f *= 1e6f;
            break;
        }
      }
      Result<Rebuilt> r = run(donor, in);
      if (!r) {
        ++errors;
        EXPECT_EQ(r.error().code.rfind("IMPORT_", 0), 0u) << r.error().to_string();
        continue;
      }
      ++built;
      Result<Decoded> d = test::decode_bytes(r->bytes);
      ASSERT_TRUE(d.ok()) << name << " round " << round << ": " << d.error().to_string();
    }
  }
  EXPECT_GT(errors, 10u);
  EXPECT_GT(built, 10u);
}

TEST(RrRebuild, AnUnreadableDonorIsItsDecodeError) {
  std::vector<uint8_t> donor = test::sample_bytes("static24_props");
  const ir::Mesh in = decoded(donor);
  donor.resize(donor.size() - 5);
  Result<Rebuilt> r = run(donor, in);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code.rfind("RR_", 0), 0u) << r.error().code;
}

}  // namespace
}  // namespace f2g::rr
