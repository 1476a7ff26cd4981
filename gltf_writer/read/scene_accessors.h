// The scene reader's accessors (scene_read.cpp): an accessor of any component type read whole
// into doubles, every count and offset bounded by the bytes behind it before anything is
// allocated. Failures throw SceneFailure (scene_failure.h) with an IMPORT_GLTF_... code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gltf_writer/read/document.h"
#include "ir/default_init.h"

namespace f2g::gltf::scene {

// An accessor read whole into doubles (normalized integers divided out, as glTF defines them),
// sparse substitutions applied; or, where the caller can take one, a view of the accessor's
// bytes in place (a FLOAT vertex attribute, unsigned integer indices and joints: the values
// read from the bytes are the ones the doubles held, without a copy of every vertex attribute
// at twice its size). Bounds are checked in subtraction form before any read, the same for
// both.
struct Values {
  size_t count = 0, width = 0;
  int component_type = 0;
  bool normalized = false;
  ir::UninitVector<double> v;  // not zero-filled: read_accessor writes each value
  // A view (v empty): element i's components, of component_type, at view + i * stride.
  const uint8_t* view = nullptr;
  size_t stride = 0;
  // Component c of element i: of the doubles, or of a FLOAT view.
  double at(size_t i, size_t c) const {
    if (!view) return v[i * width + c];
    float x;
    std::memcpy(&x, view + i * stride + c * 4, 4);
    return x;
  }
};

// What read_accessor may hand back as a view: nothing, a FLOAT accessor (vertex values), or
// an unsigned integer one (indices, joints); neither normalized nor sparse.
enum class ViewOf { Nothing, Floats, Indices };

// Calls f(value), value(k) giving component k % Width of element k / Width as a double: of
// the doubles, or of an unsigned integer view (ViewOf::Indices) as the doubles would hold it.
// Width is the accessor's, a constant so the place of a value costs no division.
template <size_t Width, class F>
void with_integers(const Values& v, F&& f) {
  if (!v.view) return f([&v](size_t k) { return v.v[k]; });
  const auto read = [&v](auto type) {
    return [&v](size_t k) {
      decltype(type) x;
      std::memcpy(&x, v.view + k / Width * v.stride + k % Width * sizeof x, sizeof x);
      return double(x);
    };
  };
  if (v.component_type == doc::kUnsignedByte) return f(read(uint8_t{}));
  if (v.component_type == doc::kUnsignedShort) return f(read(uint16_t{}));
  return f(read(uint32_t{}));  // UNSIGNED_INT
}

// The component types glTF allows for indices and sparse indices (glTF 3.7.2.1, 3.6.2.3):
// a signed or float one could hold a value no vertex number has (-32768, 1.5, NaN).
bool unsigned_index_type(int type);

// Every byte of every buffer the model holds.
size_t buffer_bytes(const doc::Document& model);

// Accessor `index` (normalized integers divided out, as glTF defines them, sparse
// substitutions applied); `path` names the reference in errors. An accessor of the kind `view`
// names comes back as a view (Values::view) instead.
Values read_accessor(const doc::Document& model, int index, const std::string& path,
                     ViewOf view = ViewOf::Nothing);

}  // namespace f2g::gltf::scene
