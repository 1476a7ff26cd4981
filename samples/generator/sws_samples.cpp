// The SWS samples: format structures built from small procedural shapes and written by the
// SWS encoder. Deterministic (no randomness, no clock): a test regenerates them and compares
// with the committed files under samples/sws/.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "formats/common/names.h"  // crc32: ids and name hashes as the engine makes them
#include "formats/sws/mesh_builder.h"
#include "formats/sws/mesh_codec.h"
#include "formats/sws/mesh_format.h"
#include "samples/generator/sample_file.h"

namespace f2g::samples {
namespace {

using sws::Float2;
using sws::Float3;

constexpr float kPi = 3.14159265358979f;

// Flag bits of the built-in vertex-format table (formats/sws/vertex_formats.json).
constexpr uint32_t kPosition = 0x001, kNormal = 0x002, kTangent = 0x004, kBinormal = 0x008,
                   kColor0 = 0x010, kTexcoord0 = 0x020, kTexcoord1 = 0x040, kBlendIndices = 0x080,
                   kBlendWeight = 0x100;

// ---- small vector maths --------------------------------------------------------------

Float3 add(Float3 a, Float3 b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
Float3 sub(Float3 a, Float3 b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
Float3 mul(Float3 a, float s) { return {a[0] * s, a[1] * s, a[2] * s}; }
float dot(Float3 a, Float3 b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Float3 cross(Float3 a, Float3 b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
Float3 normalize(Float3 a) {
  const float l = std::sqrt(dot(a, a));
  return l > 0 ? mul(a, 1.0f / l) : a;
}

uint32_t d3dcolor(uint8_t r, uint8_t g, uint8_t b, uint8_t a = 255) {
  return uint32_t(b) | uint32_t(g) << 8 | uint32_t(r) << 16 | uint32_t(a) << 24;
}

// ---- authored geometry ----------------------------------------------------------------

struct Vertex {
  Float3 p{}, n{}, t{}, b{};
  uint32_t color = 0xFFFFFFFFu;
  Float2 uv0{}, uv1{};
  std::array<uint8_t, 4> joints{}, weights{};
};

// One range's worth: vertices and local triangle indices.
struct Part {
  std::vector<Vertex> v;
  std::vector<uint16_t> tri;
  std::vector<std::vector<Vertex>> morphs;  // one whole vertex array per extra stream
};

// Adds a (rows x cols) quad grid over (u, v) in [0, 1]^2. Each triangle is wound
// counter-clockwise about its vertices' normals; zero-area triangles (poles) are dropped.
void add_grid(Part& part, int rows, int cols, const std::function<Vertex(float, float)>& at) {
  const size_t base = part.v.size();
  for (int i = 0; i <= rows; ++i)
    for (int j = 0; j <= cols; ++j) part.v.push_back(at(float(j) / cols, float(i) / rows));
  const auto id = [&](int i, int j) { return uint16_t(base + size_t(i) * (cols + 1) + j); };
  const auto emit = [&](uint16_t a, uint16_t b, uint16_t c) {
    const Float3 g = cross(sub(part.v[b].p, part.v[a].p), sub(part.v[c].p, part.v[a].p));
    if (dot(g, g) < 1e-14f) return;
    const Float3 n = add(add(part.v[a].n, part.v[b].n), part.v[c].n);
    if (dot(g, n) < 0) std::swap(b, c);
    part.tri.insert(part.tri.end(), {a, b, c});
  };
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      emit(id(i, j), id(i, j + 1), id(i + 1, j + 1));
      emit(id(i, j), id(i + 1, j + 1), id(i + 1, j));
    }
}

// A disc of `segments` triangles around a centre vertex (tube caps).
void add_fan(Part& part, const Vertex& centre, const std::vector<Vertex>& rim) {
  const uint16_t c = uint16_t(part.v.size());
  part.v.push_back(centre);
  for (const Vertex& r : rim) part.v.push_back(r);
  const size_t k = rim.size();
  for (size_t i = 0; i < k; ++i) {
    uint16_t a = uint16_t(c + 1 + i), b = uint16_t(c + 1 + (i + 1) % k);
    const Float3 g = cross(sub(part.v[a].p, centre.p), sub(part.v[b].p, centre.p));
    if (dot(g, centre.n) < 0) std::swap(a, b);
    part.tri.insert(part.tri.end(), {c, a, b});
  }
}

// ---- compiling to the stored layout ----------------------------------------------------

uint32_t stride_of(uint32_t flags) {
  const uint32_t sizes[] = {12, 4, 4, 4, 4, 8, 8, 4, 4};
  uint32_t s = 0;
  for (int bit = 0; bit < 9; ++bit)
    if (flags & (1u << bit)) s += sizes[bit];
  return s;
}

// docs/READING.md: NORMAL ubyte4, xyz = b / 127 - 1, so b = (n + 1) x 127.
uint8_t unit_byte(float c) {
  return uint8_t(std::clamp<long>(std::lround((c + 1.0f) * 127.0f), 0, 254));
}

void put_unit(std::vector<uint8_t>& out, Float3 n) {
  out.insert(out.end(), {unit_byte(n[0]), unit_byte(n[1]), unit_byte(n[2]), 0});
}

void put(std::vector<uint8_t>& out, const void* p, size_t n) {
  const uint8_t* b = static_cast<const uint8_t*>(p);
  out.insert(out.end(), b, b + n);
}

// One vertex in ascending bit order (the built-in table).
void pack(std::vector<uint8_t>& out, const Vertex& v, uint32_t flags) {
  if (flags & kPosition) put(out, v.p.data(), 12);
  if (flags & kNormal) put_unit(out, v.n);
  if (flags & kTangent) put_unit(out, v.t);
  if (flags & kBinormal) put_unit(out, v.b);
  if (flags & kColor0) put(out, &v.color, 4);
  if (flags & kTexcoord0) put(out, v.uv0.data(), 8);
  if (flags & kTexcoord1) put(out, v.uv1.data(), 8);
  if (flags & kBlendIndices) put(out, v.joints.data(), 4);
  if (flags & kBlendWeight) put(out, v.weights.data(), 4);
}

struct MeshSpec {
  std::string name;
  uint32_t category = 0;
  uint8_t generated = 0;
  uint8_t stored_first = 0;  // the 11 stored bytes: 0 or 1, then 1, then nine zeros
  uint32_t flags = 0;
  std::vector<Part> parts;  // one first-partition range and material each
  bool single_second_range = false;
  std::vector<std::vector<uint8_t>> palettes;  // per part; empty for meshes without bones
  std::vector<sws::MeshBone> bones;
};

uint32_t material_id(const std::string& mesh, size_t i) {
  return crc32(mesh + "/material_" + std::to_string(i));
}

sws::Mesh compile(const MeshSpec& s) {
  sws::Mesh m;
  m.id = crc32(s.name) & 0x00FFFFFFu;
  m.category = s.category;
  m.generated = s.generated;
  m.stored_11 = {s.stored_first, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  m.bones = s.bones;
  sws::CompiledData& d = m.compiled;
  d.flags = s.flags;
  d.stride = stride_of(s.flags);
  d.extra_streams = s.parts.empty() ? 0 : uint32_t(s.parts[0].morphs.size());
  uint32_t first_vertex = 0;
  for (size_t i = 0; i < s.parts.size(); ++i) {
    const Part& p = s.parts[i];
    sws::Range g;
    g.first_vertex = first_vertex;
    g.vertex_count = uint32_t(p.v.size());
    g.first_index = uint32_t(d.indices.size());
    g.triangle_count = uint32_t(p.tri.size() / 3);
    g.unknown_0x14 = crc32(s.name + "/range_" + std::to_string(i));
    for (uint16_t t : p.tri) d.indices.push_back(uint16_t(t + first_vertex));
    d.ranges_a.push_back(g);
    sws::Palette pal;
    pal.unknown_0x3 = uint16_t(i);  // the range's position, as on most palettes
    pal.vertex_count = uint16_t(p.v.size());
    if (i < s.palettes.size()) pal.bones = s.palettes[i];
    d.palettes.push_back(pal);
    m.material_ids.push_back(material_id(s.name, i));
    first_vertex += g.vertex_count;
  }
  for (uint32_t k = 0; k <= d.extra_streams; ++k)
    for (const Part& p : s.parts)
      for (const Vertex& v : (k == 0 ? p.v : p.morphs[k - 1])) pack(d.streams, v, s.flags);
  d.vertex_bytes = first_vertex * d.stride;
  if (s.single_second_range) {
    sws::Range all;
    all.vertex_count = first_vertex;
    all.triangle_count = uint32_t(d.indices.size() / 3);
    all.unknown_0x14 = crc32(s.name + "/range_b");
    d.ranges_b.push_back(all);
  } else {
    d.ranges_b = d.ranges_a;
    for (sws::Range& g : d.ranges_b) g.unknown_0x14 ^= 0x5A5A5A5Au;
  }
  sws::update_derived(m);
  // spec: the palette tail "look[s] like left-over index and vertex values".
  for (size_t i = 0; i < d.palette_tail.size(); ++i)
    d.palette_tail[i] = uint8_t(d.indices[(i / 2) % d.indices.size()] >> (8 * (i % 2)));
  return m;
}

// ---- (a) static_materials: a capsule in three materials ---------------------------------

sws::Mesh static_materials() {
  MeshSpec s;
  s.name = "static_materials";
  s.flags = kPosition | kNormal | kTexcoord0;
  const float r = 0.45f, half = 0.8f;
  const int segs = 32;
  // Bottom cap, body, top cap: the body in two bands would be four; three keeps it simple.
  for (int part = 0; part < 3; ++part) {
    Part p;
    const int rows = part == 1 ? 14 : 9;
    add_grid(p, rows, segs, [&](float u, float v) {
      const float phi = 2 * kPi * u;
      Vertex x;
      if (part == 1) {  // cylinder body
        x.n = {std::cos(phi), std::sin(phi), 0};
        x.p = {r * x.n[0], r * x.n[1], -half + 2 * half * v};
        x.uv0 = {u, 0.25f + 0.5f * v};
      } else {  // hemispheres: latitude from the pole (v = 0) to the equator (v = 1)
        const float lat = 0.5f * kPi * v;
        const float z = std::cos(lat), ring = std::sin(lat);
        const float sign = part == 0 ? -1.0f : 1.0f;
        x.n = {ring * std::cos(phi), ring * std::sin(phi), sign * z};
        x.p = {r * x.n[0], r * x.n[1], sign * (half + r * z)};
        x.uv0 = {u, part == 0 ? 0.25f * v : 1.0f - 0.25f * v};
      }
      return x;
    });
    s.parts.push_back(std::move(p));
  }
  return compile(s);
}

// ---- (b) lit_two_uv: a quarter pipe with vertex colour, lightmap UVs and tangents -------

sws::Mesh lit_two_uv() {
  MeshSpec s;
  s.name = "lit_two_uv";
  s.stored_first = 1;
  s.flags = kPosition | kNormal | kTangent | kBinormal | kColor0 | kTexcoord0 | kTexcoord1;
  s.single_second_range = true;
  const float radius = 1.6f, width = 4.0f, apron = 1.2f, deck = 1.0f;
  const float arc = 0.5f * kPi * radius, length = apron + arc;
  // Riding surface: the flat apron then the transition, as one profile of arc length `length`.
  Part ramp;
  add_grid(ramp, 40, 16, [&](float u, float v) {
    const float along = v * length, y = (u - 0.5f) * width;
    Vertex x;
    float theta = 0;
    if (along <= apron) {
      x.p = {along - apron, y, 0};
    } else {
      theta = (along - apron) / radius;
      x.p = {radius * std::sin(theta), y, radius * (1 - std::cos(theta))};
    }
    x.n = {-std::sin(theta), 0, std::cos(theta)};
    x.t = {0, 1, 0};                                             // increasing u
    x.b = {std::cos(theta), 0, std::sin(theta)};                 // increasing v
    const uint8_t shade = uint8_t(150 + 100 * std::cos(theta));  // darker up the wall
    x.color = d3dcolor(shade, shade, uint8_t(shade - 20));
    x.uv0 = {u * 2, along / 2};
    x.uv1 = {u * 0.98f + 0.01f, 0.01f + 0.6f * v};
    return x;
  });
  Part top;
  add_grid(top, 6, 16, [&](float u, float v) {
    Vertex x;
    x.p = {radius + deck * v, (u - 0.5f) * width, radius};
    x.n = {0, 0, 1};
    x.t = {0, 1, 0};
    x.b = {1, 0, 0};
    x.color = d3dcolor(235, 230, 220);
    x.uv0 = {u * 2, (length + deck * v) / 2};
    x.uv1 = {u * 0.98f + 0.01f, 0.65f + 0.3f * v};
    return x;
  });
  s.parts.push_back(std::move(ramp));
  s.parts.push_back(std::move(top));
  return compile(s);
}

// ---- (c) skinned_palettes: a bent tube on nine bones, three ranges with their palettes --

constexpr int kTubeBones = 9;
constexpr float kTubeArc = 2.0f, kTubeRadius = 0.18f;

Float3 spine(float a) {  // a in [0, 1] along the quarter arc, Z-up, bending towards +X
  const float th = 0.5f * kPi * a;
  return {kTubeArc * (1 - std::cos(th)), 0, kTubeArc * std::sin(th)};
}

// Bone j sits on the spine, its local Z along the tube: world = T(spine) R_y(theta).
// docs/READING.md: the stored matrix is the inverse bind, row-major with row vectors, i.e. the
// 16 floats of glTF's column-major inverse: [R^T | -R^T c].
sws::MeshBone tube_bone(int j) {
  const float a = float(j) / (kTubeBones - 1), th = 0.5f * kPi * a;
  const float c = std::cos(th), s = std::sin(th);
  const Float3 x_axis{c, 0, -s}, y_axis{0, 1, 0}, z_axis{s, 0, c}, o = spine(a);
  sws::MeshBone b;
  b.id = 0x00A1B000u + uint32_t(j);
  b.name_hash = crc32("Bone_Tube_" + std::to_string(j));
  b.matrix = {x_axis[0],       y_axis[0],       z_axis[0],       0,  //
              x_axis[1],       y_axis[1],       z_axis[1],       0,  //
              x_axis[2],       y_axis[2],       z_axis[2],       0,  //
              -dot(x_axis, o), -dot(y_axis, o), -dot(z_axis, o), 1};
  return b;
}

// Up to four bones by a smooth falloff along the spine; bytes summing to 255 exactly.
void tube_weights(float a, std::array<uint8_t, 4>& bones, std::array<uint8_t, 4>& weights) {
  std::vector<std::pair<float, int>> w;
  for (int j = 0; j < kTubeBones; ++j) {
    const float d = std::fabs(a * (kTubeBones - 1) - j) / 1.75f;
    if (d < 1) w.push_back({(1 - d) * (1 - d), j});
  }
  std::sort(w.begin(), w.end(), [](auto& l, auto& r) {
    return l.first > r.first || (l.first == r.first && l.second < r.second);
  });
  if (w.size() > 4) w.resize(4);
  float sum = 0;
  for (auto& e : w) sum += e.first;
  int given = 0;
  std::array<float, 4> frac{};
  for (size_t i = 0; i < w.size(); ++i) {
    const float exact = w[i].first / sum * 255;
    weights[i] = uint8_t(std::floor(exact));
    frac[i] = exact - weights[i];
    given += weights[i];
    bones[i] = uint8_t(w[i].second);
  }
  while (given < 255) {  // largest remainder
    size_t best = 0;
    for (size_t i = 1; i < w.size(); ++i)
      if (frac[i] > frac[best]) best = i;
    ++weights[best];
    frac[best] = -1;
    ++given;
  }
  for (size_t i = w.size(); i < 4; ++i) {  // unused slots: slot of the first bone, weight 0
    bones[i] = bones[0];
    weights[i] = 0;
  }
}

Vertex tube_vertex(float a, float phi_u) {
  const float th = 0.5f * kPi * a, phi = 2 * kPi * phi_u;
  const Float3 n1{std::cos(th), 0, -std::sin(th)}, n2{0, 1, 0};
  Vertex x;
  x.n = add(mul(n1, std::cos(phi)), mul(n2, std::sin(phi)));
  x.p = add(spine(a), mul(x.n, kTubeRadius));
  x.uv0 = {phi_u, a * 4};
  tube_weights(a, x.joints, x.weights);
  return x;
}

// Rewrites a part's global bone numbers to slots of its own palette (bones in descending
// order: deliberately not the identity).
std::vector<uint8_t> palette_for(Part& p) {
  std::vector<uint8_t> used;
  for (const Vertex& v : p.v)
    for (int k = 0; k < 4; ++k)
      if (v.weights[k] && std::find(used.begin(), used.end(), v.joints[k]) == used.end())
        used.push_back(v.joints[k]);
  std::sort(used.begin(), used.end(), std::greater<uint8_t>());
  for (Vertex& v : p.v)
    for (int k = 0; k < 4; ++k)
      v.joints[k] = v.weights[k]
                        ? uint8_t(std::find(used.begin(), used.end(), v.joints[k]) - used.begin())
                        : 0;
  return used;
}

sws::Mesh skinned_palettes() {
  MeshSpec s;
  s.name = "skinned_palettes";
  s.category = 3;
  s.flags = kPosition | kNormal | kTexcoord0 | kBlendIndices | kBlendWeight;
  s.single_second_range = true;  // the second partition has fewer ranges than the first
  for (int j = 0; j < kTubeBones; ++j) s.bones.push_back(tube_bone(j));
  const int rings = 36, per_part = 12, segs = 16;
  for (int part = 0; part < 3; ++part) {
    Part p;
    const float a0 = float(part * per_part) / rings, a1 = float((part + 1) * per_part) / rings;
    add_grid(p, per_part, segs,
             [&](float u, float v) { return tube_vertex(a0 + (a1 - a0) * v, u); });
    if (part == 0 || part == 2) {  // caps
      const float a = part == 0 ? 0.0f : 1.0f;
      const float th = 0.5f * kPi * a;
      const Float3 axis = mul(Float3{std::sin(th), 0, std::cos(th)}, part == 0 ? -1.0f : 1.0f);
      Vertex centre = tube_vertex(a, 0);
      centre.p = spine(a);
      centre.n = axis;
      centre.uv0 = {0.5f, 0.5f};
      std::vector<Vertex> rim;
      for (int k = 0; k < segs; ++k) {
        Vertex r = tube_vertex(a, float(k) / segs);
        const float phi = 2 * kPi * k / segs;
        r.uv0 = {0.5f + 0.5f * std::cos(phi), 0.5f + 0.5f * std::sin(phi)};
        r.n = axis;
        rim.push_back(r);
      }
      add_fan(p, centre, rim);
    }
    s.palettes.push_back(palette_for(p));
    s.parts.push_back(std::move(p));
  }
  return compile(s);
}

// ---- (d) morph_submeshes: a skate bump with growth and dome morphs, kept SubMeshes -----

constexpr float kBumpX = 1.5f, kBumpY = 1.0f, kBumpH = 0.35f;

// Height of the bump top (base), and its two morph targets.
float bump_height(float x, float y, int target) {
  const float c = std::cos(kPi * x / (2 * kBumpX));
  float h = kBumpH * (0.3f + 0.7f * c * c);
  if (target == 1) h *= 1.6f;  // grow
  if (target == 2) h += 0.25f * std::cos(kPi * x / (2 * kBumpX)) * std::cos(kPi * y / (2 * kBumpY));
  return h;
}

Float3 bump_normal(float x, float y, int target) {
  const float e = 1e-3f;
  const float dx = (bump_height(x + e, y, target) - bump_height(x - e, y, target)) / (2 * e);
  const float dy = (bump_height(x, y + e, target) - bump_height(x, y - e, target)) / (2 * e);
  return normalize({-dx, -dy, 1});
}

// Authored (SubMesh order) vertices of the top: positions, normals, UVs, colours per target.
struct Authored {
  std::vector<Float3> p[3], n[3];
  std::vector<Float2> uv0, uv1;
  std::vector<uint32_t> colour;  // base colours; target 2 tints them in the compiled stream
  std::vector<uint16_t> tri;
  std::vector<Float3> tangent, binormal;  // the copy's frame
};

Authored bump_top() {
  Authored a;
  Part grid;  // only for the triangle list and winding
  const int rows = 8, cols = 12;
  add_grid(grid, rows, cols, [&](float u, float v) {
    Vertex x;
    const float px = (u - 0.5f) * 2 * kBumpX, py = (v - 0.5f) * 2 * kBumpY;
    x.p = {px, py, bump_height(px, py, 0)};
    x.n = bump_normal(px, py, 0);
    x.uv0 = {u, v};
    return x;
  });
  a.tri = grid.tri;
  for (const Vertex& x : grid.v) {
    const float px = x.p[0], py = x.p[1];
    for (int t = 0; t < 3; ++t) {
      a.p[t].push_back({px, py, bump_height(px, py, t)});
      a.n[t].push_back(bump_normal(px, py, t));
    }
    a.uv0.push_back(x.uv0);
    a.uv1.push_back({0.02f + 0.46f * x.uv0[0], 0.02f + 0.96f * x.uv0[1]});
    const uint8_t g = uint8_t(180 + 60 * x.uv0[1]);
    a.colour.push_back(d3dcolor(uint8_t(120 + 100 * x.uv0[0]), g, 90));
    const Float3 n = a.n[0].back();
    const Float3 dpdx = {1, 0,
                         (bump_height(px + 1e-3f, py, 0) - bump_height(px - 1e-3f, py, 0)) / 2e-3f};
    const Float3 t = normalize(sub(dpdx, mul(n, dot(n, dpdx))));
    a.tangent.push_back(t);
    a.binormal.push_back(normalize(cross(n, t)));
  }
  return a;
}

// The four side walls, from the top's edge down to the ground.
Authored bump_skirt() {
  Authored a;
  const int rows = 1;
  struct Wall {
    Float3 n;
    int cols;
    std::function<Float2(float)> xy;
  };
  const Wall walls[] = {{{0, -1, 0},
                         12,
                         [](float u) {
                           return Float2{(u - 0.5f) * 2 * kBumpX, -kBumpY};
                         }},
                        {{1, 0, 0},
                         8,
                         [](float u) {
                           return Float2{kBumpX, (u - 0.5f) * 2 * kBumpY};
                         }},
                        {{0, 1, 0},
                         12,
                         [](float u) {
                           return Float2{(0.5f - u) * 2 * kBumpX, kBumpY};
                         }},
                        {{-1, 0, 0}, 8, [](float u) {
                           return Float2{-kBumpX, (0.5f - u) * 2 * kBumpY};
                         }}};
  for (const Wall& w : walls) {
    Part grid;
    add_grid(grid, rows, w.cols, [&](float u, float v) {
      Vertex x;
      const Float2 xy = w.xy(u);
      x.p = {xy[0], xy[1], v * bump_height(xy[0], xy[1], 0)};
      x.n = w.n;
      x.uv0 = {u, 0.5f * v};
      return x;
    });
    const uint16_t base = uint16_t(a.p[0].size());
    for (uint16_t t : grid.tri) a.tri.push_back(uint16_t(t + base));
    for (const Vertex& x : grid.v) {
      const float v = x.uv0[1] * 2;
      for (int t = 0; t < 3; ++t) {
        // Only the growth target moves the skirt; the dome vanishes at the edges.
        const float h = t == 1 ? bump_height(x.p[0], x.p[1], 1) : bump_height(x.p[0], x.p[1], 0);
        a.p[t].push_back({x.p[0], x.p[1], v * h});
        a.n[t].push_back(w.n);
      }
      a.uv0.push_back(x.uv0);
      a.uv1.push_back({0.52f + 0.46f * x.uv0[0], 0.02f + 0.9f * x.uv0[1]});
      const Float3 t = normalize(cross({0, 0, 1}, w.n));
      a.tangent.push_back(t);
      a.binormal.push_back(normalize(cross(w.n, t)));
    }
  }
  return a;
}

sws::UVChannel uv_channel(const std::vector<Float2>& uvs, uint8_t unknown, bool with_source) {
  sws::UVChannel u;
  u.unknown_0xc = unknown;
  u.uvs = uvs;
  if (with_source)
    for (size_t i = 0; i < uvs.size(); ++i) u.source.push_back(uint32_t(i));
  return u;
}

// The SubMesh as authored and its copy (tangents and binormals added, no morph channels or
// source runs), per the spec's SubMesh table.
sws::SubMesh submesh(const Authored& a, uint32_t id, uint32_t material, bool colours,
                     int morph_channels, const std::string& name) {
  sws::SubMesh s;
  s.id = id;
  s.indices = a.tri;
  const size_t n = a.p[0].size(), t = a.tri.size() / 3;
  for (size_t i = 0; i < n; ++i) s.source_vertices.push_back(uint32_t(i));
  s.face_words.assign(t, name == "skirt" ? 2u : 1u);  // smoothing-group-like bit masks
  s.face_bytes.assign(t, 3);
  s.positions = a.p[0];
  s.normals = a.n[0];
  if (colours) s.colours = a.colour;
  s.vertex_words_c.assign(n, 0xFF000000u);
  s.uv_channels.push_back(uv_channel(a.uv0, 0, true));
  if (name == "top") s.uv_channels.push_back(uv_channel(a.uv1, 1, true));
  const char* targets[] = {"InfGP_Bump_Grow", "InfGP_Bump_Dome"};
  for (int k = 0; k < morph_channels; ++k) {
    sws::MorphChannel m;
    m.id = crc32(name + "/morph_" + std::to_string(k)) | 1u;
    m.hash = crc32(targets[k]);
    m.positions = a.p[k + 1];
    m.normals = a.n[k + 1];
    m.uvs = a.uv0;
    s.morph_channels.push_back(m);
  }
  s.has_morphs = morph_channels ? 1 : 0;
  s.material_id = material;
  s.unknown_last = name == "top" ? crc32("InfGP_Bump") : 0;

  sws::SubMesh c;
  c.id = id + 1;
  c.indices = s.indices;
  c.face_words = s.face_words;
  c.face_bytes = s.face_bytes;
  c.positions = s.positions;
  c.normals = s.normals;
  c.tangents = a.tangent;
  c.binormals = a.binormal;
  c.colours = s.colours;
  c.vertex_words_c = s.vertex_words_c;
  for (const sws::UVChannel& u : s.uv_channels)
    c.uv_channels.push_back(uv_channel(u.uvs, u.unknown_0xc, false));
  c.material_id = material;
  c.copy_tag = sws::kPointerNone;
  s.copy_tag = sws::kPointerInline;
  s.copy.push_back(std::move(c));
  return s;
}

// The compiled range of an authored part: the same vertices in another order (evens, then
// odds) and the same triangles in reverse order, each rotated.
Part compiled_part(const Authored& a, bool tint_target_2) {
  const size_t n = a.p[0].size();
  std::vector<uint16_t> order, where(n);
  for (size_t i = 0; i < n; i += 2) order.push_back(uint16_t(i));
  for (size_t i = 1; i < n; i += 2) order.push_back(uint16_t(i));
  for (size_t k = 0; k < n; ++k) where[order[k]] = uint16_t(k);
  Part p;
  p.morphs.resize(2);
  for (uint16_t i : order) {
    for (int t = 0; t < 3; ++t) {
      Vertex x;
      x.p = a.p[t][i];
      x.n = a.n[t][i];
      x.uv0 = a.uv0[i];
      x.color = a.colour.empty() ? 0xFFFFFFFFu : a.colour[i];
      if (t == 2 && tint_target_2) x.color = (x.color & 0xFF00FFFFu) | 0x00E00000u;  // redder
      (t == 0 ? p.v : p.morphs[size_t(t - 1)]).push_back(x);
    }
  }
  for (size_t k = a.tri.size(); k >= 3; k -= 3)
    p.tri.insert(p.tri.end(), {where[a.tri[k - 2]], where[a.tri[k - 1]], where[a.tri[k - 3]]});
  return p;
}

sws::Mesh morph_submeshes() {
  MeshSpec s;
  s.name = "morph_submeshes";
  s.category = 7;
  s.generated = 1;
  s.flags = kPosition | kNormal | kColor0 | kTexcoord0;
  const Authored top = bump_top(), skirt = bump_skirt();
  s.parts.push_back(compiled_part(top, true));
  s.parts.push_back(compiled_part(skirt, false));
  sws::Mesh m = compile(s);
  m.submeshes.push_back(
      {sws::kPointerInline, submesh(top, 0x00B0B000u, m.material_ids[0], true, 2, "top")});
  m.submeshes.push_back(
      {sws::kPointerInline, submesh(skirt, 0x00B0B010u, m.material_ids[1], false, 1, "skirt")});
  return m;
}

// ---- (e) unknown_category: a coloured torus with a Category no other sample uses -------

sws::Mesh unknown_category() {
  MeshSpec s;
  s.name = "unknown_category";
  s.category = 0x00C0FFEEu;
  s.generated = 1;
  s.flags = kPosition | kNormal | kColor0 | kTexcoord0;
  s.single_second_range = true;
  Part p;
  const float big = 0.6f, small = 0.2f;
  add_grid(p, 16, 32, [&](float u, float v) {
    const float a = 2 * kPi * u, b = 2 * kPi * v;
    Vertex x;
    x.n = {std::cos(b) * std::cos(a), std::cos(b) * std::sin(a), std::sin(b)};
    x.p = {(big + small * std::cos(b)) * std::cos(a), (big + small * std::cos(b)) * std::sin(a),
           small * std::sin(b)};
    x.color = d3dcolor(uint8_t(127 + 127 * std::cos(a)), uint8_t(127 + 127 * std::sin(a)), 200);
    x.uv0 = {u * 4, v};
    return x;
  });
  s.parts.push_back(std::move(p));
  return compile(s);
}

}  // namespace

std::vector<SampleFile> sws_samples() {
  const std::pair<const char*, sws::Mesh (*)()> all[] = {{"static_materials", static_materials},
                                                         {"lit_two_uv", lit_two_uv},
                                                         {"skinned_palettes", skinned_palettes},
                                                         {"morph_submeshes", morph_submeshes},
                                                         {"unknown_category", unknown_category}};
  std::vector<SampleFile> out;
  for (const auto& [name, make] : all)
    out.push_back({std::string("sws/") + name + ".mesh", sws::encode(make())});
  return out;
}

}  // namespace f2g::samples
