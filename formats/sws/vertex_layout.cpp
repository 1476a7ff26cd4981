#include "formats/sws/vertex_layout.h"

#include <cstring>
#include <tuple>

#include "formats/sws/sws_checks.h"

namespace f2g::sws {

const LayoutElement* VertexLayout::find(const std::string& semantic) const {
  for (const LayoutElement& e : elements)
    if (e.def.semantic == semantic) return &e;
  return nullptr;
}

VertexLayout resolve_layout(const VertexFormats& table, uint32_t flags, uint32_t stride,
                            Checker& checker, uint64_t flags_at) {
  VertexLayout layout;
  layout.flags = flags;
  layout.stride = stride;
  layout.table = table.origin;
  uint32_t unknown = 0;
  uint64_t offset = 0;
  for (uint32_t bit = 1; bit != 0; bit <<= 1) {
    if (!(flags & bit)) continue;
    const VertexElement* e = table.find_bit(bit);
    if (!e) {
      unknown |= bit;
      continue;
    }
    layout.elements.push_back({*e, static_cast<uint32_t>(offset)});
    offset += e->bytes;
  }
  const std::string where = "flags " + hex(flags) + ", stride " + std::to_string(stride);
  checker.check(check::vertex_format_known_bits, unknown == 0, "mesh/compiled.flags", flags_at,
                [&] {
                  return where + ": bits " + hex(unknown) + " name no element of the " +
                         table.origin + " vertex-format table";
                });
  checker.check(
      check::vertex_format_sums_to_stride, offset == stride, "mesh/compiled.flags", flags_at, [&] {
        std::string list;
        for (const LayoutElement& l : layout.elements)
          list += (list.empty() ? "" : " + ") + l.def.element + " " + std::to_string(l.def.bytes);
        return where + ": the elements (" + (list.empty() ? "none" : list) + ") take " +
               std::to_string(offset) + " bytes";
      });
  return layout;
}

DecodedElement decode_element(const LayoutElement& e, const uint8_t* stream, uint32_t stride,
                              uint32_t count) {
  DecodedElement out;
  ir::Attribute& a = out.attribute;
  a.semantic = e.def.semantic;
  const uint8_t* p = stream + e.offset;
  switch (e.def.encoding) {
    case Encoding::Float32x2:
    case Encoding::Float32x3:
    case Encoding::Float32x4: {
      a.type = ir::Scalar::F32;
      a.width = static_cast<uint8_t>(e.def.bytes / 4);
      a.f32.resize(size_t(count) * a.width);
      for (uint32_t v = 0; v < count; ++v)
        std::memcpy(&a.f32[size_t(v) * a.width], p + size_t(v) * stride, e.def.bytes);
      break;
    }
    case Encoding::UByte4Vector: {
      // READING.md: xyz = b / 127 - 1, the w byte kept.
      a.type = ir::Scalar::F32;
      a.width = 3;
      a.f32.resize(size_t(count) * 3);
      out.w.resize(count);
      for (uint32_t v = 0; v < count; ++v) {
        const uint8_t* b = p + size_t(v) * stride;
        for (int c = 0; c < 3; ++c) a.f32[size_t(v) * 3 + c] = float(b[c]) / 127.0f - 1.0f;
        out.w[v] = b[3];
      }
      break;
    }
    case Encoding::D3DColor:
    case Encoding::UByte4:
    case Encoding::UNorm8x4: {
      a.type = ir::Scalar::U8;
      a.width = 4;
      a.normalized = e.def.encoding != Encoding::UByte4;
      a.u8.resize(size_t(count) * 4);
      for (uint32_t v = 0; v < count; ++v) {
        const uint8_t* b = p + size_t(v) * stride;
        uint8_t* o = &a.u8[size_t(v) * 4];
        if (e.def.encoding == Encoding::D3DColor) {  // stored B, G, R, A
          o[0] = b[2];
          o[1] = b[1];
          o[2] = b[0];
          o[3] = b[3];
        } else {
          std::memcpy(o, b, 4);
        }
      }
      break;
    }
  }
  return out;
}

bool PositionKey::operator<(const PositionKey& o) const {
  return std::tie(bits[0], bits[1], bits[2]) < std::tie(o.bits[0], o.bits[1], o.bits[2]);
}
bool PositionKey::operator==(const PositionKey& o) const {
  return bits[0] == o.bits[0] && bits[1] == o.bits[1] && bits[2] == o.bits[2];
}
PositionKey position_key(const uint8_t* p) {
  PositionKey k;
  std::memcpy(k.bits, p, 12);
  return k;
}

}  // namespace f2g::sws
