#include "bench/corpus_geometry.h"

#include <algorithm>
#include <cmath>

namespace f2g::bench {
namespace {

constexpr double kTau = 6.283185307179586;

struct Frame {
  double p[3], n[3], t[3];
};

void normalise(double* v) {
  const double l = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  if (l > 0)
    for (int c = 0; c < 3; ++c) v[c] /= l;
}

// A wavy sheet over (u, v) in [0, 1]^2: z = amp sin(a u + p) cos(b v + q).
struct Sheet {
  double size, aspect, amp, a, b, ph, qh, centre[3];
  Frame at(double u, double v) const {
    Frame f;
    const double su = std::sin(a * u + ph), cu = std::cos(a * u + ph);
    const double sv = std::sin(b * v + qh), cv = std::cos(b * v + qh);
    f.p[0] = centre[0] + size * (u - 0.5);
    f.p[1] = centre[1] + size * aspect * (v - 0.5);
    f.p[2] = centre[2] + amp * su * cv;
    const double zx = amp * a * cu * cv / size;              // dz/dx
    const double zy = -amp * b * su * sv / (size * aspect);  // dz/dy
    f.n[0] = -zx, f.n[1] = -zy, f.n[2] = 1;
    f.t[0] = 1, f.t[1] = 0, f.t[2] = zx;  // d/dx: perpendicular to n
    normalise(f.n);
    normalise(f.t);
    return f;
  }
};

// A limb or torso: a bumpy cylinder standing on Z, u around, v up.
struct Limb {
  double radius, height, bump, centre[3];
  Frame at(double u, double v) const {
    Frame f;
    const double th = kTau * u;
    const double r = radius * (1 + bump * std::sin(3 * th) + 0.5 * bump * std::sin(kTau * v));
    f.p[0] = centre[0] + r * std::cos(th);
    f.p[1] = centre[1] + r * std::sin(th);
    f.p[2] = centre[2] + height * v;
    f.n[0] = std::cos(th), f.n[1] = std::sin(th), f.n[2] = 0;
    f.t[0] = -std::sin(th), f.t[1] = std::cos(th), f.t[2] = 0;
    return f;
  }
};

void put(std::vector<float>& out, const double* v, int n) {
  for (int c = 0; c < n; ++c) out.push_back(float(v[c]));
}

// Skin weights along the part's height: two neighbouring bones of the part's list blend;
// with 8 influences a third and fourth take a little too. Unused slots: weight 0 on the
// first bone.
void skin_vertex(Geometry& g, const std::vector<uint8_t>& bones, double v, Rng& r) {
  const uint32_t k = uint32_t(bones.size());
  const double t = v * (k - 1);
  const uint32_t b0 = std::min<uint32_t>(uint32_t(t), k - 1), b1 = std::min(b0 + 1, k - 1);
  std::vector<uint8_t> j(g.influences, bones[b0]), w(g.influences, 0);
  int w0 = int(std::lround(255 * (1 - (t - b0))));
  if (b1 == b0) w0 = 255;
  j[1] = bones[b1];
  w[0] = uint8_t(w0);
  w[1] = uint8_t(255 - w0);
  if (g.influences == 8 && k > 3 && r.chance(0.5)) {
    const uint8_t take = uint8_t(std::min<int>(w[0], 20));
    w[0] = uint8_t(w[0] - take);
    j[2] = bones[(b1 + 1) % k];
    w[2] = take;
  }
  if (w[1] == 0) j[1] = bones[b0];  // no repeated joint carrying weight 0 on another bone
  g.joints.insert(g.joints.end(), j.begin(), j.end());
  g.weights.insert(g.weights.end(), w.begin(), w.end());
}

}  // namespace

std::vector<uint32_t> split_vertices(uint32_t total, uint32_t parts, uint32_t least, Rng& r) {
  parts = std::max(1u, std::min(parts, total / std::max(1u, least)));
  std::vector<double> share(parts);
  double sum = 0;
  for (double& s : share) sum += (s = r.uniform(0.3, 1.0));
  std::vector<uint32_t> out(parts);
  uint32_t left = total;
  for (uint32_t i = 0; i < parts; ++i) {
    const uint32_t want = i + 1 == parts ? left : uint32_t(total * share[i] / sum);
    out[i] = std::max(least, std::min(want, left - least * (parts - 1 - i)));
    left -= out[i];
  }
  return out;
}

Geometry make_geometry(const GeometrySpec& spec, Rng& r) {
  Geometry g;
  g.influences = spec.influences;
  uint32_t total = 0;
  for (uint32_t n : spec.part_vertices) total += n + 64;  // grids round up a little
  g.positions.reserve(3 * total);
  g.normals.reserve(3 * total);
  g.tangents.reserve(4 * total);
  g.binormals.reserve(3 * total);
  g.uv0.reserve(2 * total);
  g.uv1.reserve(2 * total);

  for (size_t p = 0; p < spec.part_vertices.size(); ++p) {
    const uint32_t want = std::max(4u, spec.part_vertices[p]);
    const double aspect = r.uniform(0.5, 2.0);
    const uint32_t w = std::max(2u, uint32_t(std::lround(std::sqrt(want * aspect))));
    const uint32_t h = std::max(2u, want / w);
    Part part;
    part.first_vertex = g.vertex_count;
    part.vertex_count = w * h;
    part.first_index = uint32_t(g.indices.size());

    Sheet sheet{};
    Limb limb{};
    if (spec.shape == Shape::Sheet) {
      sheet = {spec.size * r.uniform(0.4, 1.0),
               aspect,
               spec.size * r.uniform(0.02, 0.2),
               r.uniform(1, 9),
               r.uniform(1, 9),
               r.uniform(0, kTau),
               r.uniform(0, kTau),
               {}};
      for (int c = 0; c < 3; ++c)
        sheet.centre[c] = spec.offset[c] + spec.size * r.uniform(-0.3, 0.3);
    } else {
      limb = {spec.size * r.uniform(0.03, 0.12),
              spec.size * r.uniform(0.2, 0.6),
              r.uniform(0, 0.2),
              {}};
      limb.centre[0] = spec.offset[0] + spec.size * r.uniform(-0.25, 0.25);
      limb.centre[1] = spec.offset[1] + spec.size * r.uniform(-0.1, 0.1);
      limb.centre[2] = spec.offset[2] + spec.size * r.uniform(0, 0.5);
    }
    const double uv_u = spec.uv_repeat * r.uniform(0.5, 1.0),
                 uv_v = spec.uv_repeat * r.uniform(0.5, 1.0);
    const uint8_t grey = uint8_t(r.range(150, 255));
    for (uint32_t y = 0; y < h; ++y)
      for (uint32_t x = 0; x < w; ++x) {
        const double u = double(x) / (w - 1), v = double(y) / (h - 1);
        const Frame f = spec.shape == Shape::Sheet ? sheet.at(u, v) : limb.at(u, v);
        put(g.positions, f.p, 3);
        put(g.normals, f.n, 3);
        put(g.tangents, f.t, 3);
        g.tangents.push_back(1.0f);
        const double b[3] = {f.n[1] * f.t[2] - f.n[2] * f.t[1], f.n[2] * f.t[0] - f.n[0] * f.t[2],
                             f.n[0] * f.t[1] - f.n[1] * f.t[0]};
        put(g.binormals, b, 3);
        g.uv0.push_back(float(u * uv_u));
        g.uv0.push_back(float(v * uv_v));
        g.uv1.push_back(float((x + 0.5) / w));
        g.uv1.push_back(float((y + 0.5) / h));
        if (spec.colours) {
          const uint8_t ao = uint8_t(std::max(0, int(grey) - int(60 * (1 - v) * (1 - v))));
          g.colours.insert(g.colours.end(), {ao, ao, ao, 255});
        }
        if (spec.influences) skin_vertex(g, spec.part_bones[p], v, r);
      }
    for (uint32_t y = 0; y + 1 < h; ++y)
      for (uint32_t x = 0; x + 1 < w; ++x) {
        const uint32_t a = part.first_vertex + y * w + x, b = a + 1, c = a + w, d = c + 1;
        g.indices.insert(g.indices.end(), {a, b, c, b, d, c});  // counter-clockwise seen from +n
      }
    part.index_count = uint32_t(g.indices.size()) - part.first_index;
    g.vertex_count += part.vertex_count;
    g.parts.push_back(part);
  }
  return g;
}

std::array<float, 16> inverse_bind(uint32_t i, uint32_t n, Rng& r) {
  // Bind pose: rotation a about Z, at height 1.8 m x i / n. Its inverse, column-major.
  const double a = r.uniform(-3.14159, 3.14159), c = std::cos(a), s = std::sin(a);
  const double tx = r.uniform(-0.3, 0.3), ty = r.uniform(-0.1, 0.1), tz = 1.8 * i / std::max(1u, n);
  return {float(c),
          float(-s),
          0,
          0,
          float(s),
          float(c),
          0,
          0,
          0,
          0,
          1,
          0,
          float(-(c * tx + s * ty)),
          float(-(-s * tx + c * ty)),
          float(-tz),
          1};
}

namespace {

// Set `set` (0 or 1) of the 4-wide slices of an 8-influence array, or the whole 4-wide one.
std::vector<uint8_t> influence_set(const std::vector<uint8_t>& all, uint32_t per_vertex, int set) {
  if (per_vertex == 4) return all;
  std::vector<uint8_t> out;
  out.reserve(all.size() / 2);
  for (size_t v = 0; v < all.size() / 8; ++v)
    out.insert(out.end(), all.begin() + v * 8 + set * 4, all.begin() + v * 8 + set * 4 + 4);
  return out;
}

}  // namespace

void make_character(GeometrySpec& spec, uint32_t bones, uint32_t influences, Rng& r) {
  spec.shape = Shape::Character;
  spec.size = r.uniform(1.6, 2.2);
  spec.offset = {0, 0, 0};
  spec.influences = influences;
  for (size_t p = 0; p < spec.part_vertices.size(); ++p) {
    const uint32_t lo = uint32_t(p * bones / spec.part_vertices.size());
    const uint32_t hi = uint32_t((p + 1) * bones / spec.part_vertices.size());
    std::vector<uint8_t> list;
    for (uint32_t b = lo ? lo - 1 : 0; b < std::min(hi + 1, bones); ++b) list.push_back(uint8_t(b));
    spec.part_bones.push_back(list);
  }
}

ir::Attribute attribute_for(const std::string& semantic, const Geometry& g) {
  if (semantic == "POSITION") return ir::f32_attribute(semantic, 3, g.positions);
  if (semantic == "NORMAL") return ir::f32_attribute(semantic, 3, g.normals);
  if (semantic == "TANGENT") return ir::f32_attribute(semantic, 4, g.tangents);
  if (semantic == "_BINORMAL") return ir::f32_attribute(semantic, 3, g.binormals);
  if (semantic == "TEXCOORD_0") return ir::f32_attribute(semantic, 2, g.uv0);
  if (semantic.rfind("TEXCOORD_", 0) == 0) return ir::f32_attribute(semantic, 2, g.uv1);
  if (semantic.rfind("COLOR_", 0) == 0) return ir::u8_attribute(semantic, 4, true, g.colours);
  const int set = semantic.back() == '1' ? 1 : 0;
  if (semantic.rfind("JOINTS_", 0) == 0)
    return ir::u8_attribute(semantic, 4, false, influence_set(g.joints, g.influences, set));
  return ir::u8_attribute(semantic, 4, true, influence_set(g.weights, g.influences, set));
}

}  // namespace f2g::bench
