#include "formats/grb/vertex_codec.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace f2g::grb {

namespace {

struct Shape {
  ir::Scalar type;
  uint8_t width;
  bool normalized;
};

Shape shape_of(ElementType t) {
  switch (t) {
    case ElementType::S16x4Position:
    case ElementType::UByte4Normal:
      return {ir::Scalar::F32, 3, false};
    case ElementType::UByte4Tangent:
      return {ir::Scalar::F32, 4, false};
    case ElementType::S16x2Uv:
      return {ir::Scalar::F32, 2, false};
    case ElementType::Unorm8x4:
      return {ir::Scalar::U8, 4, true};
    case ElementType::U8x4:
      return {ir::Scalar::U8, 4, false};
  }
  return {ir::Scalar::F32, 3, false};
}

int16_t s16_at(const uint8_t* p) {
  int16_t v;
  std::memcpy(&v, p, 2);
  return v;
}

float unpack_byte(uint8_t b) { return (float(b) - 127.0f) / 127.0f; }
uint8_t pack_byte(float v) {
  return static_cast<uint8_t>(std::clamp(std::lround(v * 127.0f + 127.0f), 0L, 255L));
}
int16_t pack_s16(double v) {
  return static_cast<int16_t>(std::clamp(std::lround(v), -32767L, 32767L));
}

}  // namespace

int16_t position_w(const VertexFormat& f, const uint8_t* vb, uint64_t v) {
  return s16_at(vb + v * f.stride + f.find("POSITION")->offset + 6);
}

std::vector<ir::Attribute> decode_vertices(const VertexFormat& f, const uint8_t* vb,
                                           uint64_t vertex_count, float q, float uvq) {
  std::vector<ir::Attribute> out;
  for (const VertexElement& e : f.elements) {
    const Shape sh = shape_of(e.type);
    ir::Attribute a;
    a.semantic = e.semantic;
    a.type = sh.type;
    a.width = sh.width;
    a.normalized = sh.normalized;
    const size_t n = static_cast<size_t>(vertex_count) * sh.width;
    if (sh.type == ir::Scalar::F32)
      a.f32.resize(n);
    else
      a.u8.resize(n);
    for (uint64_t v = 0; v < vertex_count; ++v) {
      const uint8_t* p = vb + v * f.stride + e.offset;
      const size_t o = static_cast<size_t>(v) * sh.width;
      switch (e.type) {
        case ElementType::S16x4Position: {
          const float sign = s16_at(p + 6) < 0 ? -1.0f : 1.0f;  // w = 0 counts as +
          for (int i = 0; i < 3; ++i) a.f32[o + i] = float(s16_at(p + 2 * i)) * sign * q / 32767.0f;
          break;
        }
        case ElementType::UByte4Normal:
          for (int i = 0; i < 3; ++i) a.f32[o + i] = unpack_byte(p[i]);
          break;
        case ElementType::UByte4Tangent:
          for (int i = 0; i < 3; ++i) a.f32[o + i] = unpack_byte(p[i]);
          a.f32[o + 3] = p[3] < 128 ? -1.0f : 1.0f;
          break;
        case ElementType::S16x2Uv:
          for (int i = 0; i < 2; ++i) a.f32[o + i] = float(s16_at(p + 2 * i)) / 32767.0f * uvq;
          break;
        case ElementType::Unorm8x4:
        case ElementType::U8x4:
          std::memcpy(&a.u8[o], p, 4);
          break;
      }
    }
    out.push_back(std::move(a));
  }
  return out;
}

std::vector<uint8_t> encode_vertices(const VertexFormat& f,
                                     const std::vector<ir::Attribute>& attributes,
                                     const std::vector<int16_t>& w, uint64_t vertex_count, float q,
                                     float uvq, uint8_t filler) {
  std::vector<uint8_t> vb(static_cast<size_t>(vertex_count) * f.stride, filler);
  for (const VertexElement& e : f.elements) {
    const ir::Attribute* a = nullptr;
    for (const ir::Attribute& x : attributes)
      if (x.semantic == e.semantic) a = &x;
    if (!a) throw std::invalid_argument("no attribute " + e.semantic);
    for (uint64_t v = 0; v < vertex_count; ++v) {
      uint8_t* p = vb.data() + v * f.stride + e.offset;
      const size_t o = static_cast<size_t>(v) * a->width;
      switch (e.type) {
        case ElementType::S16x4Position: {
          const int16_t wv = w.at(static_cast<size_t>(v));
          const double sign = wv < 0 ? -1.0 : 1.0;
          for (int i = 0; i < 3; ++i) {
            const int16_t s = pack_s16(double(a->f32[o + i]) * sign * 32767.0 / q);
            std::memcpy(p + 2 * i, &s, 2);
          }
          std::memcpy(p + 6, &wv, 2);
          break;
        }
        case ElementType::UByte4Normal:  // the 4th byte stays the filler
          for (int i = 0; i < 3; ++i) p[i] = pack_byte(a->f32[o + i]);
          break;
        case ElementType::UByte4Tangent:
          for (int i = 0; i < 3; ++i) p[i] = pack_byte(a->f32[o + i]);
          p[3] = a->f32[o + 3] < 0 ? 0 : 255;
          break;
        case ElementType::S16x2Uv:
          for (int i = 0; i < 2; ++i) {
            const int16_t s = pack_s16(double(a->f32[o + i]) / uvq * 32767.0);
            std::memcpy(p + 2 * i, &s, 2);
          }
          break;
        case ElementType::Unorm8x4:
        case ElementType::U8x4:
          std::memcpy(p, &a->u8[o], 4);
          break;
      }
    }
  }
  return vb;
}

void encode_element(const VertexElement& e, const double* values, int16_t w, float q, float uvq,
                    uint8_t* record) {
  uint8_t* p = record + e.offset;
  switch (e.type) {
    case ElementType::S16x4Position: {
      const double sign = w < 0 ? -1.0 : 1.0;
      for (int i = 0; i < 3; ++i) {
        const int16_t s = pack_s16(values[i] * sign * 32767.0 / q);
        std::memcpy(p + 2 * i, &s, 2);
      }
      std::memcpy(p + 6, &w, 2);
      break;
    }
    case ElementType::UByte4Normal:
      for (int i = 0; i < 3; ++i) p[i] = pack_byte(float(values[i]));
      break;
    case ElementType::UByte4Tangent:
      for (int i = 0; i < 3; ++i) p[i] = pack_byte(float(values[i]));
      p[3] = values[3] < 0 ? 0 : 255;
      break;
    case ElementType::S16x2Uv:
      for (int i = 0; i < 2; ++i) {
        const int16_t s = pack_s16(values[i] / uvq * 32767.0);
        std::memcpy(p + 2 * i, &s, 2);
      }
      break;
    case ElementType::Unorm8x4:
    case ElementType::U8x4:
      for (int i = 0; i < 4; ++i)
        p[i] = static_cast<uint8_t>(std::clamp(std::lround(values[i]), 0L, 255L));
      break;
  }
}

}  // namespace f2g::grb
