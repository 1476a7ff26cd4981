// Vertex attributes: one tightly packed view and one accessor per IR attribute, in IR order,
// shared by every primitive (docs/ARCHITECTURE.md "Output conventions").
#include <optional>

#include "gltf_writer/write/document.h"
#include "gltf_writer/write/semantics.h"
#include "gltf_writer/write/skin_weights.h"
#include "gltf_writer/write/unit_vectors.h"

namespace f2g::gltf {
namespace {

int component_type_of(const ir::Attribute& a) {
  return a.type == ir::Scalar::F32  ? kFloat
         : a.type == ir::Scalar::U8 ? kUnsignedByte
                                    : kUnsignedShort;
}

const void* data_of(const ir::Attribute& a) {
  return a.type == ir::Scalar::F32  ? static_cast<const void*>(a.f32.data())
         : a.type == ir::Scalar::U8 ? static_cast<const void*>(a.u8.data())
                                    : static_cast<const void*>(a.u16.data());
}

// The values of `a` handed to the builder (they back a view until the GLB is packed); returns
// where they are now.
const void* keep_data(BinBuilder& bin, ir::Attribute& a) {
  return a.type == ir::Scalar::F32  ? static_cast<const void*>(bin.keep(std::move(a.f32)).data())
         : a.type == ir::Scalar::U8 ? static_cast<const void*>(bin.keep(std::move(a.u8)).data())
                                    : static_cast<const void*>(bin.keep(std::move(a.u16)).data());
}

// The glTF name of a standard semantic the validator would reject where it stands: TANGENT
// without NORMAL (MESH_PRIMITIVE_TANGENT_WITHOUT_NORMAL), TEXCOORD_n / COLOR_n after a gap
// (MESH_PRIMITIVE_INDEXED_SEMANTIC_CONTINUITY) become "_" + semantic.
std::string written_name(const ir::Mesh& m, const ir::Attribute& a, const Semantic& s) {
  if (s.kind == Semantic::kTangent && !m.find("NORMAL")) return "_" + a.semantic;
  if (s.kind == Semantic::kTexcoord || s.kind == Semantic::kColor) {
    const std::string prefix = a.semantic.substr(0, a.semantic.rfind('_') + 1);
    for (int n = 0; n < s.set; ++n)
      if (!m.find(prefix + std::to_string(n))) return "_" + a.semantic;
  }
  return a.semantic;
}

}  // namespace

std::optional<ir::Diagnostic> write_attributes(Document& doc) {
  const ir::Mesh& m = doc.mesh;
  std::optional<CleanSkin> skin;
  if (m.find("JOINTS_0")) {
    auto cleaned = clean_skin(m, m.skin->bones.size());
    if (!cleaned) return cleaned.error();
    skin = std::move(*cleaned);
    if (skin->zero_weight_vertices)
      doc.warn("GLTF_ZERO_WEIGHTS",
               std::to_string(skin->zero_weight_vertices) +
                   " vertices have no skin weight; written with full weight on joint 0",
               "mesh/attributes/WEIGHTS_0");
    if (skin->changed_vertices > skin->zero_weight_vertices)
      doc.warn("GLTF_WEIGHTS_RENORMALISED",
               std::to_string(skin->changed_vertices - skin->zero_weight_vertices) +
                   " vertices had weights not summing to 255 or a repeated joint; rescaled to "
                   "255 (largest remainder), repeats merged, zero weights on joint 0",
               "mesh/attributes/WEIGHTS_0");
  }

  for (const ir::Attribute& a : m.attributes) {
    const Semantic s = parse_semantic(a.semantic);
    const std::string name = written_name(m, a, s);
    const std::string path = "mesh/attributes/" + a.semantic;
    if (name != a.semantic)
      doc.warn("GLTF_ATTRIBUTE_RENAMED",
               a.semantic + " written as " + name +
                   (s.kind == Semantic::kTangent ? " (glTF needs NORMAL beside TANGENT)"
                                                 : " (glTF needs the lower sets first)"),
               path);

    // What is written: the IR's values, or values the writer made (kept by doc.bin).
    const ir::Attribute* src = &a;
    const void* data = data_of(a);
    const std::vector<float>* floats = &a.f32;
    if (s.kind == Semantic::kNormal || s.kind == Semantic::kTangent) {
      std::vector<float> unit = a.f32;
      const bool normal = s.kind == Semantic::kNormal;
      const UnitStats st = make_unit_vectors(unit.data(), m.vertex_count, a.width,
                                             normal ? kNormalFallback : kTangentFallback);
      floats = &doc.bin.keep(std::move(unit));
      data = floats->data();
      if (st.degenerate)
        doc.warn(normal ? "GLTF_ZERO_NORMAL" : "GLTF_ZERO_TANGENT",
                 std::to_string(st.degenerate) + " zero-length or non-finite vectors written as " +
                     (normal ? "(0, 0, 1)" : "(1, 0, 0)"),
                 path);
      if (st.bad_w)
        doc.warn("GLTF_TANGENT_W",
                 std::to_string(st.bad_w) + " tangents had w other than +1/-1; written as its sign",
                 path);
    } else if (s.kind == Semantic::kJoints) {
      src = &skin->joints[s.set];
      data = keep_data(doc.bin, skin->joints[s.set]);
    } else if (s.kind == Semantic::kWeights) {
      src = &skin->weights[s.set];
      data = keep_data(doc.bin, skin->weights[s.set]);
    }

    const int ct = component_type_of(*src);
    const int view = doc.bin.add_view(data, m.vertex_count, src->width, ct, kArrayBuffer);
    const int acc =
        s.kind == Semantic::kPosition
            ? doc.bin.add_float_accessor_with_bounds(view, floats->data(), m.vertex_count, 3)
            : doc.bin.add_accessor(view, 0, m.vertex_count, src->width, ct, src->normalized);
    doc.attributes[name] = acc;
    doc.written_name[a.semantic] = name;
    if (!m.morph_targets.empty() && src->type == ir::Scalar::F32)
      doc.written_floats[a.semantic] = floats;  // the bases of the morph deltas
  }
  return std::nullopt;
}

}  // namespace f2g::gltf
