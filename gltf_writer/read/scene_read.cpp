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
#include "gltf_writer/read/scene_builder.h"
#include "gltf_writer/read/scene_failure.h"
#include "gltf_writer/read/scene_transforms.h"
#include "gltf_writer/write/glb.h"

namespace f2g::gltf::build {

Scene Builder::run() {
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

void Builder::check_extensions() {
  for (const std::string& e : model_.extensionsUsed) scene_.extensions.push_back(e);
  for (const std::string& e : model_.extensionsRequired)
    if (e != "KHR_mesh_quantization")  // meshopt was expanded before the model was loaded
      fail("IMPORT_GLTF_EXTENSION",
           "required extension " + e +
               " cannot be read (forge2gltf import reads plain, "
               "KHR_mesh_quantization and EXT_meshopt_compression glTF)",
           "/extensionsRequired");
}

void Builder::collect_nodes() {
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

const doc::Mesh& Builder::mesh_of(const Drawn& d) const {
  const int m = model_.nodes[d.node].mesh;
  if (size_t(m) >= model_.meshes.size())
    fail("IMPORT_GLTF_PRIMITIVE", "mesh " + to_string(m) + " does not exist",
         "/nodes/" + to_string(d.node) + "/mesh");
  return model_.meshes[m];
}

void Builder::decide_attributes() {
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

void Builder::check_instancing() const {
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

Mat4 Builder::transform_of(const Drawn& d) {
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

uint32_t Builder::joint_index(int node) {
  auto it = joint_of_node_.find(node);
  if (it != joint_of_node_.end()) return it->second;
  const uint32_t i = uint32_t(scene_.joints.size());
  const doc::Node& n = model_.nodes[node];
  const Mat4 w = mul(y_up_to_z_up(), world_[node]);
  scene_.joints.push_back({n.name, n.extras, node, {w[12], w[13], w[14]}});
  joint_of_node_[node] = i;
  return i;
}

void Builder::add_node(const Drawn& d) {
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

void Builder::target_names_of(const doc::Mesh& gm, const Json& extras, const std::string& path) {
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

}  // namespace f2g::gltf::build

namespace f2g::gltf {
namespace {

using build::Builder;
using ir::Diagnostic;
using scene::SceneFailure;
using std::to_string;

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
