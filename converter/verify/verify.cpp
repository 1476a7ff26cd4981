#include "converter/verify/verify.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <ostream>
#include <utility>

#include "converter/convert/index_order.h"
#include "converter/io/input_file.h"
#include "converter/io/json_text.h"
#include "converter/verify/report_output.h"
#include "converter/verify/verify_report.h"
#include "formats/common/names.h"
#include "formats/registry.h"
#include "gltf_writer/compact/compact.h"
#include "gltf_writer/read/read.h"
#include "gltf_writer/write/glb.h"
#include "gltf_writer/write/morph_delta.h"

namespace f2g::verify {
namespace {

// A joint name that names the same bone as `e`'s (docs/READING.md "Bone names"): the same name,
// a name whose CRC-32 is the bone's hash (a list the glb was converted with and this run lacks),
// or the name of an unresolved bone (converted without a list that resolves it).
bool names_bone(const std::string& name, const ir::Bone& e, size_t index) {
  if (name == e.name || crc32(name) == e.name_hash) return true;
  char unresolved[48];
  std::snprintf(unresolved, sizeof unresolved, "bone_%zu_0x%08X", index, e.name_hash);
  return name == unresolved;
}

constexpr double kInf = std::numeric_limits<double>::infinity();
// A joint's world matrix against inverse(IBM), relative to its largest element: the float
// rounding of the TRS the writer stores, composed down the tree (issue: 1e-5).
constexpr double kRestTolerance = 1e-5;

// Worst first: a value's outcome is the worst of its components'.
enum class Outcome { Exact = 0, Within = 1, Nearest = 2, Mismatch = 3 };

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

double abs_diff(double a, double b) {
  const double d = std::fabs(a - b);
  return std::isnan(d) ? (std::isnan(a) && std::isnan(b) ? 0 : kInf) : d;
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

std::string hex_id(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, v > 0xFFFFFFFFull ? "0x%016llX" : "0x%08llX",
                static_cast<unsigned long long>(v));
  return buf;
}

// One vertex of an attribute as "(x, y, z)": floats to 9 digits (enough to tell one ulp),
// integers as stored (a colour byte, not byte / 255).
std::string vec(const ir::Attribute& a, size_t v) {
  if (v >= a.vertex_count()) return "absent";
  std::string s = "(";
  for (size_t c = 0; c < a.width; ++c) {
    const size_t i = v * a.width + c;
    s += c ? ", " : "";
    s += a.type == ir::Scalar::F32  ? num(a.f32[i])
         : a.type == ir::Scalar::U8 ? std::to_string(a.u8[i])
                                    : std::to_string(a.u16[i]);
  }
  return s + ")";
}

std::string vec3(const double* p) {
  return "(" + num(p[0]) + ", " + num(p[1]) + ", " + num(p[2]) + ")";
}

// Appends one Row and counts values into it; lists the first kMaxMismatches mismatches.
class RowSink {
 public:
  RowSink(VerifyReport& report, std::string attribute) : r_(report), i_(report.rows.size()) {
    Row row;
    row.attribute = std::move(attribute);
    r_.rows.push_back(std::move(row));
  }

  // `expected` / `found` are callables giving the values as text, built only when listed.
  template <class E, class F>
  void add(Outcome o, double error, int64_t primitive, const char* kind, uint64_t index,
           E&& expected, F&& found) {
    Row& row = r_.rows[i_];
    ++row.compared;
    switch (o) {
      case Outcome::Exact:
        ++row.exact;
        break;
      case Outcome::Within:
        ++row.within_tolerance;
        break;
      case Outcome::Nearest:
        ++row.nearest;
        break;
      case Outcome::Mismatch:
        ++row.mismatched;
        break;
    }
    if (std::isnan(error)) error = kInf;
    row.max_error = std::max(row.max_error, error);
    if (o == Outcome::Mismatch && listed_ < kMaxMismatches) {
      ++listed_;
      r_.mismatches.push_back(Mismatch{primitive, row.attribute, kind, index, expected(), found()});
    }
  }

  // A count or other single value: exact when equal, else a mismatch.
  void count(uint64_t e, uint64_t f, int64_t primitive = -1, const char* kind = "count",
             uint64_t index = 0) {
    add(
        e == f ? Outcome::Exact : Outcome::Mismatch, e > f ? double(e - f) : double(f - e),
        primitive, kind, index, [&] { return std::to_string(e); },
        [&] { return std::to_string(f); });
  }

  void text(const std::string& e, const std::string& f, int64_t primitive, const char* kind,
            uint64_t index) {
    add(
        e == f ? Outcome::Exact : Outcome::Mismatch, e == f ? 0 : 1, primitive, kind, index,
        [&] { return e; }, [&] { return f; });
  }

 private:
  VerifyReport& r_;
  size_t i_;
  size_t listed_ = 0;
};

// Unit vector of (x, y, z) in double; false for a zero or non-finite vector.
bool unit(double x, double y, double z, double* out) {
  const double len = std::sqrt(x * x + y * y + z * z);
  if (!(len > 0) || !std::isfinite(len)) {
    out[0] = x, out[1] = y, out[2] = z;
    return false;
  }
  out[0] = x / len, out[1] = y / len, out[2] = z / len;
  return true;
}

// Direction outcome of a found vector against an expected (decoded, not normalised) one.
Outcome direction(const double* e, const double* f, double* error, double* eu, double* fu) {
  const bool e_ok = unit(e[0], e[1], e[2], eu);
  const bool f_ok = unit(f[0], f[1], f[2], fu);
  if (!e_ok) {
    // No direction to keep: accept a unit or zero placeholder.
    const double len = std::sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
    *error = len == 0 ? 0 : std::fabs(len - 1);
    return *error <= kUnitTolerance ? Outcome::Within : Outcome::Mismatch;
  }
  if (!f_ok) {
    *error = kInf;
    return Outcome::Mismatch;
  }
  *error = 0;
  for (int c = 0; c < 3; ++c) *error = std::max(*error, std::fabs(eu[c] - fu[c]));
  return *error <= kUnitExact       ? Outcome::Exact
         : *error <= kUnitTolerance ? Outcome::Within
                                    : Outcome::Mismatch;
}

// Component c of vertex v, exactly equal? Same scalar type: bit for bit / integer equal;
// otherwise equal as float32.
bool same_value(const ir::Attribute& e, const ir::Attribute& f, size_t i) {
  if (e.type == f.type) {
    switch (e.type) {
      case ir::Scalar::F32:
        return bits(e.f32[i]) == bits(f.f32[i]);
      case ir::Scalar::U8:
        return e.u8[i] == f.u8[i] && e.normalized == f.normalized;
      case ir::Scalar::U16:
        return e.u16[i] == f.u16[i] && e.normalized == f.normalized;
    }
  }
  const size_t v = i / e.width, c = i % e.width;
  return bits(float(e.get(v, c))) == bits(float(f.get(v, c)));
}

// One bone's key: its id when the expected skin's ids are unique, else its index.
struct BoneKeys {
  bool by_id = false;
  std::vector<uint64_t> expected, actual;

  BoneKeys(const ir::Mesh& e, const ir::Mesh& a) {
    if (e.skin && a.skin) {
      std::vector<uint64_t> ids;
      for (const ir::Bone& b : e.skin->bones) ids.push_back(b.id);
      std::sort(ids.begin(), ids.end());
      by_id = std::adjacent_find(ids.begin(), ids.end()) == ids.end();
    }
    fill(e, expected);
    fill(a, actual);
  }
  void fill(const ir::Mesh& m, std::vector<uint64_t>& keys) const {
    if (!m.skin) return;
    for (size_t i = 0; i < m.skin->bones.size(); ++i)
      keys.push_back(by_id ? m.skin->bones[i].id : i);
  }
  std::string name(uint64_t key) const {
    if (key >= kNoBone) return "joint " + std::to_string(key - kNoBone) + " (no bone)";
    return by_id ? hex_id(key) : "bone " + std::to_string(key);
  }
  // Joints beyond the skin keep their number, marked so they never equal a bone.
  static constexpr uint64_t kNoBone = uint64_t(1) << 63;
};

using Influences = std::vector<std::pair<uint64_t, double>>;  // sorted by bone key

// The JOINTS_n/WEIGHTS_n pairs of a mesh, found once.
using SkinSets = std::vector<std::pair<const ir::Attribute*, const ir::Attribute*>>;

SkinSets skin_sets(const ir::Mesh& m) {
  SkinSets sets;
  for (const ir::Attribute& j : m.attributes) {
    if (j.semantic.rfind("JOINTS_", 0) != 0) continue;
    if (const ir::Attribute* w = m.find("WEIGHTS_" + j.semantic.substr(7))) sets.push_back({&j, w});
  }
  return sets;
}

// All sets of vertex v combined into `out`: bone key -> summed weight, zero weights ignored;
// normalised to sum 1 when `normalise`.
void influences(const SkinSets& sets, const std::vector<uint64_t>& keys, size_t v, bool normalise,
                Influences& out) {
  out.clear();
  for (const auto& [j, w] : sets) {
    if (v >= j->vertex_count() || v >= w->vertex_count()) continue;
    for (size_t c = 0; c < std::min<size_t>(j->width, w->width); ++c) {
      const double weight = w->get(v, c);
      if (!(weight > 0)) continue;  // as the writer: zero, negative and NaN weigh nothing
      const double joint = j->get(v, c);
      const uint64_t ji = joint >= 0 ? static_cast<uint64_t>(joint) : 0;
      const uint64_t key = ji < keys.size() ? keys[ji] : BoneKeys::kNoBone + ji;
      auto it = std::find_if(out.begin(), out.end(), [&](const auto& p) { return p.first == key; });
      if (it == out.end())
        out.push_back({key, weight});
      else
        it->second += weight;  // a repeated joint: merged, as the writer does
    }
  }
  std::sort(out.begin(), out.end());
  if (normalise) {
    double sum = 0;
    for (const auto& p : out) sum += p.second;
    if (sum > 0)
      for (auto& p : out) p.second /= sum;
  }
}

size_t skin_vertex_count(const ir::Mesh& m) {
  size_t n = 0;
  for (const ir::Attribute& a : m.attributes)
    if (ir::is_influence(a.semantic)) n = std::max(n, a.vertex_count());
  return n;
}

class Comparer {
 public:
  Comparer(const ir::Mesh& e, const ir::Mesh& a, VerifyReport& r, const Tolerances& t)
      : e_(e),
        a_(a),
        r_(r),
        t_(t),
        reordered_(convert::has_vertex_cache_order(a) && !convert::has_vertex_cache_order(e)) {
    if (reordered_) {
      // convert --optimize: each primitive that shares no index with another must draw the
      // same triangles, windings included, in any order; every other index is compared as
      // stored. Independent of meshoptimizer (and of its version).
      e_canonical_ = e_.indices;
      a_canonical_ = a_.indices;
      convert::canonical_triangle_order(e_, e_canonical_);
      convert::canonical_triangle_order(e_, a_canonical_);
    }
    // A vertex's primitive: the first draw range that spans it.
    vertex_primitive_.assign(e_.vertex_count, -1);
    for (size_t p = e_.primitives.size(); p-- > 0;) {
      const ir::Primitive& prim = e_.primitives[p];
      const uint64_t end =
          std::min<uint64_t>(uint64_t(prim.first_vertex) + prim.vertex_count, e_.vertex_count);
      for (uint64_t v = prim.first_vertex; v < end; ++v) vertex_primitive_[v] = int64_t(p);
    }
  }

  void run() {
    counts();
    indices();
    attributes();
    skin_weights();
    skeleton();
    morph_targets();
    materials();
    source_and_extras();
  }

 private:
  int64_t prim_of(size_t v) const {
    return v < vertex_primitive_.size() ? vertex_primitive_[v] : -1;
  }

  void counts() {
    RowSink(r_, "vertices").count(e_.vertex_count, a_.vertex_count);
    RowSink(r_, "primitives").count(e_.primitives.size(), a_.primitives.size());
    RowSink ic(r_, "index_count");
    const size_t np = std::max(e_.primitives.size(), a_.primitives.size());
    for (size_t p = 0; p < np; ++p)
      ic.count(p < e_.primitives.size() ? e_.primitives[p].index_count : 0,
               p < a_.primitives.size() ? a_.primitives[p].index_count : 0, int64_t(p), "primitive",
               p);
    RowSink(r_, "index_buffer").count(e_.indices.size(), a_.indices.size());
    RowSink(r_, "index_size").count(e_.index_size, a_.index_size);
    // The draw ranges themselves (glTF keeps them in primitive extras).
    RowSink ranges(r_, "primitive_ranges");
    const auto range = [](const std::vector<ir::Primitive>& ps, size_t p) {
      if (p >= ps.size()) return std::string("absent");
      const ir::Primitive& r = ps[p];
      return "indices " + std::to_string(r.first_index) + "+" + std::to_string(r.index_count) +
             ", vertices " + std::to_string(r.first_vertex) + "+" + std::to_string(r.vertex_count);
    };
    for (size_t p = 0; p < np; ++p)
      ranges.text(range(e_.primitives, p), range(a_.primitives, p), int64_t(p), "primitive", p);
    RowSink(r_, "bones")
        .count(e_.skin ? e_.skin->bones.size() : 0, a_.skin ? a_.skin->bones.size() : 0);
    RowSink(r_, "targets").count(e_.morph_targets.size(), a_.morph_targets.size());
    RowSink(r_, "materials").count(e_.materials.size(), a_.materials.size());
  }

  // Per primitive, corner by corner, in stored order.
  void indices() {
    RowSink row(r_, "indices");
    const size_t np = std::min(e_.primitives.size(), a_.primitives.size());
    for (size_t p = 0; p < np; ++p) {
      const auto slice = [](const std::vector<uint32_t>& indices, const ir::Primitive& prim) {
        const size_t first = std::min<size_t>(prim.first_index, indices.size());
        const size_t n = std::min<size_t>(prim.index_count, indices.size() - first);
        return std::make_pair(indices.data() + first, n);
      };
      // Plain variables, not structured bindings: the lambdas below capture them.
      const auto e_slice = slice(reordered_ ? e_canonical_ : e_.indices, e_.primitives[p]);
      const auto f_slice = slice(reordered_ ? a_canonical_ : a_.indices, a_.primitives[p]);
      const uint32_t* ei = e_slice.first;
      const size_t en = e_slice.second;
      const uint32_t* fi = f_slice.first;
      const size_t fn = f_slice.second;
      for (size_t i = 0; i < std::max(en, fn); ++i) {
        const bool both = i < en && i < fn;
        const bool same = both && ei[i] == fi[i];
        row.add(
            same ? Outcome::Exact : Outcome::Mismatch, both ? abs_diff(ei[i], fi[i]) : kInf,
            int64_t(p), "corner", i,
            [&] { return i < en ? std::to_string(ei[i]) : std::string("absent"); },
            [&] { return i < fn ? std::to_string(fi[i]) : std::string("absent"); });
      }
    }
  }

  void attributes() {
    for (const ir::Attribute& ea : e_.attributes) {
      if (ir::is_influence(ea.semantic)) continue;
      RowSink row(r_, ea.semantic);
      const ir::Attribute* fa = a_.find(ea.semantic);
      if (!shape_matches(row, ea, fa)) continue;
      if (ea.semantic == "NORMAL")
        directions(row, ea, *fa, false);
      else if (ea.semantic == "TANGENT")
        directions(row, ea, *fa, true);
      else
        exact(row, ea, *fa, tolerance_of(ea.semantic));
    }
    for (const ir::Attribute& fa : a_.attributes) {
      if (ir::is_influence(fa.semantic) || e_.find(fa.semantic)) continue;
      RowSink(r_, fa.semantic)
          .text("absent", std::to_string(fa.vertex_count()) + " vertices", -1, "attribute", 0);
    }
  }

  // Present on both sides with the same width; else one mismatch for the whole attribute.
  bool shape_matches(RowSink& row, const ir::Attribute& ea, const ir::Attribute* fa) {
    const auto shape = [](const ir::Attribute* a) {
      return a ? std::to_string(a->vertex_count()) + " vertices of width " +
                     std::to_string(a->width)
               : std::string("absent");
    };
    if (fa && fa->width == ea.width) return true;
    row.text(shape(&ea), shape(fa), -1, "attribute", 0);
    return false;
  }

  // The quantisation tolerance of a float attribute (0 for every other, and for plain glbs).
  double tolerance_of(const std::string& semantic) const {
    if (semantic == "POSITION") return t_.position;
    if (semantic.rfind("TEXCOORD_", 0) == 0) return t_.texcoord;
    return 0;
  }

  // Equal values, or with tolerance > 0 float values at most `tolerance` apart ("within").
  void exact(RowSink& row, const ir::Attribute& ea, const ir::Attribute& fa, double tolerance = 0) {
    const size_t ne = ea.vertex_count(), nf = fa.vertex_count();
    for (size_t v = 0; v < std::max(ne, nf); ++v) {
      Outcome o = Outcome::Exact;
      double err = 0;
      if (v >= ne || v >= nf) {
        o = Outcome::Mismatch, err = kInf;
      } else {
        for (size_t c = 0; c < ea.width; ++c) {
          if (same_value(ea, fa, v * ea.width + c)) continue;
          const double d = abs_diff(ea.get(v, c), fa.get(v, c));
          err = std::max(err, d);
          // Bits differ: a mismatch unless a tolerance applies (-0 vs +0, NaN payloads
          // included: their difference reads 0).
          o = std::max(o, tolerance > 0 && d <= tolerance ? Outcome::Within : Outcome::Mismatch);
        }
      }
      row.add(
          o, err, prim_of(v), "vertex", v, [&] { return vec(ea, v); }, [&] { return vec(fa, v); });
    }
  }

  // NORMAL / TANGENT (and target normals): directions within one ubyte4 step; TANGENT w exact.
  void directions(RowSink& row, const ir::Attribute& ea, const ir::Attribute& fa, bool with_w) {
    const size_t ne = ea.vertex_count(), nf = fa.vertex_count();
    for (size_t v = 0; v < std::max(ne, nf); ++v) {
      if (v >= ne || v >= nf) {
        row.add(
            Outcome::Mismatch, kInf, prim_of(v), "vertex", v, [&] { return vec(ea, v); },
            [&] { return vec(fa, v); });
        continue;
      }
      const double e[3] = {ea.get(v, 0), ea.get(v, 1), ea.get(v, 2)};
      const double f[3] = {fa.get(v, 0), fa.get(v, 1), fa.get(v, 2)};
      double err = 0, eu[3], fu[3];
      Outcome o = direction(e, f, &err, eu, fu);
      if (with_w && ea.width > 3 && !same_value(ea, fa, v * ea.width + 3)) {
        o = Outcome::Mismatch;
        err = std::max(err, abs_diff(ea.get(v, 3), fa.get(v, 3)));
      }
      row.add(
          o, err, prim_of(v), "vertex", v, [&] { return vec(ea, v) + " unit " + vec3(eu); },
          [&] { return vec(fa, v) + " unit " + vec3(fu); });
    }
  }

  void skin_weights() {
    const size_t nv = std::max(skin_vertex_count(e_), skin_vertex_count(a_));
    if (nv == 0) return;
    const BoneKeys keys(e_, a_);
    RowSink joints(r_, "JOINTS");
    RowSink weights(r_, "WEIGHTS");
    const auto text = [&](const Influences& in) {
      std::string s = "{";
      for (size_t i = 0; i < in.size(); ++i)
        s += (i ? ", " : "") + keys.name(in[i].first) + ": " + num(in[i].second);
      return s + "}";
    };
    const SkinSets es = skin_sets(e_), fs = skin_sets(a_);
    Influences ei, fi;
    for (size_t v = 0; v < nv; ++v) {
      influences(es, keys.expected, v, true, ei);
      influences(fs, keys.actual, v, false, fi);
      // Bones on one side only: the joint sets differ.
      double one_sided = 0;
      bool sets_differ = false;
      size_t i = 0, j = 0;
      while (i < ei.size() || j < fi.size()) {
        if (j == fi.size() || (i < ei.size() && ei[i].first < fi[j].first)) {
          sets_differ = true, one_sided = std::max(one_sided, ei[i++].second);
        } else if (i == ei.size() || fi[j].first < ei[i].first) {
          sets_differ = true, one_sided = std::max(one_sided, fi[j++].second);
        } else {
          const double err = abs_diff(ei[i].second, fi[j].second);
          const Outcome o = err <= kWeightExact       ? Outcome::Exact
                            : err <= kWeightTolerance ? Outcome::Within
                                                      : Outcome::Mismatch;
          const uint64_t key = ei[i].first;
          const double ew = ei[i].second, fw = fi[j].second;
          weights.add(
              o, err, prim_of(v), "vertex", v, [&] { return keys.name(key) + ": " + num(ew); },
              [&] { return keys.name(key) + ": " + num(fw); });
          ++i, ++j;
        }
      }
      Outcome o = Outcome::Exact;
      if (ei.empty() && !fi.empty())
        o = Outcome::Within;  // no stored weight: the writer's placeholder is accepted
      else if (sets_differ)
        o = one_sided <= kWeightTolerance ? Outcome::Within : Outcome::Mismatch;
      joints.add(
          o, ei.empty() ? 0 : one_sided, prim_of(v), "vertex", v, [&] { return text(ei); },
          [&] { return text(fi); });
    }
  }

  void skeleton() {
    if (!e_.skin && !a_.skin) return;
    static const std::vector<ir::Bone> kNone;
    const auto& eb = e_.skin ? e_.skin->bones : kNone;
    const auto& fb = a_.skin ? a_.skin->bones : kNone;
    const size_t n = std::max(eb.size(), fb.size());
    RowSink ibm(r_, "inverse_bind");
    RowSink ids(r_, "bone_ids");
    RowSink names(r_, "bone_names");
    RowSink parents(r_, "bone_parents");
    // The tree comes from skeleton pairing, which a mesh file alone does not run: a flat input
    // against a glb with a tree (converted from its archive) compares the rest pose only.
    bool paired = false, tree = false;
    for (const ir::Bone& e : eb) paired = paired || e.parent >= 0;
    for (const ir::Bone& f : fb) tree = tree || f.parent >= 0;
    if ((paired || tree) && a_.skin) {  // every joint rests at inverse(IBM), as flat ones do
      const double err = a_.skin->rest_error;
      RowSink(r_, "joint_rest")
          .add(
              err <= kRestTolerance ? Outcome::Within : Outcome::Mismatch, err, -1, "skin", 0,
              [] { return "world = inverse(IBM)"; },
              [&] { return "largest relative difference " + num(err); });
    }
    for (size_t b = 0; b < n; ++b) {
      if (b >= eb.size() || b >= fb.size()) {
        const std::string e = b < eb.size() ? "present" : "absent";
        const std::string f = b < fb.size() ? "present" : "absent";
        ibm.text(e, f, -1, "bone", b);
        ids.text(e, f, -1, "bone", b);
        names.text(e, f, -1, "bone", b);
        continue;
      }
      const ir::Bone& e = eb[b];
      const ir::Bone& f = fb[b];
      size_t first = 16;
      double err = 0;
      for (size_t k = 0; k < 16; ++k) {
        if (bits(e.inverse_bind[k]) == bits(f.inverse_bind[k])) continue;
        if (first == 16) first = k;
        err = std::max(err, abs_diff(e.inverse_bind[k], f.inverse_bind[k]));
      }
      ibm.add(
          first == 16 ? Outcome::Exact : Outcome::Mismatch, err, -1, "bone", b,
          [&] { return "m[" + std::to_string(first) + "] = " + num(e.inverse_bind[first]); },
          [&] { return "m[" + std::to_string(first) + "] = " + num(f.inverse_bind[first]); });
      ids.text(hex_id(e.id) + " hash " + hex_id(e.name_hash),
               hex_id(f.id) + " hash " + hex_id(f.name_hash), -1, "bone", b);
      names.text(e.name, names_bone(f.name, e, b) ? e.name : f.name, -1, "bone", b);
      if (paired || !tree)
        parents.text(std::to_string(e.parent), std::to_string(f.parent), -1, "bone", b);
      else
        parents.add(
            Outcome::Within, 0, -1, "bone", b, [] { return std::string("not paired"); },
            [&] { return std::to_string(f.parent); });
    }
  }

  void morph_targets() {
    const size_t n = std::min(e_.morph_targets.size(), a_.morph_targets.size());
    if (e_.morph_targets.empty() && a_.morph_targets.empty()) return;
    RowSink names(r_, "target_names");
    for (size_t k = 0; k < std::max(e_.morph_targets.size(), a_.morph_targets.size()); ++k)
      names.text(k < e_.morph_targets.size() ? e_.morph_targets[k].name : "absent",
                 k < a_.morph_targets.size() ? a_.morph_targets[k].name : "absent", -1, "target",
                 k);
    for (size_t k = 0; k < n; ++k) {
      const ir::MorphTarget& et = e_.morph_targets[k];
      const ir::MorphTarget& ft = a_.morph_targets[k];
      const std::string prefix = "targets[" + std::to_string(k) + "].";
      target_floats(prefix + "POSITION", as_attribute(et.positions), as_attribute(ft.positions),
                    t_.position, e_.find("POSITION"));
      if (!et.normals.empty() || !ft.normals.empty()) {
        RowSink row(r_, prefix + "NORMAL");
        const ir::Attribute ea = as_attribute(et.normals), fa = as_attribute(ft.normals);
        if (et.normals.empty() || ft.normals.empty())
          row.text(et.normals.empty() ? "absent" : "present",
                   ft.normals.empty() ? "absent" : "present", -1, "attribute", 0);
        else
          directions(row, ea, fa, false);
      }
      for (const ir::Attribute& eo : et.others) {
        const ir::Attribute* fo = nullptr;
        for (const ir::Attribute& o : ft.others)
          if (o.semantic == eo.semantic) fo = &o;
        if (eo.type == ir::Scalar::F32 && fo && fo->type == ir::Scalar::F32) {
          target_floats(prefix + eo.semantic, eo, *fo, tolerance_of(eo.semantic),
                        e_.find(eo.semantic));
        } else {
          RowSink row(r_, prefix + eo.semantic);
          if (shape_matches(row, eo, fo)) exact(row, eo, *fo);
        }
      }
      for (const ir::Attribute& fo : ft.others) {
        bool known = false;
        for (const ir::Attribute& o : et.others) known = known || o.semantic == fo.semantic;
        if (!known)
          RowSink(r_, prefix + fo.semantic)
              .text("absent", std::to_string(fo.vertex_count()) + " vertices", -1, "attribute", 0);
      }
    }
  }

  static ir::Attribute as_attribute(const std::vector<float>& values) {
    ir::Attribute a;
    a.width = 3;
    a.f32 = values;
    return a;
  }

  // Absolute float target values: exact where a float32 delta reaches the stored value from
  // the base, else the nearest reachable value ("nearest", with its error). On a quantised
  // glb (tolerance > 0: the base moved, the delta is exact) within the tolerance.
  void target_floats(const std::string& name, const ir::Attribute& et, const ir::Attribute& ft,
                     double tolerance, const ir::Attribute* base) {
    RowSink row(r_, name);
    if (!shape_matches(row, et, &ft)) return;
    const size_t ne = et.vertex_count(), nf = ft.vertex_count();
    const bool base_ok = base && base->type == ir::Scalar::F32 && base->width == et.width;
    for (size_t v = 0; v < std::max(ne, nf); ++v) {
      Outcome o = Outcome::Exact;
      double err = 0;
      if (v >= ne || v >= nf) {
        o = Outcome::Mismatch, err = kInf;
      } else {
        for (size_t c = 0; c < et.width; ++c) {
          const size_t i = v * et.width + c;
          const float t = et.f32[i], f = ft.f32[i];
          if (bits(t) == bits(f)) continue;
          err = std::max(err, abs_diff(t, f));
          if (tolerance > 0 && abs_diff(t, f) <= tolerance) {  // quantised base, exact delta
            o = std::max(o, Outcome::Within);
            continue;
          }
          if (!base_ok || v >= base->vertex_count()) {
            o = Outcome::Mismatch;
            continue;
          }
          const gltf::MorphDelta d = gltf::morph_delta(base->f32[i], t);
          // Unreachable target: the nearest reachable value (either of two equally near).
          const bool nearest = !d.exact && abs_diff(f, t) <= abs_diff(d.reached, t);
          o = std::max(o, nearest ? Outcome::Nearest : Outcome::Mismatch);
        }
      }
      row.add(
          o, err, prim_of(v), "vertex", v, [&] { return vec(et, v); }, [&] { return vec(ft, v); });
    }
  }

  void materials() {
    RowSink ids(r_, "material_ids");
    RowSink names(r_, "material_names");
    const auto id_of = [](const std::vector<ir::Material>& ms, size_t i) -> std::string {
      if (i >= ms.size()) return "absent";
      const auto it = ms[i].extras.find("id");
      return it == ms[i].extras.end() ? "none" : io::json_text(*it, -1);
    };
    const size_t n = std::max(e_.materials.size(), a_.materials.size());
    for (size_t m = 0; m < n; ++m) {
      ids.text(id_of(e_.materials, m), id_of(a_.materials, m), -1, "material", m);
      names.text(m < e_.materials.size() ? e_.materials[m].name : "absent",
                 m < a_.materials.size() ? a_.materials[m].name : "absent", -1, "material", m);
    }
    if (!e_.images.empty()) textures();
    RowSink assign(r_, "primitive_materials");
    const size_t np = std::min(e_.primitives.size(), a_.primitives.size());
    for (size_t p = 0; p < np; ++p) {
      const uint32_t em = e_.primitives[p].material, fm = a_.primitives[p].material;
      assign.text(std::to_string(em) + " " + id_of(e_.materials, em),
                  std::to_string(fm) + " " + id_of(a_.materials, fm), int64_t(p), "primitive", p);
    }
  }

  // The embedded images (each a PNG of the decoded size) and what each material shows; only
  // for meshes whose textures were followed, so other reports keep their rows. A mesh read
  // alone (verify FILE GLB) follows none: the glb's textures are then not compared.
  void textures() {
    const auto image = [](const std::vector<ir::Image>& is, size_t i) -> std::string {
      if (i >= is.size()) return "absent";
      const ir::Image& im = is[i];
      const bool png = im.png && im.png->size() >= 8 && (*im.png)[1] == 'P' &&
                       (*im.png)[2] == 'N' && (*im.png)[3] == 'G';
      return std::to_string(im.width) + "x" + std::to_string(im.height) +
             (png ? " png" : " not png");
    };
    RowSink images(r_, "images");
    const size_t n = std::max(e_.images.size(), a_.images.size());
    for (size_t i = 0; i < n; ++i)
      images.text(image(e_.images, i), image(a_.images, i), -1, "image", i);
    const auto shows = [](const std::vector<ir::Material>& ms, size_t i) -> std::string {
      if (i >= ms.size()) return "absent";
      const ir::Material& m = ms[i];
      std::string alpha = m.alpha_mode.empty() ? "OPAQUE" : m.alpha_mode;
      if (alpha == "MASK") alpha += " " + std::to_string(m.alpha_cutoff);
      return "base " + std::to_string(m.base_colour) + ", normal " + std::to_string(m.normal) +
             ", " + alpha + (m.double_sided ? ", double-sided" : "");
    };
    RowSink row(r_, "material_textures");
    for (size_t m = 0; m < std::max(e_.materials.size(), a_.materials.size()); ++m)
      row.text(shows(e_.materials, m), shows(a_.materials, m), -1, "material", m);
  }

  // What the mesh is and the stored fields glTF has no slot for (Unknown values kept).
  void source_and_extras() {
    // Not the mesh name: it comes from the input's file name, not from its bytes.
    const auto source = [](const ir::Mesh& m) {
      return m.source.format + " " + m.source.layout + " " + hex_id(m.source.object_id);
    };
    RowSink(r_, "source").text(source(e_), source(a_), -1, "mesh", 0);
    RowSink row(r_, "extras");
    const auto dump = [](const ir::Json& j) {
      std::string s = io::json_text(j, -1);
      return s.size() > 200 ? s.substr(0, 200) + "..." : s;
    };
    const auto cmp = [&](const ir::Json& e, const ir::Json& f, int64_t prim, const char* kind,
                         uint64_t i) {
      row.add(
          e == f ? Outcome::Exact : Outcome::Mismatch, e == f ? 0 : 1, prim, kind, i,
          [&] { return dump(e); }, [&] { return dump(f); });
    };
    ir::Json mesh_extras = a_.extras;  // the --optimize record is not a difference
    if (reordered_) mesh_extras.erase(convert::kIndexOrderKey);
    cmp(e_.extras, mesh_extras, -1, "mesh", 0);
    for (size_t p = 0; p < std::min(e_.primitives.size(), a_.primitives.size()); ++p)
      cmp(e_.primitives[p].extras, a_.primitives[p].extras, int64_t(p), "primitive", p);
    // The skin's: the pairing's result, unless the input (a mesh file) ran none.
    if (e_.skin && a_.skin && (!e_.skin->extras.empty() || a_.skin->extras.empty()))
      cmp(e_.skin->extras, a_.skin->extras, -1, "skin", 0);
    if (e_.skin && a_.skin)
      for (size_t b = 0; b < std::min(e_.skin->bones.size(), a_.skin->bones.size()); ++b)
        cmp(e_.skin->bones[b].extras, a_.skin->bones[b].extras, -1, "bone", b);
    for (size_t m = 0; m < std::min(e_.materials.size(), a_.materials.size()); ++m) {
      ir::Json found = a_.materials[m].extras;
      if (e_.images.empty() && found.is_object() && e_.materials[m].extras.is_object())
        for (auto it = found.begin(); it != found.end();)  // what textures added
          it = e_.materials[m].extras.contains(it.key()) ? std::next(it) : found.erase(it);
      cmp(e_.materials[m].extras, found, -1, "material", m);
    }
    for (size_t k = 0; k < std::min(e_.morph_targets.size(), a_.morph_targets.size()); ++k)
      cmp(e_.morph_targets[k].extras, a_.morph_targets[k].extras, -1, "target", k);
  }

  const ir::Mesh& e_;
  const ir::Mesh& a_;
  VerifyReport& r_;
  Tolerances t_;
  const bool reordered_;  // `a_` records convert --optimize's triangle order, `e_` does not
  std::vector<uint32_t> e_canonical_, a_canonical_;  // canonical_triangle_order, when reordered
  std::vector<int64_t> vertex_primitive_;
};

}  // namespace

bool VerifyReport::ok() const { return !error && mismatched() == 0; }

uint64_t VerifyReport::mismatched() const {
  uint64_t n = 0;
  for (const Row& r : rows) n += r.mismatched;
  return n;
}

const Row* VerifyReport::row(std::string_view attribute) const {
  for (const Row& r : rows)
    if (r.attribute == attribute) return &r;
  return nullptr;
}

Tolerances quantized_tolerances(const ir::Mesh& expected, double position_scale) {
  Tolerances t;
  double max_abs = 0;
  if (const ir::Attribute* p = expected.find("POSITION"); p && p->type == ir::Scalar::F32)
    for (float x : p->f32) max_abs = std::max(max_abs, std::fabs(double(x)));
  const double rounding = 4 * max_abs * std::numeric_limits<float>::epsilon();
  t.position = position_scale / 2 + rounding;
  t.texcoord = gltf::kTexcoordTolerance + 4 * std::numeric_limits<float>::epsilon();
  return t;
}

VerifyReport compare(const ir::Mesh& expected, const ir::Mesh& actual,
                     const Tolerances& tolerances) {
  VerifyReport report;
  Comparer(expected, actual, report, tolerances).run();
  return report;
}

VerifyReport verify_output(const Decoded& decoded, const uint8_t* glb, size_t size) {
  VerifyReport report;
  gltf::ExpandInfo info;
  ir::Result<std::vector<uint8_t>> plain = gltf::expand_glb(glb, size, &info);
  if (!plain) {
    report.error = plain.error();
    return report;
  }
  ir::Result<ir::Mesh> back = gltf::read_glb(plain->data(), plain->size());
  if (!back) {
    report.error = back.error();
    return report;
  }
  const gltf::CompactOptions& found = info.found;
  report = compare(
      decoded.mesh, *back,
      found.quantize ? quantized_tolerances(decoded.mesh, info.position_scale) : Tolerances{});
  report.compact = found.quantize && found.compress ? "quantized+compressed"
                   : found.quantize                 ? "quantized"
                   : found.compress                 ? "compressed"
                                                    : "";
  return report;
}

VerifyReport verify_written(const Decoded& decoded, const gltf::Written& written) {
  if (!written.glb.empty()) return verify_output(decoded, written.glb.data(), written.glb.size());
  ir::Result<ir::Mesh> back = gltf::read_gltf(written.json, written.bin);
  if (!back) {
    VerifyReport report;
    report.error = back.error();
    return report;
  }
  return compare(decoded.mesh, *back);
}

std::optional<ir::Diagnostic> report_error(const VerifyReport& report) {
  if (report.error) return report.error;
  const uint64_t bad = report.mismatched();
  if (bad == 0) return std::nullopt;
  std::string message =
      std::to_string(bad) + " value" + (bad == 1 ? "" : "s") + " of the glTF differ from the input";
  std::string path = "verify";
  if (!report.mismatches.empty()) {
    const Mismatch& m = report.mismatches.front();
    message += "; first: " + m.attribute + " " + m.index_kind + " " + std::to_string(m.index) +
               (m.primitive >= 0 ? " of primitive " + std::to_string(m.primitive) : "") +
               ": expected " + m.expected + ", found " + m.found;
    path += "/" + m.attribute;
  }
  return ir::Diagnostic{"VERIFY_MISMATCH", message, path, 0};
}

int run_verify(const std::string& input, const std::string& glb, bool json,
               const DecodeOptions& options, std::ostream& out, std::ostream& err) {
  VerifyReport report;
  constexpr const char* kUnreadable = "VERIFY_READ_FAILED";
  ir::Result<io::InputBytes> in_bytes =
      io::read_input_as(input, io::kMaxInputBytes, "a mesh", kUnreadable);
  ir::Result<io::InputBytes> glb_bytes =
      in_bytes ? io::read_input_as(glb, gltf::kMaxGlbBytes, "a GLB", kUnreadable)
               : io::InputBytes{};
  if (!in_bytes || !glb_bytes) {
    report.error = !in_bytes ? in_bytes.error() : glb_bytes.error();
  } else {
    DecodeOptions opts = options;
    if (opts.source_path.empty()) opts.source_path = input;
    if (opts.name.empty()) opts.name = std::filesystem::path(input).stem().string();
    opts.want_structure = false;  // verify compares the IR only
    Result<Decoded> decoded = decode(in_bytes->data(), in_bytes->size(), opts);
    if (!decoded)
      report.error = decoded.error();
    else
      report = verify_output(*decoded, glb_bytes->data(), glb_bytes->size());
  }
  report.input = input;
  report.output = glb;
  return emit_report(report, json, out, err);
}

}  // namespace f2g::verify
