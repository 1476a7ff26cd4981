// The new vertex buffer (docs/READING.md "GRB/GRW element decoding"): a matched vertex writes
// the donor vertex's stored bytes, a new one is encoded from the incoming values. Q and UVQ
// are kept while the new vertices fit them (|coordinate| <= Q, |uv| <= UVQ), so unedited
// vertices keep their bytes; otherwise both are recomputed as the largest magnitude (static
// meshes: rounded up to an integer, since their |w| stores Q) and the matched vertices'
// positions or UVs are encoded again at the new factor from the donor's decoded values.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "formats/grb/rebuild_parts.h"
#include "formats/grb/vertex_codec.h"

namespace f2g::grb::rebuild_parts {

namespace {

bool starts(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// How many JOINTS_n/WEIGHTS_n pairs the format stores, from set 0 up.
size_t skin_sets(const VertexFormat& f) {
  size_t n = 0;
  while (f.find("JOINTS_" + std::to_string(n)) && f.find("WEIGHTS_" + std::to_string(n))) ++n;
  return n;
}

struct Factors {
  float q = 1, uvq = 1;
  bool q_changed = false, uvq_changed = false;
};

Result<Factors> choose_factors(const Donor& donor, const ir::Mesh& in, const Order& order) {
  const Compiled& k = donor.file.compiled;
  const ir::Attribute* ipos = in.find("POSITION");
  const ir::Attribute* dpos = donor.ir.find("POSITION");
  const double q_old = std::fabs(double(k.q)), uvq_old = std::fabs(double(k.uvq));
  bool q_fits = q_old > 0 && std::isfinite(q_old), uv_fits = uvq_old > 0 && std::isfinite(uvq_old);
  double max_p = 0, max_uv = 0;
  std::vector<const VertexElement*> uvs;
  for (const VertexElement& e : donor.layout.format->elements)
    if (e.type == ElementType::S16x2Uv) uvs.push_back(&e);
  for (size_t n = 0; n < order.incoming.size(); ++n) {
    const uint32_t v = order.incoming[n], d = order.donor[n];
    for (size_t c = 0; c < 3; ++c) {
      const double p = std::fabs(d == kNewVertex ? ipos->get(v, c) : dpos->get(d, c));
      max_p = std::max(max_p, p);
      if (d == kNewVertex && p > q_old) q_fits = false;
    }
    for (const VertexElement* e : uvs) {
      const ir::Attribute* a = d == kNewVertex ? in.find(e->semantic) : donor.ir.find(e->semantic);
      if (!a) continue;
      for (size_t c = 0; c < 2; ++c) {
        const double u = std::fabs(a->get(d == kNewVertex ? v : d, c));
        max_uv = std::max(max_uv, u);
        if (d == kNewVertex && u > uvq_old) uv_fits = false;
      }
    }
  }
  Factors f{k.q, k.uvq, false, false};
  if (!q_fits) {
    f.q = donor.static_w ? std::ceil(float(max_p)) : float(max_p);
    if (!(f.q > 0)) f.q = 1;
    f.q_changed = true;
  }
  if (donor.static_w && f.q > 32767)
    return import_error("IMPORT_GRB_POSITION_RANGE",
                        "a coordinate reaches " + std::to_string(max_p) +
                            ": a static mesh stores |w| = Q in an s16, so Q is at most 32767",
                        "mesh/attributes/POSITION");
  if (!uv_fits) {
    f.uvq = float(max_uv);
    if (!(f.uvq > 0)) f.uvq = 1;
    f.uvq_changed = true;
  }
  return f;
}

class FreshVertex {
 public:
  FreshVertex(const Donor& donor, const ir::Mesh& in, const Factors& f, Vertices& out)
      : donor_(donor), in_(in), f_(f), out_(out), sets_(skin_sets(*donor.layout.format)) {}

  // Every element from the incoming values; an element the incoming mesh lacks gets the
  // neutral value named below (counted per semantic). Bytes no element names keep the
  // template's (donor vertex 0's: the 4th bytes of normal and binormal, meaning unknown).
  std::optional<Error> encode(uint32_t v, uint8_t* record) {
    const VertexFormat& fmt = *donor_.layout.format;
    for (const VertexElement& e : fmt.elements) {
      const std::string& s = e.semantic;
      if (starts(s, "JOINTS_") || starts(s, "WEIGHTS_")) continue;  // skin() below
      double vals[4] = {0, 0, 0, 0};
      const ir::Attribute* a = in_.find(s);
      if (e.type == ElementType::S16x4Position && !a) a = in_.find("POSITION");
      int16_t w = 0;
      switch (e.type) {
        case ElementType::S16x4Position:
          for (size_t c = 0; c < 3; ++c) vals[c] = a->get(v, c);
          // A new static vertex: w = +Q; a skinned one +32767 (docs/READING.md "Position").
          w = donor_.static_w ? int16_t(std::lround(f_.q)) : int16_t(32767);
          break;
        case ElementType::UByte4Normal:
          if (a) {
            for (size_t c = 0; c < 3; ++c) vals[c] = a->get(v, c);
          } else {
            direction_default(s, v, vals);
          }
          break;
        case ElementType::UByte4Tangent:
          if (a) {
            for (size_t c = 0; c < 3; ++c) vals[c] = a->get(v, c);
            vals[3] = a->width >= 4 ? a->get(v, 3) : 1.0;
          } else {
            vals[0] = 1, vals[3] = 1;  // +X, right-handed
            ++out_.defaulted[s];
          }
          break;
        case ElementType::S16x2Uv:
          if (a)
            for (size_t c = 0; c < 2; ++c) vals[c] = a->get(v, c);
          else
            ++out_.defaulted[s];  // (0, 0)
          break;
        case ElementType::Unorm8x4:  // colours: white, opaque when absent
          for (size_t c = 0; c < 4; ++c)
            vals[c] = a && c < a->width ? std::round(a->get(v, c) * 255.0) : 255.0;
          if (!a) ++out_.defaulted[s];
          break;
        case ElementType::U8x4:  // integers other than joints: 0 when absent
          for (size_t c = 0; c < 4; ++c) vals[c] = a && c < a->width ? a->get(v, c) : 0.0;
          if (!a) ++out_.defaulted[s];
          break;
      }
      encode_element(e, vals, w, f_.q, f_.uvq, record);
    }
    return skin(v, record);
  }

 private:
  // NORMAL absent: +Z. _BINORMAL absent: cross(N, T) x T.w as the samples' generator makes
  // it, from the incoming normal and tangent (+Y without them).
  void direction_default(const std::string& s, uint32_t v, double* vals) {
    ++out_.defaulted[s];
    const ir::Attribute* n = in_.find("NORMAL");
    const ir::Attribute* t = in_.find("TANGENT");
    if (s == "_BINORMAL" && n && t) {
      const double nx = n->get(v, 0), ny = n->get(v, 1), nz = n->get(v, 2);
      const double tx = t->get(v, 0), ty = t->get(v, 1), tz = t->get(v, 2);
      const double hw = t->width >= 4 && t->get(v, 3) < 0 ? -1.0 : 1.0;
      vals[0] = (ny * tz - nz * ty) * hw;
      vals[1] = (nz * tx - nx * tz) * hw;
      vals[2] = (nx * ty - ny * tx) * hw;
    } else if (s == "_BINORMAL") {
      vals[1] = 1;
    } else {
      vals[2] = 1;
    }
  }

  // The influences capped to the format's lanes (4 per JOINTS_n set); no influences at all:
  // bone 0 with the whole weight. A donor without bones keeps the template's skin bytes.
  std::optional<Error> skin(uint32_t v, uint8_t* record) {
    const size_t bones = donor_.file.mesh.bones.size();
    if (sets_ == 0 || bones == 0) return std::nullopt;
    std::vector<Influence> inf = influences_of(in_, v);
    bool any = false;
    for (const Influence& i : inf) any = any || i.weight > 0;
    if (!any) {
      inf = {{0, 1.0f}};
      ++out_.defaulted["JOINTS_0"];
    }
    Influences8 capped;
    out_.influences_dropped += cap_influences(inf, 4 * sets_, capped);
    const size_t storable = std::min<size_t>(bones, 256);  // u8 joints index the bones
    for (size_t l = 0; l < capped.joints.size(); ++l)
      if (capped.weights[l] > 0 && capped.joints[l] >= storable)
        return import_error("IMPORT_JOINT_OUT_OF_RANGE",
                            "vertex " + std::to_string(v) + " is weighted to joint " +
                                std::to_string(capped.joints[l]) + "; the donor has " +
                                std::to_string(bones) + " bones (u8 joints: at most 256)",
                            "mesh/attributes/JOINTS_0");
    for (size_t s = 0; s < sets_; ++s) {
      double j[4], w[4];
      for (size_t l = 0; l < 4; ++l) {
        j[l] = capped.joints[4 * s + l];
        w[l] = capped.weights[4 * s + l];
      }
      const VertexFormat& fmt = *donor_.layout.format;
      encode_element(*fmt.find("JOINTS_" + std::to_string(s)), j, 0, f_.q, f_.uvq, record);
      encode_element(*fmt.find("WEIGHTS_" + std::to_string(s)), w, 0, f_.q, f_.uvq, record);
    }
    return std::nullopt;
  }

  const Donor& donor_;
  const ir::Mesh& in_;
  const Factors& f_;
  Vertices& out_;
  size_t sets_;
};

// A matched vertex at a recomputed factor: its position (static: |w| follows Q, the sign
// stays) or its UVs again from the donor's decoded values; every other byte as stored.
void refactor(const Donor& donor, const Factors& f, uint32_t d, uint8_t* record) {
  const VertexFormat& fmt = *donor.layout.format;
  for (const VertexElement& e : fmt.elements) {
    const bool pos = e.type == ElementType::S16x4Position, uv = e.type == ElementType::S16x2Uv;
    if (!(pos && f.q_changed) && !(uv && f.uvq_changed)) continue;
    const ir::Attribute* a = donor.ir.find(e.semantic);
    if (!a) continue;  // every element decodes to its attribute; kept as stored otherwise
    double vals[4] = {0, 0, 0, 0};
    for (size_t c = 0; c < (pos ? 3u : 2u); ++c) vals[c] = a->get(d, c);
    int16_t w = 0;
    if (pos) {
      std::memcpy(&w, record + e.offset + 6, 2);
      if (donor.static_w) w = int16_t((w < 0 ? -1 : 1) * std::lround(f.q));
    }
    encode_element(e, vals, w, f.q, f.uvq, record);
  }
}

}  // namespace

Result<Vertices> build_vertices(const Donor& donor, const ir::Mesh& in, const Order& order) {
  const VertexFormat& fmt = *donor.layout.format;
  const uint64_t count = order.incoming.size(), stride = fmt.stride;
  if (count * stride > 0x7FFFFFFF)
    return import_error("IMPORT_TOO_LARGE",
                        std::to_string(count) + " vertices of " + std::to_string(stride) +
                            " bytes pass the i32 length of the vertex buffer",
                        "mesh/vertex_count");
  Result<Factors> factors = choose_factors(donor, in, order);
  if (!factors) return factors.error();
  Vertices out;
  out.q = factors->q;
  out.uvq = factors->uvq;
  out.bytes.assign(static_cast<size_t>(count * stride), 0);
  const std::vector<uint8_t>& dvb = donor.layout.vertices->bytes;
  std::vector<uint8_t> templ(static_cast<size_t>(stride), 0);
  if (dvb.size() >= stride) std::memcpy(templ.data(), dvb.data(), templ.size());
  FreshVertex fresh(donor, in, *factors, out);
  for (size_t n = 0; n < count; ++n) {
    uint8_t* record = out.bytes.data() + n * stride;
    const uint32_t d = order.donor[n];
    if (d != kNewVertex) {
      std::memcpy(record, dvb.data() + size_t(d) * stride, static_cast<size_t>(stride));
      refactor(donor, *factors, d, record);
      ++out.kept;
      continue;
    }
    std::memcpy(record, templ.data(), templ.size());
    if (auto e = fresh.encode(order.incoming[n], record)) return *e;
    ++out.fresh;
  }
  // The bounds read back POSITION alone (none when the format has none).
  for (ir::Attribute& a : decode_vertices(vertex_elements::narrowed_to(fmt, "POSITION"),
                                          out.bytes.data(), count, out.q, out.uvq))
    out.positions = std::move(a.f32);
  return out;
}

}  // namespace f2g::grb::rebuild_parts
