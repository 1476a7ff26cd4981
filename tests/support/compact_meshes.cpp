#include "tests/support/compact_meshes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "gltf_writer/compact/compact.h"
#include "gltf_writer/read/read.h"
#include "gltf_writer/write/write.h"

namespace f2g::gltf::compact_test {
namespace {

ir::Primitive prim(uint32_t material, uint32_t first_index, uint32_t count, uint32_t first_vertex,
                   uint32_t vertex_count) {
  ir::Primitive p;
  p.material = material;
  p.first_index = first_index;
  p.index_count = count;
  p.first_vertex = first_vertex;
  p.vertex_count = vertex_count;
  p.extras = {{"unknown_0x14", 7 + first_index}};
  return p;
}

// A wavy w x h grid at `origin`, `size` metres across, with unit normals and tangents.
ir::Mesh grid(const char* name, uint32_t w, uint32_t h, float ox, float oy, float oz, float size) {
  ir::Mesh m;
  m.name = name;
  m.source = {"test", "compact", "", 0xC0FFEE};
  m.vertex_count = (w + 1) * (h + 1);
  std::vector<float> pos, nrm, tan, uv0, uv1;
  std::vector<uint8_t> col;
  for (uint32_t y = 0; y <= h; ++y)
    for (uint32_t x = 0; x <= w; ++x) {
      const float u = float(x) / w, v = float(y) / h;
      const float zx = 0.3f * std::cos(6 * u);
      pos.insert(pos.end(), {ox + size * u, oy + size * v, oz + 0.05f * size * std::sin(6 * u)});
      const float l = std::sqrt(zx * zx + 1);
      nrm.insert(nrm.end(), {-zx / l, 0, 1 / l});
      tan.insert(tan.end(), {1 / l, 0, zx / l, (x + y) % 2 ? 1.0f : -1.0f});
      uv0.insert(uv0.end(), {u, 1 - v});
      uv1.insert(uv1.end(), {3.5f * u - 1, 2.25f * v});  // outside [-1, 1]: stays float
      col.insert(col.end(), {uint8_t(x * 9), uint8_t(y * 13), 128, 255});
    }
  m.attributes = {
      ir::f32_attribute("POSITION", 3, pos),   ir::f32_attribute("NORMAL", 3, nrm),
      ir::f32_attribute("TANGENT", 4, tan),    ir::f32_attribute("TEXCOORD_0", 2, uv0),
      ir::f32_attribute("TEXCOORD_1", 2, uv1), ir::u8_attribute("COLOR_0", 4, true, col)};
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      const uint32_t a = y * (w + 1) + x, b = a + 1, c = a + w + 1, d = c + 1;
      m.indices.insert(m.indices.end(), {a, b, d, a, d, c});
    }
  m.materials = {{"0x000000A1", {{"id", "0x000000A1"}}}, {"0x000000B2", {{"id", "0x000000B2"}}}};
  m.extras = {{"note", "compact test"}};
  const uint32_t half = uint32_t(m.indices.size() / 6 * 3);
  m.primitives = {prim(0, 0, half, 0, m.vertex_count),
                  prim(1, half, uint32_t(m.indices.size()) - half, 0, m.vertex_count)};
  return m;
}

double range_of(const std::vector<float>& p, bool centred) {
  double r = 0;
  for (int c = 0; c < 3; ++c) {
    double lo = p[c], hi = p[c];
    for (size_t i = c; i < p.size(); i += 3)
      lo = std::min<double>(lo, p[i]), hi = std::max<double>(hi, p[i]);
    r = std::max(r, centred ? (hi - lo) / 2 : std::max(std::fabs(lo), std::fabs(hi)));
  }
  return r;
}

double magnitude(const std::vector<float>& v) {
  double m = 0;
  for (float x : v) m = std::max(m, double(std::fabs(x)));
  return m;
}

// Per-component closeness; exact compares bit patterns.
void expect_floats(const std::vector<float>& want, const std::vector<float>& got, double tol,
                   bool exact, const std::string& what) {
  ASSERT_EQ(want.size(), got.size()) << what;
  size_t worst = 0;
  double err = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    const double e = std::fabs(double(want[i]) - got[i]);
    if (e > err) err = e, worst = i;
    if (exact) {
      ASSERT_EQ(std::memcmp(&want[i], &got[i], 4), 0) << what << " value " << i;
    }
  }
  EXPECT_LE(err, tol) << what << ": value " << worst << " is " << got[worst] << ", wanted "
                      << want[worst];
}

double tolerance_for(const std::string& semantic, double position_tol) {
  if (semantic == "POSITION") return position_tol;
  if (semantic == "NORMAL" || semantic == "TANGENT") return kNormalTolerance;
  if (semantic.rfind("TEXCOORD_", 0) == 0) return kTexcoordTolerance;
  return 0;
}

}  // namespace

ir::Mesh static_far(uint32_t w, uint32_t h) {
  return grid("static_far", w, h, 812.25f, -341.5f, 17, 6.0f);
}

ir::Mesh skinned() {
  ir::Mesh m = grid("skinned", 6, 8, -0.4f, -0.3f, 0, 1.8f);
  std::vector<uint8_t> joints, weights;
  for (uint32_t v = 0; v < m.vertex_count; ++v) {
    const uint8_t b = uint8_t(v % 3);
    joints.insert(joints.end(), {b, uint8_t((b + 1) % 3), 0, 0});
    weights.insert(weights.end(), {200, 55, 0, 0});
  }
  m.attributes.push_back(ir::u8_attribute("JOINTS_0", 4, false, joints));
  m.attributes.push_back(ir::u8_attribute("WEIGHTS_0", 4, true, weights));
  ir::Skin s;
  for (int i = 0; i < 3; ++i) {
    ir::Bone b;
    b.id = 0x100 + i;
    b.name_hash = 0xABC00 + i;
    b.name = "bone_" + std::to_string(i);
    const float a = 0.4f * i, c = std::cos(a), n = std::sin(a);
    b.inverse_bind = {c, n, 0, 0, -n, c, 0, 0, 0, 0, 1, 0, 0.1f * i, -0.25f, -0.6f * i, 1};
    s.bones.push_back(b);
  }
  m.skin = s;
  return m;
}

ir::Mesh morphed() {
  ir::Mesh m = grid("morphed", 5, 4, 30, 40, 2, 3.0f);
  ir::Attribute* uv = m.find("TEXCOORD_0");
  for (size_t i = 0; i < uv->f32.size(); ++i) uv->f32[i] = uv->f32[i] * 1.5f - 0.75f;  // [-1, 1]
  for (int k = 0; k < 2; ++k) {
    ir::MorphTarget t;
    t.name = "0x0000BEE" + std::to_string(k);
    t.positions = m.find("POSITION")->f32;
    for (size_t i = 2; i < t.positions.size(); i += 3)
      t.positions[i] += 0.5f * (k + 1) * std::sin(float(i));
    t.normals = m.find("NORMAL")->f32;
    m.morph_targets.push_back(t);
  }
  return m;
}

ir::Mesh quantised_source(float f) {
  ir::Mesh m = grid("quantised", 7, 7, 0, 0, 0, 1);
  ir::Attribute* pos = m.find("POSITION");
  for (size_t i = 0; i < pos->f32.size(); ++i)
    pos->f32[i] = float(int(i * 7919 % 60000) - 30000) * f;  // float(k) * f, |k| <= 30000
  m.extras["quantization_factor"] = f;
  return m;
}

ir::Mesh odd_indices() {
  ir::Mesh m = grid("odd", 2, 1, 0, 0, 0, 1);
  m.indices.push_back(0);
  m.primitives = {prim(0, 0, 6, 0, m.vertex_count), prim(1, 6, 7, 0, m.vertex_count)};
  return m;
}

std::vector<uint8_t> write_glb(const ir::Mesh& m) {
  auto w = write(m);
  EXPECT_TRUE(w) << (w ? "" : w.error().to_string());
  return w ? w->glb : std::vector<uint8_t>{};
}

nlohmann::json json_of(const std::vector<uint8_t>& glb) {
  uint32_t len = 0;
  std::memcpy(&len, glb.data() + 12, 4);
  return nlohmann::json::parse(glb.begin() + 20, glb.begin() + 20 + len);
}

ir::Mesh read(const std::vector<uint8_t>& glb) {
  auto m = read_glb(glb.data(), glb.size());
  EXPECT_TRUE(m) << (m ? "" : m.error().to_string());
  return m ? *m : ir::Mesh{};
}

void expect_close(const ir::Mesh& want, const ir::Mesh& got, bool exact) {
  EXPECT_EQ(want.name, got.name);
  EXPECT_EQ(want.vertex_count, got.vertex_count);
  EXPECT_EQ(want.indices, got.indices);
  EXPECT_EQ(want.index_size, got.index_size);
  EXPECT_EQ(want.z_up, got.z_up);
  EXPECT_EQ(want.extras, got.extras);
  ASSERT_EQ(want.primitives.size(), got.primitives.size());
  for (size_t i = 0; i < want.primitives.size(); ++i) {
    const ir::Primitive &a = want.primitives[i], &b = got.primitives[i];
    EXPECT_EQ(a.material, b.material);
    EXPECT_EQ(a.first_index, b.first_index);
    EXPECT_EQ(a.index_count, b.index_count);
    EXPECT_EQ(a.first_vertex, b.first_vertex);
    EXPECT_EQ(a.vertex_count, b.vertex_count);
    EXPECT_EQ(a.extras, b.extras);
  }
  ASSERT_EQ(want.materials.size(), got.materials.size());
  for (size_t i = 0; i < want.materials.size(); ++i)
    EXPECT_EQ(want.materials[i].extras, got.materials[i].extras);
  ASSERT_EQ(want.skin.has_value(), got.skin.has_value());
  if (want.skin) {
    ASSERT_EQ(want.skin->bones.size(), got.skin->bones.size());
    for (size_t i = 0; i < want.skin->bones.size(); ++i) {
      const ir::Bone &a = want.skin->bones[i], &b = got.skin->bones[i];
      EXPECT_EQ(a.name, b.name);
      EXPECT_EQ(a.id, b.id);
      EXPECT_EQ(a.extras, b.extras);
      EXPECT_EQ(std::memcmp(a.inverse_bind.data(), b.inverse_bind.data(), 64), 0)
          << "inverse bind of bone " << i << " is not exact";
    }
  }
  const std::vector<float>& pos = want.find("POSITION")->f32;
  const bool skinned = want.find("JOINTS_0") != nullptr;
  // compact.h: POSITION <= scale / 2 <= R / 32766, plus float rounding of offset + scale q.
  const double pos_tol =
      range_of(pos, !skinned) * kPositionToleranceOfRange + 4e-7 * magnitude(pos);

  ASSERT_EQ(want.attributes.size(), got.attributes.size());
  for (size_t i = 0; i < want.attributes.size(); ++i) {
    const ir::Attribute &a = want.attributes[i], &b = got.attributes[i];
    ASSERT_EQ(a.semantic, b.semantic);
    ASSERT_EQ(int(a.type), int(b.type)) << a.semantic;
    EXPECT_EQ(a.normalized, b.normalized) << a.semantic;
    EXPECT_EQ(a.u8, b.u8) << a.semantic;
    EXPECT_EQ(a.u16, b.u16) << a.semantic;
    expect_floats(a.f32, b.f32, exact ? 0 : tolerance_for(a.semantic, pos_tol), exact, a.semantic);
  }
  ASSERT_EQ(want.morph_targets.size(), got.morph_targets.size());
  for (size_t k = 0; k < want.morph_targets.size(); ++k) {
    const ir::MorphTarget &a = want.morph_targets[k], &b = got.morph_targets[k];
    EXPECT_EQ(a.name, b.name);
    // Absolute targets: base error plus the rounding of base + delta.
    expect_floats(a.positions, b.positions, exact ? 0 : pos_tol + 4e-7 * magnitude(a.positions),
                  exact, "target positions");
    expect_floats(a.normals, b.normals, exact ? 0 : kNormalTolerance + 1e-6, exact,
                  "target normals");
    ASSERT_EQ(a.others.size(), b.others.size());
    for (size_t o = 0; o < a.others.size(); ++o) {
      EXPECT_EQ(a.others[o].u8, b.others[o].u8);
      expect_floats(a.others[o].f32, b.others[o].f32,
                    exact ? 0 : tolerance_for(a.others[o].semantic, pos_tol) + 1e-6, exact,
                    "target " + a.others[o].semantic);
    }
  }
}

}  // namespace f2g::gltf::compact_test
