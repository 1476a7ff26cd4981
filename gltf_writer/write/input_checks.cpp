#include "gltf_writer/write/input_checks.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>
#include <string>

#include "gltf_writer/write/semantics.h"

namespace f2g::gltf {
namespace {

using ir::Diagnostic;
using std::to_string;

Diagnostic error(const char* code, std::string message, std::string path) {
  return Diagnostic{code, std::move(message), std::move(path), 0};
}

// The first non-finite value of a float array, as an error naming its place. Blocks are
// tested without a branch per value (all exponent bits set = NaN or infinity), which
// vectorises; only a block that holds one is rescanned for the first.
std::optional<Diagnostic> finite(const std::vector<float>& values, size_t width,
                                 const std::string& path) {
  constexpr size_t kBlock = 1024;
  for (size_t start = 0; start < values.size(); start += kBlock) {
    const size_t end = std::min(values.size(), start + kBlock);
    uint32_t any = 0;
    for (size_t i = start; i < end; ++i) {
      uint32_t bits;
      std::memcpy(&bits, &values[i], 4);
      any |= (bits & 0x7F800000u) == 0x7F800000u;
    }
    if (!any) continue;
    for (size_t i = start; i < end; ++i)
      if (!std::isfinite(values[i]))
        return error("GLTF_NON_FINITE_VALUE",
                     "vertex " + to_string(i / width) + " component " + to_string(i % width) +
                         " is " + (std::isnan(values[i]) ? "NaN" : "infinite") +
                         ", which glTF accessors cannot hold",
                     path);
  }
  return std::nullopt;
}

std::optional<Diagnostic> check_attributes(const ir::Mesh& m) {
  std::set<std::string> seen;
  for (const ir::Attribute& a : m.attributes) {
    const std::string path = "mesh/attributes/" + a.semantic;
    if (!seen.insert(a.semantic).second)
      return error("GLTF_DUPLICATE_ATTRIBUTE", "semantic " + a.semantic + " appears twice", path);
    const Semantic s = parse_semantic(a.semantic);
    if (s.kind == Semantic::kUnknown)
      return error("GLTF_UNKNOWN_SEMANTIC",
                   "'" + a.semantic + "' is neither a glTF semantic nor a custom _NAME", path);
    if (!accepted_format(s, a))
      return error("GLTF_ATTRIBUTE_FORMAT", a.semantic + " cannot be written as " + format_name(a),
                   path);
    if (a.value_count() != size_t(m.vertex_count) * a.width)
      return error("GLTF_ATTRIBUTE_SIZE",
                   to_string(a.value_count()) + " values, expected " + to_string(m.vertex_count) +
                       " vertices x " + to_string(a.width),
                   path);
    // NORMAL/TANGENT: a non-finite vector falls back to a unit one with a warning.
    if (a.type == ir::Scalar::F32 && s.kind != Semantic::kNormal && s.kind != Semantic::kTangent &&
        s.kind != Semantic::kWeights)
      if (auto e = finite(a.f32, a.width, path)) return e;
  }
  if (!m.find("POSITION"))
    return error("GLTF_NO_POSITION", "the mesh has no POSITION attribute", "mesh/attributes");

  // JOINTS_n / WEIGHTS_n come in pairs numbered 0, 1, ... (validator:
  // MESH_PRIMITIVE_JOINTS_WEIGHTS_MISMATCH, MESH_PRIMITIVE_INDEXED_SEMANTIC_CONTINUITY).
  int joints = 0, weights = 0;
  for (const ir::Attribute& a : m.attributes) {
    const Semantic s = parse_semantic(a.semantic);
    joints += s.kind == Semantic::kJoints;
    weights += s.kind == Semantic::kWeights;
  }
  for (int n = 0; n < std::max(joints, weights); ++n)
    if (!m.find("JOINTS_" + to_string(n)) || !m.find("WEIGHTS_" + to_string(n)))
      return error("GLTF_SKIN_ATTRIBUTES",
                   to_string(joints) + " JOINTS and " + to_string(weights) +
                       " WEIGHTS sets do not pair up as JOINTS_0/WEIGHTS_0 .. _" +
                       to_string(std::max(joints, weights) - 1),
                   "mesh/attributes");
  if (joints > 0 && (!m.skin || m.skin->bones.empty()))
    return error("GLTF_JOINTS_WITHOUT_SKIN", "JOINTS_0 is present but the mesh has no bones",
                 "mesh/skin");
  return std::nullopt;
}

std::optional<Diagnostic> check_primitives(const ir::Mesh& m) {
  bool drawable = false;
  for (size_t p = 0; p < m.primitives.size(); ++p) {
    const ir::Primitive& pr = m.primitives[p];
    const std::string path = "mesh/primitives[" + to_string(p) + "]";
    if (uint64_t(pr.first_index) + pr.index_count > m.indices.size())
      return error("GLTF_PRIMITIVE_RANGE",
                   "indices [" + to_string(pr.first_index) + ", +" + to_string(pr.index_count) +
                       ") exceed the " + to_string(m.indices.size()) + " indices",
                   path);
    if (pr.material >= m.materials.size() && !(m.materials.empty() && pr.material == 0))
      return error("GLTF_MATERIAL_OUT_OF_RANGE",
                   "material " + to_string(pr.material) + " of " + to_string(m.materials.size()),
                   path + ".material");
    // One branch-free pass (it vectorises); the rescan only names the first offender.
    const size_t end = size_t(pr.first_index) + pr.index_count;
    uint32_t any = 0;
    for (size_t i = pr.first_index; i < end; ++i) any |= m.indices[i] >= m.vertex_count;
    if (any)
      for (size_t i = pr.first_index; i < end; ++i)
        if (m.indices[i] >= m.vertex_count)
          return error("GLTF_INDEX_OUT_OF_RANGE",
                       "index " + to_string(i) + " is " + to_string(m.indices[i]) + ", past the " +
                           to_string(m.vertex_count) + " vertices",
                       path);
    drawable = drawable || pr.index_count >= 3;
  }
  if (!drawable)
    return error("GLTF_NO_PRIMITIVES",
                 "none of the " + to_string(m.primitives.size()) +
                     " primitives has a whole triangle; a glTF mesh needs one",
                 "mesh/primitives");
  return std::nullopt;
}

std::optional<Diagnostic> check_targets(const ir::Mesh& m) {
  const size_t n3 = size_t(m.vertex_count) * 3;
  for (size_t k = 0; k < m.morph_targets.size(); ++k) {
    const ir::MorphTarget& t = m.morph_targets[k];
    const std::string path = "mesh/morph_targets[" + to_string(k) + "]";
    if (t.positions.size() != n3)
      return error("GLTF_MORPH_TARGET_SIZE",
                   to_string(t.positions.size()) + " position values, expected " + to_string(n3),
                   path + ".positions");
    if (auto e = finite(t.positions, 3, path + ".positions")) return e;
    if (!t.normals.empty() && t.normals.size() != n3)
      return error("GLTF_MORPH_TARGET_SIZE",
                   to_string(t.normals.size()) + " normal values, expected " + to_string(n3),
                   path + ".normals");
    for (const ir::Attribute& o : t.others) {
      const ir::Attribute* base = m.find(o.semantic);
      if (!base) continue;  // dropped with a warning by the writer
      if (o.type != base->type || o.width != base->width || o.value_count() != base->value_count())
        return error("GLTF_MORPH_TARGET_SIZE",
                     o.semantic + " is " + format_name(o) + " x " + to_string(o.vertex_count()) +
                         ", the base is " + format_name(*base) + " x " +
                         to_string(base->vertex_count()),
                     path + ".others." + o.semantic);
      if (o.type == ir::Scalar::F32)
        if (auto e = finite(o.f32, o.width, path + ".others." + o.semantic)) return e;
    }
  }
  return std::nullopt;
}

std::optional<Diagnostic> check_skin(const ir::Mesh& m) {
  if (!m.skin) return std::nullopt;
  for (size_t b = 0; b < m.skin->bones.size(); ++b)
    for (size_t i = 0; i < 16; ++i)
      if (!std::isfinite(m.skin->bones[b].inverse_bind[i]))
        return error("GLTF_NON_FINITE_VALUE",
                     "inverse bind matrix element " + to_string(i) + " is not finite",
                     "mesh/skin/bones[" + to_string(b) + "].inverse_bind");
  return std::nullopt;
}

}  // namespace

std::optional<Diagnostic> check_mesh(const ir::Mesh& m, const WriteOptions& options) {
  if (!options.binary && options.bin_uri.empty())
    return error("GLTF_NO_BIN_URI", ".gltf output needs WriteOptions::bin_uri", "options");
  if (m.vertex_count == 0)
    return error("GLTF_EMPTY_MESH", "the mesh has no vertices", "mesh/vertex_count");
  if (auto e = check_attributes(m)) return e;
  if (auto e = check_primitives(m)) return e;
  if (auto e = check_targets(m)) return e;
  return check_skin(m);
}

}  // namespace f2g::gltf
