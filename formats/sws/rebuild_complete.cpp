// The incoming mesh completed to the donor's vertices, in the donor's order, when its vertex
// SETS are the donor's (formats/common/rebuild.h donor_sets_hold): the SWS matcher pairs one
// material at a time and asks for one incoming vertex per donor vertex, while a tool such as
// Blender hands back copies of a vertex (one per face corner at a seam), either twin of two
// equal donor vertices, and drops the vertices no triangle names.
#include <cmath>
#include <map>

#include "formats/sws/rebuild.h"

namespace f2g::sws {

namespace {

// One value appended to `out` in its own type (a normalized integer scaled, clamped).
void put(ir::Attribute& out, double value) {
  switch (out.type) {
    case ir::Scalar::F32:
      out.f32.push_back(float(value));
      break;
    case ir::Scalar::U8:
      out.u8.push_back(
          uint8_t(std::lround(std::fmin(std::fmax(out.normalized ? value * 255 : value, 0), 255))));
      break;
    case ir::Scalar::U16:
      out.u16.push_back(uint16_t(
          std::lround(std::fmin(std::fmax(out.normalized ? value * 65535 : value, 0), 65535))));
      break;
  }
}

// `from` (the incoming attribute) per donor slot: the slot's incoming vertex, else the
// donor's own value (`fallback`, when it has that semantic).
ir::Attribute per_slot(const ir::Attribute& from, const ir::Attribute* fallback,
                       const std::vector<uint32_t>& slot_in) {
  ir::Attribute out = from;
  out.f32.clear();
  out.u8.clear();
  out.u16.clear();
  for (uint32_t d = 0; d < slot_in.size(); ++d)
    for (size_t c = 0; c < from.width; ++c) {
      if (slot_in[d] != kNewVertex)
        put(out, from.get(slot_in[d], c));
      else
        put(out, fallback && c < fallback->width && d < fallback->vertex_count()
                     ? fallback->get(d, c)
                     : 0.0);
    }
  return out;
}

const ir::Attribute* other_of(const ir::MorphTarget* t, const std::string& semantic) {
  if (!t) return nullptr;
  for (const ir::Attribute& a : t->others)
    if (a.semantic == semantic) return &a;
  return nullptr;
}

std::vector<float> floats_per_slot(const std::vector<float>& from,
                                   const std::vector<float>* fallback,
                                   const std::vector<uint32_t>& slot_in) {
  std::vector<float> out;
  out.reserve(slot_in.size() * 3);
  for (uint32_t d = 0; d < slot_in.size(); ++d)
    for (size_t c = 0; c < 3; ++c) {
      const size_t at = size_t(slot_in[d]) * 3 + c, own = size_t(d) * 3 + c;
      out.push_back(slot_in[d] != kNewVertex             ? from[at]
                    : fallback && own < fallback->size() ? (*fallback)[own]
                                                         : 0.0f);
    }
  return out;
}

}  // namespace

std::optional<ir::Mesh> completed_to_donor(const Donor& donor, const ir::Mesh& in,
                                           const VertexMatch& match, const HalfStep& half_step) {
  const ir::Mesh& dm = donor.ir;
  if (match.donor_order || !donor_sets_hold(dm, in, match.donor_of, half_step)) return std::nullopt;
  // Each donor slot's incoming vertex: one matched to it, else one matched to its twin.
  const std::vector<uint32_t> twin = donor_twins(dm, in);
  std::vector<uint32_t> slot_in(dm.vertex_count, kNewVertex), class_in(dm.vertex_count, kNewVertex);
  for (uint32_t v = 0; v < in.vertex_count; ++v) {
    slot_in[match.donor_of[v]] = v;
    class_in[twin[match.donor_of[v]]] = v;
  }
  for (uint32_t d = 0; d < dm.vertex_count; ++d)
    if (slot_in[d] == kNewVertex) slot_in[d] = class_in[twin[d]];  // else: no triangle names it

  ir::Mesh out = in;
  out.vertex_count = dm.vertex_count;
  out.indices = dm.indices;
  out.primitives = dm.primitives;
  for (ir::Attribute& a : out.attributes) a = per_slot(a, dm.find(a.semantic), slot_in);
  std::map<std::string, const ir::MorphTarget*> donor_targets;
  for (const ir::MorphTarget& t : dm.morph_targets) donor_targets[t.name] = &t;
  // Targets hold absolute values (docs/IR.md): a slot without an incoming vertex takes the
  // donor target's, or the donor's base where the donor has no target of that name.
  auto base = [&dm](const char* semantic) {
    std::vector<float> v;
    if (const ir::Attribute* a = dm.find(semantic); a && a->width >= 3)
      for (uint32_t d = 0; d < dm.vertex_count; ++d)
        for (size_t c = 0; c < 3; ++c) v.push_back(float(a->get(d, c)));
    return v;
  };
  const std::vector<float> base_positions = base("POSITION"), base_normals = base("NORMAL");
  for (ir::MorphTarget& t : out.morph_targets) {
    const auto it = donor_targets.find(t.name);
    const ir::MorphTarget* dt = it == donor_targets.end() ? nullptr : it->second;
    t.positions = floats_per_slot(t.positions, dt ? &dt->positions : &base_positions, slot_in);
    if (!t.normals.empty())
      t.normals = floats_per_slot(
          t.normals, dt && !dt->normals.empty() ? &dt->normals : &base_normals, slot_in);
    for (ir::Attribute& o : t.others) {
      const ir::Attribute* own = other_of(dt, o.semantic);
      o = per_slot(o, own ? own : dm.find(o.semantic), slot_in);
    }
  }
  return out;
}

}  // namespace f2g::sws
