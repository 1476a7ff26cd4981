#include "gltf_writer/write/skin_weights.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace f2g::gltf {
namespace {

// A weight in units of 1/255, so stored u8 weights are exact integers.
double weight_255(const ir::Attribute& a, size_t v, size_t c) {
  const size_t i = v * 4 + c;
  switch (a.type) {
    case ir::Scalar::U8:
      return a.u8[i];
    case ir::Scalar::U16:
      return a.normalized ? a.u16[i] * 255.0 / 65535.0 : a.u16[i];
    case ir::Scalar::F32:
      return double(a.f32[i]) * 255.0;
  }
  return 0;
}

// Joint c of vertex v as Attribute::get reads it, without its call for the usual types.
uint32_t joint_at(const ir::Attribute& a, size_t v, size_t c) {
  if (!a.normalized && a.type == ir::Scalar::U8) return a.u8[v * a.width + c];
  if (!a.normalized && a.type == ir::Scalar::U16) return a.u16[v * a.width + c];
  return static_cast<uint32_t>(a.get(v, c));
}

// Plain storage: integer joints and u8 weights, 4 per vertex, at least `vc` vertices. Only
// then can the output start as a copy of the input (see clean_as_stored).
bool plain_set(const ir::Attribute& j, const ir::Attribute& w, size_t vc) {
  return j.width == 4 && !j.normalized && j.type != ir::Scalar::F32 && j.value_count() >= vc * 4 &&
         w.type == ir::Scalar::U8 && w.width == 4 && w.u8.size() >= vc * 4;
}

// A vertex the rule leaves as stored (what valid game data holds): its u8 weights sum to 255,
// no joint with weight repeats, every weighted joint is a bone and every zero-weight slot
// names joint 0. Then the merge does nothing, each quota 255 * w / 255 is w exactly, nothing
// is handed out and no joint is reset: the general path below would write the input again.
bool clean_as_stored(const std::vector<uint32_t>& joint, const std::vector<uint32_t>& weight,
                     size_t bone_count) {
  uint32_t sum = 0;
  for (size_t k = 0; k < joint.size(); ++k) {
    if (weight[k] == 0) {
      if (joint[k] != 0) return false;
      continue;
    }
    if (joint[k] >= bone_count) return false;
    for (size_t e = 0; e < k; ++e)
      if (weight[e] != 0 && joint[e] == joint[k]) return false;
    sum += weight[k];
  }
  return sum == 255;
}

}  // namespace

ir::Result<CleanSkin> clean_skin(const ir::Mesh& mesh, size_t bone_count) {
  CleanSkin out;
  std::vector<const ir::Attribute*> js, ws;
  for (int n = 0;; ++n) {
    const ir::Attribute* j = mesh.find("JOINTS_" + std::to_string(n));
    const ir::Attribute* w = mesh.find("WEIGHTS_" + std::to_string(n));
    if (!j || !w) break;
    js.push_back(j), ws.push_back(w);
  }
  const size_t sets = js.size(), slots = sets * 4, vc = mesh.vertex_count;
  bool plain = true;
  for (size_t s = 0; s < sets; ++s) plain = plain && plain_set(*js[s], *ws[s], vc);
  // Plain sets start as copies of the input, so a vertex clean as stored needs no writing;
  // otherwise every vertex is written below.
  for (size_t s = 0; s < sets; ++s) {
    ir::Attribute j;
    j.semantic = js[s]->semantic;
    j.type = js[s]->type == ir::Scalar::U16 ? ir::Scalar::U16 : ir::Scalar::U8;
    j.width = 4;
    if (j.type == ir::Scalar::U16) {
      if (plain)
        j.u16.assign(js[s]->u16.begin(), js[s]->u16.begin() + vc * 4);
      else
        j.u16.assign(vc * 4, 0);
    } else {
      if (plain)
        j.u8.assign(js[s]->u8.begin(), js[s]->u8.begin() + vc * 4);
      else
        j.u8.assign(vc * 4, 0);
    }
    ir::Attribute w;
    w.semantic = ws[s]->semantic;
    w.type = ir::Scalar::U8;
    w.width = 4;
    w.normalized = true;
    if (plain)
      w.u8.assign(ws[s]->u8.begin(), ws[s]->u8.begin() + vc * 4);
    else
      w.u8.assign(vc * 4, 0);
    out.joints.push_back(std::move(j));
    out.weights.push_back(std::move(w));
  }

  // Plain sets read straight from their arrays.
  struct PlainSet {
    const uint8_t* j8;
    const uint16_t* j16;
    const uint8_t* w8;
  };
  std::vector<PlainSet> plain_sets;
  if (plain)
    for (size_t s = 0; s < sets; ++s) {
      const bool j16 = js[s]->type == ir::Scalar::U16;
      plain_sets.push_back(
          {j16 ? nullptr : js[s]->u8.data(), j16 ? js[s]->u16.data() : nullptr, ws[s]->u8.data()});
    }

  // Per-vertex scratch, allocated once.
  std::vector<uint32_t> stored_joint(slots), stored_u8(slots), joint(slots), result(slots);
  std::vector<double> stored_weight(slots), weight(slots), quota(slots), fraction(slots);
  std::vector<size_t> order(slots);
  for (size_t v = 0; v < vc; ++v) {
    if (plain) {
      for (size_t k = 0; k < slots; ++k) {
        const PlainSet& p = plain_sets[k / 4];
        const size_t i = v * 4 + k % 4;
        stored_joint[k] = p.j16 ? p.j16[i] : p.j8[i];
        stored_u8[k] = p.w8[i];
      }
      if (clean_as_stored(stored_joint, stored_u8, bone_count)) continue;
    } else {
      for (size_t k = 0; k < slots; ++k) stored_joint[k] = joint_at(*js[k / 4], v, k % 4);
    }
    double total = 0;
    for (size_t k = 0; k < slots; ++k) {
      joint[k] = stored_joint[k];
      const double w = stored_weight[k] = weight_255(*ws[k / 4], v, k % 4);
      weight[k] = (w > 0 && std::isfinite(w)) ? w : 0.0;
      if (weight[k] == 0) continue;
      if (joint[k] >= bone_count)
        return ir::Diagnostic{"GLTF_JOINT_OUT_OF_RANGE",
                              "vertex " + std::to_string(v) + " slot " + std::to_string(k) +
                                  " names joint " + std::to_string(joint[k]) + " of " +
                                  std::to_string(bone_count) + " bones",
                              "mesh/attributes/" + js[k / 4]->semantic, 0};
      for (size_t e = 0; e < k; ++e)
        if (weight[e] > 0 && joint[e] == joint[k]) {  // merge into the first slot
          weight[e] += weight[k];
          weight[k] = 0;
          break;
        }
    }
    for (size_t k = 0; k < slots; ++k) total += weight[k];
    if (total == 0) {
      ++out.zero_weight_vertices;
      std::fill(result.begin(), result.end(), 0);
      result[0] = 255;
      std::fill(joint.begin(), joint.end(), 0);
    } else {
      // Largest remainder: floors first, the rest one by one to the largest fractions.
      uint32_t given = 0;
      for (size_t k = 0; k < slots; ++k) {
        quota[k] = weight[k] * 255.0 / total;
        const double whole = std::floor(quota[k]);
        result[k] = static_cast<uint32_t>(whole);
        fraction[k] = quota[k] - whole;
        given += result[k];
      }
      // Largest fraction first, ties to the lower slot: an insertion sort that moves a slot
      // only past strictly smaller fractions (no allocation; a few slots).
      for (size_t k = 0; k < slots; ++k) {
        size_t p = k;
        for (; p > 0 && fraction[order[p - 1]] < fraction[k]; --p) order[p] = order[p - 1];
        order[p] = k;
      }
      for (size_t i = 0; given < 255 && i < slots && weight[order[i]] > 0; ++i, ++given)
        ++result[order[i]];
      if (given < 255)  // only by float rounding: the rest to the heaviest slot
        result[std::max_element(weight.begin(), weight.end()) - weight.begin()] += 255 - given;
      for (size_t k = 0; k < slots; ++k)
        if (result[k] == 0) joint[k] = 0;
    }
    bool changed = false;
    for (size_t k = 0; k < slots; ++k) {
      ir::Attribute& j = out.joints[k / 4];
      const size_t i = v * 4 + k % 4;
      if (j.type == ir::Scalar::U16)
        j.u16[i] = static_cast<uint16_t>(joint[k]);
      else
        j.u8[i] = static_cast<uint8_t>(joint[k]);
      out.weights[k / 4].u8[i] = static_cast<uint8_t>(result[k]);
      changed = changed || joint[k] != stored_joint[k] || result[k] != stored_weight[k];
    }
    if (changed) ++out.changed_vertices;
  }
  return out;
}

}  // namespace f2g::gltf
