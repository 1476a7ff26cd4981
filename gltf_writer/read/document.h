// The glTF JSON as the scene reader (scene_read.cpp) reads it, loaded in one pass: the JSON
// parsed once into a flat tape (json_text.h), every property the reader uses checked for its
// glTF type (an error names its JSON pointer, made only then), extras made ir::Json (the one
// part kept as JSON), a GLB's BIN chunk viewed in place (not copied). Members carry the glTF
// property names they hold.
//
// import reads every glb through this, not through tinygltf (which read.h's verification
// path keeps, as an independent reader of the writer's outputs): tinygltf parses the JSON
// into its DOM, dumps each extras back to text for the reader to parse again, and copies the
// BIN chunk (bench/PROFILE.md has the cost).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "gltf_writer/read/read_uri.h"
#include "ir/mesh.h"

namespace f2g::gltf::doc {

// glTF 3.6.2.2's componentType values.
constexpr int kByte = 5120, kUnsignedByte = 5121, kShort = 5122, kUnsignedShort = 5123,
              kUnsignedInt = 5125, kFloat = 5126;
constexpr int kTriangles = 4;  // primitive mode (glTF 3.7.2.1), its default

// Bytes of one component of `component_type`; 0 for a value glTF does not define.
size_t component_size(int component_type);

struct Bytes {
  const uint8_t* begin = nullptr;
  size_t length = 0;
  const uint8_t* data() const { return begin; }
  size_t size() const { return length; }
};

struct Buffer {
  Bytes data;  // byteLength bytes: in the GLB's BIN chunk, or in Document::owned
};
struct BufferView {
  int buffer = -1;
  size_t byteOffset = 0, byteLength = 0, byteStride = 0;  // byteStride 0: tightly packed
};
struct SparsePart {
  int bufferView = -1;
  size_t byteOffset = 0;
  int componentType = -1;  // indices only
};
struct Sparse {
  bool isSparse = false;
  size_t count = 0;
  SparsePart indices, values;
};
struct Accessor {
  int bufferView = -1;  // -1: none (a sparse accessor's base is zeros)
  size_t byteOffset = 0;
  int componentType = -1;
  bool normalized = false;
  size_t count = 0;
  size_t width = 0;  // components per element: SCALAR 1, VEC2..VEC4 2..4, MAT2/3/4 4/9/16
  Sparse sparse;
};
using Attributes = std::map<std::string, int>;  // semantic -> accessor
struct Primitive {
  Attributes attributes;
  std::vector<Attributes> targets;
  int indices = -1, material = -1, mode = kTriangles;
};
struct Mesh {
  std::vector<Primitive> primitives;
  ir::Json extras = ir::Json::object();
};
struct Node {
  std::string name;
  std::vector<int> children;
  int mesh = -1, skin = -1;
  std::vector<double> matrix, translation, rotation, scale;  // empty when absent
  ir::Json extras = ir::Json::object();
};
struct Skin {
  std::vector<int> joints;
  int inverseBindMatrices = -1;
};
struct Material {
  std::string name;
  ir::Json extras = ir::Json::object();
};
struct SceneNodes {
  std::vector<int> nodes;
};

// Indices between objects are as stored (non-negative, not yet checked against the arrays:
// the reader checks each where it follows one and names the reference).
struct Document {
  std::string generator;  // asset.generator
  std::vector<std::string> extensionsUsed, extensionsRequired;
  int defaultScene = -1;  // "scene"
  std::vector<SceneNodes> scenes;
  std::vector<Node> nodes;
  std::vector<Mesh> meshes;
  std::vector<Accessor> accessors;
  std::vector<BufferView> bufferViews;
  std::vector<Buffer> buffers;
  std::vector<Material> materials;
  std::vector<Skin> skins;
  std::vector<std::vector<uint8_t>> owned;  // decoded data: uris and external files
};

// A GLB in memory (it reads no other file; `data` must outlive the document, whose BIN
// buffer points into it). Throws SceneFailure IMPORT_GLTF_INVALID, with the JSON pointer or
// the byte offset of what is wrong.
void load_glb(const uint8_t* data, size_t size, Document& doc);
// A .gltf's JSON, its external buffers through `read_uri`.
void load_gltf(const std::string& json, const ReadUri& read_uri, Document& doc);

}  // namespace f2g::gltf::doc
