// The vertex streams of the rebuilt mesh (spec: CompiledMesh data, 0x30: stream 0 then one
// whole vertex array per morph target): a kept vertex's stored bytes, or a fresh vertex
// encoded from the incoming values in the donor's layout.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "formats/sws/rebuild.h"

namespace f2g::sws {

namespace {

uint8_t unit_byte(double x) {  // docs/READING.md: ubyte4_vector b decodes to b / 127 - 1
  const double b = std::round((x + 1) * 127);
  return uint8_t(b > 0 ? (b < 255 ? b : 255) : 0);
}

uint8_t unorm8(double x) {
  const double b = std::round(x * 255);
  return uint8_t(b > 0 ? (b < 255 ? b : 255) : 0);
}

std::string w_name(const std::string& semantic) {
  return (semantic[0] == '_' ? semantic : "_" + semantic) + "_W";
}

// xyz of `a` at v, normalised for the directions (the stored bytes hold unit vectors).
std::array<double, 3> direction(const ir::Attribute& a, uint32_t v, bool normalise) {
  std::array<double, 3> d{a.get(v, 0), a.get(v, 1), a.get(v, 2)};
  const double l = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  if (normalise && l > 0 && std::isfinite(l))
    for (double& x : d) x /= l;
  return d;
}

// Encodes element `e` of incoming vertex v into `out`; false when the incoming mesh has no
// value for it (the caller then copies the fallback donor vertex's bytes). A ubyte4_vector's
// w byte has no glTF slot: the custom _<NAME>_W attribute when the glTF kept it, else the
// fallback's byte (`fallback`: the fallback vertex's element bytes, or null: 0).
bool encode_element(const LayoutElement& e, const ir::Mesh& in, uint32_t v, uint8_t* out,
                    const uint8_t* fallback) {
  const std::string& s = e.def.semantic;
  const ir::Attribute* a = in.find(s);
  switch (e.def.encoding) {
    case Encoding::Float32x2:
    case Encoding::Float32x3:
    case Encoding::Float32x4: {
      const size_t width = e.def.bytes / 4;
      if (!a || a->width < width) return false;
      for (size_t c = 0; c < width; ++c) {
        const float f = float(a->get(v, c));
        std::memcpy(out + 4 * c, &f, 4);
      }
      return true;
    }
    case Encoding::UByte4Vector: {
      std::array<double, 3> d{};
      if (a && a->width >= 3) {
        d = direction(*a, v, s == "NORMAL" || s == "TANGENT" || s == "_BINORMAL");
      } else if (s == "_BINORMAL") {
        // docs/IR.md: TANGENT w is the sign of dot(cross(N, T), B), so B = w cross(N, T).
        const ir::Attribute* nor = in.find("NORMAL");
        const ir::Attribute* tan = in.find("TANGENT");
        if (!nor || !tan || nor->width < 3 || tan->width < 4) return false;
        const std::array<double, 3> nv = direction(*nor, v, true), t = direction(*tan, v, true);
        const double w = tan->get(v, 3) < 0 ? -1 : 1;
        d = {w * (nv[1] * t[2] - nv[2] * t[1]), w * (nv[2] * t[0] - nv[0] * t[2]),
             w * (nv[0] * t[1] - nv[1] * t[0])};
      } else {
        return false;
      }
      for (size_t c = 0; c < 3; ++c) out[c] = unit_byte(d[c]);
      if (const ir::Attribute* wa = in.find(w_name(s)); wa && wa->width == 1) {
        const double w = std::round(wa->get(v, 0));
        out[3] = uint8_t(w > 0 ? (w < 255 ? w : 255) : 0);
      } else {
        out[3] = fallback ? fallback[3] : 0;
      }
      return true;
    }
    case Encoding::D3DColor: {
      if (!a || a->width < 3) return false;
      out[0] = unorm8(a->get(v, 2));  // stored B, G, R, A
      out[1] = unorm8(a->get(v, 1));
      out[2] = unorm8(a->get(v, 0));
      out[3] = a->width >= 4 ? unorm8(a->get(v, 3)) : 255;
      return true;
    }
    case Encoding::UNorm8x4:
      if (!a || a->width < 4) return false;
      for (size_t c = 0; c < 4; ++c) out[c] = unorm8(a->get(v, c));
      return true;
    case Encoding::UByte4:
      if (!a || a->width < 4) return false;
      for (size_t c = 0; c < 4; ++c) {
        const double b = std::round(a->get(v, c));
        out[c] = uint8_t(b > 0 ? (b < 255 ? b : 255) : 0);
      }
      return true;
  }
  return false;
}

bool is_skin_element(const Donor& donor, const LayoutElement& e) {
  return donor.skinned && (e.def.semantic == "JOINTS_0" || e.def.semantic == "WEIGHTS_0");
}

}  // namespace

VertexSkin vertex_skin(const ir::Mesh& in, const Donor& donor, const std::vector<uint32_t>& kept,
                       const std::vector<uint32_t>& fallback) {
  VertexSkin out;
  if (!donor.skinned) return out;
  const ir::Attribute* dj = donor.ir.find("JOINTS_0");
  const LayoutElement* we = donor.layout.find("WEIGHTS_0");
  const auto donor_influences = [&](uint32_t d) {
    Lanes4 x;
    std::memcpy(x.weights.data(), donor.vertex(d) + we->offset, 4);
    for (size_t k = 0; k < 4; ++k) x.joints[k] = uint16_t(dj->get(d, k));
    return x;
  };
  const bool incoming = in.find("JOINTS_0") && in.find("WEIGHTS_0");
  out.influences.resize(in.vertex_count);
  for (uint32_t v = 0; v < in.vertex_count; ++v) {
    if (kept[v] != kNewVertex) {
      out.influences[v] = donor_influences(kept[v]);
    } else if (incoming) {
      Influences8 capped;
      out.dropped += cap_influences(influences_of(in, v), 4, capped);
      std::copy_n(capped.joints.begin(), 4, out.influences[v].joints.begin());
      std::copy_n(capped.weights.begin(), 4, out.influences[v].weights.begin());
    } else if (fallback[v] != kNewVertex) {
      out.influences[v] = donor_influences(fallback[v]);
    } else {
      out.influences[v] = {{0, 0, 0, 0}, {255, 0, 0, 0}};  // bone 0, all the weight
    }
  }
  return out;
}

Streams vertex_streams(const Plan& plan, const Donor& donor, const ir::Mesh& in,
                       const VertexSkin& skin, const std::vector<std::array<uint8_t, 4>>& slots,
                       uint32_t morph_streams, const HalfStep& half_step) {
  Streams out;
  const uint32_t stride = donor.mesh.compiled.stride;
  const size_t count = plan.vertices.size();
  const uint64_t stream_bytes = uint64_t(count) * stride;
  out.bytes.assign(stream_bytes * (morph_streams + 1), 0);
  const StepAt position_step = half_step("POSITION"), normal_step = half_step("NORMAL");
  const LayoutElement* je = donor.layout.find("JOINTS_0");
  const LayoutElement* we = donor.layout.find("WEIGHTS_0");
  for (size_t u = 0; u < count; ++u) {
    const OutVertex& o = plan.vertices[u];
    uint8_t* p = out.bytes.data() + u * stride;
    if (o.kept != kNewVertex) {
      std::memcpy(p, donor.vertex(o.kept), stride);  // the stored bytes, every field
    } else {
      for (const LayoutElement& e : donor.layout.elements) {
        if (is_skin_element(donor, e)) continue;
        const uint8_t* from =
            o.fallback != kNewVertex ? donor.vertex(o.fallback) + e.offset : nullptr;
        if (encode_element(e, in, o.in, p + e.offset, from)) continue;
        if (from) {
          std::memcpy(p + e.offset, from, e.def.bytes);
          ++out.fields_from_donor;
        } else {
          ++out.fields_zero;  // no donor vertex at all: the zero bytes stay
        }
      }
      if (we) std::memcpy(p + we->offset, skin.influences[o.in].weights.data(), 4);
    }
    if (je && donor.skinned) std::memcpy(p + je->offset, slots[u].data(), 4);
  }

  // Morph streams: a kept vertex whose target values are the donor's keeps its stored bytes;
  // any other is its new base vertex with the target's position, normal and other values.
  const LayoutElement* pe = donor.layout.find("POSITION");
  const LayoutElement* ne = donor.layout.find("NORMAL");
  for (uint32_t k = 1; k <= morph_streams; ++k) {
    const ir::MorphTarget& t = in.morph_targets[k - 1];
    const ir::MorphTarget& dt = donor.ir.morph_targets[k - 1];
    uint8_t* stream = out.bytes.data() + stream_bytes * k;
    for (size_t u = 0; u < count; ++u) {
      const OutVertex& o = plan.vertices[u];
      uint8_t* p = stream + u * stride;
      bool same = o.kept != kNewVertex;
      // glTF holds a target as base + delta: where no float32 delta reaches the stored value
      // (a delta far larger than the target), convert wrote the nearest reachable one, a few
      // ulp of the base and the target away (docs/ARCHITECTURE.md "Output conventions").
      const ir::Attribute* base = donor.ir.find("POSITION");
      for (size_t c = 0; same && c < 3; ++c) {
        const double want = double(dt.positions[size_t(o.kept) * 3 + c]);
        const double reach = 4 * double(std::numeric_limits<float>::epsilon()) *
                             (std::fabs(want) + (base ? std::fabs(base->get(o.kept, c)) : 0.0));
        same = std::fabs(double(t.positions[size_t(o.in) * 3 + c]) - want) <=
               std::max(position_step(o.kept, c), reach);
      }
      // Target normals within one step, as the base normals match: glTF holds them at unit
      // length, the stored bytes need not be.
      for (size_t c = 0; same && c < 3 && !t.normals.empty() && !dt.normals.empty(); ++c)
        same = std::fabs(double(t.normals[size_t(o.in) * 3 + c]) -
                         double(dt.normals[size_t(o.kept) * 3 + c])) <=
               std::max(1.0 / 127, normal_step(o.kept, c)) + 1e-6;
      if (same) {
        std::memcpy(p, donor.vertex(o.kept, k), stride);
        continue;
      }
      std::memcpy(p, out.bytes.data() + u * stride, stride);
      if (pe)
        for (size_t c = 0; c < 3; ++c) {
          const float f = t.positions[size_t(o.in) * 3 + c];
          std::memcpy(p + pe->offset + 4 * c, &f, 4);
        }
      if (ne && ne->def.encoding == Encoding::UByte4Vector && !t.normals.empty()) {
        ir::Attribute a = ir::f32_attribute("NORMAL", 3, {});
        const float* src = &t.normals[size_t(o.in) * 3];
        a.f32.assign(src, src + 3);
        const std::array<double, 3> d = direction(a, 0, true);
        for (size_t c = 0; c < 3; ++c) p[ne->offset + c] = unit_byte(d[c]);
      }
      for (const ir::Attribute& other : t.others) {
        const LayoutElement* e = donor.layout.find(other.semantic);
        if (!e || is_skin_element(donor, *e)) continue;
        ir::Mesh one;
        one.vertex_count = 1;
        ir::Attribute a = other;
        a.f32.clear();
        a.u8.clear();
        a.u16.clear();
        const size_t w = other.width, at = size_t(o.in) * w;
        if (other.type == ir::Scalar::F32) a.f32.assign(&other.f32[at], &other.f32[at] + w);
        if (other.type == ir::Scalar::U8) a.u8.assign(&other.u8[at], &other.u8[at] + w);
        if (other.type == ir::Scalar::U16) a.u16.assign(&other.u16[at], &other.u16[at] + w);
        one.attributes.push_back(std::move(a));
        encode_element(*e, one, 0, p + e->offset, p + e->offset);
      }
    }
  }
  return out;
}

}  // namespace f2g::sws
