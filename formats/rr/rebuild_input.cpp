// The incoming mesh is untrusted: every count is checked against what it sizes before the
// rebuild allocates or indexes anything with it.
#include <cmath>
#include <string>

#include "formats/rr/rebuild.h"

namespace f2g::rr {

namespace {

Error import_error(const char* code, std::string message, std::string path) {
  return Error{code, std::move(message), std::move(path), 0};
}

// The widths converter/import gives (formats/common/rebuild.h); 0 = any.
int expected_width(const std::string& s) {
  if (s == "POSITION" || s == "NORMAL") return 3;
  if (s == "TANGENT") return 4;
  if (s.rfind("TEXCOORD_", 0) == 0) return 2;
  if (s.rfind("JOINTS_", 0) == 0 || s.rfind("WEIGHTS_", 0) == 0) return 4;
  return 0;
}

}  // namespace

std::optional<Error> check_incoming(const ir::Mesh& in, size_t donor_materials, size_t bones,
                                    bool skinned) {
  for (size_t i = 0; i < in.attributes.size(); ++i) {
    const ir::Attribute& a = in.attributes[i];
    const std::string path = "mesh/attributes[" + std::to_string(i) + "]";
    const int want = expected_width(a.semantic);
    const bool color = a.semantic.rfind("COLOR_", 0) == 0;
    if (a.width == 0 || (want && a.width != want) || (color && a.width != 3 && a.width != 4))
      return import_error("IMPORT_ATTRIBUTE_SIZE",
                          a.semantic + " has " + std::to_string(a.width) + " components" +
                              (want ? ", expected " + std::to_string(want) : std::string()),
                          path);
    if (a.value_count() != uint64_t(in.vertex_count) * a.width)
      return import_error("IMPORT_ATTRIBUTE_SIZE",
                          a.semantic + " holds " + std::to_string(a.value_count()) + " values, " +
                              std::to_string(in.vertex_count) + " vertices x " +
                              std::to_string(a.width) + " expected",
                          path);
    if (a.type == ir::Scalar::F32)
      for (size_t k = 0; k < a.f32.size(); ++k)
        if (!std::isfinite(a.f32[k]))
          return import_error(
              "IMPORT_NOT_FINITE",
              a.semantic + " of vertex " + std::to_string(k / a.width) + " is not a finite number",
              path);
  }
  if (!in.find("POSITION"))
    return import_error("IMPORT_NO_POSITION", "the incoming mesh has no POSITION attribute",
                        "mesh/attributes");
  for (size_t k = 0; k < in.indices.size(); ++k)
    if (in.indices[k] >= in.vertex_count)
      return import_error("IMPORT_INDEX_OUT_OF_RANGE",
                          "index " + std::to_string(k) + " = " + std::to_string(in.indices[k]) +
                              " names no vertex of " + std::to_string(in.vertex_count),
                          "mesh/indices[" + std::to_string(k) + "]");
  uint64_t triangles = 0;
  for (size_t p = 0; p < in.primitives.size(); ++p) {
    const ir::Primitive& pr = in.primitives[p];
    const std::string path = "mesh/primitives[" + std::to_string(p) + "]";
    const uint64_t end = uint64_t(pr.first_index) + pr.index_count;
    if (end > in.indices.size() || pr.index_count % 3 != 0)
      return import_error("IMPORT_PRIMITIVE_RANGE",
                          "primitive " + std::to_string(p) + " covers indices [" +
                              std::to_string(pr.first_index) + ", " + std::to_string(end) +
                              ") of " + std::to_string(in.indices.size()) +
                              (pr.index_count % 3 ? ", not whole triangles" : ""),
                          path);
    if (pr.material >= donor_materials)
      return import_error("IMPORT_MATERIAL_OUT_OF_RANGE",
                          "primitive " + std::to_string(p) + " uses material " +
                              std::to_string(pr.material) + "; the donor has " +
                              std::to_string(donor_materials),
                          path + ".material");
    triangles += pr.index_count / 3;
  }
  if (triangles == 0)
    return import_error("IMPORT_NO_TRIANGLES", "the incoming mesh has no triangles",
                        "mesh/primitives");
  // RR stores joints as u8 bone numbers of the header's bone list (docs/READING.md "Bones").
  // A format without a skin stream has nowhere to put them: they are not read.
  for (uint32_t v = 0; skinned && v < in.vertex_count; ++v)
    for (const Influence& i : influences_of(in, v))
      if (i.weight > 0 && (i.joint >= bones || i.joint > 255))
        return import_error("IMPORT_JOINT_OUT_OF_RANGE",
                            "vertex " + std::to_string(v) + " is weighted to joint " +
                                std::to_string(i.joint) + "; the donor has " +
                                std::to_string(bones) + " bones",
                            "mesh/attributes/JOINTS_0");
  return std::nullopt;
}

}  // namespace f2g::rr
