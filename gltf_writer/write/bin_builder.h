// The BIN buffer with its bufferViews and accessors (glTF 2.0 sec. 3.6): every view starts on
// a 4-byte boundary, vertex views get target ARRAY_BUFFER and a byteStride padding elements
// to 4 bytes when they are not already (the validator's MESH_PRIMITIVE_ACCESSOR_UNALIGNED),
// index views ELEMENT_ARRAY_BUFFER, others (inverse bind matrices) no target.
//
// Views are laid out when added but their bytes are copied only once, by append_to(), straight
// into the GLB (or the .bin): no BIN buffer is built and copied again (bench/PROFILE.md).
// So the data of a view must outlive the builder's append_to(): IR data does (the writer
// holds the mesh); values made by the writer are handed over with keep().
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

namespace f2g::gltf {

using Json = nlohmann::json;

// glTF componentType codes.
enum ComponentType : int {
  kUnsignedByte = 5121,
  kUnsignedShort = 5123,
  kUnsignedInt = 5125,
  kFloat = 5126,
};
enum ViewTarget : int { kNoTarget = 0, kArrayBuffer = 34962, kElementArrayBuffer = 34963 };

size_t component_size(int component_type);
const char* type_name(int width);  // 1 SCALAR, 2 VEC2, 3 VEC3, 4 VEC4, 16 MAT4

class BinBuilder {
 public:
  // A view over `count` elements of `width` components, packed from `data` (tightly packed
  // input, read by append_to()); returns the view index.
  int add_view(const void* data, size_t count, int width, int component_type, ViewTarget target);
  // An accessor over a whole view or a slice (byte_offset within the view).
  int add_accessor(int view, size_t byte_offset, size_t count, int width, int component_type,
                   bool normalized);
  // Float accessor with exact per-component min/max (required for POSITION).
  int add_float_accessor_with_bounds(int view, const float* data, size_t count, int width);

  // Holds `values` until the builder is destroyed; the returned vector (and its data) stays
  // where it is, so it can back a view.
  template <class T>
  const std::vector<T>& keep(std::vector<T>&& values) {
    auto kept = std::make_shared<const std::vector<T>>(std::move(values));
    const std::vector<T>& ref = *kept;
    kept_.push_back(std::move(kept));
    return ref;
  }

  // Bytes of the BIN so far, padded to 4 (the buffer's byteLength).
  size_t size() const { return (end_ + 3) & ~size_t(3); }
  // Appends the BIN (size() bytes: every view, zero padding between and after) to `out`.
  void append_to(std::vector<uint8_t>& out) const;

  Json& views() { return views_; }
  Json& accessors() { return accessors_; }

 private:
  struct Piece {
    const uint8_t* data;
    size_t offset, count, element, stride;
  };
  std::vector<Piece> pieces_;
  size_t end_ = 0;  // end of the last view
  std::vector<std::shared_ptr<const void>> kept_;
  Json views_ = Json::array();
  Json accessors_ = Json::array();
};

}  // namespace f2g::gltf
