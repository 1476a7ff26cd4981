// The neutral mesh IR: what the game draws, in one shape whatever the game. Plain structs,
// no I/O, no format knowledge (docs/ARCHITECTURE.md "The IR"). Arrays are flat and contiguous
// so meshoptimizer and Eigen::Map can work on pointer + stride.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ir/diagnostic.h"

namespace f2g::ir {

using Json = nlohmann::json;

enum class Scalar : uint8_t { F32, U8, U16 };

// One vertex attribute: semantic + decoded values, `width` components per vertex.
// Exactly one of f32 / u8 / u16 is filled, as `type` says; integer data with `normalized`
// means value / 255 (u8) or / 65535 (u16), as glTF reads it.
struct Attribute {
  std::string
      semantic;  // POSITION, NORMAL, TANGENT, TEXCOORD_n, COLOR_n, JOINTS_n, WEIGHTS_n, _NAME
  Scalar type = Scalar::F32;
  uint8_t width = 3;
  bool normalized = false;
  std::vector<float> f32;
  std::vector<uint8_t> u8;
  std::vector<uint16_t> u16;

  size_t value_count() const {
    return type == Scalar::F32 ? f32.size() : type == Scalar::U8 ? u8.size() : u16.size();
  }
  size_t vertex_count() const { return width ? value_count() / width : 0; }
  // Component c of vertex v as a number (normalised integers divided out). Inline: import's
  // matcher reads every component of every candidate through it.
  double get(size_t v, size_t c) const {
    const size_t i = v * width + c;
    switch (type) {
      case Scalar::F32:
        return f32[i];
      case Scalar::U8:
        return normalized ? u8[i] / 255.0 : u8[i];
      case Scalar::U16:
        return normalized ? u16[i] / 65535.0 : u16[i];
    }
    return 0;
  }
};

// JOINTS_n or WEIGHTS_n: a skin's influences.
bool is_influence(const std::string& semantic);

// `attributes` without their influences (a mesh with no skin to bind them to).
void drop_influences(std::vector<Attribute>& attributes);

// A whole attribute of each scalar type (for the samples' generator, the bench corpus, tests).
Attribute f32_attribute(std::string semantic, uint8_t width, std::vector<float> values);
Attribute u8_attribute(std::string semantic, uint8_t width, bool normalized,
                       std::vector<uint8_t> values);

// One draw: a triangle list over indices [first_index, first_index + index_count) whose
// values are absolute vertex numbers (what the game draws), within
// [first_vertex, first_vertex + vertex_count).
struct Primitive {
  uint32_t material = 0;  // index into Mesh::materials
  uint32_t first_index = 0;
  uint32_t index_count = 0;
  uint32_t first_vertex = 0;
  uint32_t vertex_count = 0;
  Json extras = Json::object();  // source fields of the range (Unknown words kept)
};

// Absolute values of one morph target over all vertices (the writer derives glTF deltas).
struct MorphTarget {
  std::string name;
  std::vector<float> positions;  // 3 x vertex_count
  std::vector<float> normals;    // 3 x vertex_count, or empty
  // Further absolute values the target changes (TEXCOORD_0, COLOR_0 ...), same shape as the
  // base attribute of that semantic.
  std::vector<Attribute> others;
  Json extras = Json::object();
};

struct Bone {
  uint64_t id = 0;
  uint32_t name_hash = 0;
  std::string name;                    // node name, unique within the mesh
  std::array<float, 16> inverse_bind;  // column-major, glTF's inverseBindMatrices layout
  // The nearest ancestor in the paired skeleton that is also a bone of this skin (its index
  // here); -1 for a root. Set by skeleton pairing, never by a mesh decoder.
  int32_t parent = -1;
  Json extras = Json::object();
};

struct Skin {
  std::vector<Bone> bones;       // stored order; JOINTS_n values index this list
  Json extras = Json::object();  // the skeleton pairing's result, when one ran
  // Read back from glTF only: the largest |world(joint) - inverse(IBM)| over the joints,
  // relative to the largest element of inverse(IBM) (the rest pose the bind pose). Writers
  // ignore it.
  double rest_error = 0;
};

// A texture image the writer embeds as it is (PNG bytes, shared by every mesh that uses it).
struct Image {
  std::string name;
  std::shared_ptr<const std::vector<uint8_t>> png;
  uint32_t width = 0, height = 0;
  Json extras = Json::object();  // the texture map's id, format, level and where it was found
};

struct Material {
  Material() = default;
  Material(std::string n, Json e) : name(std::move(n)), extras(std::move(e)) {}
  std::string name;              // named after the id
  Json extras = Json::object();  // {"id": "0x...."} and source fields
  // From the game's material when textures were followed; -1 / empty: a placeholder.
  int32_t base_colour = -1;  // index into Mesh::images (sRGB)
  int32_t normal = -1;
  std::string alpha_mode;  // "", "OPAQUE", "MASK" or "BLEND"
  double alpha_cutoff = 0.5;
  bool double_sided = false;
};

struct Source {
  std::string format;  // the registry entry's name
  std::string layout;  // the format's layout name, e.g. "compiled", "ranged", "inline"
  std::string path;
  uint64_t object_id = 0;
};

struct Mesh {
  std::string name;
  Source source;
  uint32_t vertex_count = 0;
  std::vector<Attribute> attributes;
  std::vector<uint32_t> indices;  // absolute vertex numbers
  uint8_t index_size = 2;         // 2 or 4: the stored index width, kept in the output
  std::vector<Primitive> primitives;
  std::vector<MorphTarget> morph_targets;
  std::optional<Skin> skin;
  std::vector<Material> materials;
  std::vector<Image> images;  // the materials' textures, each once
  // Source coordinate frame: true when the buffers are Z-up (every forge mesh); the writer
  // puts the Z-up -> Y-up rotation on the root node.
  bool z_up = true;
  Json extras = Json::object();  // mesh-level source fields, Unknown values kept
  std::vector<Diagnostic> warnings;

  const Attribute* find(const std::string& semantic) const;
  Attribute* find(const std::string& semantic);
};

}  // namespace f2g::ir
