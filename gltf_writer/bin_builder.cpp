#include "gltf_writer/bin_builder.h"

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
  bin_.resize((bin_.size() + 3) & ~size_t(3), 0);
  const size_t offset = bin_.size();
  const size_t element = component_size(component_type) * width;
  // Vertex elements start on 4-byte boundaries (glTF 2.0 sec. 3.6.2.4).
  const size_t stride = target == kArrayBuffer ? (element + 3) & ~size_t(3) : element;
  const size_t length = count ? stride * (count - 1) + element : 0;
  bin_.resize(offset + length, 0);
  const auto* src = static_cast<const uint8_t*>(data);
  if (stride == element) {
    if (length) std::memcpy(bin_.data() + offset, src, length);
  } else {
    for (size_t i = 0; i < count; ++i)
      std::memcpy(bin_.data() + offset + i * stride, src + i * element, element);
  }
  Json v = {{"buffer", 0}, {"byteLength", length}};
  if (offset) v["byteOffset"] = offset;
  if (stride != element) v["byteStride"] = stride;
  if (target != kNoTarget) v["target"] = static_cast<int>(target);
  views_.push_back(std::move(v));
  return static_cast<int>(views_.size() - 1);
}

int BinBuilder::add_accessor(int view, size_t byte_offset, size_t count, int width,
                             int component_type, bool normalized) {
  Json a = {{"bufferView", view},
            {"componentType", component_type},
            {"count", count},
            {"type", type_name(width)}};
  if (byte_offset) a["byteOffset"] = byte_offset;
  if (normalized) a["normalized"] = true;
  accessors_.push_back(std::move(a));
  return static_cast<int>(accessors_.size() - 1);
}

int BinBuilder::add_float_accessor_with_bounds(int view, const float* data, size_t count,
                                               int width) {
  const int index = add_accessor(view, 0, count, width, kFloat, false);
  if (count) {
    std::vector<float> lo(data, data + width), hi(data, data + width);
    for (size_t i = 1; i < count; ++i)
      for (int c = 0; c < width; ++c) {
        const float x = data[i * width + c];
        lo[c] = std::min(lo[c], x);
        hi[c] = std::max(hi[c], x);
      }
    // float -> double is exact and JSON keeps doubles round-trip exact, so the bounds match
    // the float32 data bit for bit (the validator's ACCESSOR_MIN/MAX_MISMATCH).
    Json& a = accessors_.back();
    a["min"] = Json::array();
    a["max"] = Json::array();
    for (int c = 0; c < width; ++c) {
      a["min"].push_back(double(lo[c]));
      a["max"].push_back(double(hi[c]));
    }
  }
  return index;
}

}  // namespace f2g::gltf
