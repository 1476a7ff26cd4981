// The scene reader's builder (scene_read.h): a loaded document (document.h) walked into one
// Z-up IR mesh. Nodes, materials, skins and morph-target names: scene_read.cpp; each
// primitive's vertex rows (attributes in the world's frame, morph deltas made absolute):
// scene_rows.cpp.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "gltf_writer/read/document.h"
#include "gltf_writer/read/scene_accessors.h"
#include "gltf_writer/read/scene_failure.h"
#include "gltf_writer/read/scene_read.h"
#include "gltf_writer/read/scene_transforms.h"

namespace f2g::gltf::build {

constexpr uint32_t kNoJoint = 0xFFFFFFFF;  // a skin joint no vertex has named yet

using ir::Diagnostic;
using Json = ir::Json;
using std::to_string;
using namespace scene;
using scene::fail;  // before any other room's fail of the unity batch

struct Drawn {
  int node = -1;
  Mat4 world = identity();
};

class Builder {
 public:
  explicit Builder(const doc::Document& model) : model_(model) {}

  Scene run();

 private:
  void check_extensions();

  // Every node of the default scene (or, without scenes, every root node) that draws a mesh,
  // with its world transform; each node visited once (a cyclic hierarchy cannot loop).
  void collect_nodes();

  const doc::Mesh& mesh_of(const Drawn& d) const;

  // The semantics every drawn primitive has; the rest is named in `dropped`.
  void decide_attributes();

  // Nodes drawing one mesh (instancing) multiply what the file stores, so a small file could
  // claim millions of vertices: from the accessors' counts, before any is read, the vertices
  // drawn more than once may bring the total to at most kMaxSceneVertices and at most as many
  // as the buffers could store once (4 bytes or more of POSITION per vertex). A file without
  // instancing meets read_accessor's checks alone.
  void check_instancing() const;

  // The transform that takes this node's vertices into the Z-up world.
  Mat4 transform_of(const Drawn& d);

  uint32_t joint_index(int node);

  void add_node(const Drawn& d);

  void target_names_of(const doc::Mesh& gm, const Json& extras, const std::string& path);

  void add_primitive(const doc::Primitive& gp, const std::string& path, const Mat4& m,
                     const Mat4& nm, bool mirrored, const doc::Skin* skin);

  static void finite_or_fail(double x, const std::string& path);

  void append(ir::Attribute& a, const Values& v, const Mat4& m, const Mat4& nm,
              const doc::Skin* skin, const std::string& path);

  // A target's deltas turned into absolute values: float32(base + delta) in the file's frame
  // (how convert chose the deltas: exact there), then the node's transform.
  void append_target(ir::MorphTarget& t, const std::map<std::string, int>& target,
                     const Values& base, const Values& normals, const Mat4& m, const Mat4& nm,
                     size_t n, const std::string& path);

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

}  // namespace f2g::gltf::build
