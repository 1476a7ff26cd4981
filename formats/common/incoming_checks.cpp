#include "formats/common/incoming_checks.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace f2g {

namespace {

std::string n(uint64_t v) { return std::to_string(v); }

Error error(const char* code, std::string message, std::string path) {
  return Error{code, std::move(message), std::move(path), 0};
}

bool starts(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// Whether no value is a NaN or an infinity (all exponent bits set), without a branch per
// value: the compiler vectorises it, and the caller looks for the first bad one only then.
bool all_finite(const std::vector<float>& values) {
  uint32_t bad = 0;
  for (const float x : values) {
    uint32_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    bad |= uint32_t((bits & 0x7F800000u) == 0x7F800000u);
  }
  return bad == 0;
}

std::optional<Error> check_attribute(const ir::Attribute& a, uint32_t vertex_count,
                                     const IncomingLimits& limits) {
  const int want = incoming_width(a.semantic, limits);
  const bool color = starts(a.semantic, "COLOR_");
  if (a.width == 0 || (want && !color && a.width != want) ||
      (color && a.width != 3 && a.width != 4))
    return error("IMPORT_ATTRIBUTE_SIZE",
                 a.semantic + " has " + n(a.width) + " components" +
                     (color  ? ", expected 3 or 4"
                      : want ? ", expected " + n(want)
                             : std::string()),
                 incoming_path(a.semantic));
  if (a.value_count() != uint64_t(vertex_count) * a.width)
    return error("IMPORT_ATTRIBUTE_SIZE",
                 a.semantic + " holds " + n(a.value_count()) + " values, expected " + n(a.width) +
                     " x " + n(vertex_count) + " vertices",
                 incoming_path(a.semantic));
  if (a.type == ir::Scalar::F32 && !all_finite(a.f32))
    for (size_t k = 0; k < a.f32.size(); ++k)
      if (!std::isfinite(a.f32[k]))
        return error("IMPORT_NOT_FINITE",
                     a.semantic + " of vertex " + n(k / a.width) + " is not a finite number",
                     incoming_path(a.semantic));
  return std::nullopt;
}

// Every JOINTS_n / WEIGHTS_n pair (widths already checked equal: 4 each).
std::optional<Error> check_influences(const ir::Mesh& in, const IncomingLimits& limits) {
  const double reach = double(std::min(limits.bones, limits.joint_limit));
  for (int set = 0;; ++set) {
    const ir::Attribute* j = in.find("JOINTS_" + std::to_string(set));
    const ir::Attribute* w = in.find("WEIGHTS_" + std::to_string(set));
    if (!j || !w) return std::nullopt;
    // U16 joints and F32 weights (what the scene reader makes) read straight, without get()'s
    // type switch per value; the same doubles either way.
    const bool typed = j->type == ir::Scalar::U16 && !j->normalized && w->type == ir::Scalar::F32 &&
                       j->u16.size() >= size_t(in.vertex_count) * j->width &&
                       w->f32.size() >= size_t(in.vertex_count) * j->width;
    // Typed, a joint is a whole number in [0, 65536) by its type: one pass tests what is
    // left (the weight's sign, the reach), and the loop below runs only to name the vertex.
    if (typed) {
      bool bad = false;
      for (size_t at = 0; at < size_t(in.vertex_count) * j->width; ++at) {
        const float weight = w->f32[at];
        const bool negative = !(weight >= 0), unreached = !(double(j->u16[at]) < reach);
        bad |= negative | ((weight > 0) & unreached);
      }
      if (!bad) continue;
    }
    for (uint32_t v = 0; v < in.vertex_count; ++v)
      for (size_t c = 0; c < j->width; ++c) {
        const size_t at = size_t(v) * j->width + c;
        const double weight = typed ? double(w->f32[at]) : w->get(v, c);
        const double joint = typed ? double(j->u16[at]) : j->get(v, c);
        if (!(weight >= 0))
          return error("IMPORT_BAD_WEIGHT",
                       "vertex " + n(v) + "'s weight " + std::to_string(weight) + " is negative",
                       incoming_path(w->semantic));
        if (!(joint >= 0 && joint < 65536 && joint == std::floor(joint)) ||
            (weight > 0 && !(joint < reach)))
          return error("IMPORT_JOINT_OUT_OF_RANGE",
                       "vertex " + n(v) + " is weighted to joint " + std::to_string(joint) +
                           "; the donor has " + n(limits.bones) + " bones (stored joints reach " +
                           n(limits.joint_limit) + ")",
                       incoming_path(j->semantic));
      }
  }
}

}  // namespace

int incoming_width(const std::string& s, const IncomingLimits& limits) {
  for (const auto& [semantic, width] : limits.widths)
    if (semantic == s) return width;
  if (s == "POSITION" || s == "NORMAL") return 3;
  if (s == "TANGENT") return 4;
  if (starts(s, "TEXCOORD_")) return 2;
  if (starts(s, "COLOR_")) return 4;
  if (starts(s, "JOINTS_") || starts(s, "WEIGHTS_")) return 4;
  return 0;
}

std::string incoming_path(const std::string& semantic) { return "mesh/attributes/" + semantic; }

std::optional<Error> check_incoming_mesh(const ir::Mesh& in, const IncomingLimits& limits) {
  if (!in.find("POSITION"))
    return error("IMPORT_NO_POSITION", "the incoming mesh has no POSITION attribute",
                 "mesh/attributes");
  for (const ir::Attribute& a : in.attributes)
    if (std::optional<Error> e = check_attribute(a, in.vertex_count, limits)) return e;
  for (size_t k = 0; k < in.indices.size(); ++k)
    if (in.indices[k] >= in.vertex_count)
      return error("IMPORT_INDEX_OUT_OF_RANGE",
                   "index " + n(k) + " = " + n(in.indices[k]) + " is not below the " +
                       n(in.vertex_count) + " vertices",
                   "mesh/indices[" + n(k) + "]");
  uint64_t triangles = 0;
  for (size_t p = 0; p < in.primitives.size(); ++p) {
    const ir::Primitive& g = in.primitives[p];
    const std::string path = "mesh/primitives[" + n(p) + "]";
    const uint64_t end = uint64_t(g.first_index) + g.index_count;
    if (end > in.indices.size() || g.index_count % 3 != 0)
      return error("IMPORT_PRIMITIVE_RANGE",
                   "primitive " + n(p) + " covers indices [" + n(g.first_index) + ", " + n(end) +
                       ") of " + n(in.indices.size()) +
                       (g.index_count % 3 ? ", not whole triangles" : ""),
                   path);
    if (g.material >= limits.materials)
      return error("IMPORT_MATERIAL_OUT_OF_RANGE",
                   "primitive " + n(p) + " uses material " + n(g.material) + "; the donor has " +
                       n(limits.materials),
                   path + "/material");
    triangles += g.index_count / 3;
  }
  if (triangles == 0)
    return error("IMPORT_NO_TRIANGLES", "the incoming mesh has no triangles", "mesh/primitives");
  if (limits.skinned) return check_influences(in, limits);
  return std::nullopt;
}

}  // namespace f2g
