// KHR_mesh_quantization (compact.h has the encoding and the tolerances). Quantising a mesh's
// POSITION moves its dequantisation x = offset + scale * q into the nodes that draw it: the
// node transform of an unskinned node, the skin's inverse binds for a skinned one (glTF
// ignores a skinned node's transform). dequantize undoes exactly what quantize did.
#include "gltf_writer/compact/compact_quantize.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <optional>
#include <set>

#include "gltf_writer/compact/compact_accessors.h"

namespace f2g::gltf::compact {
namespace {

constexpr int32_t kShortMax = 32767;
// The largest |q| quantize aims for: the centre's rounding to the grid may add half a step.
constexpr double kShortTarget = 32766.0;

struct Dequantization {
  std::array<double, 3> offset{0, 0, 0};
  double scale = 1;
};

using Vec3 = std::array<double, 3>;

// Round half away from zero, as std::lround, without a libm call per value; |x| is bounded
// by the callers (they test the range first).
inline int32_t round_int(double x) { return int32_t(x < 0 ? x - 0.5 : x + 0.5); }

Vec3 vec3_or(const Json& node, const char* key, double otherwise) {
  Vec3 v{otherwise, otherwise, otherwise};
  if (node.contains(key) && node[key].is_array() && node[key].size() == 3)
    for (int c = 0; c < 3; ++c) v[c] = node[key][c].get<double>();
  return v;
}

// v rotated by the unit quaternion q = (x, y, z, w).
Vec3 rotate(const std::array<double, 4>& q, const Vec3& v) {
  const Vec3 u{q[0], q[1], q[2]};
  const double w = q[3];
  const Vec3 uv{u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
  const Vec3 uuv{u[1] * uv[2] - u[2] * uv[1], u[2] * uv[0] - u[0] * uv[2],
                 u[0] * uv[1] - u[1] * uv[0]};
  return {v[0] + 2 * (w * uv[0] + uuv[0]), v[1] + 2 * (w * uv[1] + uuv[1]),
          v[2] + 2 * (w * uv[2] + uuv[2])};
}

std::array<double, 4> rotation_of(const Json& node) {
  std::array<double, 4> q{0, 0, 0, 1};
  if (node.contains("rotation") && node["rotation"].is_array() && node["rotation"].size() == 4)
    for (int c = 0; c < 4; ++c) q[c] = node["rotation"][c].get<double>();
  return q;
}

bool is_zero(const Vec3& v) { return v[0] == 0 && v[1] == 0 && v[2] == 0; }
bool is_one(const Vec3& v) { return v[0] == 1 && v[1] == 1 && v[2] == 1; }

// node := node * D, D: x -> offset + scale * x (or its inverse when `undo`).
void fold_into_node(Json& node, const Dequantization& d, bool undo) {
  const Vec3& o = d.offset;
  if (node.contains("matrix") && node["matrix"].is_array() && node["matrix"].size() == 16) {
    std::array<double, 16> m;
    for (int i = 0; i < 16; ++i) m[i] = node["matrix"][i].get<double>();
    // Column-major: columns 0..2 scale, column 3 moves by M * offset.
    const double s = undo ? 1 / d.scale : d.scale;
    if (undo)
      for (int j = 0; j < 3; ++j)
        for (int r = 0; r < 3; ++r) m[4 * j + r] *= s;
    if (!is_zero(o))
      for (int r = 0; r < 3; ++r)
        m[12 + r] += (undo ? -1 : 1) * (m[r] * o[0] + m[4 + r] * o[1] + m[8 + r] * o[2]);
    if (!undo)
      for (int j = 0; j < 3; ++j)
        for (int r = 0; r < 3; ++r) m[4 * j + r] *= s;
    node["matrix"] = m;
    return;
  }
  Vec3 t = vec3_or(node, "translation", 0), s = vec3_or(node, "scale", 1);
  const std::array<double, 4> q = rotation_of(node);
  if (undo)
    for (double& x : s) x /= d.scale;
  const Vec3 moved = rotate(q, {s[0] * o[0], s[1] * o[1], s[2] * o[2]});
  for (int c = 0; c < 3; ++c) t[c] += undo ? -moved[c] : moved[c];
  if (!undo)
    for (double& x : s) x *= d.scale;
  if (is_zero(t))
    node.erase("translation");
  else
    node["translation"] = t;
  if (is_one(s))
    node.erase("scale");
  else
    node["scale"] = s;
}

// Inverse binds := IBM * D (or * D^-1). Column-major: columns 0..2 times the scale (exact for
// a power of two), column 3 by IBM * offset (untouched when the offset is 0, as quantize
// chooses for skinned meshes).
void fold_into_inverse_binds(std::vector<float>& ibm, const Dequantization& d, bool undo) {
  const Vec3& o = d.offset;
  for (size_t at = 0; at + 16 <= ibm.size(); at += 16) {
    float* m = ibm.data() + at;
    if (undo)
      for (int e = 0; e < 12; ++e) m[e] = float(m[e] / d.scale);
    if (!is_zero(o))
      for (int r = 0; r < 3; ++r)
        m[12 + r] =
            float(m[12 + r] + (undo ? -1 : 1) * (double(m[r]) * o[0] + double(m[4 + r]) * o[1] +
                                                 double(m[8 + r]) * o[2]));
    if (!undo)
      for (int e = 0; e < 12; ++e) m[e] = float(m[e] * d.scale);
  }
}

// What draws mesh `mesh`: unskinned nodes, and the skins of skinned ones.
struct Drawers {
  std::vector<size_t> nodes;
  std::set<int> skins;
};

Drawers drawers_of(const Json& gltf, size_t mesh) {
  Drawers d;
  const Json& nodes = array_at(gltf, "nodes");
  for (size_t n = 0; n < nodes.size(); ++n) {
    const Json& node = nodes[n];
    if (!node.is_object() || node.value("mesh", -1) != int(mesh)) continue;
    if (node.contains("skin") && node["skin"].is_number_integer())
      d.skins.insert(node["skin"].get<int>());
    else
      d.nodes.push_back(n);
  }
  return d;
}

// The accessor every primitive of the mesh uses for `semantic`, when they agree.
std::optional<int> shared_attribute(const Json& mesh, const std::string& semantic) {
  std::optional<int> out;
  for (const Json& prim : array_at(mesh, "primitives")) {
    const std::optional<int> a = attribute_of(prim, semantic);
    if (!a || (out && *out != *a)) return std::nullopt;
    out = a;
  }
  return out;
}

// Distinct accessors of a morph target attribute over the mesh's primitives.
std::set<int> target_accessors(const Json& mesh, const std::string& semantic) {
  std::set<int> out;
  for (const Json& prim : array_at(mesh, "primitives"))
    for (const Json& t : array_at(prim, "targets"))
      if (t.is_object() && t.contains(semantic) && t[semantic].is_number_integer())
        out.insert(t[semantic].get<int>());
  return out;
}

// The inverse-bind accessor of skin `skin`.
int ibm_accessor(const Json& gltf, int skin) {
  const Json& skins = array_at(gltf, "skins");
  if (skin < 0 || size_t(skin) >= skins.size()) return -1;
  return skins[skin].value("inverseBindMatrices", -1);
}

bool all_finite(const std::vector<float>& v) {
  for (float x : v)
    if (!std::isfinite(x)) return false;
  return true;
}

struct Grid {
  Dequantization d;
  std::vector<int32_t> q;
};

// Positions stored quantised, float(k) * f with f the mesh's recorded quantisation factor: stored
// as k, dequantised by one float multiply, exactly as the decoder computed them.
std::optional<Grid> lossless_grid(const std::vector<float>& xs, const Json& mesh_extras) {
  if (!mesh_extras.is_object() || !mesh_extras.contains("quantization_factor") ||
      !mesh_extras["quantization_factor"].is_number())
    return std::nullopt;
  const float f = mesh_extras["quantization_factor"].get<float>();
  if (!std::isnormal(f) || f < 0) return std::nullopt;
  Grid g;
  g.d.scale = f;
  g.q.resize(xs.size());
  for (size_t i = 0; i < xs.size(); ++i) {
    const double d = double(xs[i]) / f;
    // x / f of x = float(k) * f lands near k, not on it (12 / (12 / 32767) > 32767 in double):
    // round first, the exactness test below decides.
    if (!(std::fabs(d) < kShortMax + 0.5)) return std::nullopt;
    g.q[i] = round_int(d);
    if (float(g.q[i]) * f != xs[i]) return std::nullopt;
  }
  return g;
}

// A power-of-two step over the positions' range: centred on the bounds (offset a multiple of
// the step) for node dequantisation, or about the origin for the inverse-bind fold.
Grid pow2_grid(const std::vector<float>& xs, bool centred) {
  Vec3 lo{0, 0, 0}, hi{0, 0, 0};
  for (size_t i = 0; i < xs.size(); ++i) {
    const size_t c = i % 3;
    if (i < 3 || xs[i] < lo[c]) lo[c] = xs[i];
    if (i < 3 || xs[i] > hi[c]) hi[c] = xs[i];
  }
  double range = 0;
  Vec3 centre{0, 0, 0};
  for (int c = 0; c < 3; ++c) {
    if (centred) {
      centre[c] = (lo[c] + hi[c]) / 2;
      range = std::max(range, (hi[c] - lo[c]) / 2);
    } else {
      range = std::max({range, std::fabs(lo[c]), std::fabs(hi[c])});
    }
  }
  int e = 0;
  if (range > 0) std::frexp(range / kShortTarget, &e);  // 2^e >= range / 32766
  e = std::max(e, -126);
  Grid g;
  for (;; ++e) {
    const double s = std::ldexp(1.0, e);
    for (int c = 0; c < 3; ++c)
      g.d.offset[c] = centred ? double(float(s * std::nearbyint(centre[c] / s))) : 0.0;
    g.d.scale = s;
    g.q.resize(xs.size());
    const double inverse = 1 / s;  // a power of two: multiplying is dividing, exactly
    bool fits = true;
    for (size_t v = 0; v + 2 < xs.size() && fits; v += 3)
      for (size_t c = 0; c < 3; ++c) {
        const double d = (double(xs[v + c]) - g.d.offset[c]) * inverse;
        fits = fits && std::fabs(d) < kShortMax + 0.5;
        g.q[v + c] = fits ? round_int(d) : 0;
      }
    if (fits) return g;
  }
}

// SHORT x3 with a 4-byte-aligned stride of 8.
std::vector<uint8_t> short3_bytes(const std::vector<int32_t>& q) {
  std::vector<uint8_t> out(q.size() / 3 * 8, 0);
  for (size_t i = 0; i < q.size(); ++i) {
    const int16_t v = int16_t(q[i]);
    std::memcpy(out.data() + (i / 3) * 8 + (i % 3) * 2, &v, 2);
  }
  return out;
}

bool quantize_positions(Parts& p, const std::vector<size_t>& users, size_t mesh_index) {
  Json& mesh = p.json["meshes"][mesh_index];
  const std::optional<int> pos = shared_attribute(mesh, "POSITION");
  if (!pos) return false;
  std::optional<Slot> slot = exclusive_slot(p, users, *pos);
  if (!slot || slot->component_type != kFloat || slot->width != 3) return false;
  std::vector<Slot> targets;
  for (int t : target_accessors(mesh, "POSITION")) {
    const std::optional<Slot> ts = exclusive_slot(p, users, t);
    if (!ts || ts->component_type != kFloat || ts->width != 3) return false;
    targets.push_back(*ts);
  }
  const Drawers drawers = drawers_of(p.json, mesh_index);
  if (drawers.nodes.empty() && drawers.skins.empty()) return false;
  std::vector<Slot> ibms;
  for (int skin : drawers.skins) {
    const std::optional<Slot> is = exclusive_slot(p, users, ibm_accessor(p.json, skin));
    if (!is || is->component_type != kFloat || is->width != 16) return false;
    ibms.push_back(*is);
  }
  const std::vector<float> xs = read_floats(p, *slot);
  if (!all_finite(xs)) return false;

  const bool skinned = !drawers.skins.empty();
  std::optional<Grid> grid;
  if (!skinned) grid = lossless_grid(xs, object_at(mesh, "extras"));
  if (!grid) grid = pow2_grid(xs, !skinned);
  const Dequantization& d = grid->d;

  Json& accessor = p.json["accessors"][slot->accessor];
  replace(p, *slot, short3_bytes(grid->q), 8, kShort, false);
  set_int_bounds(accessor, grid->q, 3);
  accessor["extras"][kDequantizationKey] = {{"offset", d.offset}, {"scale", d.scale}};

  for (Slot& ts : targets) {
    std::vector<float> deltas = read_floats(p, ts);
    for (float& x : deltas) x = float(x / d.scale);
    replace_with_floats(p, ts, deltas, true);
  }
  for (size_t n : drawers.nodes) fold_into_node(p.json["nodes"][n], d, false);
  for (Slot& is : ibms) {
    std::vector<float> m = read_floats(p, is);
    fold_into_inverse_binds(m, d, false);
    replace_with_floats(p, is, m, false);
  }
  return true;
}

int8_t snorm8(float v) { return int8_t(round_int(std::clamp(v, -1.0f, 1.0f) * 127.0f)); }

// NORMAL (x3) or TANGENT (x4, w as its sign) as BYTE normalized, 4 bytes per vertex.
bool quantize_unit(Parts& p, Slot& s, bool tangent) {
  if (s.component_type != kFloat || s.width != (tangent ? 4u : 3u)) return false;
  const std::vector<float> v = read_floats(p, s);
  if (!all_finite(v)) return false;
  std::vector<uint8_t> out(s.count * 4, 0);
  for (size_t i = 0; i < s.count; ++i) {
    for (size_t c = 0; c < 3; ++c) out[i * 4 + c] = uint8_t(snorm8(v[i * s.width + c]));
    if (tangent) out[i * 4 + 3] = uint8_t(int8_t(v[i * 4 + 3] < 0 ? -127 : 127));
  }
  replace(p, s, std::move(out), 4, kByte, true);
  return true;
}

// TEXCOORD_n in [0, 1] as UNSIGNED_SHORT normalized, in [-1, 1] as SHORT normalized.
bool quantize_uv(Parts& p, Slot& s) {
  if (s.component_type != kFloat || s.width != 2) return false;
  const std::vector<float> v = read_floats(p, s);
  if (!all_finite(v)) return false;
  float lo = 0, hi = 0;
  for (float x : v) lo = std::min(lo, x), hi = std::max(hi, x);
  if (lo < -1 || hi > 1) return false;
  const bool unsigned_range = lo >= 0;
  std::vector<uint8_t> out(v.size() * 2);
  for (size_t i = 0; i < v.size(); ++i) {
    const uint16_t c = unsigned_range ? uint16_t(round_int(v[i] * 65535.0f))
                                      : uint16_t(int16_t(round_int(v[i] * 32767.0f)));
    std::memcpy(out.data() + i * 2, &c, 2);
  }
  replace(p, s, std::move(out), 4, unsigned_range ? kUnsignedShort : kShort, true);
  return true;
}

enum class Kind { kNormal, kTangent, kTexcoord, kOther };
Kind kind_of(const std::string& semantic) {
  if (semantic == "NORMAL") return Kind::kNormal;
  if (semantic == "TANGENT") return Kind::kTangent;
  if (semantic.rfind("TEXCOORD_", 0) == 0) return Kind::kTexcoord;
  return Kind::kOther;
}

std::optional<Dequantization> recorded(const Json& accessor) {
  if (!accessor.contains("extras") || !accessor["extras"].is_object() ||
      !accessor["extras"].contains(kDequantizationKey))
    return std::nullopt;
  const Json& j = accessor["extras"][kDequantizationKey];
  Dequantization d;
  d.offset = vec3_or(j, "offset", 0);
  d.scale = j.value("scale", 1.0);
  if (!std::isnormal(d.scale))
    fail("GLTF_EXPAND_INVALID",
         "dequantization scale " + std::to_string(d.scale) + " is not usable",
         "extras.dequantization");
  return d;
}

Slot expand_slot(const Parts& p, const std::vector<size_t>& users, int accessor,
                 const std::string& path) {
  const std::optional<Slot> s = exclusive_slot(p, users, accessor);
  if (!s)
    fail("GLTF_EXPAND_INVALID",
         "accessor " + std::to_string(accessor) +
             " does not own its buffer view as compact_glb writes",
         path);
  return *s;
}

void dequantize_positions(Parts& p, const std::vector<size_t>& users, size_t mesh_index,
                          std::set<int>& done, double& max_scale) {
  Json& mesh = p.json["meshes"][mesh_index];
  const std::string path = "meshes[" + std::to_string(mesh_index) + "]";
  std::set<int> positions;
  for (const Json& prim : array_at(mesh, "primitives"))
    if (const std::optional<int> a = attribute_of(prim, "POSITION")) positions.insert(*a);
  for (int a : positions) {
    if (done.count(a)) continue;
    done.insert(a);
    Slot s = expand_slot(p, users, a, path + ".POSITION");
    if (s.component_type == kFloat) continue;
    Json& accessor = p.json["accessors"][s.accessor];
    const std::optional<Dequantization> d = recorded(accessor);
    std::vector<float> xs = read_floats(p, s);
    if (d) {
      max_scale = std::max(max_scale, d->scale);
      const float scale = float(d->scale);
      for (size_t i = 0; i < xs.size(); ++i) xs[i] = xs[i] * scale + float(d->offset[i % 3]);
      accessor["extras"].erase(kDequantizationKey);
      if (accessor["extras"].empty()) accessor.erase("extras");
    }
    replace_with_floats(p, s, xs, true);
    if (!d) continue;

    for (int t : target_accessors(mesh, "POSITION")) {
      Slot ts = expand_slot(p, users, t, path + ".targets.POSITION");
      std::vector<float> deltas = read_floats(p, ts);
      for (float& x : deltas) x = float(x * d->scale);
      replace_with_floats(p, ts, deltas, true);
      done.insert(t);
    }
    const Drawers drawers = drawers_of(p.json, mesh_index);
    for (size_t n : drawers.nodes) fold_into_node(p.json["nodes"][n], *d, true);
    for (int skin : drawers.skins) {
      Slot is =
          expand_slot(p, users, ibm_accessor(p.json, skin), "skins[" + std::to_string(skin) + "]");
      std::vector<float> m = read_floats(p, is);
      fold_into_inverse_binds(m, *d, true);
      replace_with_floats(p, is, m, false);
    }
  }
}

// Integer data back to FLOAT; unit vectors renormalised (xyz), as consumers use them.
void to_float(Parts& p, Slot& s, bool unit, bool bounds) {
  std::vector<float> v = read_floats(p, s);
  if (unit && s.width >= 3)
    for (size_t i = 0; i < s.count; ++i) {
      float* x = v.data() + i * s.width;
      const double len = std::sqrt(double(x[0]) * x[0] + double(x[1]) * x[1] + double(x[2]) * x[2]);
      if (len > 0)
        for (int c = 0; c < 3; ++c) x[c] = float(x[c] / len);
      if (s.width == 4) x[3] = x[3] < 0 ? -1.0f : 1.0f;
    }
  replace_with_floats(p, s, v, bounds);
}

}  // namespace

bool quantize(Parts& p) {
  if (!p.json.contains("meshes") || !p.json["meshes"].is_array()) return false;
  const std::vector<size_t> users = view_users(p);
  bool changed = false;
  std::set<int> done;
  for (size_t m = 0; m < p.json["meshes"].size(); ++m) {
    if (const std::optional<int> pos = shared_attribute(p.json["meshes"][m], "POSITION"))
      if (!done.count(*pos) && quantize_positions(p, users, m)) {
        changed = true;
        done.insert(*pos);
      }
    for (const Json& prim : array_at(p.json["meshes"][m], "primitives")) {
      if (!prim.contains("attributes") || !prim["attributes"].is_object()) continue;
      for (const auto& [semantic, index] : prim["attributes"].items()) {
        const Kind k = kind_of(semantic);
        if (k == Kind::kOther || !index.is_number_integer() || done.count(index.get<int>()))
          continue;
        done.insert(index.get<int>());
        std::optional<Slot> s = exclusive_slot(p, users, index.get<int>());
        if (!s) continue;
        changed |=
            k == Kind::kTexcoord ? quantize_uv(p, *s) : quantize_unit(p, *s, k == Kind::kTangent);
      }
    }
  }
  if (changed) add_extension(p.json, kQuantizationExtension, true);
  return changed;
}

bool dequantize(Parts& p, double* position_scale) {
  const bool declared = p.json.contains("extensionsUsed") && p.json["extensionsUsed"].is_array() &&
                        std::find(p.json["extensionsUsed"].begin(), p.json["extensionsUsed"].end(),
                                  Json(kQuantizationExtension)) != p.json["extensionsUsed"].end();
  if (!declared || !p.json.contains("meshes") || !p.json["meshes"].is_array()) return false;
  const std::vector<size_t> users = view_users(p);
  std::set<int> done;
  double max_scale = 0;
  for (size_t m = 0; m < p.json["meshes"].size(); ++m) {
    dequantize_positions(p, users, m, done, max_scale);
    const std::string path = "meshes[" + std::to_string(m) + "]";
    // to_float edits accessors and views, never the primitives being walked.
    const Json& prims = array_at(p.json["meshes"][m], "primitives");
    for (const Json& prim : prims) {
      std::vector<std::pair<std::string, Json>> named;
      if (prim.contains("attributes"))
        for (const auto& [semantic, index] : prim["attributes"].items())
          named.emplace_back(semantic, index);
      const size_t base_count = named.size();
      for (const Json& t : array_at(prim, "targets"))
        for (const auto& [semantic, index] : t.items()) named.emplace_back(semantic, index);
      for (size_t i = 0; i < named.size(); ++i) {
        const auto& [semantic, index] = named[i];
        const Kind k = kind_of(semantic);
        if ((k == Kind::kOther && semantic != "POSITION") || !index.is_number_integer() ||
            done.count(index.get<int>()))
          continue;
        done.insert(index.get<int>());
        Slot s = expand_slot(p, users, index.get<int>(), path + "." + semantic);
        if (s.component_type == kFloat) continue;
        // Base NORMAL / TANGENT renormalised; POSITION (a target delta here) needs bounds.
        to_float(p, s, i < base_count && (k == Kind::kNormal || k == Kind::kTangent),
                 semantic == "POSITION");
      }
    }
  }
  remove_extension(p.json, kQuantizationExtension);
  if (position_scale) *position_scale = max_scale;
  return true;
}

}  // namespace f2g::gltf::compact
