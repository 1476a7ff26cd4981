#include "gltf_writer/write/bin_builder.h"

#include <algorithm>
#include <cstring>

namespace f2g::gltf {

size_t component_size(int component_type) {
  switch (component_type) {
    case kUnsignedByte:
      return 1;
    case kUnsignedShort:
      return 2;
    default:
      return 4;
  }
}

const char* type_name(int width) {
  switch (width) {
    case 1:
      return "SCALAR";
    case 2:
      return "VEC2";
    case 3:
      return "VEC3";
    case 4:
      return "VEC4";
    default:
      return "MAT4";
  }
}

int BinBuilder::add_view(const void* data, size_t count, int width, int component_type,
                         ViewTarget target) {
  const size_t offset = (end_ + 3) & ~size_t(3);
  const size_t element = component_size(component_type) * width;
  // Vertex elements start on 4-byte boundaries (glTF 2.0 sec. 3.6.2.4).
  const size_t stride = target == kArrayBuffer ? (element + 3) & ~size_t(3) : element;
  const size_t length = count ? stride * (count - 1) + element : 0;
  pieces_.push_back({static_cast<const uint8_t*>(data), offset, count, element, stride});
  end_ = offset + length;
  Json v = Json::object();
  v["buffer"] = 0;
  v["byteLength"] = length;
  if (offset) v["byteOffset"] = offset;
  if (stride != element) v["byteStride"] = stride;
  if (target != kNoTarget) v["target"] = static_cast<int>(target);
  views_.push_back(std::move(v));
  return static_cast<int>(views_.size() - 1);
}

void BinBuilder::append_to(std::vector<uint8_t>& out) const {
  const size_t base = out.size();
  out.reserve(base + size());
  for (const Piece& p : pieces_) {
    out.resize(base + p.offset, 0);  // the padding before the view
    if (!p.count) continue;
    if (p.stride == p.element) {
      out.insert(out.end(), p.data, p.data + p.count * p.element);
    } else {
      for (size_t i = 0; i < p.count; ++i) {
        if (i) out.resize(out.size() + p.stride - p.element, 0);
        out.insert(out.end(), p.data + i * p.element, p.data + (i + 1) * p.element);
      }
    }
  }
  out.resize(base + size(), 0);
}

int BinBuilder::add_accessor(int view, size_t byte_offset, size_t count, int width,
                             int component_type, bool normalized) {
  Json a = Json::object();
  a["bufferView"] = view;
  a["componentType"] = component_type;
  a["count"] = count;
  a["type"] = type_name(width);
  if (byte_offset) a["byteOffset"] = byte_offset;
  if (normalized) a["normalized"] = true;
  accessors_.push_back(std::move(a));
  return static_cast<int>(accessors_.size() - 1);
}

namespace {

// Per-component min/max over `count` >= 1 elements of W floats, as std::min/std::max fold them.
template <int W>
void bounds(const float* data, size_t count, float* lo, float* hi) {
  float l[W], h[W];
  for (int c = 0; c < W; ++c) l[c] = h[c] = data[c];
  for (size_t i = 1; i < count; ++i)
    for (int c = 0; c < W; ++c) {
      const float x = data[i * W + c];
      l[c] = std::min(l[c], x);
      h[c] = std::max(h[c], x);
    }
  for (int c = 0; c < W; ++c) lo[c] = l[c], hi[c] = h[c];
}

}  // namespace

int BinBuilder::add_float_accessor_with_bounds(int view, const float* data, size_t count,
                                               int width) {
  const int index = add_accessor(view, 0, count, width, kFloat, false);
  if (count) {
    std::vector<float> lo(data, data + width), hi(data, data + width);
    if (width == 3) {
      bounds<3>(data, count, lo.data(), hi.data());
    } else {
      for (size_t i = 1; i < count; ++i)
        for (int c = 0; c < width; ++c) {
          const float x = data[i * width + c];
          lo[c] = std::min(lo[c], x);
          hi[c] = std::max(hi[c], x);
        }
    }
    // float -> double is exact and JSON keeps doubles round-trip exact, so the bounds match
    // the float32 data bit for bit (the validator's ACCESSOR_MIN/MAX_MISMATCH).
    Json& a = accessors_.back();
    Json& mins = a["min"] = Json::array();
    Json& maxs = a["max"] = Json::array();
    for (int c = 0; c < width; ++c) {
      mins.push_back(double(lo[c]));
      maxs.push_back(double(hi[c]));
    }
  }
  return index;
}

}  // namespace f2g::gltf
