// Riders Republic samples, made by the RR encoder from generated geometry (spheres,
// cylinders, tori, terrain patches, a wire lattice) with normals, tangents, UVs, colours and
// smooth skin weights. Deterministic: no clock, no randomness.
//
// With the 12-byte resource header: static24_props, split12_character, split12_skin8_tentacle,
// inline_rocks, stale_counts_wireframe_wall. Bare bodies: static16_terrain,
// static28_dynamic_copies, split24_bike, inline_u32_indices.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/common/names.h"  // crc32: ids and name hashes as the engine makes them
#include "formats/rr/mesh_builder.h"
#include "formats/rr/mesh_codec.h"
#include "samples/generator/sample_file.h"
#include "samples/generator/sample_ids.h"

namespace f2g::samples {

namespace {

using rr::BuildDraw;
using rr::BuildInput;

constexpr float kPi = 3.14159265358979f;

// ---- geometry in the IR's decoded shape ---------------------------------------------------

struct V3 {
  float x, y, z;
};
V3 operator+(V3 a, V3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
V3 operator-(V3 a, V3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
V3 operator*(V3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
float dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
V3 cross(V3 a, V3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
V3 normalised(V3 a) {
  const float l = std::sqrt(dot(a, a));
  return l > 1e-12f ? a * (1.0f / l) : V3{0, 0, 1};
}

struct Geo {
  std::vector<V3> pos;
  std::vector<float> uv0, uv1;  // 2 per vertex
  std::vector<uint8_t> col;     // RGBA
  std::vector<uint32_t> idx;    // absolute
  std::vector<float> flip;      // tangent handedness per vertex (+1 / -1)
  uint32_t vertex_count() const { return static_cast<uint32_t>(pos.size()); }
  void vertex(V3 p, float u, float v, float w = 1.0f) {
    pos.push_back(p);
    uv0.insert(uv0.end(), {u, v});
    uv1.insert(uv1.end(), {u * 0.25f, v * 0.25f});
    col.insert(col.end(), {255, 255, 255, 255});
    flip.push_back(w);
  }
  void tri(uint32_t a, uint32_t b, uint32_t c) { idx.insert(idx.end(), {a, b, c}); }
  // A (cols x rows) vertex grid from f(i, j) -> position, uv = (i / (cols - 1), j / (rows - 1))
  // scaled by `tile`; two triangles per cell, skipping cells that collapse to a point.
  template <class F>
  void grid(uint32_t cols, uint32_t rows, float tile_u, float tile_v, F&& f, float w = 1.0f) {
    const uint32_t base = vertex_count();
    for (uint32_t j = 0; j < rows; ++j)
      for (uint32_t i = 0; i < cols; ++i)
        vertex(f(i, j), tile_u * float(i) / float(cols - 1), tile_v * float(j) / float(rows - 1),
               w);
    for (uint32_t j = 0; j + 1 < rows; ++j)
      for (uint32_t i = 0; i + 1 < cols; ++i) {
        const uint32_t a = base + j * cols + i, b = a + 1, c = a + cols, d = c + 1;
        if (dot(pos[a] - pos[b], pos[a] - pos[b]) > 1e-12f) tri(a, b, d);
        if (dot(pos[c] - pos[d], pos[c] - pos[d]) > 1e-12f) tri(a, d, c);
      }
  }
};

// Parts appended to one shared geometry; each part is one range or object.
struct Parts {
  Geo g;
  std::vector<BuildDraw> parts;
  uint32_t first_index = 0, first_vertex = 0;
  void begin() {
    first_index = static_cast<uint32_t>(g.idx.size());
    first_vertex = g.vertex_count();
  }
  void end(const std::string& material) {
    BuildDraw p;
    p.first_index = first_index;
    p.index_count = static_cast<uint32_t>(g.idx.size()) - first_index;
    p.first_vertex = first_vertex;
    p.vertex_count = g.vertex_count() - first_vertex;
    p.material_id = id_of(material);
    parts.push_back(p);
  }
};

void sphere(Geo& g, V3 c, float r, uint32_t segs, uint32_t rings, float bumps = 0) {
  g.grid(segs + 1, rings + 1, 2.0f, 1.0f, [&](uint32_t i, uint32_t j) {
    // lat runs from the south pole up, so the grid's triangles face outwards.
    const float lon = 2 * kPi * float(i) / float(segs), lat = kPi * (1 - float(j) / float(rings));
    const float rr = r * (1 + bumps * std::sin(3 * lon + 1.3f) * std::sin(2 * lat) +
                          0.5f * bumps * std::cos(5 * lon) * std::sin(lat));
    return c + V3{std::sin(lat) * std::cos(lon), std::sin(lat) * std::sin(lon), std::cos(lat)} * rr;
  });
}

// Side of a z-aligned cylinder from `base`, radius tapering to r1 at the top.
void cylinder(Geo& g, V3 base, float r0, float r1, float h, uint32_t segs, uint32_t stacks,
              float w = 1.0f) {
  g.grid(
      segs + 1, stacks + 1, 1.0f, h,
      [&](uint32_t i, uint32_t j) {
        const float a = 2 * kPi * float(i) / float(segs), t = float(j) / float(stacks);
        const float r = r0 + (r1 - r0) * t;
        return base + V3{r * std::cos(a), r * std::sin(a), h * t};
      },
      w);
}

// A flat disc cap at height z, facing up or down.
void cap(Geo& g, V3 centre, float r, uint32_t segs, bool up) {
  const uint32_t c = g.vertex_count();
  g.vertex(centre, 0.5f, 0.5f);
  for (uint32_t i = 0; i <= segs; ++i) {
    const float a = 2 * kPi * float(i) / float(segs);
    g.vertex(centre + V3{r * std::cos(a), r * std::sin(a), 0}, 0.5f + 0.5f * std::cos(a),
             0.5f + 0.5f * std::sin(a));
  }
  for (uint32_t i = 0; i < segs; ++i)
    up ? g.tri(c, c + 1 + i, c + 2 + i) : g.tri(c, c + 2 + i, c + 1 + i);
}

// A torus around the y axis (a wheel), centred at c.
void torus(Geo& g, V3 c, float big, float small, uint32_t segs, uint32_t sides) {
  g.grid(segs + 1, sides + 1, 4.0f, 1.0f, [&](uint32_t i, uint32_t j) {
    const float a = 2 * kPi * float(i) / float(segs), b = 2 * kPi * float(j) / float(sides);
    const float rr = big + small * std::cos(b);
    return c + V3{rr * std::cos(a), -small * std::sin(b), rr * std::sin(a)};  // faces outwards
  });
}

float terrain_height(float x, float y) {
  return 1.6f * std::sin(0.31f * x) * std::cos(0.23f * y) +
         0.55f * std::sin(0.83f * x + 0.41f * y) + 0.2f * std::cos(1.7f * y - 0.6f * x);
}

void terrain(Geo& g, float size, uint32_t n) {
  g.grid(n, n, 8.0f, 8.0f, [&](uint32_t i, uint32_t j) {
    const float x = size * (float(i) / float(n - 1) - 0.5f),
                y = size * (float(j) / float(n - 1) - 0.5f);
    return V3{x, y, terrain_height(x, y)};
  });
}

// A box bar between a and b (an open square tube: 4 sides, seam column repeated).
void bar(Geo& g, V3 a, V3 b, float thickness) {
  const V3 axis = normalised(b - a);
  const V3 side =
      normalised(std::fabs(axis.z) < 0.9f ? cross(axis, V3{0, 0, 1}) : cross(axis, V3{1, 0, 0}));
  const V3 up = cross(side, axis);
  const float h = thickness / 2;
  // Corners in the order that makes the grid's triangles face outwards.
  const V3 corners[4] = {side * h + up * h, side * h - up * h, (side + up) * -h, up * h - side * h};
  g.grid(5, 2, 1.0f, 1.0f, [&](uint32_t i, uint32_t j) { return (j ? b : a) + corners[i % 4]; });
}

// Smooth normals and UV-aligned tangents from the triangles (area-weighted), for all
// vertices of `g`; handedness from the per-vertex flip.
void shade(const Geo& g, std::vector<float>& normals, std::vector<float>& tangents) {
  std::vector<V3> n(g.pos.size(), V3{0, 0, 0}), t(g.pos.size(), V3{0, 0, 0});
  for (size_t k = 0; k + 2 < g.idx.size(); k += 3) {
    const uint32_t a = g.idx[k], b = g.idx[k + 1], c = g.idx[k + 2];
    const V3 e1 = g.pos[b] - g.pos[a], e2 = g.pos[c] - g.pos[a];
    const V3 fn = cross(e1, e2);
    const float du1 = g.uv0[2 * b] - g.uv0[2 * a], dv1 = g.uv0[2 * b + 1] - g.uv0[2 * a + 1];
    const float du2 = g.uv0[2 * c] - g.uv0[2 * a], dv2 = g.uv0[2 * c + 1] - g.uv0[2 * a + 1];
    const float det = du1 * dv2 - du2 * dv1;
    const V3 ft = std::fabs(det) > 1e-12f ? (e1 * dv2 - e2 * dv1) * (1.0f / det) : e1;
    for (uint32_t v : {a, b, c}) {
      n[v] = n[v] + fn;
      t[v] = t[v] + ft;
    }
  }
  normals.clear();
  tangents.clear();
  for (size_t v = 0; v < g.pos.size(); ++v) {
    const V3 nn = normalised(n[v]);
    V3 tt = t[v] - nn * dot(nn, t[v]);  // Gram-Schmidt against the normal
    tt = dot(tt, tt) > 1e-12f ? normalised(tt) : normalised(cross(nn, V3{0.3f, 0.5f, 0.81f}));
    normals.insert(normals.end(), {nn.x, nn.y, nn.z});
    tangents.insert(tangents.end(), {tt.x, tt.y, tt.z, g.flip[v]});
  }
}

// Every attribute any table entry may ask for; build_mesh takes the ones its format names.
std::vector<ir::Attribute> attributes_of(const Geo& g) {
  std::vector<float> pos, normals, tangents, uv2;
  for (const V3& p : g.pos) pos.insert(pos.end(), {p.x, p.y, p.z});
  shade(g, normals, tangents);
  for (size_t v = 0; v < g.pos.size(); ++v) uv2.insert(uv2.end(), {g.uv0[2 * v + 1], g.uv0[2 * v]});
  return {ir::f32_attribute("POSITION", 3, pos),      ir::f32_attribute("NORMAL", 3, normals),
          ir::f32_attribute("TANGENT", 4, tangents),  ir::f32_attribute("TEXCOORD_0", 2, g.uv0),
          ir::f32_attribute("TEXCOORD_1", 2, g.uv1),  ir::f32_attribute("TEXCOORD_2", 2, uv2),
          ir::u8_attribute("COLOR_0", 4, true, g.col)};
}

// ---- skins -------------------------------------------------------------------------------

// A bone bound at `at` with no rotation: its inverse bind is the translation by -at, stored
// row-major with row vectors (translation in elements 12-14), i.e. glTF column-major.
rr::MeshBone bone_at(const std::string& name, V3 at) {
  rr::MeshBone b;
  b.id = id_of("bone:" + name);
  b.name_hash = crc32(name);
  b.matrix = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -at.x, -at.y, -at.z, 1};
  return b;
}

// Up to `slots` influences per vertex from raw weights: the strongest kept, quantised to u8
// summing to exactly 255 (largest remainders), unused slots joint 0 weight 0.
void quantise_influences(const std::vector<float>& raw, size_t slots, std::vector<uint8_t>& joints,
                         std::vector<uint8_t>& weights) {
  std::vector<size_t> order(raw.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return raw[a] > raw[b]; });
  order.resize(std::min(slots, order.size()));
  float sum = 0;
  for (size_t i : order) sum += raw[i];
  std::vector<int> q(order.size());
  std::vector<float> frac(order.size());
  int total = 0;
  for (size_t k = 0; k < order.size(); ++k) {
    const float w = 255.0f * raw[order[k]] / sum;
    q[k] = int(std::floor(w));
    frac[k] = w - float(q[k]);
    total += q[k];
  }
  while (total < 255) {
    const size_t k = size_t(std::max_element(frac.begin(), frac.end()) - frac.begin());
    ++q[k];
    frac[k] = -1;
    ++total;
  }
  for (size_t k = 0; k < slots; ++k) {
    const bool used = k < order.size() && q[k] > 0;
    joints.push_back(used ? uint8_t(order[k]) : 0);
    weights.push_back(used ? uint8_t(q[k]) : 0);
  }
}

// Skin attributes for `slots` (4 or 8) influences from a per-vertex raw weight function.
template <class F>
void add_skin(std::vector<ir::Attribute>& attrs, const Geo& g, size_t bones, size_t slots,
              F&& raw_of) {
  std::vector<uint8_t> joints, weights;
  for (const V3& p : g.pos) {
    std::vector<float> raw(bones);
    for (size_t b = 0; b < bones; ++b) raw[b] = raw_of(p, b);
    quantise_influences(raw, slots, joints, weights);
  }
  if (slots == 4) {
    attrs.push_back(ir::u8_attribute("JOINTS_0", 4, false, joints));
    attrs.push_back(ir::u8_attribute("WEIGHTS_0", 4, true, weights));
    return;
  }
  std::vector<uint8_t> j0, j1, w0, w1;  // 8 per vertex -> two sets of 4
  for (size_t v = 0; v < g.pos.size(); ++v)
    for (size_t k = 0; k < 8; ++k) {
      (k < 4 ? j0 : j1).push_back(joints[v * 8 + k]);
      (k < 4 ? w0 : w1).push_back(weights[v * 8 + k]);
    }
  attrs.push_back(ir::u8_attribute("JOINTS_0", 4, false, j0));
  attrs.push_back(ir::u8_attribute("JOINTS_1", 4, false, j1));
  attrs.push_back(ir::u8_attribute("WEIGHTS_0", 4, true, w0));
  attrs.push_back(ir::u8_attribute("WEIGHTS_1", 4, true, w1));
}

void paint(Geo& g, uint32_t from, uint8_t r, uint8_t gr, uint8_t b) {
  for (uint32_t v = from; v < g.vertex_count(); ++v) {
    const float shade = 0.75f + 0.25f * std::sin(0.7f * g.pos[v].z + 0.3f * g.pos[v].x);
    g.col[4 * v] = uint8_t(float(r) * shade);
    g.col[4 * v + 1] = uint8_t(float(gr) * shade);
    g.col[4 * v + 2] = uint8_t(float(b) * shade);
  }
}

BuildInput input_of(const std::string& name, const std::string& format, Parts& p) {
  BuildInput in;
  in.format = format;
  in.vertex_count = p.g.vertex_count();
  in.indices = p.g.idx;
  in.parts = p.parts;
  in.attributes = attributes_of(p.g);
  in.compiled_mesh_id = id_of("compiled:" + name);
  return in;
}

SampleFile sample(const std::string& name, const rr::MeshFile& m) {
  return SampleFile{"rr/" + name + ".mesh", rr::encode(m)};
}

// ---- the samples ---------------------------------------------------------------------------

SampleFile static16_terrain() {
  Parts p;
  p.begin();
  terrain(p.g, 24.0f, 33);
  p.end("MAT_Terrain_Grass");
  p.begin();
  sphere(p.g, V3{4, -3, terrain_height(4, -3) + 0.6f}, 1.1f, 16, 10, 0.18f);
  p.end("MAT_Rock_Granite");
  p.begin();
  cylinder(p.g, V3{-6, 5, terrain_height(-6, 5) - 0.2f}, 0.12f, 0.1f, 2.4f, 12, 4);
  p.end("MAT_Wood_Post");
  BuildInput in = input_of("static16_terrain", "static16", p);
  in.descriptor_mask = 1;
  in.max_culling_distance = 820;
  return sample("static16_terrain", rr::build_mesh(in));
}

SampleFile static24_props() {
  Parts p;
  p.begin();  // a barrel: tapered side and two caps
  cylinder(p.g, V3{0, 0, 0}, 0.42f, 0.38f, 1.1f, 24, 6);
  cap(p.g, V3{0, 0, 1.1f}, 0.38f, 24, true);
  cap(p.g, V3{0, 0, 0}, 0.42f, 24, false);
  paint(p.g, p.first_vertex, 150, 96, 52);
  p.end("MAT_Barrel_Oak");
  p.begin();  // a ball, its second half UV-mirrored (tangent w = -1)
  const uint32_t ball = p.g.vertex_count();
  sphere(p.g, V3{1.4f, 0.3f, 0.5f}, 0.5f, 24, 12);
  for (uint32_t v = ball; v < p.g.vertex_count(); ++v)
    if (p.g.uv0[2 * v] > 1.0f) {
      p.g.uv0[2 * v] = 2.0f - p.g.uv0[2 * v];
      p.g.flip[v] = -1.0f;
    }
  paint(p.g, ball, 220, 60, 40);
  p.end("MAT_Ball_Rubber");
  p.begin();  // a crate: six faces of four vertices
  const V3 o{-1.5f, 0.2f, 0};
  const float s = 0.8f;
  const V3 faces[6][3] = {{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}}, {{1, 1, 0}, {-1, 0, 0}, {0, 0, 1}},
                          {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {{0, 1, 0}, {0, -1, 0}, {0, 0, 1}},
                          {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}}, {{0, 1, 0}, {1, 0, 0}, {0, -1, 0}}};
  for (const auto& f : faces)
    p.g.grid(2, 2, 1.0f, 1.0f, [&](uint32_t i, uint32_t j) {
      return o + (f[0] + f[1] * float(i) + f[2] * float(j)) * s;
    });
  paint(p.g, p.first_vertex, 190, 160, 110);
  p.end("MAT_Crate_Pine");
  BuildInput in = input_of("static24_props", "static24", p);
  in.resource_identity = id_of("resource:static24_props");
  in.descriptor_mask = 16;
  in.max_culling_distance = 100;
  return sample("static24_props", rr::build_mesh(in));
}

SampleFile static28_dynamic_copies() {
  Parts p;
  p.begin();  // a flag: a rippled cloth patch
  p.g.grid(17, 9, 1.0f, 1.0f, [](uint32_t i, uint32_t j) {
    const float x = 0.1f + 1.6f * float(i) / 16.0f;
    return V3{x, 0.08f * std::sin(4.0f * x) * x, 2.2f + 0.9f * float(j) / 8.0f};
  });
  paint(p.g, p.first_vertex, 30, 90, 200);
  p.end("MAT_Flag_Cloth");
  p.begin();
  cylinder(p.g, V3{0, 0, 0}, 0.05f, 0.04f, 3.2f, 10, 3);
  p.end("MAT_Flag_Pole");
  BuildInput in = input_of("static28_dynamic_copies", "static28", p);
  in.cpu_copies = true;  // the final runs hold copies; the first trailer bool says so
  in.descriptor_mask = 2;
  in.max_culling_distance = 660;
  in.user_category = 3;
  return sample("static28_dynamic_copies", rr::build_mesh(in));
}

SampleFile split12_character() {
  Parts p;
  p.begin();
  cylinder(p.g, V3{0, 0, 0.9f}, 0.17f, 0.2f, 0.65f, 16, 10);  // torso
  p.end("MAT_Rider_Jacket");
  p.begin();
  sphere(p.g, V3{0, 0, 1.72f}, 0.13f, 16, 10);  // head
  p.end("MAT_Rider_Helmet");
  p.begin();
  cylinder(p.g, V3{-0.09f, 0, 0.05f}, 0.075f, 0.1f, 0.85f, 12, 10);  // legs
  cylinder(p.g, V3{0.09f, 0, 0.05f}, 0.075f, 0.1f, 0.85f, 12, 10);
  p.end("MAT_Rider_Pants");
  const std::vector<std::pair<std::string, float>> chain = {{"Hips", 0.9f},   {"Knees", 0.45f},
                                                            {"Spine", 1.15f}, {"Chest", 1.4f},
                                                            {"Neck", 1.6f},   {"Head", 1.75f}};
  BuildInput in = input_of("split12_character", "split12", p);
  for (const auto& b : chain) in.bones.push_back(bone_at(b.first, V3{0, 0, b.second}));
  add_skin(in.attributes, p.g, chain.size(), 4, [&](V3 v, size_t b) {
    return std::max(0.0f, 1.0f - std::fabs(v.z - chain[b].second) / 0.3f) + 1e-4f;
  });
  in.resource_identity = id_of("resource:split12_character");
  in.max_culling_distance = 2580;
  return sample("split12_character", rr::build_mesh(in));
}

SampleFile split24_bike() {
  Parts p;
  p.begin();
  torus(p.g, V3{0.55f, 0, 0.34f}, 0.31f, 0.035f, 24, 8);
  p.end("MAT_Bike_Tyre");
  p.begin();
  torus(p.g, V3{-0.55f, 0, 0.34f}, 0.31f, 0.035f, 24, 8);
  p.end("MAT_Bike_Tyre_Rear");
  p.begin();  // the frame: three tubes
  const uint32_t frame = p.g.vertex_count();
  bar(p.g, V3{-0.55f, 0, 0.34f}, V3{0.1f, 0, 0.95f}, 0.05f);
  bar(p.g, V3{0.1f, 0, 0.95f}, V3{0.55f, 0, 0.34f}, 0.05f);
  bar(p.g, V3{-0.55f, 0, 0.34f}, V3{0.15f, 0, 0.4f}, 0.05f);
  cylinder(p.g, V3{-0.1f, 0, 0.9f}, 0.03f, 0.03f, 0.25f, 12, 2);  // seat post
  paint(p.g, frame, 240, 200, 20);
  p.end("MAT_Bike_Frame");
  BuildInput in = input_of("split24_bike", "split24", p);
  in.bones = {bone_at("Bike_Root", V3{0, 0, 0.5f}), bone_at("Wheel_Front", V3{0.55f, 0, 0.34f}),
              bone_at("Wheel_Rear", V3{-0.55f, 0, 0.34f})};
  const uint32_t front_end = p.parts[0].vertex_count,
                 rear_end = front_end + p.parts[1].vertex_count;
  std::vector<uint8_t> joints, weights;  // rigid: each wheel on its bone, the frame on the root
  for (size_t v = 0; v < p.g.pos.size(); ++v) {
    const uint8_t bone = v < front_end ? 1 : v < rear_end ? 2 : 0;
    joints.insert(joints.end(), {bone, 0, 0, 0});
    weights.insert(weights.end(), {255, 0, 0, 0});
  }
  in.attributes.push_back(ir::u8_attribute("JOINTS_0", 4, false, joints));
  in.attributes.push_back(ir::u8_attribute("WEIGHTS_0", 4, true, weights));
  in.descriptor_mask = 8;
  in.generated = 1;
  return sample("split24_bike", rr::build_mesh(in));
}

SampleFile split12_skin8_tentacle() {
  Parts p;
  p.begin();
  cylinder(p.g, V3{0, 0, 0}, 0.16f, 0.04f, 2.4f, 16, 40);
  p.end("MAT_Tentacle_Skin");
  p.begin();
  sphere(p.g, V3{0, 0, 2.42f}, 0.05f, 10, 6);
  p.end("MAT_Tentacle_Tip");
  BuildInput in = input_of("split12_skin8_tentacle", "split12_skin8", p);
  const size_t bones = 10;
  for (size_t b = 0; b < bones; ++b)
    in.bones.push_back(bone_at("Tentacle_" + std::to_string(b), V3{0, 0, 0.25f * float(b)}));
  add_skin(in.attributes, p.g, bones, 8, [](V3 v, size_t b) {
    const float d = (v.z - 0.25f * float(b)) / 0.3f;
    return std::exp(-d * d);
  });
  in.resource_identity = id_of("resource:split12_skin8_tentacle");
  in.descriptor_mask = 32;
  return sample("split12_skin8_tentacle", rr::build_mesh(in));
}

SampleFile inline_rocks() {
  Parts p;
  const V3 at[3] = {{0, 0, 0.5f}, {1.6f, 0.4f, 0.35f}, {0.7f, -1.3f, 0.3f}};
  const float radius[3] = {0.7f, 0.45f, 0.38f};
  for (int k = 0; k < 3; ++k) {
    p.begin();
    sphere(p.g, at[k], radius[k], 16, 10, 0.12f + 0.04f * float(k));
    paint(p.g, p.first_vertex, 128, 120, 112);
    p.end("MAT_Rock_" + std::to_string(k));
  }
  BuildInput in = input_of("inline_rocks", "static24", p);
  in.inline_layout = true;
  in.resource_identity = id_of("resource:inline_rocks");
  in.descriptor_mask = 64;
  return sample("inline_rocks", rr::build_mesh(in));
}

SampleFile inline_u32_indices() {
  Parts p;
  p.begin();
  terrain(p.g, 16.0f, 25);
  paint(p.g, p.first_vertex, 110, 160, 70);
  p.end("MAT_Terrain_Meadow");
  p.begin();
  sphere(p.g, V3{-3, 2, terrain_height(-3, 2) + 0.4f}, 0.8f, 14, 8, 0.2f);
  p.end("MAT_Rock_Basalt");
  BuildInput in = input_of("inline_u32_indices", "static24", p);
  in.inline_layout = true;
  in.index_width = 1;
  in.descriptor_mask = 128;
  return sample("inline_u32_indices", rr::build_mesh(in));
}

// spec: "GFX_WireFrame_Wall_01_LOD0 declares 8,845 vertices and 5,593 triangles in both its
// primitive record and its material descriptor, while its buffers hold 2,490 vertices and
// 1,992 triangles". 249 square bars of 10 vertices and 8 triangles hold exactly that.
SampleFile stale_counts_wireframe_wall() {
  Parts p;
  p.begin();
  const float t = 0.04f;
  for (int r = 0; r <= 10; ++r)  // 110 horizontal bars
    for (int c = 0; c < 10; ++c)
      bar(p.g, V3{float(c) - 5, 0, float(r)}, V3{float(c) - 4, 0, float(r)}, t);
  for (int c = 0; c <= 10; ++c)  // 110 vertical bars
    for (int r = 0; r < 10; ++r)
      bar(p.g, V3{float(c) - 5, 0, float(r)}, V3{float(c) - 5, 0, float(r) + 1}, t);
  for (int k = 0; k < 29; ++k) {  // 29 diagonal braces
    const int c = (k * 7) % 10, r = (k * 3) % 10;
    bar(p.g, V3{float(c) - 5, 0, float(r)}, V3{float(c) - 4, 0, float(r) + 1}, t);
  }
  p.end("MAT_GFX_WireFrame");
  BuildInput in = input_of("stale_counts_wireframe_wall", "static24", p);
  in.resource_identity = id_of("resource:GFX_WireFrame_Wall_01_LOD0");
  rr::MeshFile m = rr::build_mesh(in);
  m.mesh_data.objects[0].vertex_count = 8845;  // stale declarations, as in the spec
  m.mesh_data.objects[0].triangle_count = 5593;
  m.materials.descriptors[0].vertex_count = 8845;
  return sample("stale_counts_wireframe_wall", m);
}

}  // namespace

std::vector<SampleFile> rr_samples() {
  return {static16_terrain(),  static24_props(),     static28_dynamic_copies(),
          split12_character(), split24_bike(),       split12_skin8_tentacle(),
          inline_rocks(),      inline_u32_indices(), stale_counts_wireframe_wall()};
}

}  // namespace f2g::samples
