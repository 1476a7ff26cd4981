#include "tests/support/as_written.h"

#include "gltf_writer/write/extras_keys.h"
#include "gltf_writer/write/morph_delta.h"
#include "gltf_writer/write/semantics.h"
#include "gltf_writer/write/skin_weights.h"
#include "gltf_writer/write/unit_vectors.h"

namespace f2g::gltf {
namespace {

ir::Json object_or_wrapped(const ir::Json& extras) {
  if (extras.is_null()) return ir::Json::object();
  if (extras.is_object()) return extras;
  return ir::Json{{"value", extras}};
}

bool empty_extras(const ir::Json& j) { return j.is_null() || (j.is_object() && j.empty()); }

// The glTF name write_attributes gives a semantic (a "_" prefix where glTF cannot hold it).
bool written_under_own_name(const ir::Mesh& m, const std::string& semantic) {
  const Semantic s = parse_semantic(semantic);
  if (s.kind == Semantic::kTangent) return m.find("NORMAL") != nullptr;
  if (s.kind == Semantic::kTexcoord || s.kind == Semantic::kColor) {
    const std::string prefix = semantic.substr(0, semantic.rfind('_') + 1);
    for (int n = 0; n < s.set; ++n)
      if (!m.find(prefix + std::to_string(n))) return false;
  }
  return true;
}

}  // namespace

ir::Mesh as_written(const ir::Mesh& mesh) {
  ir::Mesh e = mesh;
  e.source.path.clear();
  e.warnings.clear();
  // Keys the writer owns (extras_keys.h) are taken out by the reader.
  e.extras = object_or_wrapped(mesh.extras);
  for (const char* k :
       {keys::kSource, keys::kTargetNames, keys::kTargetExtras, keys::kEmptyPrimitives})
    e.extras.erase(k);
  for (ir::Primitive& p : e.primitives) {
    p.extras = object_or_wrapped(p.extras);
    if (p.index_count >= 3)
      for (const char* k : {keys::kFirstVertex, keys::kVertexCount, keys::kTrailingIndices})
        p.extras.erase(k);
  }
  for (ir::Material& mat : e.materials)
    if (empty_extras(mat.extras)) mat.extras = ir::Json::object();

  for (ir::Attribute& a : e.attributes) {
    const Semantic s = parse_semantic(a.semantic);
    if (s.kind == Semantic::kNormal)
      make_unit_vectors(a.f32.data(), e.vertex_count, 3, kNormalFallback);
    if (s.kind == Semantic::kTangent)
      make_unit_vectors(a.f32.data(), e.vertex_count, 4, kTangentFallback);
  }
  if (mesh.find("JOINTS_0") && mesh.skin) {
    const auto clean = clean_skin(mesh, mesh.skin->bones.size());
    if (clean.ok())
      for (size_t s = 0; s < clean->joints.size(); ++s) {
        *e.find(clean->joints[s].semantic) = clean->joints[s];
        *e.find(clean->weights[s].semantic) = clean->weights[s];
      }
  }
  if (e.skin && e.skin->bones.empty()) e.skin.reset();
  if (e.skin)
    for (ir::Bone& b : e.skin->bones) {
      b.extras = object_or_wrapped(b.extras);
      for (const char* k :
           {keys::kBoneIdStored, keys::kBoneNameHashStored, keys::kInverseBindStored})
        b.extras.erase(k);
    }

  const ir::Attribute* position = e.find("POSITION");
  const ir::Attribute* normal = e.find("NORMAL");
  bool any_target_extras = false;
  for (const ir::MorphTarget& t : mesh.morph_targets) any_target_extras |= !empty_extras(t.extras);
  for (ir::MorphTarget& t : e.morph_targets) {
    if (!any_target_extras) t.extras = ir::Json::object();
    for (size_t i = 0; i < t.positions.size() && position; ++i)
      t.positions[i] = morph_delta(position->f32[i], t.positions[i]).reached;
    if (!normal) {
      t.normals.clear();
    } else if (!t.normals.empty()) {
      make_unit_vectors(t.normals.data(), e.vertex_count, 3, kNormalFallback);
      for (size_t i = 0; i < t.normals.size(); ++i)
        t.normals[i] = morph_delta(normal->f32[i], t.normals[i]).reached;
    }
    std::vector<ir::Attribute> kept;
    for (ir::Attribute& o : t.others) {
      const ir::Attribute* base = e.find(o.semantic);
      const Semantic s = parse_semantic(o.semantic);
      bool seen = false;
      for (const ir::Attribute& k : kept) seen |= k.semantic == o.semantic;
      const bool f32 = base && base->type == ir::Scalar::F32;
      const bool unorm8 = base && base->type == ir::Scalar::U8 && base->normalized;
      if (seen || !base || !written_under_own_name(mesh, o.semantic) ||
          !((s.kind == Semantic::kTexcoord && f32) ||
            (s.kind == Semantic::kColor && (f32 || unorm8))))
        continue;
      for (size_t i = 0; i < o.f32.size(); ++i)
        o.f32[i] = morph_delta(base->f32[i], o.f32[i]).reached;
      for (size_t i = 0; i < o.u8.size(); ++i)
        o.u8[i] = static_cast<uint8_t>(unorm8_morph_delta(base->u8[i], o.u8[i]).reached);
      kept.push_back(std::move(o));
    }
    t.others = std::move(kept);
  }
  return e;
}

}  // namespace f2g::gltf
