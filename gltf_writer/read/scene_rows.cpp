// A primitive's vertex rows (scene_builder.h): every attribute read through its accessor
// view and taken into the Z-up world (copied and negated where the transform is a signed
// permutation, so values keep their bits), joints named by the skin, morph deltas made
// absolute.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <set>
#include <tuple>

#include "gltf_writer/read/scene_builder.h"
#include "gltf_writer/read/scene_failure.h"

namespace f2g::gltf::build {

void Builder::add_primitive(const doc::Primitive& gp, const std::string& path, const Mat4& m,
                            const Mat4& nm, bool mirrored, const doc::Skin* skin) {
  // Views where the accessor is plain FLOAT: every use below reads them through at().
  const Values pos = read_accessor(model_, gp.attributes.at("POSITION"), path, ViewOf::Floats);
  const size_t n = pos.count;
  if (vertices_ + n > kMaxSceneVertices)  // counted per primitive: shared blocks too
    fail("IMPORT_GLTF_TOO_LARGE",
         "more than " + to_string(kMaxSceneVertices) + " vertices in the drawn meshes", path);
  if (pos.width != 3) fail("IMPORT_GLTF_PRIMITIVE", "POSITION is not VEC3", path);
  // Primitives of one node that share their accessors share their vertices (convert writes
  // every range over the one vertex buffer): appended once.
  const VertexKey key{node_, gp.attributes, gp.targets};
  auto shared = blocks_.find(key);
  const bool fresh = shared == blocks_.end();
  const size_t base = fresh ? vertices_ : shared->second;
  if (fresh) blocks_.emplace(key, base);
  Values normals;  // the morph targets' base: the NORMAL accessor, read once
  bool have_normals = false;
  for (ir::Attribute& a : scene_.mesh.attributes) {
    if (!fresh) break;
    const std::string apath = path + "/attributes/" + a.semantic;
    auto stored = renamed_.find(a.semantic);
    // POSITION was read above, from the same accessor: not read twice.
    const bool position = stored == renamed_.end() && a.semantic == "POSITION";
    const bool normal = stored == renamed_.end() && a.semantic == "NORMAL";
    Values other;
    if (!position)  // JOINTS as integers (the skin's joint numbers), the rest as floats
      other = read_accessor(
          model_, gp.attributes.at(stored == renamed_.end() ? a.semantic : stored->second), apath,
          a.semantic.rfind("JOINTS_", 0) == 0 ? ViewOf::Indices : ViewOf::Floats);
    const Values& v = position ? pos : other;
    if (v.count != n)
      fail("IMPORT_GLTF_PRIMITIVE",
           a.semantic + " has " + to_string(v.count) + " elements, POSITION " + to_string(n),
           apath);
    append(a, v, m, nm, skin, apath);
    if (normal && !scene_.mesh.morph_targets.empty()) {
      normals = std::move(other);
      have_normals = true;
    }
  }
  if (fresh && !have_normals && !scene_.mesh.morph_targets.empty() && gp.attributes.count("NORMAL"))
    normals = read_accessor(model_, gp.attributes.at("NORMAL"), path + "/attributes/NORMAL",
                            ViewOf::Floats);
  for (size_t k = 0; k < scene_.mesh.morph_targets.size() && fresh; ++k) {
    if (k >= gp.targets.size())
      fail("IMPORT_GLTF_TARGETS", "primitive has fewer targets than its mesh names",
           path + "/targets");
    append_target(scene_.mesh.morph_targets[k], gp.targets[k], pos, normals, m, nm, n,
                  path + "/targets/" + to_string(k));
  }
  // Indices: absolute in the combined vertex list; a mirroring node flips each triangle.
  ir::Primitive p;
  p.material = gp.material >= 0 ? uint32_t(gp.material) : kNoMaterial;
  if (gp.material >= 0 && size_t(gp.material) >= model_.materials.size())
    fail("IMPORT_GLTF_PRIMITIVE", "material " + to_string(gp.material) + " does not exist",
         path + "/material");
  p.first_index = uint32_t(scene_.mesh.indices.size());
  std::vector<uint32_t> idx;
  if (gp.indices >= 0) {
    // The type is checked before any value is read: only then is every value an integer
    // in [0, 2^32) that uint32_t holds.
    if (size_t(gp.indices) < model_.accessors.size()) {
      const doc::Accessor& ia = model_.accessors[size_t(gp.indices)];
      if (!unsigned_index_type(ia.componentType) || ia.normalized)
        fail("IMPORT_GLTF_INDEX_TYPE",
             "indices of componentType " + to_string(ia.componentType) +
                 (ia.normalized ? ", normalized" : "") +
                 " (glTF allows UNSIGNED_BYTE, UNSIGNED_SHORT and UNSIGNED_INT)",
             "/accessors/" + to_string(gp.indices) + "/componentType");
    }
    const Values iv = read_accessor(model_, gp.indices, path + "/indices", ViewOf::Indices);
    if (iv.width != 1)
      fail("IMPORT_GLTF_PRIMITIVE", "indices are not unsigned integer scalars", path + "/indices");
    idx.resize(iv.count);
    // The same loop over doubles or over the bytes (value(i): index i as a double).
    const auto each = [&](auto value) {
      for (size_t i = 0; i < iv.count; ++i) {
        const double x = value(i);
        if (!(x >= 0 && x < double(n)))
          fail("IMPORT_GLTF_PRIMITIVE",
               "index " + to_string(uint64_t(x)) + " at " + to_string(i) + " >= " + to_string(n) +
                   " vertices",
               path + "/indices");
        idx[i] = uint32_t(x);
      }
    };
    with_integers<1>(iv, each);
  } else {
    for (size_t i = 0; i < n; ++i) idx.push_back(uint32_t(i));
  }
  if (idx.size() % 3 != 0)
    fail("IMPORT_GLTF_PRIMITIVE", to_string(idx.size()) + " indices are not whole triangles",
         path + "/indices");
  for (size_t i = 0; i < idx.size(); i += 3) {
    const uint32_t b = uint32_t(base);
    scene_.mesh.indices.push_back(b + idx[i]);
    scene_.mesh.indices.push_back(b + (mirrored ? idx[i + 2] : idx[i + 1]));
    scene_.mesh.indices.push_back(b + (mirrored ? idx[i + 1] : idx[i + 2]));
  }
  p.index_count = uint32_t(idx.size());
  scene_.mesh.primitives.push_back(p);
  if (mirrored) ++scene_.mirrored_primitives;
  if (fresh) vertices_ += n;
}

void Builder::finite_or_fail(double x, const std::string& path) {
  if (!std::isfinite(x)) fail("IMPORT_GLTF_VALUE", "a NaN or infinite value", path);
}

void Builder::append(ir::Attribute& a, const Values& v, const Mat4& m, const Mat4& nm,
                     const doc::Skin* skin, const std::string& path) {
  const std::string& s = a.semantic;
  if (s.rfind("JOINTS_", 0) == 0) {
    if (v.width != 4) fail("IMPORT_GLTF_PRIMITIVE", "JOINTS is not VEC4", path);
    const size_t start = a.u16.size();
    a.u16.resize(start + v.count * 4);
    uint16_t* out = a.u16.data() + start;
    // The IR joint of each skin joint, found on first use (joints are numbered in the order
    // the vertices first name them).
    std::vector<uint32_t> joint_of(skin ? skin->joints.size() : 0, kNoJoint);
    const double joints = double(joint_of.size());
    // The same loop over doubles or over the bytes (value(k): lane k % 4 of vertex k / 4).
    const auto each = [&](auto value) {
      for (size_t k = 0; k < v.count * 4; ++k) {
        // Checked before the conversion: a float or normalized accessor may hold a fraction,
        // a NaN or a value no integer type holds.
        const double j = value(k);
        if (!skin || !(j >= 0 && j < joints) || j != std::floor(j))
          fail("IMPORT_GLTF_PRIMITIVE",
               "joint " + Json(j).dump() + " of vertex " + to_string(k / 4) +
                   " is not in the node's skin",
               path);
        uint32_t& joint = joint_of[size_t(j)];
        if (joint == kNoJoint) {
          const int node = skin->joints[size_t(j)];
          if (node < 0 || size_t(node) >= model_.nodes.size())
            fail("IMPORT_GLTF_PRIMITIVE", "skin joint node " + to_string(node), path);
          joint = joint_index(node);
        }
        *out++ = uint16_t(joint);
      }
    };
    with_integers<4>(v, each);
    return;
  }
  if (v.width != a.width && !(s.rfind("COLOR_", 0) == 0 && v.width == 3))
    fail("IMPORT_GLTF_PRIMITIVE", s + " has " + to_string(v.width) + " components", path);
  const bool position = s == "POSITION", tangent = s == "TANGENT";
  // Written in place: a.width floats per vertex whatever the branch below.
  const size_t start = a.f32.size();
  a.f32.resize(start + v.count * a.width);
  float* out = a.f32.data() + start;
  // The same loops over doubles or over a FLOAT view (value(i, c): component c of vertex i).
  const auto rows = [&](auto value) {
    if (position || tangent || s == "NORMAL") {
      const Mat4& turn = position || tangent ? m : nm;
      const double handedness = det3(m) < 0 ? -1 : 1;
      const Permutation perm = permutation_of(m);
      // Each row read, checked and turned by `turn_row`, chosen once for the node (not per
      // vertex): the loops below differ only in it.
      const auto each_row = [&](auto turn_row) {
        for (size_t i = 0; i < v.count; ++i) {
          const std::array<double, 3> p{value(i, 0), value(i, 1), value(i, 2)};
          for (double x : p) finite_or_fail(x, path);
          for (double x : turn_row(p)) *out++ = float(x);
          if (tangent) *out++ = float(value(i, 3) * handedness);
        }
      };
      using Row = std::array<double, 3>;
      if (exact_) {  // the normal matrix of a signed permutation is itself
        each_row([&perm](const Row& p) { return permute(perm, p); });
      } else if (position) {
        each_row([&m](const Row& p) { return apply(m, p, 1); });
      } else {
        each_row([&turn](const Row& p) {
          Row q = apply(turn, p, 0);
          const double l = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
          const double pl = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
          if (l > 0 && std::fabs(l - pl) > 1e-12)  // keep the stored length when exact
            for (double& x : q) x = x / l * pl;
          return q;
        });
      }
      return;
    }
    const bool opaque = a.width == 4 && v.width == 3;  // COLOR RGB: opaque
    for (size_t i = 0; i < v.count; ++i) {
      for (size_t c = 0; c < v.width; ++c) {
        const double x = value(i, c);
        finite_or_fail(x, path);
        *out++ = float(x);
      }
      if (opaque) *out++ = 1.0f;
    }
  };
  // A FLOAT view as wide as the attribute, not turned by the node: its rows as they are (a
  // float read as a double and back is itself), each value checked.
  if (v.view && v.component_type == doc::kFloat && v.width == a.width &&
      !(position || tangent || s == "NORMAL")) {
    for (size_t i = 0; i < v.count; ++i, out += a.width) {
      std::memcpy(out, v.view + i * v.stride, a.width * sizeof(float));
      for (size_t c = 0; c < a.width; ++c) finite_or_fail(out[c], path);
    }
    return;
  }
  if (v.view) {
    rows([&v](size_t i, size_t c) { return v.at(i, c); });
  } else {
    rows([&v](size_t i, size_t c) { return v.v[i * v.width + c]; });
  }
}

void Builder::append_target(ir::MorphTarget& t, const std::map<std::string, int>& target,
                            const Values& base, const Values& normals, const Mat4& m,
                            const Mat4& nm, size_t n, const std::string& path) {
  const Permutation perm = permutation_of(m);
  auto absolute = [&](const char* semantic, const Values* b, bool position,
                      std::vector<float>& out) {
    Values d;
    auto it = target.find(semantic);
    if (it != target.end()) {
      d = read_accessor(model_, it->second, path + "/" + semantic);
      if (d.count != n || d.width != 3)
        fail("IMPORT_GLTF_PRIMITIVE", std::string(semantic) + " target is not one VEC3 per vertex",
             path + "/" + semantic);
    }
    for (size_t i = 0; i < n; ++i) {
      std::array<double, 3> p{};
      for (size_t c = 0; c < 3; ++c) {
        const double delta = d.count ? d.at(i, c) : 0.0;
        finite_or_fail(delta, path);
        p[c] = double(float(float(b->at(i, c)) + float(delta)));
      }
      const std::array<double, 3> q =
          exact_ ? permute(perm, p) : apply(position ? m : nm, p, position ? 1 : 0);
      for (double x : q) out.push_back(float(x));
    }
  };
  absolute("POSITION", &base, true, t.positions);
  if (target.count("NORMAL") && normals.count == n) absolute("NORMAL", &normals, false, t.normals);
}

}  // namespace f2g::gltf::build
