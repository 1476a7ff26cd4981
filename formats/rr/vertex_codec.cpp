#include "formats/rr/vertex_codec.h"

#include <cstring>
#include <stdexcept>

#include "formats/common/vertex_elements.h"

namespace f2g::rr {

namespace {

using namespace vertex_elements;

// Where the handedness w of PositionWSign lives: the s16 after x, y, z of the POSITION.
const uint8_t* position_w(const VertexFormat& f, const StreamBytes& streams, uint64_t v) {
  const VertexElement* p = f.find("POSITION");
  return streams[p->stream]->data() + v * f.strides[p->stream] + p->offset + 6;
}

}  // namespace

std::vector<ir::Attribute> decode_vertices(const VertexFormat& f, const StreamBytes& streams,
                                           uint64_t vertex_count, float qf) {
  std::vector<ir::Attribute> out;
  const size_t n = static_cast<size_t>(vertex_count);
  for (const VertexElement& e : f.elements) {
    const Shape sh = shape_of(e.type);
    ir::Attribute a = sized_attribute(e.semantic, sh, n);
    const uint32_t stride = f.strides[e.stream];
    // The offset is added per vertex: an empty stream (no vertices) has a null data().
    const uint8_t* data = streams[e.stream]->data();
    for (size_t v = 0; v < n; ++v) {
      const uint8_t* p = data + (v * stride + e.offset);
      float* o = sh.type == ir::Scalar::F32 ? a.f32.data() + v * sh.width : nullptr;
      switch (e.type) {
        case ElementType::S16x4Quantized:  // one float32 multiply, as the game does
          for (int c = 0; c < 3; ++c) o[c] = float(s16_at(p + 2 * c)) * qf;
          break;
        case ElementType::F32x3:
          std::memcpy(o, p, 12);
          break;
        case ElementType::UByte4Normal:
          for (int c = 0; c < 3; ++c) o[c] = unpack_byte(p[c]);
          break;
        case ElementType::UByte4Tangent:
          for (int c = 0; c < 3; ++c) o[c] = unpack_byte(p[c]);
          // docs/READING.md: w = sign of the s16 position w (static) or +1 when byte 3 >= 128.
          if (e.w == TangentW::PositionWSign)
            o[3] = s16_at(position_w(f, streams, v)) < 0 ? -1.0f : 1.0f;
          else
            o[3] = unpack_sign_byte(p[3]);
          break;
        case ElementType::S16x2Uv:
          for (int c = 0; c < 2; ++c) o[c] = float(s16_at(p + 2 * c)) / 2048.0f;
          break;
        case ElementType::Unorm8x4:
        case ElementType::U8x4:
          std::memcpy(a.u8.data() + v * 4, p, 4);
          break;
      }
    }
    out.push_back(std::move(a));
  }
  return out;
}

std::array<std::vector<uint8_t>, 3> encode_vertices(const VertexFormat& f,
                                                    const std::vector<ir::Attribute>& attributes,
                                                    uint64_t vertex_count, float qf) {
  std::array<std::vector<uint8_t>, 3> out;
  const size_t n = static_cast<size_t>(vertex_count);
  for (int s = 0; s < 3; ++s) out[s].assign(n * f.strides[s], 0);
  // Tangents last: their PositionWSign rule overwrites the sign of the position's w.
  std::vector<const VertexElement*> order;
  for (const VertexElement& e : f.elements)
    if (e.type != ElementType::UByte4Tangent) order.push_back(&e);
  for (const VertexElement& e : f.elements)
    if (e.type == ElementType::UByte4Tangent) order.push_back(&e);

  for (const VertexElement* e : order) {
    const Shape sh = shape_of(e->type);
    const ir::Attribute* a = find_attribute(attributes, e->semantic);
    if (!a || a->type != sh.type || a->width != sh.width || a->vertex_count() < n)
      throw std::invalid_argument("encode_vertices: attribute " + e->semantic +
                                  " is missing or not shaped as " + to_string(e->type) + " gives");
    const uint32_t stride = f.strides[e->stream];
    for (size_t v = 0; v < n; ++v) {
      uint8_t* p = out[e->stream].data() + (v * stride + e->offset);
      const float* x = sh.type == ir::Scalar::F32 ? a->f32.data() + v * sh.width : nullptr;
      switch (e->type) {
        case ElementType::S16x4Quantized: {
          const int16_t q[4] = {pack_s16(x[0] / qf), pack_s16(x[1] / qf), pack_s16(x[2] / qf), 1};
          std::memcpy(p, q, 8);
          break;
        }
        case ElementType::F32x3:
          std::memcpy(p, x, 12);
          break;
        case ElementType::UByte4Normal:
          for (int c = 0; c < 3; ++c) p[c] = pack_byte(x[c]);
          break;
        case ElementType::UByte4Tangent:
          for (int c = 0; c < 3; ++c) p[c] = pack_byte(x[c]);
          if (e->w == TangentW::PositionWSign) {
            const VertexElement* pos = f.find("POSITION");
            uint8_t* w = out[pos->stream].data() + v * f.strides[pos->stream] + pos->offset + 6;
            put_s16(w, x[3] < 0 ? -1 : 1);
          } else {
            p[3] = pack_sign_byte(x[3]);
          }
          break;
        case ElementType::S16x2Uv:
          for (int c = 0; c < 2; ++c) put_s16(p + 2 * c, pack_s16(double(x[c]) * 2048.0));
          break;
        case ElementType::Unorm8x4:
        case ElementType::U8x4:
          std::memcpy(p, a->u8.data() + v * 4, 4);
          break;
      }
    }
  }
  return out;
}

}  // namespace f2g::rr
