#include "gltf_writer/skin_weights.h"

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
  for (size_t s = 0; s < sets; ++s) {
    ir::Attribute j;
    j.semantic = js[s]->semantic;
    j.type = js[s]->type == ir::Scalar::U16 ? ir::Scalar::U16 : ir::Scalar::U8;
    j.width = 4;
    if (j.type == ir::Scalar::U16)
      j.u16.assign(vc * 4, 0);
    else
      j.u8.assign(vc * 4, 0);
    ir::Attribute w;
    w.semantic = ws[s]->semantic;
    w.type = ir::Scalar::U8;
    w.width = 4;
    w.normalized = true;
    w.u8.assign(vc * 4, 0);
    out.joints.push_back(std::move(j));
    out.weights.push_back(std::move(w));
  }

  std::vector<uint32_t> joint(slots), result(slots);
  std::vector<double> weight(slots), quota(slots);
  std::vector<size_t> order(slots);
  for (size_t v = 0; v < vc; ++v) {
    double total = 0;
    for (size_t k = 0; k < slots; ++k) {
      joint[k] = static_cast<uint32_t>(js[k / 4]->get(v, k % 4));
      const double w = weight_255(*ws[k / 4], v, k % 4);
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
        result[k] = static_cast<uint32_t>(std::floor(quota[k]));
        given += result[k];
        order[k] = k;
      }
      // Largest fraction first, ties to the lower slot (no allocation, unlike stable_sort).
      std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        const double fa = quota[a] - std::floor(quota[a]), fb = quota[b] - std::floor(quota[b]);
        return fa != fb ? fa > fb : a < b;
      });
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
      changed = changed || joint[k] != static_cast<uint32_t>(js[k / 4]->get(v, k % 4)) ||
                result[k] != weight_255(*ws[k / 4], v, k % 4);
    }
    if (changed) ++out.changed_vertices;
  }
  return out;
}

}  // namespace f2g::gltf
