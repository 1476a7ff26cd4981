#include "gltf_writer/read/scene_read.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <set>
#include <tuple>

#include "gltf_writer/compact/compact.h"
#include "gltf_writer/read/document.h"
#include "gltf_writer/read/scene_accessors.h"
#include "gltf_writer/read/scene_failure.h"
#include "gltf_writer/read/scene_transforms.h"
#include "gltf_writer/write/glb.h"

namespace f2g::gltf {
namespace {

constexpr uint32_t kNoJoint = 0xFFFFFFFF;  // a skin joint no vertex has named yet

using ir::Diagnostic;
using Json = ir::Json;
using std::to_string;
using namespace scene;

// ---- the scene ---------------------------------------------------------------------------

struct Drawn {
  int node = -1;
  Mat4 world = identity();
};

class Builder {
 public:
  explicit Builder(const doc::Document& model) : model_(model) {}

  Scene run() {
    check_extensions();
    scene_.generator = model_.generator;
    collect_nodes();
    if (drawn_.empty()) fail("IMPORT_GLTF_EMPTY", "no node of the scene draws a mesh", "/nodes");
    for (const doc::Material& m : model_.materials) scene_.materials.push_back({m.name, m.extras});
    decide_attributes();
    check_instancing();
    for (const Drawn& d : drawn_) add_node(d);
    scene_.mesh.vertex_count = uint32_t(vertices_);
    for (ir::Primitive& p : scene_.mesh.primitives) p.vertex_count = uint32_t(vertices_);
    scene_.mesh.z_up = true;
    scene_.mesh.index_size = vertices_ > 65536 ? 4 : 2;
    return std::move(scene_);
  }

 private:
  void check_extensions() {
    for (const std::string& e : model_.extensionsUsed) scene_.extensions.push_back(e);
    for (const std::string& e : model_.extensionsRequired)
      if (e != "KHR_mesh_quantization")  // meshopt was expanded before the model was loaded
        fail("IMPORT_GLTF_EXTENSION",
             "required extension " + e +
                 " cannot be read (forge2gltf import reads plain, "
                 "KHR_mesh_quantization and EXT_meshopt_compression glTF)",
             "/extensionsRequired");
  }

  // Every node of the default scene (or, without scenes, every root node) that draws a mesh,
  // with its world transform; each node visited once (a cyclic hierarchy cannot loop).
  void collect_nodes() {
    std::vector<int> roots;
    const int s = model_.defaultScene >= 0 ? model_.defaultScene : 0;
    if (size_t(s) < model_.scenes.size()) {
      roots = model_.scenes[s].nodes;
    } else {
      std::vector<uint8_t> child(model_.nodes.size(), 0);
      for (const doc::Node& n : model_.nodes)
        for (int c : n.children)
          if (c >= 0 && size_t(c) < child.size()) child[c] = 1;
      for (size_t i = 0; i < child.size(); ++i)
        if (!child[i]) roots.push_back(int(i));
    }
    visited_.assign(model_.nodes.size(), 0);
    world_.assign(model_.nodes.size(), identity());
    std::vector<std::pair<int, Mat4>> stack;
    for (auto it = roots.rbegin(); it != roots.rend(); ++it) stack.push_back({*it, identity()});
    while (!stack.empty()) {
      auto [n, parent] = stack.back();
      stack.pop_back();
      if (n < 0 || size_t(n) >= model_.nodes.size() || visited_[n]) continue;
      visited_[n] = 1;
      const doc::Node& node = model_.nodes[n];
      world_[n] = mul(parent, local_of(node));
      if (node.mesh >= 0) drawn_.push_back({n, world_[n]});
      for (auto it = node.children.rbegin(); it != node.children.rend(); ++it)
        stack.push_back({*it, world_[n]});
    }
    scene_.mesh_nodes = uint32_t(drawn_.size());
  }

  const doc::Mesh& mesh_of(const Drawn& d) const {
    const int m = model_.nodes[d.node].mesh;
    if (size_t(m) >= model_.meshes.size())
      fail("IMPORT_GLTF_PRIMITIVE", "mesh " + to_string(m) + " does not exist",
           "/nodes/" + to_string(d.node) + "/mesh");
    return model_.meshes[m];
  }

  // The semantics every drawn primitive has; the rest is named in `dropped`.
  void decide_attributes() {
    std::map<std::string, size_t> seen;
    size_t primitives = 0;
    for (const Drawn& d : drawn_)
      for (const doc::Primitive& p : mesh_of(d).primitives) {
        ++primitives;
        for (const auto& [name, acc] : p.attributes) ++seen[name];
      }
    auto standard = [](const std::string& name) {
      return name == "POSITION" || name == "NORMAL" || name == "TANGENT" ||
             name.rfind("TEXCOORD_", 0) == 0 || name.rfind("COLOR_", 0) == 0 ||
             name.rfind("JOINTS_", 0) == 0 || name.rfind("WEIGHTS_", 0) == 0;
    };
    for (const auto& [stored, n] : seen) {
      // convert writes a standard semantic glTF cannot hold validly (TANGENT without NORMAL)
      // as "_" + semantic: read it under its own name.
      const bool renamed = stored.size() > 1 && stored[0] == '_' && standard(stored.substr(1)) &&
                           !seen.count(stored.substr(1));
      const std::string name = renamed ? stored.substr(1) : stored;
      if (renamed) renamed_[name] = stored;
      const bool known = standard(name);
      if (n == primitives && known)
        semantics_.push_back(name);
      else
        scene_.dropped.push_back(name);
    }
    if (std::find(semantics_.begin(), semantics_.end(), "POSITION") == semantics_.end())
      fail("IMPORT_GLTF_PRIMITIVE", "a drawn primitive has no POSITION", "/meshes");
    for (const std::string& s : semantics_) {
      ir::Attribute a;
      a.semantic = s;
      const bool joints = s.rfind("JOINTS_", 0) == 0;
      a.type = joints ? ir::Scalar::U16 : ir::Scalar::F32;
      a.width = s.rfind("TEXCOORD_", 0) == 0 ? 2 : s == "POSITION" || s == "NORMAL" ? 3 : 4;
      scene_.mesh.attributes.push_back(std::move(a));
    }
  }

  // Nodes drawing one mesh (instancing) multiply what the file stores, so a small file could
  // claim millions of vertices: from the accessors' counts, before any is read, the vertices
  // drawn more than once may bring the total to at most kMaxSceneVertices and at most as many
  // as the buffers could store once (4 bytes or more of POSITION per vertex). A file without
  // instancing meets read_accessor's checks alone.
  void check_instancing() const {
    uint64_t drawn = 0, stored = 0;
    std::set<int> accessors;
    for (const Drawn& d : drawn_) {
      std::set<VertexKey> blocks;  // as add_primitive shares them
      for (const doc::Primitive& p : mesh_of(d).primitives) {
        const auto pos = p.attributes.find("POSITION");
        if (pos == p.attributes.end() || pos->second < 0 ||
            size_t(pos->second) >= model_.accessors.size())
          continue;  // read_accessor names the error
        const uint64_t n = model_.accessors[size_t(pos->second)].count;
        if (blocks.insert(VertexKey{d.node, p.attributes, p.targets}).second) drawn += n;
        if (accessors.insert(pos->second).second) stored += n;
      }
    }
    const uint64_t bytes = buffer_bytes(model_);
    const uint64_t most = std::min<uint64_t>(kMaxSceneVertices, bytes / 4);
    if (drawn > stored && drawn > most)
      fail("IMPORT_GLTF_TOO_LARGE",
           "the drawn nodes instance " + to_string(stored) + " stored vertices as " +
               to_string(drawn) + " (at most " + to_string(most) + " from " + to_string(bytes) +
               " buffer bytes)",
           "/nodes");
  }

  // The transform that takes this node's vertices into the Z-up world.
  Mat4 transform_of(const Drawn& d) {
    Mat4 m = d.world;
    const doc::Node& node = model_.nodes[d.node];
    if (node.skin >= 0 && size_t(node.skin) < model_.skins.size()) {
      // Skinned: glTF ignores the node's transform; in the bind pose a vertex lands at
      // joint world x inverse bind x v, the same for every joint of a consistent skin.
      const doc::Skin& skin = model_.skins[node.skin];
      Values ibm;
      if (skin.inverseBindMatrices >= 0) {
        ibm = read_accessor(model_, skin.inverseBindMatrices,
                            "/skins/" + to_string(node.skin) + "/inverseBindMatrices");
        if (ibm.width != 16 || ibm.count < skin.joints.size())
          fail("IMPORT_GLTF_ACCESSOR", "inverseBindMatrices: not one MAT4 per joint",
               "/skins/" + to_string(node.skin) + "/inverseBindMatrices");
      }
      // The first joint whose bind is exactly a frame turn wins (a bone whose stored bind
      // the writer had to replace may not be); else joint 0's.
      bool first = true;
      for (size_t k = 0; k < skin.joints.size(); ++k) {
        const int j = skin.joints[k];
        if (j < 0 || size_t(j) >= model_.nodes.size() || !visited_[j]) continue;
        Mat4 inv = identity();
        if (ibm.count)
          for (int i = 0; i < 16; ++i) inv[i] = ibm.v[k * 16 + i];
        Mat4 bind = mul(world_[j], inv);
        Mat4 turned = mul(y_up_to_z_up(), bind);
        if (first) m = bind;
        first = false;
        if (snap_permutation(turned)) {
          m = bind;
          break;
        }
      }
    }
    m = mul(y_up_to_z_up(), m);
    exact_ = snap_permutation(m);
    if (!exact_) scene_.exact_frame = false;
    return m;
  }

  uint32_t joint_index(int node) {
    auto it = joint_of_node_.find(node);
    if (it != joint_of_node_.end()) return it->second;
    const uint32_t i = uint32_t(scene_.joints.size());
    const doc::Node& n = model_.nodes[node];
    const Mat4 w = mul(y_up_to_z_up(), world_[node]);
    scene_.joints.push_back({n.name, n.extras, node, {w[12], w[13], w[14]}});
    joint_of_node_[node] = i;
    return i;
  }

  void add_node(const Drawn& d) {
    node_ = d.node;
    const doc::Mesh& gm = mesh_of(d);
    const std::string mesh_path = "/meshes/" + to_string(model_.nodes[d.node].mesh);
    const Json& extras = gm.extras;
    const Mat4 m = transform_of(d);
    const Mat4 nm = normal_matrix(m);
    const bool mirrored = det3(m) < 0;
    const doc::Node& node = model_.nodes[d.node];
    const doc::Skin* skin = node.skin >= 0 && size_t(node.skin) < model_.skins.size()
                                ? &model_.skins[node.skin]
                                : nullptr;
    target_names_of(gm, extras, mesh_path);
    if (!extras_taken_) {
      scene_.mesh_extras = extras;
      extras_taken_ = true;
    }
    for (size_t pi = 0; pi < gm.primitives.size(); ++pi) {
      const doc::Primitive& gp = gm.primitives[pi];
      const std::string path = mesh_path + "/primitives/" + to_string(pi);
      if (gp.mode != doc::kTriangles)
        fail("IMPORT_GLTF_PRIMITIVE",
             "mode " + to_string(gp.mode) + ": import reads triangle lists only (mode 4)",
             path + "/mode");
      add_primitive(gp, path, m, nm, mirrored, skin);
    }
  }

  void target_names_of(const doc::Mesh& gm, const Json& extras, const std::string& path) {
    std::vector<std::string> names;
    const size_t n = gm.primitives.empty() ? 0 : gm.primitives[0].targets.size();
    if (extras.contains("targetNames") && extras["targetNames"].is_array())
      for (const Json& t : extras["targetNames"])
        names.push_back(t.is_string() ? t.get<std::string>() : "");
    names.resize(n);
    for (size_t k = 0; k < n; ++k)
      if (names[k].empty()) names[k] = "target_" + to_string(k);
    if (!names_taken_) {
      scene_.target_names = names;
      names_taken_ = true;
      for (const std::string& t : names) {
        ir::MorphTarget mt;
        mt.name = t;
        scene_.mesh.morph_targets.push_back(std::move(mt));
      }
    } else if (names != scene_.target_names) {
      fail("IMPORT_GLTF_TARGETS",
           "the drawn meshes have different morph targets (" + to_string(n) + " here, " +
               to_string(scene_.target_names.size()) + " in the first)",
           path + "/extras/targetNames");
    }
  }

  void add_primitive(const doc::Primitive& gp, const std::string& path, const Mat4& m,
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
    if (fresh && !have_normals && !scene_.mesh.morph_targets.empty() &&
        gp.attributes.count("NORMAL"))
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
        fail("IMPORT_GLTF_PRIMITIVE", "indices are not unsigned integer scalars",
             path + "/indices");
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

  static void finite_or_fail(double x, const std::string& path) {
    if (!std::isfinite(x)) fail("IMPORT_GLTF_VALUE", "a NaN or infinite value", path);
  }

  void append(ir::Attribute& a, const Values& v, const Mat4& m, const Mat4& nm,
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

  // A target's deltas turned into absolute values: float32(base + delta) in the file's frame
  // (how convert chose the deltas: exact there), then the node's transform.
  void append_target(ir::MorphTarget& t, const std::map<std::string, int>& target,
                     const Values& base, const Values& normals, const Mat4& m, const Mat4& nm,
                     size_t n, const std::string& path) {
    const Permutation perm = permutation_of(m);
    auto absolute = [&](const char* semantic, const Values* b, bool position,
                        std::vector<float>& out) {
      Values d;
      auto it = target.find(semantic);
      if (it != target.end()) {
        d = read_accessor(model_, it->second, path + "/" + semantic);
        if (d.count != n || d.width != 3)
          fail("IMPORT_GLTF_PRIMITIVE",
               std::string(semantic) + " target is not one VEC3 per vertex", path + "/" + semantic);
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
    if (target.count("NORMAL") && normals.count == n)
      absolute("NORMAL", &normals, false, t.normals);
  }

  const doc::Document& model_;
  Scene scene_;
  std::vector<Drawn> drawn_;
  std::vector<uint8_t> visited_;
  std::vector<Mat4> world_;
  std::vector<std::string> semantics_;
  std::map<int, uint32_t> joint_of_node_;
  std::map<std::string, std::string> renamed_;  // semantic -> its stored "_" name
  using VertexKey =
      std::tuple<int, std::map<std::string, int>, std::vector<std::map<std::string, int>>>;
  std::map<VertexKey, size_t> blocks_;
  int node_ = -1;
  bool exact_ = true;  // the current node's transform is a signed permutation
  size_t vertices_ = 0;
  bool extras_taken_ = false, names_taken_ = false;
};

// The document loaded by `load_document` (document.h), built into the scene.
template <class LoadDocument>
ir::Result<Scene> load(LoadDocument&& load_document) {
  try {
    doc::Document document;
    load_document(document);
    return Builder(document).run();
  } catch (const SceneFailure& f) {
    return f.error;
  } catch (const std::exception& e) {  // allocation
    return Diagnostic{"IMPORT_GLTF_INVALID", e.what(), "", 0};
  }
}

// An extension is named in the JSON chunk, not in the BIN data: only that chunk is searched,
// the whole file when its header does not hold (the loader then says what is wrong).
bool mentions(const uint8_t* data, size_t size, const char* word) {
  const std::optional<GlbJson> json = glb_json_chunk(data, size);
  const uint8_t* from = json ? json->text : data;
  const uint8_t* to = json ? json->text + json->size : data + size;
  const size_t n = std::strlen(word);
  return std::search(from, to, word, word + n) != to;
}

}  // namespace

ir::Result<Scene> read_scene_glb(const uint8_t* data, size_t size) {
  if (size > kMaxGlbBytes)
    return Diagnostic{"IMPORT_GLTF_INVALID", to_string(size) + " bytes: GLB holds at most 4 GiB",
                      "", 0};
  // Compact files (convert --quantize / --compress and any meshopt-compressed glb): expanded
  // to plain float first, which also undoes the writer's dequantisation folds exactly.
  std::vector<uint8_t> plain;
  ExpandInfo info;
  if (mentions(data, size, "EXT_meshopt_compression") ||
      mentions(data, size, "KHR_mesh_quantization")) {
    ir::Result<std::vector<uint8_t>> expanded = expand_glb(data, size, &info);
    if (!expanded) {
      Diagnostic e = expanded.error();
      e.code = "IMPORT_GLTF_INVALID";
      return e;
    }
    plain = std::move(*expanded);
    data = plain.data();
    size = plain.size();
  }
  ir::Result<Scene> scene =
      load([&](doc::Document& document) { doc::load_glb(data, size, document); });
  if (scene && info.found.quantize) {
    // compact.h: POSITION within half its dequantisation scale (plus float rounding of the
    // dequantised value), NORMAL / TANGENT within one BYTE step, TEXCOORD within half a
    // SHORT step.
    double extent = 0;
    if (const ir::Attribute* p = scene->mesh.find("POSITION"))
      for (float x : p->f32) extent = std::max(extent, double(std::fabs(x)));
    scene->position_error =
        info.position_scale / 2 + 4 * extent * std::numeric_limits<float>::epsilon();
    scene->normal_error = kNormalTolerance;
    scene->texcoord_error = kTexcoordTolerance + 4 * std::numeric_limits<float>::epsilon();
  }
  return scene;
}

ir::Result<Scene> read_scene_gltf(const std::string& json, const ReadUri& read_uri) {
  if (json.size() > kMaxGlbBytes)
    return Diagnostic{"IMPORT_GLTF_INVALID", "JSON larger than 4 GiB", "", 0};
  if (json.find("EXT_meshopt_compression") != std::string::npos)
    return Diagnostic{"IMPORT_GLTF_EXTENSION",
                      "EXT_meshopt_compression is read in .glb files only (convert --compress "
                      "writes .glb)",
                      "/extensionsUsed", 0};
  return load([&](doc::Document& document) { doc::load_gltf(json, read_uri, document); });
}

}  // namespace f2g::gltf
