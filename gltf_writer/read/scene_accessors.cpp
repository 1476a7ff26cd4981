#include "gltf_writer/read/scene_accessors.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "gltf_writer/read/scene_failure.h"
#include "gltf_writer/read/scene_read.h"

namespace f2g::gltf::scene {
namespace {

using std::to_string;

double component(const uint8_t* p, int type, bool normalized) {
  switch (type) {
    case doc::kFloat: {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
    case doc::kByte: {
      const int8_t x = int8_t(p[0]);
      return normalized ? std::max(double(x) / 127.0, -1.0) : double(x);
    }
    case doc::kUnsignedByte:
      return normalized ? double(p[0]) / 255.0 : double(p[0]);
    case doc::kShort: {
      int16_t x;
      std::memcpy(&x, p, 2);
      return normalized ? std::max(double(x) / 32767.0, -1.0) : double(x);
    }
    case doc::kUnsignedShort: {
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
const uint8_t* view_span(const doc::Document& model, int view_index, size_t offset, size_t count,
                         size_t element, size_t& stride, const std::string& path) {
  if (view_index < 0 || size_t(view_index) >= model.bufferViews.size())
    fail("IMPORT_GLTF_ACCESSOR", "buffer view " + to_string(view_index) + " does not exist", path);
  const doc::BufferView& view = model.bufferViews[view_index];
  if (view.buffer < 0 || size_t(view.buffer) >= model.buffers.size())
    fail("IMPORT_GLTF_ACCESSOR", "buffer " + to_string(view.buffer) + " does not exist", path);
  const doc::Bytes& data = model.buffers[view.buffer].data;
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

}  // namespace

bool unsigned_index_type(int type) {
  return type == doc::kUnsignedByte || type == doc::kUnsignedShort || type == doc::kUnsignedInt;
}

size_t buffer_bytes(const doc::Document& model) {
  size_t n = 0;
  for (const doc::Buffer& b : model.buffers) n += b.data.size();
  return n;
}

Values read_accessor(const doc::Document& model, int index, const std::string& path, ViewOf view) {
  if (index < 0 || size_t(index) >= model.accessors.size())
    fail("IMPORT_GLTF_ACCESSOR", "accessor " + to_string(index) + " does not exist", path);
  const doc::Accessor& a = model.accessors[index];
  const std::string at = "/accessors/" + to_string(index);
  Values out;
  out.width = a.width;
  const size_t comp = doc::component_size(a.componentType);
  if (out.width == 0 || comp == 0)
    fail("IMPORT_GLTF_ACCESSOR", "unknown type or componentType", at);
  out.count = a.count;
  out.component_type = a.componentType;
  out.normalized = a.normalized;
  if (out.count > kMaxSceneVertices * 4)
    fail("IMPORT_GLTF_TOO_LARGE", to_string(out.count) + " elements", at);
  const size_t element = comp * out.width;
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
  const bool viewed = view == ViewOf::Floats    ? a.componentType == doc::kFloat
                      : view == ViewOf::Indices ? unsigned_index_type(a.componentType)
                                                : false;
  if (base && viewed && !a.normalized && !a.sparse.isSparse) {
    out.view = base;
    out.stride = stride;
    return out;
  }
  if (base) {
    out.v.resize(out.count * out.width);
    // One loop per component type and width (each tested once, not per value); SCALAR to VEC4
    // as constants, so the inner loop unrolls.
    const auto fill = [&](auto read_one) {
      double* o = out.v.data();
      const auto rows = [&](auto width) {
        for (size_t i = 0; i < out.count; ++i)
          for (size_t c = 0; c < size_t(width); ++c)
            *o++ = read_one(base + i * stride + c * size_t(comp));
      };
      switch (out.width) {
        case 1:
          return rows(std::integral_constant<size_t, 1>{});
        case 2:
          return rows(std::integral_constant<size_t, 2>{});
        case 3:
          return rows(std::integral_constant<size_t, 3>{});
        case 4:
          return rows(std::integral_constant<size_t, 4>{});
        default:
          return rows(out.width);
      }
    };
    const int type = a.componentType;
    const bool norm = a.normalized;
    switch (type) {
      case doc::kFloat:
        fill([](const uint8_t* p) { return component(p, doc::kFloat, false); });
        break;
      case doc::kUnsignedShort:
        fill([norm](const uint8_t* p) { return component(p, doc::kUnsignedShort, norm); });
        break;
      case doc::kUnsignedByte:  // the games' joints and weights, colours
        fill([norm](const uint8_t* p) { return component(p, doc::kUnsignedByte, norm); });
        break;
      default:
        fill([type, norm](const uint8_t* p) { return component(p, type, norm); });
    }
  } else if (!a.sparse.isSparse) {
    fail("IMPORT_GLTF_ACCESSOR", "no bufferView and not sparse", at);
  } else {
    out.v.assign(out.count * out.width, 0.0);
  }
  if (a.sparse.isSparse) {
    const size_t n = a.sparse.count;
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
    const size_t icomp = doc::component_size(itype);
    size_t istride = 0, vstride = 0;
    const uint8_t* ib = view_span(model, a.sparse.indices.bufferView, a.sparse.indices.byteOffset,
                                  n, icomp, istride, at + "/sparse/indices");
    const uint8_t* vb = view_span(model, a.sparse.values.bufferView, a.sparse.values.byteOffset, n,
                                  element, vstride, at + "/sparse/values");
    istride = icomp;  // sparse parts are tightly packed (glTF 3.6.2.3)
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

}  // namespace f2g::gltf::scene
