#include "gltf_writer/read/scene_read.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <set>
#include <tuple>

#include "gltf_writer/compact/compact.h"
#include "gltf_writer/write/glb.h"

namespace f2g::gltf {
namespace {

using ir::Diagnostic;
using Json = ir::Json;
using std::to_string;
using Mat4 = std::array<double, 16>;  // column-major, as glTF stores matrices

struct SceneFailure {
  Diagnostic error;
};

[[noreturn]] void fail(const char* code, std::string message, std::string path) {
  throw SceneFailure{{code, std::move(message), std::move(path), 0}};
}

Json extras_of(const std::string& raw) {
  if (raw.empty()) return Json::object();
  Json j = Json::parse(raw, nullptr, false);
  return j.is_discarded() ? Json::object() : j;
}

// ---- accessors ---------------------------------------------------------------------------

// An accessor read whole into doubles (normalized integers divided out, as glTF defines them),
// sparse substitutions applied. Bounds are checked in subtraction form before any read.
struct Values {
  size_t count = 0, width = 0;
  int component_type = 0;
  bool normalized = false;
  std::vector<double> v;
  double at(size_t i, size_t c) const { return v[i * width + c]; }
};

size_t width_of(int type) {
  const int w = tinygltf::GetNumComponentsInType(type);
  return w > 0 ? size_t(w) : 0;
}

double component(const uint8_t* p, int type, bool normalized) {
  switch (type) {
    case TINYGLTF_COMPONENT_TYPE_FLOAT: {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
    case TINYGLTF_COMPONENT_TYPE_BYTE: {
      const int8_t x = int8_t(p[0]);
      return normalized ? std::max(double(x) / 127.0, -1.0) : double(x);
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return normalized ? double(p[0]) / 255.0 : double(p[0]);
    case TINYGLTF_COMPONENT_TYPE_SHORT: {
      int16_t x;
      std::memcpy(&x, p, 2);
      return normalized ? std::max(double(x) / 32767.0, -1.0) : double(x);
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
      uint16_t x;
      std::memcpy(&x, p, 2);
      return normalized ? double(x) / 65535.0 : double(x);
    }
    default: {  // UNSIGNED_INT (only indices may use it)
      uint32_t x;
      std::memcpy(&x, p, 4);
      return double(x);
    }
  }
}

// [base, base + stride * (count - 1) + element) inside view `view_index`, at byte `offset`.
const uint8_t* view_span(const tinygltf::Model& model, int view_index, size_t offset, size_t count,
                         size_t element, size_t& stride, const std::string& path) {
  if (view_index < 0 || size_t(view_index) >= model.bufferViews.size())
    fail("IMPORT_GLTF_ACCESSOR", "buffer view " + to_string(view_index) + " does not exist", path);
  const tinygltf::BufferView& view = model.bufferViews[view_index];
  if (view.buffer < 0 || size_t(view.buffer) >= model.buffers.size())
    fail("IMPORT_GLTF_ACCESSOR", "buffer " + to_string(view.buffer) + " does not exist", path);
  const std::vector<unsigned char>& data = model.buffers[view.buffer].data;
  stride = view.byteStride ? view.byteStride : element;
  if (stride < element || stride > 252)
    fail("IMPORT_GLTF_ACCESSOR",
         "byteStride " + to_string(view.byteStride) + " for " + to_string(element) +
             "-byte elements",
         path);
  const bool view_fits =
      view.byteOffset <= data.size() && view.byteLength <= data.size() - view.byteOffset;
  if (!view_fits || count > data.size())
    fail("IMPORT_GLTF_ACCESSOR",
         "buffer view " + to_string(view_index) + " (" + to_string(view.byteLength) + " bytes at " +
             to_string(view.byteOffset) + ") or its " + to_string(count) +
             " elements pass the buffer's " + to_string(data.size()) + " bytes",
         path);
  const uint64_t need = count ? uint64_t(stride) * (count - 1) + element : 0;
  if (offset > view.byteLength || need > view.byteLength - offset)
    fail("IMPORT_GLTF_ACCESSOR",
         to_string(count) + " elements of " + to_string(element) + " bytes (stride " +
             to_string(stride) + ") at " + to_string(offset) + " pass buffer view " +
             to_string(view_index) + "'s " + to_string(view.byteLength) + " bytes",
         path);
  return data.data() + view.byteOffset + offset;
}

// The component types glTF allows for indices and sparse indices (glTF 3.7.2.1, 3.6.2.3):
// a signed or float one could hold a value no vertex number has (-32768, 1.5, NaN).
bool unsigned_index_type(int type) {
  return type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE ||
         type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT ||
         type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
}

size_t buffer_bytes(const tinygltf::Model& model) {
  size_t n = 0;
  for (const tinygltf::Buffer& b : model.buffers) n += b.data.size();
  return n;
}

Values read_accessor(const tinygltf::Model& model, int index, const std::string& path) {
  if (index < 0 || size_t(index) >= model.accessors.size())
    fail("IMPORT_GLTF_ACCESSOR", "accessor " + to_string(index) + " does not exist", path);
  const tinygltf::Accessor& a = model.accessors[index];
  const std::string at = "/accessors/" + to_string(index);
  Values out;
  out.width = width_of(a.type);
  const int comp = tinygltf::GetComponentSizeInBytes(uint32_t(a.componentType));
  if (out.width == 0 || comp <= 0)
    fail("IMPORT_GLTF_ACCESSOR", "unknown type or componentType", at);
  out.count = a.count;
  out.component_type = a.componentType;
  out.normalized = a.normalized;
  if (out.count > kMaxSceneVertices * 4)
    fail("IMPORT_GLTF_TOO_LARGE", to_string(out.count) + " elements", at);
  const size_t element = size_t(comp) * out.width;
  // The claimed elements are checked against the bytes that back them before their values
  // are allocated: the view's, or for a sparse accessor without one, the buffers' (a file
  // stores every element it draws somewhere).
  size_t stride = 0;
  const uint8_t* base = a.bufferView >= 0 ? view_span(model, a.bufferView, a.byteOffset, out.count,
                                                      element, stride, at)
                                          : nullptr;
  if (!base && out.count * element > buffer_bytes(model))
    fail("IMPORT_GLTF_ACCESSOR",
         to_string(out.count) + " elements without a buffer view pass the buffers' " +
             to_string(buffer_bytes(model)) + " bytes",
         at);
  out.v.assign(out.count * out.width, 0.0);
  if (base) {
    for (size_t i = 0; i < out.count; ++i)
      for (size_t c = 0; c < out.width; ++c)
        out.v[i * out.width + c] =
            component(base + i * stride + c * size_t(comp), a.componentType, a.normalized);
  } else if (!a.sparse.isSparse) {
    fail("IMPORT_GLTF_ACCESSOR", "no bufferView and not sparse", at);
  }
  if (a.sparse.isSparse) {
    const size_t n = size_t(std::max(a.sparse.count, 0));
    if (n > out.count)
      fail("IMPORT_GLTF_ACCESSOR",
           "sparse count " + to_string(n) + " > accessor count " + to_string(out.count),
           at + "/sparse/count");
    const int itype = a.sparse.indices.componentType;
    if (!unsigned_index_type(itype))
      fail("IMPORT_GLTF_INDEX_TYPE",
           "sparse indices of componentType " + to_string(itype) +
               " (glTF allows UNSIGNED_BYTE, UNSIGNED_SHORT and UNSIGNED_INT)",
           at + "/sparse/indices/componentType");
    const int icomp = tinygltf::GetComponentSizeInBytes(uint32_t(itype));
    size_t istride = 0, vstride = 0;
    const uint8_t* ib =
        view_span(model, a.sparse.indices.bufferView, size_t(a.sparse.indices.byteOffset), n,
                  size_t(icomp), istride, at + "/sparse/indices");
    const uint8_t* vb =
        view_span(model, a.sparse.values.bufferView, size_t(a.sparse.values.byteOffset), n, element,
                  vstride, at + "/sparse/values");
    istride = size_t(icomp);  // sparse parts are tightly packed (glTF 3.6.2.3)
    vstride = element;
    for (size_t k = 0; k < n; ++k) {
      const double target = component(ib + k * istride, a.sparse.indices.componentType, false);
      if (!(target < double(out.count)))
        fail("IMPORT_GLTF_ACCESSOR",
             "sparse index " + to_string(uint64_t(target)) + " >= count " + to_string(out.count),
             at + "/sparse/indices");
      for (size_t c = 0; c < out.width; ++c)
        out.v[size_t(target) * out.width + c] =
            component(vb + k * vstride + c * size_t(comp), a.componentType, a.normalized);
    }
  }
  return out;
}

// ---- transforms --------------------------------------------------------------------------

Mat4 identity() { return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}; }

Mat4 mul(const Mat4& a, const Mat4& b) {
  Mat4 r{};
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row) {
      double s = 0;
      for (int k = 0; k < 4; ++k) s += a[k * 4 + row] * b[c * 4 + k];
      r[c * 4 + row] = s;
    }
  return r;
}

Mat4 local_of(const tinygltf::Node& n) {
  if (n.matrix.size() == 16) {
    Mat4 m;
    std::copy(n.matrix.begin(), n.matrix.end(), m.begin());
    return m;
  }
  Mat4 t = identity(), r = identity(), s = identity();
  if (n.translation.size() == 3)
    for (int i = 0; i < 3; ++i) t[12 + i] = n.translation[i];
  if (n.scale.size() == 3)
    for (int i = 0; i < 3; ++i) s[i * 5] = n.scale[i];
  if (n.rotation.size() == 4) {
    const double x = n.rotation[0], y = n.rotation[1], z = n.rotation[2], w = n.rotation[3];
    r = {1 - 2 * (y * y + z * z),
         2 * (x * y + z * w),
         2 * (x * z - y * w),
         0,
         2 * (x * y - z * w),
         1 - 2 * (x * x + z * z),
         2 * (y * z + x * w),
         0,
         2 * (x * z + y * w),
         2 * (y * z - x * w),
         1 - 2 * (x * x + y * y),
         0,
         0,
         0,
         0,
         1};
  }
  return mul(t, mul(r, s));
}

// glTF's Y-up world back to the games' Z-up: the inverse of the writer's root rotation
// (-90 degrees about X): (x, y, z) -> (x, -z, y).
Mat4 y_up_to_z_up() { return {1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1}; }

double det3(const Mat4& m) {
  return m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2]) +
         m[8] * (m[1] * m[6] - m[5] * m[2]);
}

// A transform whose 3 x 3 part is within float noise of a signed permutation and whose
// translation is within noise of 0 is made exactly that: applying it then moves no bits
// (the writer's root rotation through float quaternions is such a case).
bool snap_permutation(Mat4& m) {
  for (int c = 0; c < 3; ++c) {
    int ones = 0;
    for (int r = 0; r < 3; ++r) {
      const double x = m[c * 4 + r];
      if (std::fabs(x) < 1e-6)
        continue;
      else if (std::fabs(std::fabs(x) - 1) < 1e-6)
        ++ones;
      else
        return false;
    }
    if (ones != 1) return false;
  }
  for (int i = 12; i < 15; ++i)
    if (std::fabs(m[i]) > 1e-9) return false;
  for (double& x : m) x = std::fabs(x) < 1e-6 ? 0.0 : x > 0 ? std::round(x) : -std::round(-x);
  m[15] = 1;
  return true;
}

// Inverse-transpose of the 3 x 3 part (normals), as a Mat4 without translation.
Mat4 normal_matrix(const Mat4& m) {
  const double d = det3(m);
  Mat4 r = identity();
  if (d == 0) return r;
  auto e = [&](int row, int col) { return m[col * 4 + row]; };
  // cofactor matrix / det = inverse transpose
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col) {
      const int r1 = (row + 1) % 3, r2 = (row + 2) % 3, c1 = (col + 1) % 3, c2 = (col + 2) % 3;
      r[col * 4 + row] = (e(r1, c1) * e(r2, c2) - e(r1, c2) * e(r2, c1)) / d;
    }
  return r;
}

// A signed permutation (snap_permutation made it one) applied by copying and negating: no
// addition, so -0 stays -0 and every value keeps its bits.
std::array<double, 3> permute(const Mat4& m, const std::array<double, 3>& p) {
  std::array<double, 3> q{0, 0, 0};
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r)
      if (m[c * 4 + r] != 0) q[r] = m[c * 4 + r] > 0 ? p[c] : -p[c];
  return q;
}

std::array<double, 3> apply(const Mat4& m, const std::array<double, 3>& p, double w) {
  return {m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12] * w,
          m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13] * w,
          m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14] * w};
}

// ---- the scene ---------------------------------------------------------------------------

struct Drawn {
  int node = -1;
  Mat4 world = identity();
};

class Builder {
 public:
  explicit Builder(const tinygltf::Model& model) : model_(model) {}

  Scene run() {
    check_extensions();
    scene_.generator = model_.asset.generator;
    collect_nodes();
    if (drawn_.empty()) fail("IMPORT_GLTF_EMPTY", "no node of the scene draws a mesh", "/nodes");
    for (const tinygltf::Material& m : model_.materials)
      scene_.materials.push_back({m.name, extras_of(m.extras_json_string)});
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
      for (const tinygltf::Node& n : model_.nodes)
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
      const tinygltf::Node& node = model_.nodes[n];
      world_[n] = mul(parent, local_of(node));
      if (node.mesh >= 0) drawn_.push_back({n, world_[n]});
      for (auto it = node.children.rbegin(); it != node.children.rend(); ++it)
        stack.push_back({*it, world_[n]});
    }
    scene_.mesh_nodes = uint32_t(drawn_.size());
  }

  const tinygltf::Mesh& mesh_of(const Drawn& d) const {
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
      for (const tinygltf::Primitive& p : mesh_of(d).primitives) {
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
      for (const tinygltf::Primitive& p : mesh_of(d).primitives) {
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
    const tinygltf::Node& node = model_.nodes[d.node];
    if (node.skin >= 0 && size_t(node.skin) < model_.skins.size()) {
      // Skinned: glTF ignores the node's transform; in the bind pose a vertex lands at
      // joint world x inverse bind x v, the same for every joint of a consistent skin.
      const tinygltf::Skin& skin = model_.skins[node.skin];
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
    const tinygltf::Node& n = model_.nodes[node];
    const Mat4 w = mul(y_up_to_z_up(), world_[node]);
    scene_.joints.push_back({n.name, extras_of(n.extras_json_string), node, {w[12], w[13], w[14]}});
    joint_of_node_[node] = i;
    return i;
  }

  void add_node(const Drawn& d) {
    node_ = d.node;
    const tinygltf::Mesh& gm = mesh_of(d);
    const std::string mesh_path = "/meshes/" + to_string(model_.nodes[d.node].mesh);
    if (!extras_taken_) {
      scene_.mesh_extras = extras_of(gm.extras_json_string);
      extras_taken_ = true;
    }
    const Mat4 m = transform_of(d);
    const Mat4 nm = normal_matrix(m);
    const bool mirrored = det3(m) < 0;
    const tinygltf::Node& node = model_.nodes[d.node];
    const tinygltf::Skin* skin = node.skin >= 0 && size_t(node.skin) < model_.skins.size()
                                     ? &model_.skins[node.skin]
                                     : nullptr;
    target_names_of(gm, mesh_path);
    for (size_t pi = 0; pi < gm.primitives.size(); ++pi) {
      const tinygltf::Primitive& gp = gm.primitives[pi];
      const std::string path = mesh_path + "/primitives/" + to_string(pi);
      if (gp.mode != TINYGLTF_MODE_TRIANGLES && gp.mode != -1)
        fail("IMPORT_GLTF_PRIMITIVE",
             "mode " + to_string(gp.mode) + ": import reads triangle lists only (mode 4)",
             path + "/mode");
      add_primitive(gp, path, m, nm, mirrored, skin);
    }
  }

  void target_names_of(const tinygltf::Mesh& gm, const std::string& path) {
    const Json extras = extras_of(gm.extras_json_string);
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

  void add_primitive(const tinygltf::Primitive& gp, const std::string& path, const Mat4& m,
                     const Mat4& nm, bool mirrored, const tinygltf::Skin* skin) {
    const Values pos = read_accessor(model_, gp.attributes.at("POSITION"), path);
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
    for (ir::Attribute& a : scene_.mesh.attributes) {
      if (!fresh) break;
      const std::string apath = path + "/attributes/" + a.semantic;
      auto stored = renamed_.find(a.semantic);
      const Values v = read_accessor(
          model_, gp.attributes.at(stored == renamed_.end() ? a.semantic : stored->second), apath);
      if (v.count != n)
        fail("IMPORT_GLTF_PRIMITIVE",
             a.semantic + " has " + to_string(v.count) + " elements, POSITION " + to_string(n),
             apath);
      append(a, v, m, nm, skin, apath);
    }
    Values normals;
    if (fresh && !scene_.mesh.morph_targets.empty() && gp.attributes.count("NORMAL"))
      normals = read_accessor(model_, gp.attributes.at("NORMAL"), path + "/attributes/NORMAL");
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
        const tinygltf::Accessor& ia = model_.accessors[size_t(gp.indices)];
        if (!unsigned_index_type(ia.componentType) || ia.normalized)
          fail("IMPORT_GLTF_INDEX_TYPE",
               "indices of componentType " + to_string(ia.componentType) +
                   (ia.normalized ? ", normalized" : "") +
                   " (glTF allows UNSIGNED_BYTE, UNSIGNED_SHORT and UNSIGNED_INT)",
               "/accessors/" + to_string(gp.indices) + "/componentType");
      }
      const Values iv = read_accessor(model_, gp.indices, path + "/indices");
      if (iv.width != 1)
        fail("IMPORT_GLTF_PRIMITIVE", "indices are not unsigned integer scalars",
             path + "/indices");
      idx.reserve(iv.count);
      for (size_t i = 0; i < iv.count; ++i) {
        if (!(iv.v[i] >= 0 && iv.v[i] < double(n)))
          fail("IMPORT_GLTF_PRIMITIVE",
               "index " + to_string(uint64_t(iv.v[i])) + " at " + to_string(i) +
                   " >= " + to_string(n) + " vertices",
               path + "/indices");
        idx.push_back(uint32_t(iv.v[i]));
      }
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
              const tinygltf::Skin* skin, const std::string& path) {
    const std::string& s = a.semantic;
    if (s.rfind("JOINTS_", 0) == 0) {
      if (v.width != 4) fail("IMPORT_GLTF_PRIMITIVE", "JOINTS is not VEC4", path);
      for (size_t i = 0; i < v.count; ++i)
        for (size_t c = 0; c < 4; ++c) {
          // Checked before the conversion: a float or normalized accessor may hold a
          // fraction, a NaN or a value no integer type holds.
          const double j = v.at(i, c);
          if (!skin || !(j >= 0 && j < double(skin->joints.size())) || j != std::floor(j))
            fail("IMPORT_GLTF_PRIMITIVE",
                 "joint " + Json(j).dump() + " of vertex " + to_string(i) +
                     " is not in the node's skin",
                 path);
          const int node = skin->joints[size_t(j)];
          if (node < 0 || size_t(node) >= model_.nodes.size())
            fail("IMPORT_GLTF_PRIMITIVE", "skin joint node " + to_string(node), path);
          a.u16.push_back(uint16_t(joint_index(node)));
        }
      return;
    }
    if (v.width != a.width && !(s.rfind("COLOR_", 0) == 0 && v.width == 3))
      fail("IMPORT_GLTF_PRIMITIVE", s + " has " + to_string(v.width) + " components", path);
    for (size_t i = 0; i < v.count; ++i) {
      if (s == "POSITION" || s == "NORMAL" || s == "TANGENT") {
        std::array<double, 3> p{v.at(i, 0), v.at(i, 1), v.at(i, 2)};
        for (double x : p) finite_or_fail(x, path);
        std::array<double, 3> q;
        if (exact_) {
          q = permute(m, p);  // the normal matrix of a signed permutation is itself
        } else if (s == "POSITION") {
          q = apply(m, p, 1);
        } else {
          q = apply(s == "NORMAL" ? nm : m, p, 0);
          const double l = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
          const double pl = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
          if (l > 0 && std::fabs(l - pl) > 1e-12)  // keep the stored length when exact
            for (double& x : q) x = x / l * pl;
        }
        for (double x : q) a.f32.push_back(float(x));
        if (s == "TANGENT") a.f32.push_back(float(v.at(i, 3) * (det3(m) < 0 ? -1 : 1)));
      } else {
        for (size_t c = 0; c < v.width; ++c) {
          finite_or_fail(v.at(i, c), path);
          a.f32.push_back(float(v.at(i, c)));
        }
        if (a.width == 4 && v.width == 3) a.f32.push_back(1.0f);  // COLOR RGB: opaque
      }
    }
  }

  // A target's deltas turned into absolute values: float32(base + delta) in the file's frame
  // (how convert chose the deltas: exact there), then the node's transform.
  void append_target(ir::MorphTarget& t, const std::map<std::string, int>& target,
                     const Values& base, const Values& normals, const Mat4& m, const Mat4& nm,
                     size_t n, const std::string& path) {
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
            exact_ ? permute(m, p) : apply(position ? m : nm, p, position ? 1 : 0);
        for (double x : q) out.push_back(float(x));
      }
    };
    absolute("POSITION", &base, true, t.positions);
    if (target.count("NORMAL") && normals.count == n)
      absolute("NORMAL", &normals, false, t.normals);
  }

  const tinygltf::Model& model_;
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

bool no_image(tinygltf::Image*, const int, std::string*, std::string*, int, int,
              const unsigned char*, int, void*) {
  return true;  // images are not geometry: never decoded
}
bool any_file(const std::string&, void*) { return true; }
std::string same_path(const std::string& p, void*) { return p; }
bool write_none(std::string*, const std::string&, const std::vector<unsigned char>&, void*) {
  return false;
}
bool read_none(std::vector<unsigned char>*, std::string* err, const std::string& p, void*) {
  if (err) *err = "a .glb reads no external file (" + p + ")";
  return false;
}
bool read_via(std::vector<unsigned char>* out, std::string* err, const std::string& uri,
              void* user) {
  const ReadUri& read = *static_cast<const ReadUri*>(user);
  std::vector<uint8_t> bytes;
  std::string e;
  if (!read(uri, bytes, e)) {
    if (err) *err = e;
    return false;
  }
  out->assign(bytes.begin(), bytes.end());
  return true;
}

template <class Load>
ir::Result<Scene> load(Load&& run, tinygltf::FsCallbacks fs) {
  try {
    tinygltf::TinyGLTF loader;
    loader.SetStoreOriginalJSONForExtrasAndExtensions(true);
    loader.SetFsCallbacks(fs);
    loader.SetImageLoader(no_image, nullptr);
    tinygltf::Model model;
    std::string err, warn;
    if (!run(loader, model, err, warn))
      return Diagnostic{"IMPORT_GLTF_INVALID", "tinygltf: " + (err.empty() ? warn : err), "", 0};
    return Builder(model).run();
  } catch (const SceneFailure& f) {
    return f.error;
  } catch (const std::exception& e) {  // tinygltf or nlohmann on malformed input
    return Diagnostic{"IMPORT_GLTF_INVALID", e.what(), "", 0};
  }
}

bool mentions(const uint8_t* data, size_t size, const char* word) {
  const size_t n = std::strlen(word);
  return std::search(data, data + size, word, word + n) != data + size;
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
  ir::Result<Scene> scene = load(
      [&](tinygltf::TinyGLTF& loader, tinygltf::Model& model, std::string& err, std::string& warn) {
        return loader.LoadBinaryFromMemory(&model, &err, &warn, data, unsigned(size), "");
      },
      tinygltf::FsCallbacks{any_file, same_path, read_none, write_none, nullptr});
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
  return load(
      [&](tinygltf::TinyGLTF& loader, tinygltf::Model& model, std::string& err, std::string& warn) {
        return loader.LoadASCIIFromString(&model, &err, &warn, json.data(), unsigned(json.size()),
                                          "");
      },
      tinygltf::FsCallbacks{any_file, same_path, read_via, write_none,
                            const_cast<ReadUri*>(&read_uri)});
}

}  // namespace f2g::gltf
