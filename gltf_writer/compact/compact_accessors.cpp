#include "gltf_writer/compact/compact_accessors.h"

#include <algorithm>
#include <cstring>

namespace f2g::gltf::compact {

std::vector<size_t> view_users(const Parts& p) {
  std::vector<size_t> users(p.views.size(), 0);
  const Json& accessors = array_at(p.json, "accessors");
  for (const Json& a : accessors) {
    if (!a.is_object() || !a.contains("bufferView") || !a["bufferView"].is_number_unsigned())
      continue;
    const size_t v = a["bufferView"].get<size_t>();
    if (v < users.size()) ++users[v];
  }
  return users;
}

std::optional<Slot> exclusive_slot(const Parts& p, const std::vector<size_t>& users, int accessor) {
  const Json& accessors = array_at(p.json, "accessors");
  if (accessor < 0 || size_t(accessor) >= accessors.size()) return std::nullopt;
  const Json& a = accessors[accessor];
  if (!a.is_object() || a.contains("sparse") || !a.contains("bufferView") ||
      !a["bufferView"].is_number_unsigned() || a.value("byteOffset", 0) != 0)
    return std::nullopt;
  Slot s;
  s.accessor = size_t(accessor);
  s.view = a["bufferView"].get<size_t>();
  if (s.view >= p.views.size() || users[s.view] != 1) return std::nullopt;
  s.count = a.value("count", size_t(0));
  s.width = type_width(a.value("type", std::string()));
  s.component_type = a.value("componentType", 0);
  s.normalized = a.value("normalized", false);
  const size_t element = component_bytes(s.component_type) * s.width;
  if (element == 0) return std::nullopt;
  const Json& v = p.json["bufferViews"][s.view];
  s.stride = v.value("byteStride", size_t(0));
  if (s.stride == 0) s.stride = element;
  if (s.stride < element) return std::nullopt;
  const size_t need = s.count ? s.stride * (s.count - 1) + element : 0;
  if (need > p.views[s.view].size()) return std::nullopt;
  return s;
}

float component(const Parts& p, const Slot& s, size_t i, size_t c) {
  const uint8_t* at = p.views[s.view].data() + i * s.stride + c * component_bytes(s.component_type);
  switch (s.component_type) {
    case kFloat: {
      float f;
      std::memcpy(&f, at, 4);
      return f;
    }
    case kByte: {
      const float v = float(int8_t(*at));
      return s.normalized ? std::max(v / 127.0f, -1.0f) : v;
    }
    case kUnsignedByte: {
      const float v = float(*at);
      return s.normalized ? v / 255.0f : v;
    }
    case kShort: {
      int16_t x;
      std::memcpy(&x, at, 2);
      return s.normalized ? std::max(float(x) / 32767.0f, -1.0f) : float(x);
    }
    case kUnsignedShort: {
      uint16_t x;
      std::memcpy(&x, at, 2);
      return s.normalized ? float(x) / 65535.0f : float(x);
    }
    default: {
      uint32_t x;
      std::memcpy(&x, at, 4);
      return float(x);
    }
  }
}

std::vector<float> read_floats(const Parts& p, const Slot& s) {
  std::vector<float> out(s.count * s.width);
  if (s.component_type == kFloat && s.stride == 4 * s.width) {
    if (!out.empty()) std::memcpy(out.data(), p.views[s.view].data(), out.size() * 4);
    return out;
  }
  for (size_t i = 0; i < s.count; ++i)
    for (size_t c = 0; c < s.width; ++c) out[i * s.width + c] = component(p, s, i, c);
  return out;
}

void replace(Parts& p, Slot& s, std::vector<uint8_t> bytes, size_t stride, int component_type,
             bool normalized) {
  Json& a = p.json["accessors"][s.accessor];
  Json& v = p.json["bufferViews"][s.view];
  const size_t element = component_bytes(component_type) * s.width;
  a["componentType"] = component_type;
  if (normalized)
    a["normalized"] = true;
  else
    a.erase("normalized");
  v["byteLength"] = bytes.size();
  if (stride != element)
    v["byteStride"] = stride;
  else
    v.erase("byteStride");
  p.views[s.view] = std::move(bytes);
  s.component_type = component_type;
  s.normalized = normalized;
  s.stride = stride;
}

void replace_with_floats(Parts& p, Slot& s, const std::vector<float>& values, bool bounds) {
  std::vector<uint8_t> bytes(values.size() * 4);
  if (!bytes.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
  replace(p, s, std::move(bytes), 4 * s.width, kFloat, false);
  Json& a = p.json["accessors"][s.accessor];
  if (!bounds || s.count == 0) {
    a.erase("min");
    a.erase("max");
    return;
  }
  std::vector<float> lo(values.begin(), values.begin() + s.width), hi = lo;
  for (size_t i = 1; i < s.count; ++i)
    for (size_t c = 0; c < s.width; ++c) {
      lo[c] = std::min(lo[c], values[i * s.width + c]);
      hi[c] = std::max(hi[c], values[i * s.width + c]);
    }
  // float -> double is exact: the bounds match the data bit for bit.
  a["min"] = std::vector<double>(lo.begin(), lo.end());
  a["max"] = std::vector<double>(hi.begin(), hi.end());
}

void set_int_bounds(Json& accessor, const std::vector<int32_t>& values, size_t width) {
  if (values.size() < width || width == 0) return;
  std::vector<int32_t> lo(values.begin(), values.begin() + width), hi = lo;
  for (size_t e = width; e + width <= values.size(); e += width)
    for (size_t c = 0; c < width; ++c) {
      lo[c] = std::min(lo[c], values[e + c]);
      hi[c] = std::max(hi[c], values[e + c]);
    }
  accessor["min"] = lo;
  accessor["max"] = hi;
}

std::optional<int> attribute_of(const Json& primitive, const std::string& semantic) {
  if (!primitive.is_object() || !primitive.contains("attributes")) return std::nullopt;
  const Json& attrs = primitive["attributes"];
  if (!attrs.is_object() || !attrs.contains(semantic) || !attrs[semantic].is_number_integer())
    return std::nullopt;
  return attrs[semantic].get<int>();
}

}  // namespace f2g::gltf::compact
