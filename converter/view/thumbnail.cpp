// A small z-buffered software rasteriser: project, fit, fill, shade, downsample, encode.
#include "converter/view/thumbnail.h"

#include <stb/stb_image_write.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "converter/io/atomic_file.h"
#include "converter/view/base_colour.h"

namespace f2g::view {
namespace {

using Vec3 = std::array<double, 3>;

Vec3 sub(const Vec3& a, const Vec3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
Vec3 normalized(const Vec3& a) {
  const double n = std::sqrt(dot(a, a));
  return {a[0] / n, a[1] / n, a[2] / n};
}
bool finite(const Vec3& a) {
  return std::isfinite(a[0]) && std::isfinite(a[1]) && std::isfinite(a[2]);
}

// The fixed 3/4 view: the camera sits 35 degrees from the front (+Y, the engine's forward)
// towards the right (+X) and 30 degrees above the ground plane (engine Z-up). Orthographic,
// so the fit depends on the bounds only.
struct Camera {
  Vec3 eye;    // unit vector from the model towards the camera
  Vec3 right;  // screen +x
  Vec3 up;     // screen +y (upwards)
  Vec3 light;  // unit vector towards the light: above and left of the camera
};

Camera make_camera() {
  constexpr double kDegree = 3.14159265358979323846 / 180.0;
  const double az = 35.0 * kDegree, el = 30.0 * kDegree;
  Camera c;
  c.eye = {std::sin(az) * std::cos(el), std::cos(az) * std::cos(el), std::sin(el)};
  const Vec3 forward = {-c.eye[0], -c.eye[1], -c.eye[2]};
  c.right = normalized(cross(forward, Vec3{0, 0, 1}));
  c.up = cross(c.right, forward);
  c.light = normalized(Vec3{c.eye[0] + 0.7 * c.up[0] - 0.4 * c.right[0],
                            c.eye[1] + 0.7 * c.up[1] - 0.4 * c.right[1],
                            c.eye[2] + 0.7 * c.up[2] - 0.4 * c.right[2]});
  return c;
}

// Soft tints, one per material slot (mod 8), so primitives are told apart.
constexpr std::array<std::array<int, 3>, 8> kPalette = {{
    {184, 194, 208},
    {214, 182, 150},
    {164, 200, 164},
    {206, 166, 196},
    {150, 184, 214},
    {214, 204, 146},
    {170, 206, 204},
    {208, 160, 160},
}};

struct Triangle {
  std::array<uint32_t, 3> v;
  uint32_t material;
};

// Triangles of the draw ranges (or of the whole index list when there are none) whose three
// indices name a vertex of POSITION with finite coordinates.
std::vector<Triangle> drawable_triangles(const ir::Mesh& mesh, const std::vector<Vec3>& pos,
                                         const std::vector<uint8_t>& ok) {
  std::vector<Triangle> tris;
  auto add_range = [&](size_t first, size_t count, uint32_t material) {
    const size_t n = mesh.indices.size();
    if (first >= n) return;
    count = std::min(count, n - first);
    for (size_t i = first; i + 3 <= first + count; i += 3) {
      Triangle t{{mesh.indices[i], mesh.indices[i + 1], mesh.indices[i + 2]}, material};
      bool good = true;
      for (uint32_t v : t.v) good = good && v < pos.size() && ok[v];
      if (good) tris.push_back(t);
    }
  };
  if (mesh.primitives.empty()) {
    add_range(0, mesh.indices.size(), 0);
  } else {
    for (const ir::Primitive& p : mesh.primitives)
      add_range(p.first_index, p.index_count, p.material);
  }
  return tris;
}

// Reads POSITION as doubles; `ok` marks vertices with three finite coordinates.
std::vector<Vec3> read_positions(const ir::Mesh& mesh, std::vector<uint8_t>& ok) {
  std::vector<Vec3> pos;
  const ir::Attribute* a = mesh.find("POSITION");
  if (!a || a->width < 3) return pos;
  const size_t n = a->vertex_count();
  pos.resize(n);
  ok.assign(n, 0);
  for (size_t v = 0; v < n; ++v) {
    pos[v] = {a->get(v, 0), a->get(v, 1), a->get(v, 2)};
    ok[v] = finite(pos[v]);
  }
  return pos;
}

class Raster {
 public:
  explicit Raster(int size)
      : size_(size), depth_(size_t(size) * size, -kInf), rgb_(size_t(size) * size * 3, 0) {}

  // Fills triangle (a, b, c) in sample space (x right, y down, z towards the viewer).
  // `colour(wa, wb, wc, rgb)` gives a visible sample's colour from its barycentric weights,
  // or returns false to leave it uncovered (a masked-out texel).
  template <class Colour>
  void fill(const Vec3& a, const Vec3& b, const Vec3& c, const Colour& colour) {
    const double area = edge(a, b, c[0], c[1]);
    if (!(std::fabs(area) > 1e-12)) return;  // no area, or NaN
    const double lo_x = std::max(0.0, std::floor(std::min({a[0], b[0], c[0]})));
    const double hi_x = std::min(size_ - 1.0, std::ceil(std::max({a[0], b[0], c[0]})));
    const double lo_y = std::max(0.0, std::floor(std::min({a[1], b[1], c[1]})));
    const double hi_y = std::min(size_ - 1.0, std::ceil(std::max({a[1], b[1], c[1]})));
    if (!(lo_x <= hi_x && lo_y <= hi_y)) return;  // off screen (also catches NaN)
    // Edge functions, oriented so that inside is >= 0 for either winding, stepped
    // incrementally along each row.
    const double sign = area > 0 ? 1.0 : -1.0;
    const double inv_area = 1.0 / std::fabs(area);
    const Vec3* v[3] = {&b, &c, &a};  // edge k runs v[k] -> v[(k + 1) % 3], opposite corner k
    double dx[3], dy[3], row[3];
    const double x0 = lo_x + 0.5, y0 = lo_y + 0.5;
    for (int k = 0; k < 3; ++k) {
      const Vec3& p = *v[k];
      const Vec3& q = *v[(k + 1) % 3];
      dx[k] = -(q[1] - p[1]) * sign;
      dy[k] = (q[0] - p[0]) * sign;
      row[k] = ((q[0] - p[0]) * (y0 - p[1]) - (q[1] - p[1]) * (x0 - p[0])) * sign;
    }
    const int x_first = int(lo_x), x_last = int(hi_x);
    for (int y = int(lo_y); y <= int(hi_y); ++y) {
      // The row's span: where each edge function is >= 0 (one bound per edge), widened by
      // one pixel so rounding never loses a sample; the exact test stays in the loop.
      double from = x_first, to = x_last;
      for (int k = 0; k < 3; ++k) {
        if (dx[k] > 0)
          from = std::max(from, std::floor(x_first - row[k] / dx[k]) - 1);
        else if (dx[k] < 0)
          to = std::min(to, std::ceil(x_first - row[k] / dx[k]) + 1);
        else if (row[k] < 0)
          to = from - 1;  // parallel to this row and outside
      }
      if (from <= to) {
        const int x_from = int(from), x_to = int(to);
        const double steps = x_from - x_first;
        double w0 = row[0] + dx[0] * steps, w1 = row[1] + dx[1] * steps,
               w2 = row[2] + dx[2] * steps;
        for (int x = x_from; x <= x_to; ++x, w0 += dx[0], w1 += dx[1], w2 += dx[2]) {
          if (w0 < 0 || w1 < 0 || w2 < 0) continue;
          const float z = float((w0 * a[2] + w1 * b[2] + w2 * c[2]) * inv_area);
          const size_t i = size_t(y) * size_ + x;
          if (!(z > depth_[i])) continue;
          std::array<uint8_t, 3> rgb;
          if (!colour(w0 * inv_area, w1 * inv_area, w2 * inv_area, rgb)) continue;
          depth_[i] = z;
          std::copy(rgb.begin(), rgb.end(), rgb_.begin() + i * 3);
        }
      }
      for (int k = 0; k < 3; ++k) row[k] += dy[k];
    }
  }

  // Averages each 2x2 block into one RGBA pixel; alpha is the covered fraction.
  std::vector<uint8_t> downsample() const {
    const int out = size_ / 2;
    std::vector<uint8_t> rgba(size_t(out) * out * 4, 0);
    for (int y = 0; y < out; ++y) {
      for (int x = 0; x < out; ++x) {
        int covered = 0;
        std::array<int, 3> sum = {0, 0, 0};
        for (int dy = 0; dy < 2; ++dy) {
          for (int dx = 0; dx < 2; ++dx) {
            const size_t i = size_t(2 * y + dy) * size_ + (2 * x + dx);
            if (depth_[i] == -kInf) continue;
            ++covered;
            for (int k = 0; k < 3; ++k) sum[k] += rgb_[i * 3 + k];
          }
        }
        if (!covered) continue;
        uint8_t* px = &rgba[(size_t(y) * out + x) * 4];
        for (int k = 0; k < 3; ++k) px[k] = uint8_t((sum[k] + covered / 2) / covered);
        px[3] = uint8_t(covered * 255 / 4);
      }
    }
    return rgba;
  }

 private:
  static constexpr float kInf = std::numeric_limits<float>::infinity();
  static double edge(const Vec3& a, const Vec3& b, double px, double py) {
    return (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0]);
  }

  int size_;
  std::vector<float> depth_;
  std::vector<uint8_t> rgb_;
};

// Fills a triangle with its base colour texture at the interpolated TEXCOORD_0 (orthographic,
// so screen-space weights are the right ones), lit like an untextured triangle.
void fill_textured(Raster& raster, const std::vector<Vec3>& screen, const ir::Attribute& uv,
                   const Triangle& t, const Texture& texture, double shade, double cutoff) {
  std::array<double, 3> u{}, v{};
  for (int k = 0; k < 3; ++k) {
    if (t.v[k] >= uv.vertex_count()) continue;  // a vertex past TEXCOORD_0 reads (0, 0)
    u[k] = uv.get(t.v[k], 0);
    v[k] = uv.get(t.v[k], 1);
  }
  raster.fill(screen[t.v[0]], screen[t.v[1]], screen[t.v[2]],
              [&](double wa, double wb, double wc, std::array<uint8_t, 3>& rgb) {
                const std::array<uint8_t, 4> texel = texture.sample(
                    wa * u[0] + wb * u[1] + wc * u[2], wa * v[0] + wb * v[1] + wc * v[2]);
                if (texel[3] < cutoff) return false;
                for (int k = 0; k < 3; ++k)
                  rgb[k] = uint8_t(std::lround(std::min(255.0, texel[k] * shade)));
                return true;
              });
}

void append_bytes(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<uint8_t>*>(context);
  const auto* bytes = static_cast<const uint8_t*>(data);
  out->insert(out->end(), bytes, bytes + size);
}

}  // namespace

std::vector<uint8_t> render_rgba(const ir::Mesh& mesh, int size) {
  size = std::clamp(size, 16, 1024);
  const int samples = size * 2;  // 2x2 supersampling
  Raster raster(samples);

  std::vector<uint8_t> ok;
  const std::vector<Vec3> pos = read_positions(mesh, ok);
  const std::vector<Triangle> tris = drawable_triangles(mesh, pos, ok);
  if (tris.empty()) return raster.downsample();

  // Fit the projected bounds of the drawn vertices, with a margin of 6% on each side.
  const Camera cam = make_camera();
  BaseColours base_colours(mesh);  // textures decode on first use: untextured meshes pay nothing
  const ir::Attribute* uv = mesh.find("TEXCOORD_0");
  std::vector<uint8_t> used(pos.size(), 0);
  for (const Triangle& t : tris)
    for (uint32_t v : t.v) used[v] = 1;
  double lo_x = HUGE_VAL, hi_x = -HUGE_VAL, lo_y = HUGE_VAL, hi_y = -HUGE_VAL;
  for (size_t v = 0; v < pos.size(); ++v) {
    if (!used[v]) continue;
    const double x = dot(pos[v], cam.right), y = dot(pos[v], cam.up);
    lo_x = std::min(lo_x, x), hi_x = std::max(hi_x, x);
    lo_y = std::min(lo_y, y), hi_y = std::max(hi_y, y);
  }
  const double extent = std::max(hi_x - lo_x, hi_y - lo_y);
  if (!(extent > 0) || !std::isfinite(extent)) return raster.downsample();
  const double scale = samples * 0.88 / extent;
  const double mid_x = 0.5 * (lo_x + hi_x), mid_y = 0.5 * (lo_y + hi_y);

  std::vector<Vec3> screen(pos.size());
  for (size_t v = 0; v < pos.size(); ++v) {
    if (!used[v]) continue;
    screen[v] = {samples * 0.5 + (dot(pos[v], cam.right) - mid_x) * scale,
                 samples * 0.5 - (dot(pos[v], cam.up) - mid_y) * scale,
                 dot(pos[v], cam.eye) * scale};
  }

  for (const Triangle& t : tris) {
    const Vec3& a = pos[t.v[0]];
    const Vec3 n = cross(sub(pos[t.v[1]], a), sub(pos[t.v[2]], a));
    const double len = std::sqrt(dot(n, n));
    if (!(len > 0) || !std::isfinite(len)) continue;  // degenerate in 3D, or overflow
    // Two-sided Lambert: back faces are lit like front faces, so stored winding never
    // turns a mesh black.
    const double lambert = std::fabs(dot(n, cam.light)) / len;
    const double shade = 0.28 + 0.72 * lambert;
    if (const Texture* texture = base_colours.for_material(t.material)) {
      fill_textured(raster, screen, *uv, t, *texture, shade, base_colours.alpha_cutoff(t.material));
      continue;
    }
    const auto& tint = kPalette[t.material % kPalette.size()];
    std::array<uint8_t, 3> flat;
    for (int k = 0; k < 3; ++k) flat[k] = uint8_t(std::lround(std::min(255.0, tint[k] * shade)));
    raster.fill(screen[t.v[0]], screen[t.v[1]], screen[t.v[2]],
                [&flat](double, double, double, std::array<uint8_t, 3>& rgb) {
                  rgb = flat;
                  return true;
                });
  }
  return raster.downsample();
}

std::vector<uint8_t> render_png(const ir::Mesh& mesh, int size) {
  size = std::clamp(size, 16, 1024);
  const std::vector<uint8_t> rgba = render_rgba(mesh, size);
  std::vector<uint8_t> png;
  if (!stbi_write_png_to_func(append_bytes, &png, size, size, 4, rgba.data(), size * 4))
    png.clear();
  return png;
}

std::filesystem::path thumbnail_path_for(const std::filesystem::path& gltf_output) {
  return std::filesystem::path(gltf_output).replace_extension(".png");
}

std::optional<ir::Diagnostic> write_thumbnail(const ir::Mesh& mesh, const std::string& png_path,
                                              int size) {
  const std::vector<uint8_t> png = render_png(mesh, size);
  if (png.empty())
    return ir::Diagnostic{"VIEW_THUMBNAIL_ENCODE_FAILED", "cannot encode the thumbnail " + png_path,
                          "", 0};
  io::AtomicOptions replace;
  replace.replace = true;  // a thumbnail follows its .glb, which --force already allowed
  return io::write_atomically({{png_path, png.data(), png.size()}}, replace);
}

}  // namespace f2g::view
