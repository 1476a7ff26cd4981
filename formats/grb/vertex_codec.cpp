#include "formats/grb/vertex_codec.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "formats/common/vertex_elements.h"

namespace f2g::grb {

namespace {

using namespace vertex_elements;

}  // namespace

int16_t position_w(const VertexFormat& f, const uint8_t* vb, uint64_t v) {
  return s16_at(vb + v * f.stride + f.find("POSITION")->offset + 6);
}

std::vector<ir::Attribute> decode_vertices(const VertexFormat& f, const uint8_t* vb,
                                           uint64_t vertex_count, float q, float uvq) {
  std::vector<ir::Attribute> out;
  for (const VertexElement& e : f.elements) {
    const Shape sh = shape_of(e.type);
    ir::Attribute a = sized_attribute(e.semantic, sh, vertex_count);
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
          a.f32[o + 3] = unpack_sign_byte(p[3]);
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
    const ir::Attribute* a = find_attribute(attributes, e.semantic);
    if (!a) throw std::invalid_argument("no attribute " + e.semantic);
    double values[4] = {};
    for (uint64_t v = 0; v < vertex_count; ++v) {
      const size_t o = static_cast<size_t>(v) * a->width;
      for (size_t i = 0; i < std::min<size_t>(a->width, 4); ++i)
        values[i] = a->type == ir::Scalar::F32 ? double(a->f32[o + i]) : double(a->u8[o + i]);
      encode_element(e, values, w.at(static_cast<size_t>(v)), q, uvq, vb.data() + v * f.stride);
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
      for (int i = 0; i < 3; ++i) put_s16(p + 2 * i, pack_snorm16(values[i] * sign * 32767.0 / q));
      put_s16(p + 6, w);
      break;
    }
    case ElementType::UByte4Normal:
      put_direction_bytes(p, values);
      break;
    case ElementType::UByte4Tangent:
      put_tangent_bytes(p, values);
      break;
    case ElementType::S16x2Uv:
      for (int i = 0; i < 2; ++i) put_s16(p + 2 * i, pack_snorm16(values[i] / uvq * 32767.0));
      break;
    case ElementType::Unorm8x4:
    case ElementType::U8x4:
      for (int i = 0; i < 4; ++i) p[i] = pack_u8(values[i]);
      break;
  }
}

}  // namespace f2g::grb
