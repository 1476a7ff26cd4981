#include "formats/sws/vertex_layout.h"

#include <array>
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

namespace {

// Element bytes of each vertex copied with a size known at compile time: plain loads and
// stores, where a run-time size is a libc memcpy call per vertex (bench/PROFILE.md).
template <size_t N>
void copy_elements(uint8_t* out, const uint8_t* p, uint32_t stride, uint32_t count) {
  for (uint32_t v = 0; v < count; ++v) std::memcpy(out + size_t(v) * N, p + size_t(v) * stride, N);
}

// docs/READING.md: a ubyte4_vector byte b decodes to b / 127 - 1; the 256 values, computed once
// by the same float operations, so a lookup gives the same bits as the division would.
const std::array<float, 256>& unit_byte_values() {
  static const std::array<float, 256> table = [] {
    std::array<float, 256> t{};
    for (int b = 0; b < 256; ++b) t[b] = float(b) / 127.0f - 1.0f;
    return t;
  }();
  return table;
}

}  // namespace

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
      auto* o = reinterpret_cast<uint8_t*>(a.f32.data());
      switch (a.width) {
        case 2:
          copy_elements<8>(o, p, stride, count);
          break;
        case 3:
          copy_elements<12>(o, p, stride, count);
          break;
        case 4:
          copy_elements<16>(o, p, stride, count);
          break;
        default:
          for (uint32_t v = 0; v < count; ++v)
            std::memcpy(&a.f32[size_t(v) * a.width], p + size_t(v) * stride, e.def.bytes);
      }
      break;
    }
    case Encoding::UByte4Vector: {
      // docs/READING.md: xyz = b / 127 - 1, the w byte kept.
      a.type = ir::Scalar::F32;
      a.width = 3;
      a.f32.resize(size_t(count) * 3);
      out.w.resize(count);
      const std::array<float, 256>& value = unit_byte_values();
      float* f = a.f32.data();
      uint8_t* w = out.w.data();
      for (uint32_t v = 0; v < count; ++v) {
        const uint8_t* b = p + size_t(v) * stride;
        f[size_t(v) * 3 + 0] = value[b[0]];
        f[size_t(v) * 3 + 1] = value[b[1]];
        f[size_t(v) * 3 + 2] = value[b[2]];
        w[v] = b[3];
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
      if (e.def.encoding == Encoding::D3DColor) {
        uint8_t* const u8 = a.u8.data();
        for (uint32_t v = 0; v < count; ++v) {
          const uint8_t* b = p + size_t(v) * stride;
          uint8_t* o = u8 + size_t(v) * 4;
          o[0] = b[2];  // stored B, G, R, A
          o[1] = b[1];
          o[2] = b[0];
          o[3] = b[3];
        }
      } else {
        copy_elements<4>(a.u8.data(), p, stride, count);
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
