#include "tests/support/gltf_synthetic.h"

#include <cmath>

namespace f2g::gltf::test {
namespace {

// A w x h grid of quads in the XY plane (Z up), two triangles each.
ir::Mesh grid_mesh(const char* name, uint32_t w, uint32_t h) {
  ir::Mesh m;
  m.name = name;
  m.source = {"test", "synthetic", "", 0x1234};
  m.vertex_count = (w + 1) * (h + 1);
  std::vector<float> pos, uv, nrm, tan, bin;
  std::vector<uint8_t> col, flags;
  for (uint32_t y = 0; y <= h; ++y)
    for (uint32_t x = 0; x <= w; ++x) {
      const float fx = 0.25f * x, fy = 0.125f * y;
      pos.insert(pos.end(), {fx, fy, 0.1f * std::sin(fx) + 0.01f * y});
      uv.insert(uv.end(), {fx / (w ? w : 1), 1.0f - fy});
      // Decoded ubyte normals (b/127 - 1): close to unit, never exactly.
      nrm.insert(nrm.end(), {130 / 127.0f - 1, 126 / 127.0f - 1, 254 / 127.0f - 1});
      tan.insert(tan.end(), {254 / 127.0f - 1, 127 / 127.0f - 1, 128 / 127.0f - 1, 1.0f});
      bin.insert(bin.end(), {0.0f, 0.99f, 0.0f});
      col.insert(col.end(), {uint8_t(x * 7), uint8_t(y * 5), 200, 255});
      flags.push_back(uint8_t(x + y));
    }
  m.attributes.push_back(ir::f32_attribute("POSITION", 3, pos));
  m.attributes.push_back(ir::f32_attribute("NORMAL", 3, nrm));
  m.attributes.push_back(ir::f32_attribute("TANGENT", 4, tan));
  m.attributes.push_back(ir::f32_attribute("TEXCOORD_0", 2, uv));
  m.attributes.push_back(ir::u8_attribute("COLOR_0", 4, true, col));
  m.attributes.push_back(ir::f32_attribute("_BINORMAL", 3, bin));
  m.attributes.push_back(ir::u8_attribute("_FLAGS", 1, false, flags));
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      const uint32_t a = y * (w + 1) + x, b = a + 1, c = a + w + 1, d = c + 1;
      m.indices.insert(m.indices.end(), {a, b, d, a, d, c});
    }
  m.materials.push_back({"0x0000AAAA", {{"id", "0x0000AAAA"}}});
  m.extras = {{"note", "synthetic"}, {"words", {1, 2, 3}}, {"big", 18446744073709551615ull}};
  return m;
}

ir::Primitive prim(uint32_t material, uint32_t first_index, uint32_t count, uint32_t first_vertex,
                   uint32_t vertex_count) {
  ir::Primitive p;
  p.material = material;
  p.first_index = first_index;
  p.index_count = count;
  p.first_vertex = first_vertex;
  p.vertex_count = vertex_count;
  p.extras = {{"unknown_0x14", first_index * 3}};
  return p;
}

// Column-major affine matrix of rotation angle a about Z, uniform scale s, translation t.
std::array<float, 16> affine(float a, float s, float tx, float ty, float tz) {
  const float c = std::cos(a) * s, n = std::sin(a) * s;
  return {c, n, 0, 0, -n, c, 0, 0, 0, 0, s, 0, tx, ty, tz, 1};
}

}  // namespace

ir::Mesh static_multi() {
  ir::Mesh m = grid_mesh("static_multi", 6, 4);  // 35 vertices, 48 triangles
  m.materials.push_back({"0x0000BBBB", {{"id", "0x0000BBBB"}, {"flag", true}}});
  const uint32_t n = uint32_t(m.indices.size());
  m.primitives = {prim(0, 0, 36, 0, 35), prim(1, 36, 90, 0, 35), prim(0, 126, n - 126, 0, 35)};
  return m;
}

ir::Mesh skinned8() {
  ir::Mesh m = grid_mesh("skinned8", 4, 3);  // 20 vertices
  m.primitives = {prim(0, 0, uint32_t(m.indices.size()), 0, 20)};
  ir::Skin skin;
  for (int b = 0; b < 6; ++b) {
    ir::Bone bone;
    bone.id = 0x100 + b;
    bone.name_hash = 0xABC00000u + b;
    char name[40];
    std::snprintf(name, sizeof name, "bone_%d_0x%08X", b, bone.name_hash);
    bone.name = name;
    bone.inverse_bind = affine(0.3f * b, b == 5 ? 2.0f : 1.0f, -0.5f * b, 0.25f, -1.0f + b);
    char id[24], hash[24];
    std::snprintf(id, sizeof id, "0x%08X", unsigned(bone.id));
    std::snprintf(hash, sizeof hash, "0x%08X", bone.name_hash);
    bone.extras = {{"id", id}, {"name_hash", hash}, {"flags", b}};
    skin.bones.push_back(bone);
  }
  m.skin = skin;
  std::vector<uint8_t> j0, j1, w0, w1;
  for (uint32_t v = 0; v < m.vertex_count; ++v) {
    switch (v % 5) {
      case 0:  // 8 influences, sum 255
        j0.insert(j0.end(), {0, 1, 2, 3}), w0.insert(w0.end(), {100, 50, 30, 20});
        j1.insert(j1.end(), {4, 5, 1, 2}), w1.insert(w1.end(), {20, 15, 10, 10});
        break;
      case 1:  // sum 254, zero weights on non-zero joints
        j0.insert(j0.end(), {3, 4, 5, 1}), w0.insert(w0.end(), {127, 127, 0, 0});
        j1.insert(j1.end(), {2, 2, 2, 2}), w1.insert(w1.end(), {0, 0, 0, 0});
        break;
      case 2:  // repeated joint 5 across sets, sum 256
        j0.insert(j0.end(), {5, 0, 1, 2}), w0.insert(w0.end(), {60, 60, 60, 60});
        j1.insert(j1.end(), {5, 3, 0, 0}), w1.insert(w1.end(), {8, 8, 0, 0});
        break;
      case 3:  // all zero
        j0.insert(j0.end(), {1, 2, 3, 4}), w0.insert(w0.end(), {0, 0, 0, 0});
        j1.insert(j1.end(), {5, 0, 0, 0}), w1.insert(w1.end(), {0, 0, 0, 0});
        break;
      default:  // one bone, joint 0 used with weight beside zero-weight joint-0 fillers
        j0.insert(j0.end(), {0, 0, 0, 0}), w0.insert(w0.end(), {255, 0, 0, 0});
        j1.insert(j1.end(), {0, 0, 0, 0}), w1.insert(w1.end(), {0, 0, 0, 0});
    }
  }
  m.attributes.push_back(ir::u8_attribute("JOINTS_0", 4, false, j0));
  m.attributes.push_back(ir::u8_attribute("WEIGHTS_0", 4, true, w0));
  m.attributes.push_back(ir::u8_attribute("JOINTS_1", 4, false, j1));
  m.attributes.push_back(ir::u8_attribute("WEIGHTS_1", 4, true, w1));
  return m;
}

ir::Mesh morph2() {
  ir::Mesh m = grid_mesh("morph2", 3, 3);  // 16 vertices
  m.primitives = {prim(0, 0, 30, 0, 16), prim(0, 30, uint32_t(m.indices.size()) - 30, 0, 16)};
  const ir::Attribute& pos = *m.find("POSITION");
  const ir::Attribute& uv = *m.find("TEXCOORD_0");
  const ir::Attribute& col = *m.find("COLOR_0");
  for (int k = 0; k < 2; ++k) {
    ir::MorphTarget t;
    t.name = k == 0 ? "0xDEADBEEF" : "morph_1";
    t.positions = pos.f32;
    for (size_t i = 0; i < t.positions.size(); ++i) t.positions[i] += 0.1f * float(i % 7) * (k + 1);
    t.normals.assign(pos.f32.size(), 0.0f);
    for (size_t v = 0; v < m.vertex_count; ++v) t.normals[v * 3 + (k ? 0 : 2)] = 250 / 127.0f - 1;
    if (k == 1) {
      t.positions[3] = 1.0e-30f;  // far below its base's ulp (0.25): unreachable
      t.positions[4] = 3.0e7f;    // far from its base, reachable
      t.positions[5] = std::nextafter(t.positions[5], 10.0f);
    }
    ir::Attribute tuv = uv;
    for (float& f : tuv.f32) f = f * 0.5f + 0.25f;
    ir::Attribute tcol = col;
    for (uint8_t& c : tcol.u8) c = uint8_t(255 - c);
    t.others = {tuv, tcol};
    if (k == 0) t.extras = {{"channel", "0xDEADBEEF"}};
    m.morph_targets.push_back(t);
  }
  return m;
}

ir::Mesh big_u32() {
  ir::Mesh m = grid_mesh("big_u32", 349, 199);  // 350 x 200 = 70000 vertices
  const uint32_t n = uint32_t(m.indices.size());
  m.index_size = 4;
  m.primitives = {prim(0, 0, 3000, 0, 2000), prim(0, 3000, n - 3000, 0, m.vertex_count)};
  return m;
}

ir::Mesh edge_cases() {
  ir::Mesh m = grid_mesh("edge cases/ü", 3, 2);  // 12 vertices, 36 indices
  // TANGENT without NORMAL, TEXCOORD_1 without TEXCOORD_0: written as _TANGENT, _TEXCOORD_1.
  m.attributes.erase(m.attributes.begin() + 1);  // NORMAL
  m.find("TEXCOORD_0")->semantic = "TEXCOORD_1";
  m.find("TANGENT")->f32[4] = 0, m.find("TANGENT")->f32[5] = 0, m.find("TANGENT")->f32[6] = 0;
  m.find("TANGENT")->f32[7] = 0.5f;  // w not +-1
  m.indices.push_back(70000);        // a stored index no primitive uses
  // An empty primitive, one with 2 trailing indices, a whole one.
  m.primitives = {prim(0, 0, 2, 0, 12), prim(0, 2, 20, 0, 12), prim(0, 22, 14, 0, 12)};
  m.materials.clear();
  m.z_up = false;
  // 300 bones: JOINTS_0 u16; one IBM with a non-affine last row, one singular.
  ir::Skin skin;
  for (int b = 0; b < 300; ++b) {
    ir::Bone bone;
    bone.id = 0x1000000000ull + b;
    bone.name_hash = 0x5000u + b;
    bone.name = "b" + std::to_string(b);
    bone.inverse_bind = affine(0.01f * b, 1.0f, 0.1f * b, 0, 0);
    bone.extras = {{"id", b}};  // not the bone id: writer keeps it and warns
    skin.bones.push_back(bone);
  }
  skin.bones[7].inverse_bind[3] = 0.5f;
  skin.bones[9].inverse_bind = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  m.skin = skin;
  ir::Attribute j;
  j.semantic = "JOINTS_0";
  j.type = ir::Scalar::U16;
  j.width = 4;
  ir::Attribute w = ir::u8_attribute("WEIGHTS_0", 4, true, {});
  for (uint32_t v = 0; v < m.vertex_count; ++v) {
    j.u16.insert(j.u16.end(), {uint16_t(299 - v), uint16_t(v), 7, 9});
    w.u8.insert(w.u8.end(), {200, 50, 3, 2});
  }
  m.attributes.push_back(j);
  m.attributes.push_back(w);
  return m;
}

ir::Mesh bones_without_joints() {
  ir::Mesh m = static_multi();
  m.name = "bones_without_joints";
  ir::Skin skin;
  for (int b = 0; b < 2; ++b) {
    ir::Bone bone;
    bone.id = 0x77 + b;
    bone.name_hash = 0x99 + b;
    bone.name = "bone_" + std::to_string(b);
    bone.inverse_bind = affine(0.5f, 1.0f, 0, 0, -2.0f * b);
    bone.extras = {{"id", "0x00000077"}, {"name_hash", "0x00000099"}};  // right for bone 0 only
    skin.bones.push_back(bone);
  }
  m.skin = skin;
  return m;
}

ir::Mesh grid(uint32_t vertices) {
  const uint32_t side = uint32_t(std::ceil(std::sqrt(double(vertices))));
  ir::Mesh m = grid_mesh("grid", side - 1, side - 1);
  m.primitives = {prim(0, 0, uint32_t(m.indices.size()), 0, m.vertex_count)};
  return m;
}

}  // namespace f2g::gltf::test
