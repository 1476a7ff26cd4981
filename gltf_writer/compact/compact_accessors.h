// Accessor access for the compact passes: an accessor that owns its buffer view (the writer
// gives every vertex attribute, morph delta and the inverse binds a view of their own), read
// as numbers and replaced by new bytes of another component type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gltf_writer/compact/compact_glb.h"

namespace f2g::gltf::compact {

// glTF componentType codes.
enum : int {
  kByte = 5120,
  kUnsignedByte = 5121,
  kShort = 5122,
  kUnsignedShort = 5123,
  kUnsignedInt = 5125,
  kFloat = 5126,
};

struct Slot {
  size_t accessor = 0;
  size_t view = 0;
  size_t count = 0;
  size_t width = 0;  // components per element
  int component_type = 0;
  bool normalized = false;
  size_t stride = 0;  // bytes between elements in the view
};

// How many accessors name each buffer view.
std::vector<size_t> view_users(const Parts& p);

// The accessor when it is dense (not sparse), starts its view and is the view's only user,
// and its elements fit the view; nullopt otherwise (a pass then leaves it alone).
std::optional<Slot> exclusive_slot(const Parts& p, const std::vector<size_t>& users, int accessor);

// Component c of element i as a number: floats as stored, integers as glTF reads them
// (normalized: KHR_mesh_quantization's int-to-float rule, computed in float32).
float component(const Parts& p, const Slot& s, size_t i, size_t c);
std::vector<float> read_floats(const Parts& p, const Slot& s);

// Puts `bytes` (count elements of `stride` bytes) in the slot's view and retypes the accessor.
void replace(Parts& p, Slot& s, std::vector<uint8_t> bytes, size_t stride, int component_type,
             bool normalized);

// Writes FLOAT data (width components per element, tightly packed) with exact min/max.
void replace_with_floats(Parts& p, Slot& s, const std::vector<float>& values, bool bounds);

// Sets accessor min/max from integer values (width components per element).
void set_int_bounds(Json& accessor, const std::vector<int32_t>& values, size_t width);

// Integer accessor indices of a primitive's attributes or of one of its targets.
std::optional<int> attribute_of(const Json& primitive, const std::string& semantic);

}  // namespace f2g::gltf::compact
