// Stream bytes of the output vertices. A matched vertex writes the donor vertex's stored
// record in every stream (bytes no element names included); a new one starts from the record
// of the nearest donor vertex and has every element the incoming mesh carries encoded over
// it, as vertex_codec.cpp encodes (docs/READING.md "Vertex formats").
#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

#include "formats/common/vertex_elements.h"
#include "formats/rr/rebuild.h"

namespace f2g::rr {

namespace {

using namespace vertex_elements;  // the packers of vertex_codec.cpp, value for value

bool is_quantised(const VertexFormat& f) {
  const VertexElement* p = f.find("POSITION");
  return p && p->type == ElementType::S16x4Quantized;
}

// Donor vertices on a uniform grid over their box, for "the nearest donor vertex" of a new
// one. The search stops after a bounded number of cells: a far or crowded query takes the
// best found so far (any donor vertex is a valid source of the fields it copies).
class Nearest {
 public:
  explicit Nearest(const ir::Mesh& donor) : pos_(donor.find("POSITION")), n_(donor.vertex_count) {
    if (!pos_ || n_ == 0) return;
    for (int c = 0; c < 3; ++c) lo_[c] = hi_[c] = pos_->get(0, c);
    for (uint32_t v = 0; v < n_; ++v)
      for (int c = 0; c < 3; ++c) {
        lo_[c] = std::min(lo_[c], pos_->get(v, c));
        hi_[c] = std::max(hi_[c], pos_->get(v, c));
      }
    g_ = std::clamp(int(std::cbrt(double(n_) / 2)), 1, 64);
    for (int c = 0; c < 3; ++c) size_[c] = std::max((hi_[c] - lo_[c]) / g_, 1e-12);
    cells_.resize(size_t(g_) * g_ * g_);
    for (uint32_t v = 0; v < n_; ++v)
      cells_[index(cell(pos_->get(v, 0), 0), cell(pos_->get(v, 1), 1), cell(pos_->get(v, 2), 2))]
          .push_back(v);
  }

  uint32_t find(const double p[3]) const {
    if (!pos_ || n_ == 0) return kNewVertex;
    const int c0[3] = {cell(p[0], 0), cell(p[1], 1), cell(p[2], 2)};
    uint32_t best = kNewVertex;
    double best_d = 0;
    const double min_size = std::min({size_[0], size_[1], size_[2]});
    size_t budget = 20000;
    for (int r = 0; r < g_ && budget; ++r) {
      for (int x = std::max(0, c0[0] - r); x <= std::min(g_ - 1, c0[0] + r); ++x)
        for (int y = std::max(0, c0[1] - r); y <= std::min(g_ - 1, c0[1] + r); ++y)
          for (int z = std::max(0, c0[2] - r); z <= std::min(g_ - 1, c0[2] + r); ++z) {
            if (budget == 0) break;
            --budget;
            const int ring =
                std::max({std::abs(x - c0[0]), std::abs(y - c0[1]), std::abs(z - c0[2])});
            if (ring != r) continue;
            for (uint32_t v : cells_[index(x, y, z)]) {
              double d = 0;
              for (int c = 0; c < 3; ++c) d += (pos_->get(v, c) - p[c]) * (pos_->get(v, c) - p[c]);
              if (best == kNewVertex || d < best_d) best = v, best_d = d;
            }
          }
      if (best != kNewVertex && std::sqrt(best_d) <= r * min_size) break;
    }
    return best != kNewVertex ? best : 0;
  }

 private:
  int cell(double v, int c) const {
    const double t = std::floor((std::clamp(v, lo_[c], hi_[c]) - lo_[c]) / size_[c]);
    if (!(t >= 0 && t < g_)) return t >= g_ ? g_ - 1 : 0;  // NaN (a donor's own) to cell 0
    return int(t);
  }
  size_t index(int x, int y, int z) const { return (size_t(x) * g_ + y) * g_ + z; }

  const ir::Attribute* pos_;
  uint32_t n_;
  double lo_[3]{}, hi_[3]{}, size_[3]{};
  int g_ = 1;
  std::vector<std::vector<uint32_t>> cells_;
};

// Writes one element of one vertex from `x` (`width` values). `records` are the vertex's
// records in the three streams; PositionWSign tangents write the position's s16 w.
void put_element(const VertexFormat& f, const VertexElement& e, const double* x, size_t width,
                 float q, const std::array<uint8_t*, 3>& records) {
  uint8_t* p = records[e.stream] + e.offset;
  switch (e.type) {
    case ElementType::S16x4Quantized:  // w (the tangent sign) stays
      for (int c = 0; c < 3; ++c) put_s16(p + 2 * c, pack_s16(float(x[c]) / q));
      break;
    case ElementType::F32x3:
      for (int c = 0; c < 3; ++c) {
        const float v = float(x[c]);
        std::memcpy(p + 4 * c, &v, 4);
      }
      break;
    case ElementType::UByte4Normal:
      put_direction_bytes(p, x);
      break;
    case ElementType::UByte4Tangent:
      if (width >= 4 && e.w != TangentW::PositionWSign) {
        put_tangent_bytes(p, x);
        break;
      }
      put_direction_bytes(p, x);
      if (width < 4) break;  // no handedness given: the base record's stands
      if (const VertexElement* pos = f.find("POSITION"))  // the sign in the position's s16 w
        put_s16(records[pos->stream] + pos->offset + 6, x[3] < 0 ? -1 : 1);
      break;
    case ElementType::S16x2Uv:
      for (int c = 0; c < 2; ++c) put_s16(p + 2 * c, pack_s16(double(float(x[c])) * 2048.0));
      break;
    case ElementType::Unorm8x4:
    case ElementType::U8x4:
      for (size_t c = 0; c < std::min<size_t>(width, 4); ++c)
        p[c] = e.type == ElementType::U8x4 ? uint8_t(x[c]) : pack_unorm8(x[c]);
      break;
  }
}

// n of JOINTS_n / WEIGHTS_n (a table may name anything: non-digits give a set past any lane).
size_t set_of(const std::string& s) {
  size_t n = 0, k = s.find('_') + 1;
  if (k == 0 || k >= s.size()) return 99;
  for (; k < s.size(); ++k) {
    if (s[k] < '0' || s[k] > '9' || n > 99) return 99;
    n = n * 10 + size_t(s[k] - '0');
  }
  return n;
}

bool is_skin(const std::string& s) {
  return s.rfind("JOINTS_", 0) == 0 || s.rfind("WEIGHTS_", 0) == 0;
}

// The format's neutral vertex, for a donor without vertices: unit +Z normal, +X tangent with
// w +1, white, UV 0, all weight on bone 0.
void neutral_record(const VertexFormat& f, const std::array<uint8_t*, 3>& records) {
  for (int s = 0; s < 3; ++s) std::memset(records[s], 0, f.strides[s]);
  for (const VertexElement& e : f.elements) {
    double x[4] = {0, 0, 0, 0};
    if (e.semantic == "NORMAL") x[2] = 1;
    if (e.semantic == "TANGENT") x[0] = 1, x[3] = 1;
    if (e.semantic.rfind("COLOR_", 0) == 0) x[0] = x[1] = x[2] = x[3] = 1;
    if (e.semantic == "WEIGHTS_0") x[0] = 1;
    if (e.semantic == "POSITION") put_s16(records[e.stream] + e.offset + 6, 1);
    put_element(f, e, x, 4, 1.0f, records);
  }
}

}  // namespace

HalfStep half_step_of(const VertexFormat& f, float q, const ir::Mesh& donor) {
  // Per semantic its type and, for floats, the attribute and the magnitude floor, looked up
  // once here: the matcher asks for a step per candidate vertex and component.
  struct Step {
    ElementType type;
    const ir::Attribute* attribute;
    double floor;
  };
  std::map<std::string, Step> types;
  const double step = std::fabs(double(q));
  const double extent = largest_magnitude(donor.find("POSITION"));
  for (const VertexElement& e : f.elements)
    types[e.semantic] = {e.type, donor.find(e.semantic), e.semantic == "POSITION" ? extent : 0};
  return [types, step](const std::string& s) -> StepAt {
    const auto it = types.find(s);
    if (it == types.end()) return constant_step(0);
    switch (it->second.type) {
      case ElementType::S16x4Quantized:  // value = s16 x Q
        return constant_step(step / 2);
      case ElementType::F32x3:
        return float_step(it->second.attribute, 4, it->second.floor);
      case ElementType::UByte4Normal:
      case ElementType::UByte4Tangent:  // (b - 127) / 127
        return constant_step(0.5 / 127);
      case ElementType::S16x2Uv:  // s / 2048
        return constant_step(0.5 / 2048);
      case ElementType::Unorm8x4:
        return constant_step(0.5 / 255);
      case ElementType::U8x4:
        return constant_step(0);
    }
    return constant_step(0);
  };
}

float choose_quantization(const VertexFormat& f, float donor_q, const ir::Mesh& donor,
                          const ir::Mesh& in, const std::vector<OutVertex>& vertices) {
  if (!is_quantised(f)) return donor_q;
  const ir::Attribute* dp = donor.find("POSITION");
  const ir::Attribute* ip = in.find("POSITION");
  const bool usable = std::isfinite(donor_q) && donor_q > 0;
  bool fits = usable;
  double largest = 0;
  for (const OutVertex& o : vertices)
    for (int c = 0; c < 3; ++c) {
      const double x = o.donor != kNewVertex ? dp->get(o.donor, c) : ip->get(o.incoming, c);
      largest = std::max(largest, std::fabs(x));
      // A kept vertex's stored s16 fits by construction; a new one must round inside s16.
      if (fits && o.donor == kNewVertex && !(std::fabs(float(x) / donor_q) < 32767.5f))
        fits = false;
    }
  if (fits) return donor_q;
  return largest > 0 ? float(largest) / 32767.0f : 1.0f;
}

VertexBytes vertex_bytes(const VertexFormat& f, const Layout& donor_layout, const ir::Mesh& donor,
                         const ir::Mesh& in, const std::vector<OutVertex>& vertices, float q_old,
                         float q_new) {
  VertexBytes out;
  const size_t n = vertices.size();
  for (int s = 0; s < 3; ++s) out.streams[s].assign(n * f.strides[s], 0);
  const VertexElement* pos = f.find("POSITION");
  const bool requantise = is_quantised(f) && q_new != q_old;
  // Built when a fresh vertex first asks: an import that keeps every vertex needs no grid.
  std::optional<Nearest> nearest;
  const ir::Attribute* ip = in.find("POSITION");
  // Elements the incoming mesh has, positions before tangents (PositionWSign writes the w).
  std::vector<std::pair<const VertexElement*, const ir::Attribute*>> given;
  for (int tangents = 0; tangents < 2; ++tangents)
    for (const VertexElement& e : f.elements) {
      if ((e.type == ElementType::UByte4Tangent) != (tangents == 1) || is_skin(e.semantic))
        continue;
      const ir::Attribute* a = in.find(e.semantic);
      if (a) given.push_back({&e, a});
    }
  std::vector<const VertexElement*> skin, missing;
  for (const VertexElement& e : f.elements) {
    if (is_skin(e.semantic)) skin.push_back(&e);
    if (!is_skin(e.semantic) && !in.find(e.semantic)) missing.push_back(&e);
  }
  const bool has_influences = in.find("JOINTS_0") && in.find("WEIGHTS_0");
  size_t lanes = 0;
  for (const VertexElement* e : skin) lanes += e->semantic.rfind("JOINTS_", 0) == 0 ? 4 : 0;

  for (size_t i = 0; i < n; ++i) {
    const OutVertex& o = vertices[i];
    std::array<uint8_t*, 3> rec;
    for (int s = 0; s < 3; ++s) rec[s] = out.streams[s].data() + i * f.strides[s];
    if (o.donor != kNewVertex) {
      for (int s = 0; s < 3; ++s)
        if (f.strides[s])
          std::memcpy(rec[s],
                      donor_layout.streams[s]->bytes.data() + size_t(o.donor) * f.strides[s],
                      f.strides[s]);
      if (requantise) {  // the same position on the new scale; w (tangent sign) stays
        uint8_t* p = rec[pos->stream] + pos->offset;
        for (int c = 0; c < 3; ++c)
          put_s16(p + 2 * c, pack_s16(float(s16_at(p + 2 * c)) * q_old / q_new));
        ++out.requantised;
      }
      ++out.kept;
      continue;
    }
    ++out.fresh;
    const double p[3] = {ip->get(o.incoming, 0), ip->get(o.incoming, 1), ip->get(o.incoming, 2)};
    if (!nearest) nearest.emplace(donor);
    const uint32_t base = nearest->find(p);
    if (base == kNewVertex) {
      neutral_record(f, rec);
    } else {
      for (int s = 0; s < 3; ++s)
        if (f.strides[s])
          std::memcpy(rec[s], donor_layout.streams[s]->bytes.data() + size_t(base) * f.strides[s],
                      f.strides[s]);
      // The copied position is the donor's scale: on a new Q only x, y, z are rewritten below.
    }
    for (const VertexElement* e : missing) ++out.from_nearest[e->semantic];
    if (!has_influences)
      for (const VertexElement* e : skin) ++out.from_nearest[e->semantic];
    for (const auto& [e, a] : given) {
      double x[4] = {0, 0, 0, 0};
      for (size_t c = 0; c < std::min<size_t>(a->width, 4); ++c) x[c] = a->get(o.incoming, c);
      put_element(f, *e, x, a->width, q_new, rec);
    }
    if (has_influences && lanes) {
      Influences8 capped;
      out.influences_dropped += cap_influences(influences_of(in, o.incoming), lanes, capped);
      for (const VertexElement* e : skin) {
        const size_t set = set_of(e->semantic);
        double x[4];
        for (size_t c = 0; c < 4; ++c) {
          const size_t lane = 4 * set + c;
          const bool joints = e->semantic.rfind("JOINTS_", 0) == 0;
          x[c] = lane >= lanes ? 0
                 : joints      ? double(capped.joints[lane])
                               : capped.weights[lane] / 255.0;
        }
        put_element(f, *e, x, 4, q_new, rec);
      }
    }
  }
  return out;
}

}  // namespace f2g::rr
