// The element encodings the RR and GRB/GRW vertex formats share, decoder and encoder side by
// side (docs/READING.md "Vertex formats (assumed)", "GRB/GRW element decoding"). Each game's
// vertex_codec.cpp says which element uses which, and with which scale.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "ir/mesh.h"

namespace f2g::vertex_elements {

inline int16_t s16_at(const uint8_t* p) {
  int16_t v;
  std::memcpy(&v, p, 2);
  return v;
}
inline void put_s16(uint8_t* p, int16_t v) { std::memcpy(p, &v, 2); }

// NORMAL and TANGENT ubyte4 xyz = (b - 127) / 127 in both readings.
inline float unpack_byte(uint8_t b) { return (float(b) - 127.0f) / 127.0f; }
inline uint8_t pack_byte(float v) {
  return static_cast<uint8_t>(std::clamp(std::lround(v * 127.0f + 127.0f), 0L, 255L));
}

// A NORMAL / TANGENT direction's xyz into its first three bytes.
inline void put_direction_bytes(uint8_t* p, const double* xyz) {
  for (int i = 0; i < 3; ++i) p[i] = pack_byte(float(xyz[i]));
}

// The tangent's handedness in its fourth byte: +1 from 128 up.
inline float unpack_sign_byte(uint8_t b) { return b >= 128 ? 1.0f : -1.0f; }
inline uint8_t pack_sign_byte(double w) { return w < 0 ? 0 : 255; }

// A ubyte4 tangent with its handedness in the fourth byte (xyzw: four values).
inline void put_tangent_bytes(uint8_t* p, const double* xyzw) {
  put_direction_bytes(p, xyzw);
  p[3] = pack_sign_byte(xyzw[3]);
}

// An s16 that the reading scales as a plain integer (RR: float(s) x QuantizationFactor,
// s / 2048): every value -32768..32767 decodes, so the nearest one is stored.
inline int16_t pack_s16(double v) {
  return static_cast<int16_t>(std::clamp(std::lround(v), -32768L, 32767L));
}
// An s16 that the reading normalises by 32767 (GRB/GRW: x Q / 32767, / 32767 x UVQ): the
// decoded range is [-32767, 32767] x scale, so -32768, outside it, is never written.
inline int16_t pack_snorm16(double v) {
  return static_cast<int16_t>(std::clamp(std::lround(v), -32767L, 32767L));
}

// A normalized u8 (COLOR, WEIGHTS) of a value 0..1: b / 255.
inline uint8_t pack_unorm8(double v) {
  return static_cast<uint8_t>(std::clamp(std::lround(v * 255.0), 0L, 255L));
}

// A u8 of a colour, weight or joint given as an integer value 0..255.
inline uint8_t pack_u8(double v) {
  return static_cast<uint8_t>(std::clamp(std::lround(v), 0L, 255L));
}

// How an element decodes into the IR: scalar type, values per vertex, normalized.
struct Shape {
  ir::Scalar type;
  uint8_t width;
  bool normalized;
};

constexpr Shape kF32x2{ir::Scalar::F32, 2, false};
constexpr Shape kF32x3{ir::Scalar::F32, 3, false};
constexpr Shape kF32x4{ir::Scalar::F32, 4, false};
constexpr Shape kUnorm8x4{ir::Scalar::U8, 4, true};
constexpr Shape kU8x4{ir::Scalar::U8, 4, false};

// An attribute of `vertex_count` zero values shaped as `shape`, ready to be filled.
ir::Attribute sized_attribute(const std::string& semantic, const Shape& shape,
                              uint64_t vertex_count);

// The attribute of `semantic` in `attributes`, or nullptr (the last one when repeated).
const ir::Attribute* find_attribute(const std::vector<ir::Attribute>& attributes,
                                    const std::string& semantic);

// Format `f` (either game's) with its `semantic` element alone, none when it has none: its
// decode_vertices reads that element only (each element decodes on its own).
template <class Format>
Format narrowed_to(const Format& f, const std::string& semantic) {
  Format out = f;
  out.elements.clear();
  if (const auto* e = f.find(semantic)) out.elements.push_back(*e);
  return out;
}

}  // namespace f2g::vertex_elements
