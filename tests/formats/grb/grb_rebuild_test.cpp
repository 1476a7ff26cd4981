// import's GRB/GRW rebuild: identity comes back byte for byte on every sample of both
// dialects (also shuffled, rotated, glTF-typed, without NORMAL), edits decode strictly with
// the geometry asked for and every derived field following it, hostile meshes are errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

#include "formats/grb/mesh_codec.h"
#include "tests/support/grb_rebuild_support.h"
#include "tests/support/sample_files.h"

namespace f2g::grb {
namespace {

using test::incoming_of;
using test::rebuild_of;

// The rebuilt bytes decode strictly (every Proven relation) with no warning either.
Decoded decode_clean(const std::vector<uint8_t>& bytes, Dialect d) {
  Result<Decoded> r = f2g::decode(bytes.data(), bytes.size(), test::forced(d));
  EXPECT_TRUE(r) << r.error().to_string();
  if (!r) return {};
  for (const ir::Diagnostic& w : r->mesh.warnings) ADD_FAILURE() << w.to_string();
  return std::move(*r);
}

MeshFile parsed(const std::vector<uint8_t>& bytes, Dialect d) {
  Result<MeshFile> m = parse(bytes.data(), bytes.size(), d);
  EXPECT_TRUE(m) << m.error().to_string();
  return m ? std::move(*m) : MeshFile{};
}

bool has_code(const std::vector<Error>& v, const std::string& code) {
  return std::any_of(v.begin(), v.end(), [&](const Error& e) { return e.code == code; });
}

// A permutation of the vertices (every attribute and the indices) and every triangle's
// corners rotated by one.
void shuffle(ir::Mesh& m) {
  const uint32_t n = m.vertex_count;
  std::vector<uint32_t> to(n);  // old -> new
  for (uint32_t v = 0; v < n; ++v) to[v] = (v * 7919u + 13u) % n;
  std::vector<bool> seen(n, false);
  for (uint32_t t : to) {
    if (seen[t]) {  // not a permutation for this n: reverse instead
      for (uint32_t v = 0; v < n; ++v) to[v] = n - 1 - v;
      break;
    }
    seen[t] = true;
  }
  for (ir::Attribute& a : m.attributes) {
    ir::Attribute b = a;
    for (uint32_t v = 0; v < n; ++v)
      for (size_t c = 0; c < a.width; ++c) {
        const size_t from = size_t(v) * a.width + c, into = size_t(to[v]) * a.width + c;
        if (a.type == ir::Scalar::F32) b.f32[into] = a.f32[from];
        if (a.type == ir::Scalar::U8) b.u8[into] = a.u8[from];
        if (a.type == ir::Scalar::U16) b.u16[into] = a.u16[from];
      }
    a = std::move(b);
  }
  for (uint32_t& i : m.indices) i = to[i];
  for (size_t t = 0; t + 3 <= m.indices.size(); t += 3)
    std::rotate(m.indices.begin() + t, m.indices.begin() + t + 1, m.indices.begin() + t + 3);
}

// As converter/import hands attributes over: COLOR_n and WEIGHTS_n as F32, JOINTS_n as U16.
void gltf_typed(ir::Mesh& m) {
  for (ir::Attribute& a : m.attributes) {
    if (a.type != ir::Scalar::U8) continue;
    const bool joints = a.semantic.rfind("JOINTS_", 0) == 0;
    if (joints) {
      a.u16.assign(a.u8.begin(), a.u8.end());
      a.type = ir::Scalar::U16;
    } else if (a.normalized) {
      for (uint8_t b : a.u8) a.f32.push_back(float(b) / 255.0f);
      a.type = ir::Scalar::F32;
      a.normalized = false;
    }
    a.u8.clear();
  }
}

void expect_identity(const std::string& name, Dialect d,
                     const std::function<void(ir::Mesh&)>& edit) {
  SCOPED_TRACE(name);
  const std::vector<uint8_t> donor = test::sample_bytes(name);
  ir::Mesh in = incoming_of(donor, d);
  ASSERT_GT(in.vertex_count, 0u);
  const uint32_t n = in.vertex_count;
  if (edit) edit(in);
  Result<Rebuilt> r = rebuild_of(donor, d, std::move(in));
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->bytes.size(), donor.size());
  EXPECT_TRUE(r->bytes == donor);
  EXPECT_TRUE(r->warnings.empty());
  EXPECT_TRUE(r->summary.donor_order);
  EXPECT_EQ(r->summary.vertices, n);
  EXPECT_EQ(r->summary.vertices_kept, n);
  EXPECT_EQ(r->summary.vertices_new, 0u);
  EXPECT_EQ(r->summary.triangles, r->summary.donor_triangles);
}

TEST(GrbRebuild, TheListCoversEverySampleOfBothDialects) {
  size_t grb_grw = 0;
  for (const auto& p : f2g::test::sample_mesh_paths()) {
    const std::string dir = p.parent_path().filename().string();
    grb_grw += dir == "grb" || dir == "grw";
  }
  EXPECT_EQ(test::samples().size(), grb_grw);
  EXPECT_EQ(grb_grw, 18u);
  EXPECT_NE(kGrbFormat.rebuild, nullptr);
  EXPECT_NE(kGrwFormat.rebuild, nullptr);
}

TEST(GrbRebuild, IdentityIsByteIdenticalOnEverySample) {
  for (const test::Sample& s : test::samples()) expect_identity(s.name, s.dialect, nullptr);
}

TEST(GrbRebuild, ShuffledRotatedAndGltfTypedIdentityRestoresTheDonorOrder) {
  for (const test::Sample& s : test::samples())
    expect_identity(s.name, s.dialect, [](ir::Mesh& m) {
      shuffle(m);
      gltf_typed(m);
    });
}

TEST(GrbRebuild, IdentityWithoutNormalStillKeepsTheDonorBytes) {
  for (const test::Sample& s : test::samples())
    expect_identity(s.name, s.dialect, [](ir::Mesh& m) {
      m.attributes.erase(
          std::remove_if(m.attributes.begin(), m.attributes.end(),
                         [](const ir::Attribute& a) { return a.semantic == "NORMAL"; }),
          m.attributes.end());
    });
}

// The identity path recomputes: a donor whose derived fields are stale (warnings) comes back
// with them derived again from the geometry, and nothing else changed. Its stored boxes, one
// of them missing its positions, stay: no position moved (formats/common/kept_box.h).
TEST(GrbRebuild, StaleDerivedFieldsOfTheDonorAreRecomputedAndItsBoxesKept) {
  const std::vector<uint8_t> clean = test::sample_bytes("grb/clustered_skinned_soldier");
  MeshFile m = parsed(clean, Dialect::Grb);
  MeshFile want = m;
  m.compiled.instancing[1].vertex_count += 1;
  m.compiled.clustered->primitive_descs[1].start_index += 3;
  m.compiled.clustered->primitive_descs[0].type_and_count += 256;
  m.compiled.clustered->primitive_descs[2].vertex_stride = 32;
  m.compiled.clustered->vertex_offset_per_draw[1] += 9;
  for (MeshFile* f : {&m, &want}) {
    f->compiled.clustered->primitive_descs[2].centre[0] += 1;
    f->compiled.clustered->center[1] += 1;
    f->mesh.extent_max[2] += 1;
  }
  const std::vector<uint8_t> stale = encode(m);
  Result<Decoded> before = f2g::decode(stale.data(), stale.size(), test::forced(Dialect::Grb));
  ASSERT_TRUE(before);
  EXPECT_EQ(before->mesh.warnings.size(), 5u);
  Result<Rebuilt> r = rebuild_of(stale, Dialect::Grb, incoming_of(clean, Dialect::Grb));
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_TRUE(r->summary.donor_order);
  EXPECT_TRUE(r->bytes == encode(want));
  EXPECT_FALSE(r->bytes == clean);
}

// ---- edits --------------------------------------------------------------------------------

const ir::Attribute& attr(const ir::Mesh& m, const char* s) { return *m.find(s); }

TEST(GrbRebuild, ScaledByTwoFollowsWithQBoundsAndBoxes) {
  for (const char* name :
       {"grb/clustered_skinned_soldier", "grw/static_format6_rock",
        "grb/mesh_data_only_format11_foliage", "grw/static_format8_u32_indices"}) {
    SCOPED_TRACE(name);
    const Dialect d = std::string(name).rfind("grb", 0) == 0 ? Dialect::Grb : Dialect::Grw;
    const std::vector<uint8_t> donor = test::sample_bytes(name);
    const MeshFile old = parsed(donor, d);
    ir::Mesh in = incoming_of(donor, d);
    const std::vector<float> original = attr(in, "POSITION").f32;
    for (float& f : in.find("POSITION")->f32) f *= 2;
    Result<Rebuilt> r = rebuild_of(donor, d, in);
    ASSERT_TRUE(r) << r.error().to_string();
    EXPECT_FALSE(r->summary.donor_order);
    EXPECT_EQ(r->summary.vertices_new, in.vertex_count);
    const Decoded out = decode_clean(r->bytes, d);
    const MeshFile now = parsed(r->bytes, d);
    float largest = 0;
    for (float f : original) largest = std::max(largest, std::fabs(2 * f));
    const bool is_static = old.mesh.bones.empty();
    EXPECT_FLOAT_EQ(now.compiled.q, is_static ? std::ceil(largest) : largest);
    EXPECT_EQ(r->summary.details["quantization_factor"]["after"].get<float>(), now.compiled.q);
    const std::vector<float>& p = attr(out.mesh, "POSITION").f32;
    ASSERT_EQ(p.size(), original.size());
    for (size_t i = 0; i < p.size(); ++i)
      ASSERT_NEAR(p[i], 2 * original[i], now.compiled.q / 32767.0 * 0.5 + 1e-6) << i;
    for (int i = 0; i < 3; ++i) {
      EXPECT_NEAR(now.mesh.extent_min[i], 2 * old.mesh.extent_min[i], now.compiled.q / 32767.0);
      EXPECT_NEAR(now.mesh.extent_max[i], 2 * old.mesh.extent_max[i], now.compiled.q / 32767.0);
    }
    if (now.compiled.clustered) {
      for (size_t k = 0; k < now.compiled.clustered->primitive_descs.size(); ++k) {
        for (int i = 0; i < 3; ++i) {
          EXPECT_NEAR(now.compiled.clustered->primitive_descs[k].half_extent[i],
                      2 * old.compiled.clustered->primitive_descs[k].half_extent[i],
                      now.compiled.q / 32767.0);
        }
      }
    }
    EXPECT_TRUE(out.mesh.indices == in.indices);
  }
}

TEST(GrbRebuild, OneVertexPastTheBoundsRecomputesQAndKeepsTheOthersWithinAStep) {
  const std::vector<uint8_t> donor = test::sample_bytes("grb/clustered_skinned_soldier");
  const MeshFile old = parsed(donor, Dialect::Grb);
  ir::Mesh in = incoming_of(donor, Dialect::Grb);
  const std::vector<float> original = attr(in, "POSITION").f32;
  in.find("POSITION")->f32[0] = 3 * old.compiled.q;
  Result<Rebuilt> r = rebuild_of(donor, Dialect::Grb, in);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->summary.vertices_new, 1u);
  EXPECT_EQ(r->summary.vertices_kept, in.vertex_count - 1);
  const Decoded out = decode_clean(r->bytes, Dialect::Grb);
  const MeshFile now = parsed(r->bytes, Dialect::Grb);
  EXPECT_FLOAT_EQ(now.compiled.q, 3 * old.compiled.q);
  EXPECT_FLOAT_EQ(now.mesh.extent_max[0], 3 * old.compiled.q);
  const std::vector<float>& p = attr(out.mesh, "POSITION").f32;
  EXPECT_FLOAT_EQ(p[0], 3 * old.compiled.q);
  for (size_t i = 1; i < p.size(); ++i)
    ASSERT_NEAR(p[i], original[i], now.compiled.q / 32767.0 * 0.5 + 1e-6) << i;
  // Inside the old bounds Q is kept and every unedited vertex keeps its bytes.
  ir::Mesh inside = incoming_of(donor, Dialect::Grb);
  inside.find("POSITION")->f32[0] *= 0.5f;
  Result<Rebuilt> kept = rebuild_of(donor, Dialect::Grb, inside);
  ASSERT_TRUE(kept);
  const auto& vb_old = old.compiled.clustered->vertex_buffer.bytes;
  const MeshFile kept_file = parsed(kept->bytes, Dialect::Grb);
  const auto& vb_new = kept_file.compiled.clustered->vertex_buffer.bytes;
  EXPECT_EQ(kept_file.compiled.q, old.compiled.q);
  ASSERT_EQ(vb_old.size(), vb_new.size());
  EXPECT_TRUE(std::equal(vb_old.begin() + 36, vb_old.end(), vb_new.begin() + 36));
}

TEST(GrbRebuild, StaticMeshPastTheBoundsTakesAnIntegerQIntoEveryW) {
  const std::vector<uint8_t> donor = test::sample_bytes("grw/static_format6_rock");
  ir::Mesh in = incoming_of(donor, Dialect::Grw);
  in.find("POSITION")->f32[2] = 4.3f;  // Q is 2
  Result<Rebuilt> r = rebuild_of(donor, Dialect::Grw, in);
  ASSERT_TRUE(r) << r.error().to_string();
  decode_clean(r->bytes, Dialect::Grw);  // grb.position_w_is_32767_or_q holds
  EXPECT_EQ(parsed(r->bytes, Dialect::Grw).compiled.q, 5.0f);
}

TEST(GrbRebuild, UvsPastTheOldRangeRecomputeUvq) {
  const std::vector<uint8_t> donor = test::sample_bytes("grb/three_uv_format4_file_header");
  const MeshFile old = parsed(donor, Dialect::Grb);
  ir::Mesh in = incoming_of(donor, Dialect::Grb);
  const std::vector<float> original = attr(in, "TEXCOORD_1").f32;
  in.find("TEXCOORD_0")->f32[1] = 2.5f * old.compiled.uvq;
  Result<Rebuilt> r = rebuild_of(donor, Dialect::Grb, in);
  ASSERT_TRUE(r) << r.error().to_string();
  const Decoded out = decode_clean(r->bytes, Dialect::Grb);
  const MeshFile now = parsed(r->bytes, Dialect::Grb);
  EXPECT_FLOAT_EQ(now.compiled.uvq, 2.5f * old.compiled.uvq);
  EXPECT_EQ(now.compiled.q, old.compiled.q);
  EXPECT_FLOAT_EQ(attr(out.mesh, "TEXCOORD_0").f32[1], 2.5f * old.compiled.uvq);
  const std::vector<float>& uv = attr(out.mesh, "TEXCOORD_1").f32;
  for (size_t i = 0; i < uv.size(); ++i)
    ASSERT_NEAR(uv[i], original[i], now.compiled.uvq / 32767.0 * 0.5 + 1e-6) << i;
}

TEST(GrbRebuild, OneMaterialsTrianglesDeletedDropsItsDraw) {
  for (const char* name : {"grb/clustered_skinned_soldier", "grw/clustered_skinned_ranger"}) {
    SCOPED_TRACE(name);
    const Dialect d = std::string(name).rfind("grb", 0) == 0 ? Dialect::Grb : Dialect::Grw;
    const std::vector<uint8_t> donor = test::sample_bytes(name);
    const MeshFile old = parsed(donor, d);
    ASSERT_EQ(old.compiled.mesh_data.standard.size(), 3u);
    ir::Mesh in = incoming_of(donor, d);
    in.primitives.erase(in.primitives.begin() + 1);
    Result<Rebuilt> r = rebuild_of(donor, d, in);
    ASSERT_TRUE(r) << r.error().to_string();
    EXPECT_TRUE(has_code(r->warnings, "IMPORT_MATERIAL_DROPPED"));
    EXPECT_EQ(r->summary.details["materials_dropped"], nlohmann::json::array({1}));
    EXPECT_EQ(r->summary.vertices_kept, in.vertex_count);
    const Decoded out = decode_clean(r->bytes, d);
    const MeshFile now = parsed(r->bytes, d);
    ASSERT_EQ(out.mesh.primitives.size(), 2u);
    ASSERT_EQ(now.materials.size(), 2u);
    EXPECT_EQ(now.compiled.instancing[0].material_id, old.compiled.instancing[0].material_id);
    EXPECT_EQ(now.compiled.instancing[1].material_id, old.compiled.instancing[2].material_id);
    EXPECT_EQ(now.compiled.clustered->draw_prims_count, 2u);
    EXPECT_EQ(now.compiled.mesh_data.shadow.size(), 2u);
    const auto& s0 = old.compiled.mesh_data.standard;
    const auto& s1 = now.compiled.mesh_data.standard;
    EXPECT_EQ(s1[1].start_index, s0[0].primitive_count * 3);
    EXPECT_EQ(s1[1].primitive_count, s0[2].primitive_count);
    EXPECT_EQ(s1[1].min_index, s0[2].min_index);
    if (d == Dialect::Grb) {  // GRW stores no BlobBytes
      EXPECT_EQ(now.compiled.clustered->blob_bytes,
                12 + now.compiled.clustered->vertex_buffer.bytes.size() +
                    now.compiled.clustered->index_buffer.bytes.size() + 2 * 36);
    }
    // The same triangles in the same vertex numbers.
    for (size_t p = 0; p < 2; ++p) {
      const ir::Primitive& a = out.mesh.primitives[p];
      const ir::Primitive& b = in.primitives[p];
      ASSERT_EQ(a.index_count, b.index_count);
      EXPECT_TRUE(std::equal(out.mesh.indices.begin() + a.first_index,
                             out.mesh.indices.begin() + a.first_index + a.index_count,
                             in.indices.begin() + b.first_index));
    }
  }
}

TEST(GrbRebuild, TrianglesAddedWithNewVerticesJoinTheirMaterial) {
  const std::vector<uint8_t> donor = test::sample_bytes("grb/clustered_skinned_soldier");
  ir::Mesh in = incoming_of(donor, Dialect::Grb);
  const uint32_t n = in.vertex_count;
  // Three new vertices: copies of vertices 0, 1, 12 moved inwards by 0.05 along x.
  for (uint32_t src : {0u, 1u, 12u}) {
    for (ir::Attribute& a : in.attributes)
      for (size_t c = 0; c < a.width; ++c) {
        if (a.type == ir::Scalar::F32) a.f32.push_back(a.f32[src * a.width + c]);
        if (a.type == ir::Scalar::U8) a.u8.push_back(a.u8[src * a.width + c]);
      }
    in.find("POSITION")->f32[size_t(in.vertex_count) * 3] *= 0.8f;
    ++in.vertex_count;
  }
  const uint32_t end0 = in.primitives[0].first_index + in.primitives[0].index_count;
  in.indices.insert(in.indices.begin() + end0, {n, n + 1, n + 2, 0, n, n + 2});
  in.primitives[0].index_count += 6;
  for (size_t p = 1; p < in.primitives.size(); ++p) in.primitives[p].first_index += 6;
  Result<Rebuilt> r = rebuild_of(donor, Dialect::Grb, in);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->summary.vertices, n + 3);
  EXPECT_EQ(r->summary.vertices_new, 3u);
  EXPECT_EQ(r->summary.vertices_kept, n);
  EXPECT_EQ(r->summary.triangles, r->summary.donor_triangles + 2);
  const Decoded out = decode_clean(r->bytes, Dialect::Grb);
  ASSERT_EQ(out.mesh.vertex_count, n + 3);
  EXPECT_TRUE(out.mesh.indices == in.indices);
  const MeshFile now = parsed(r->bytes, Dialect::Grb);
  const MeshFile old = parsed(donor, Dialect::Grb);
  EXPECT_EQ(now.compiled.q, old.compiled.q);  // inside the bounds: kept
  // The new vertices are draw 0's now: its span reaches them; the old vertices' bytes stand.
  EXPECT_EQ(now.compiled.mesh_data.standard[0].num_vertices, n + 3);
  EXPECT_EQ(now.compiled.instancing[0].vertex_count, n + 3);
  const auto& vo = old.compiled.clustered->vertex_buffer.bytes;
  const auto& vn = now.compiled.clustered->vertex_buffer.bytes;
  EXPECT_TRUE(std::equal(vo.begin(), vo.end(), vn.begin()));
  const std::vector<float>& p = attr(out.mesh, "POSITION").f32;
  const std::vector<float>& q = attr(in, "POSITION").f32;
  for (size_t i = size_t(n) * 3; i < q.size(); ++i)
    EXPECT_NEAR(p[i], q[i], old.compiled.q / 65534.0);
  const std::vector<uint8_t>& w = attr(out.mesh, "WEIGHTS_0").u8;
  for (uint32_t v = n; v < n + 3; ++v)
    EXPECT_EQ(w[v * 4] + w[v * 4 + 1] + w[v * 4 + 2] + w[v * 4 + 3], 255);
}

TEST(GrbRebuild, SixInfluencesAreCappedToTheFormatsLanes) {
  const test::ImportBreak* b = nullptr;
  for (const test::ImportBreak& x : test::import_breaks())
    if (x.code == "IMPORT_INFLUENCES_DROPPED") b = &x;
  ASSERT_NE(b, nullptr);
  const std::vector<uint8_t> donor = test::sample_bytes(b->sample);
  ir::Mesh in = incoming_of(donor, b->dialect);
  b->edit(in);
  gltf_typed(in);
  Result<Rebuilt> r = rebuild_of(donor, b->dialect, in);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->summary.influences_dropped, 2u);
  EXPECT_TRUE(has_code(r->warnings, "IMPORT_INFLUENCES_DROPPED"));
  EXPECT_EQ(r->summary.vertices_new, 1u);
  const Decoded out = decode_clean(r->bytes, b->dialect);
  const std::vector<uint8_t>& j = attr(out.mesh, "JOINTS_0").u8;
  const std::vector<uint8_t>& w = attr(out.mesh, "WEIGHTS_0").u8;
  EXPECT_EQ(std::vector<uint8_t>(j.begin(), j.begin() + 4), (std::vector<uint8_t>{0, 1, 2, 3}));
  EXPECT_EQ(w[0] + w[1] + w[2] + w[3], 255);
  EXPECT_GT(w[0], w[1]);
  EXPECT_GT(w[2], w[3]);
}

TEST(GrbRebuild, EightLaneFormatsKeepEightInfluences) {
  const std::vector<uint8_t> donor = test::sample_bytes("grw/skin8_format1_tentacle");
  ir::Mesh in = incoming_of(donor, Dialect::Grw);
  ASSERT_NE(in.find("JOINTS_1"), nullptr);
  const uint8_t joints[8] = {0, 1, 2, 3, 4, 5, 6, 7}, weights[8] = {60, 50, 40, 30, 25, 20, 20, 10};
  for (int l = 0; l < 4; ++l) {
    in.find("JOINTS_0")->u8[l] = joints[l], in.find("WEIGHTS_0")->u8[l] = weights[l];
    in.find("JOINTS_1")->u8[l] = joints[4 + l], in.find("WEIGHTS_1")->u8[l] = weights[4 + l];
  }
  Result<Rebuilt> r = rebuild_of(donor, Dialect::Grw, in);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->summary.influences_dropped, 0u);
  EXPECT_TRUE(r->warnings.empty());
  const Decoded out = decode_clean(r->bytes, Dialect::Grw);
  int sum = 0;
  for (int l = 0; l < 4; ++l)
    sum += attr(out.mesh, "WEIGHTS_0").u8[l] + attr(out.mesh, "WEIGHTS_1").u8[l];
  EXPECT_EQ(sum, 255);
}

TEST(GrbRebuild, NewVerticesWithoutAnAttributeGetItsNeutralValueCounted) {
  const std::vector<uint8_t> donor = test::sample_bytes("grb/clustered_skinned_soldier");
  ir::Mesh in = incoming_of(donor, Dialect::Grb);
  for (float& f : in.find("POSITION")->f32) f *= 0.5f;  // every vertex new, Q kept
  in.attributes.erase(std::remove_if(in.attributes.begin(), in.attributes.end(),
                                     [](const ir::Attribute& a) {
                                       return a.semantic == "COLOR_0" || a.semantic == "_BINORMAL";
                                     }),
                      in.attributes.end());
  Result<Rebuilt> r = rebuild_of(donor, Dialect::Grb, in);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->summary.details["new_vertex_defaults"]["COLOR_0"], in.vertex_count);
  EXPECT_EQ(r->summary.details["new_vertex_defaults"]["_BINORMAL"], in.vertex_count);
  const Decoded out = decode_clean(r->bytes, Dialect::Grb);
  const ir::Attribute& c = attr(out.mesh, "COLOR_0");
  EXPECT_TRUE(std::all_of(c.u8.begin(), c.u8.end(), [](uint8_t b) { return b == 255; }));
  // The binormal derived from N and T comes back within a step of the donor's.
  const Decoded orig = decode_clean(donor, Dialect::Grb);
  const std::vector<float>& b0 = attr(orig.mesh, "_BINORMAL").f32;
  const std::vector<float>& b1 = attr(out.mesh, "_BINORMAL").f32;
  for (size_t i = 0; i < b0.size(); ++i) ASSERT_NEAR(b0[i], b1[i], 1.5 / 127) << i;
}

// A clustered donor that also fills MeshData's own buffers (a non-clustered copy): identity
// keeps them; an edit writes the new vertices there with absolute indices.
TEST(GrbRebuild, MeshDataCopyBesideClusteredFollowsTheEdit) {
  const std::vector<uint8_t> clean = test::sample_bytes("grb/clustered_skinned_soldier");
  MeshFile m = parsed(clean, Dialect::Grb);
  MeshData& md = m.compiled.mesh_data;
  md.vertex_buffer.bytes = m.compiled.clustered->vertex_buffer.bytes;
  md.index_buffer.bytes = {1, 0, 2, 0, 3, 0};
  md.blob_bytes = uint32_t(8 + md.vertex_buffer.bytes.size() + md.index_buffer.bytes.size());
  const std::vector<uint8_t> donor = encode(m);
  decode_clean(donor, Dialect::Grb);
  Result<Rebuilt> same = rebuild_of(donor, Dialect::Grb, incoming_of(donor, Dialect::Grb));
  ASSERT_TRUE(same) << same.error().to_string();
  EXPECT_TRUE(same->bytes == donor);
  ir::Mesh in = incoming_of(donor, Dialect::Grb);
  for (float& f : in.find("POSITION")->f32) f *= 0.5f;
  Result<Rebuilt> r = rebuild_of(donor, Dialect::Grb, in);
  ASSERT_TRUE(r) << r.error().to_string();
  decode_clean(r->bytes, Dialect::Grb);
  const MeshFile now = parsed(r->bytes, Dialect::Grb);
  EXPECT_TRUE(now.compiled.mesh_data.vertex_buffer.bytes ==
              now.compiled.clustered->vertex_buffer.bytes);
  ASSERT_EQ(now.compiled.mesh_data.index_buffer.bytes.size(), 2 * in.indices.size());
  for (size_t k = 0; k < in.indices.size(); ++k) {
    uint16_t v;
    std::memcpy(&v, now.compiled.mesh_data.index_buffer.bytes.data() + 2 * k, 2);
    ASSERT_EQ(v, in.indices[k]) << k;
  }
  EXPECT_EQ(now.compiled.mesh_data.blob_bytes,
            8 + now.compiled.mesh_data.vertex_buffer.bytes.size() + 2 * in.indices.size());
}

TEST(GrbRebuild, SummaryNamesRangesFactorsAndBounds) {
  const std::vector<uint8_t> donor = test::sample_bytes("grb/clustered_skinned_soldier");
  ir::Mesh in = incoming_of(donor, Dialect::Grb);
  in.primitives.erase(in.primitives.begin());
  Result<Rebuilt> r = rebuild_of(donor, Dialect::Grb, in);
  ASSERT_TRUE(r) << r.error().to_string();
  const nlohmann::json& x = r->summary.details;
  EXPECT_EQ(x["dialect"], "grb");
  EXPECT_EQ(x["layout"], "clustered");
  EXPECT_EQ(x["ranges"], nlohmann::json({{"before", 3}, {"after", 2}}));
  const nlohmann::json& before = x["draws"]["before"];
  const nlohmann::json& after = x["draws"]["after"];
  ASSERT_EQ(before.size(), 3u);
  ASSERT_EQ(after.size(), 2u);
  EXPECT_EQ(after[0]["start_index"], 0);
  EXPECT_EQ(after[0]["primitive_count"], before[1]["primitive_count"]);
  EXPECT_EQ(after[0]["min_index"], before[1]["min_index"]);
  EXPECT_EQ(x["quantization_factor"]["before"], x["quantization_factor"]["after"]);
  EXPECT_EQ(x["uv_quantization_factor"]["before"], x["uv_quantization_factor"]["after"]);
  // draw 0's vertices are still there
  EXPECT_EQ(x["bounds"]["before"]["max"], x["bounds"]["after"]["max"]);
  EXPECT_EQ(r->summary.donor_triangles, 248u);  // 744 indices
  EXPECT_EQ(r->summary.triangles, 248u - before[0]["primitive_count"].get<uint64_t>());
  EXPECT_EQ(r->summary.donor_vertices, 154u);
  EXPECT_FALSE(r->summary.donor_order);
}

// ---- hostile incoming meshes --------------------------------------------------------------

TEST(GrbRebuild, EveryImportBreakGivesItsCode) {
  for (const test::ImportBreak& b : test::import_breaks()) {
    SCOPED_TRACE(b.code + ": " + b.how);
    const std::vector<Error> got = test::run(b);
    ASSERT_FALSE(got.empty());
    if (b.error) {
      ASSERT_EQ(got.size(), 1u);
      EXPECT_EQ(got[0].code, b.code) << got[0].to_string();
      EXPECT_FALSE(got[0].message.empty());
      EXPECT_FALSE(got[0].path.empty());
    } else {
      EXPECT_TRUE(has_code(got, b.code));
    }
  }
}

TEST(GrbRebuild, HugeCountsWithoutValuesAreErrorsNotAllocations) {
  const std::vector<uint8_t> donor = test::sample_bytes("grb/clustered_skinned_soldier");
  ir::Mesh in = incoming_of(donor, Dialect::Grb);
  in.vertex_count = 0xFFFFFFFF;
  Result<Rebuilt> r = rebuild_of(donor, Dialect::Grb, in);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, "IMPORT_ATTRIBUTE_SIZE");
  ir::Mesh empty;
  r = rebuild_of(donor, Dialect::Grb, empty);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, "IMPORT_NO_POSITION");
  ir::Mesh wide = incoming_of(donor, Dialect::Grb);
  wide.primitives[0].first_index = 0xFFFFFFF0;
  r = rebuild_of(donor, Dialect::Grb, wide);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, "IMPORT_PRIMITIVE_RANGE");
}

// Many small corruptions of the incoming mesh: each is an IMPORT_ error or a mesh that
// decodes strictly, never a crash.
TEST(GrbRebuild, RandomCorruptionsAreErrorsOrCleanMeshes) {
  for (const char* name : {"grb/clustered_skinned_soldier", "grw/static_format8_u32_indices",
                           "grb/mesh_data_only_format11_foliage"}) {
    const Dialect d = std::string(name).rfind("grb", 0) == 0 ? Dialect::Grb : Dialect::Grw;
    const std::vector<uint8_t> donor = test::sample_bytes(name);
    const ir::Mesh base = incoming_of(donor, d);
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    auto next = [&seed](uint64_t n) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      return n ? (seed >> 33) % n : 0;
    };
    for (int round = 0; round < 200; ++round) {
      SCOPED_TRACE(std::string(name) + " round " + std::to_string(round));
      ir::Mesh m = base;
      switch (next(6)) {
        case 0:
          m.indices[next(m.indices.size())] = uint32_t(next(m.vertex_count + 4));
          break;
        case 1:
          m.primitives[next(m.primitives.size())].material = uint32_t(next(5));
          break;
        case 2:
          m.primitives[next(m.primitives.size())].index_count =
              uint32_t(next(m.indices.size() + 9));
          break;
        case 3: {
          ir::Attribute& a = m.attributes[next(m.attributes.size())];
          if (a.type == ir::Scalar::F32) a.f32.resize(next(a.f32.size() + 8));
          if (a.type == ir::Scalar::U8) a.u8.resize(next(a.u8.size() + 8));
          break;
        }
        case 4:
          m.vertex_count = uint32_t(next(m.vertex_count + 3));
          break;
        case 5:
          m.find("POSITION")->f32[next(m.find("POSITION")->f32.size())] =
              float(next(2000)) - 1000.0f;
          break;
      }
      Result<Rebuilt> r = rebuild_of(donor, d, std::move(m));
      if (!r) {
        EXPECT_EQ(r.error().code.rfind("IMPORT_", 0), 0u) << r.error().to_string();
        continue;
      }
      Result<Decoded> back = f2g::decode(r->bytes.data(), r->bytes.size(), test::forced(d));
      ASSERT_TRUE(back) << back.error().to_string();
    }
  }
}

TEST(GrbRebuild, ABrokenDonorIsItsDecodeError) {
  std::vector<uint8_t> donor = test::sample_bytes("grb/clustered_skinned_soldier");
  const ir::Mesh in = incoming_of(donor, Dialect::Grb);
  donor.resize(donor.size() - 1);
  Result<Rebuilt> r = rebuild_of(donor, Dialect::Grb, in);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, "GRB_TRUNCATED");
}

}  // namespace
}  // namespace f2g::grb
