// Morph targets as glTF deltas by the exact rule (morph_delta.h): POSITION always, NORMAL
// where the IR target has normals (both sides normalised as written), TEXCOORD_n and COLOR_n
// from `others` (glTF 2.0 sec. 3.7.2.2 allows them; the validator accepts them and Blender 3.4
// reads only POSITION of a target, so they cost nothing there).
#include <cmath>
#include <cstring>
#include <string>

#include "gltf_writer/write/document.h"
#include "gltf_writer/write/morph_delta.h"
#include "gltf_writer/write/semantics.h"
#include "gltf_writer/write/unit_vectors.h"

namespace f2g::gltf {
namespace {

// Deltas of float targets over float bases; counts the unreachable components.
std::vector<float> float_deltas(const std::vector<float>& base, const std::vector<float>& target,
                                size_t& unreachable) {
  std::vector<float> d(base.size());
  for (size_t i = 0; i < base.size(); ++i) {
    // morph_delta's own first try, inlined: the plain difference nearly always reaches.
    const float d0 = target[i] - base[i];
    const float sum = base[i] + d0;
    if (std::isfinite(d0) && std::memcmp(&sum, &target[i], 4) == 0) {
      d[i] = d0;
      continue;
    }
    const MorphDelta md = morph_delta(base[i], target[i]);
    d[i] = md.delta;
    unreachable += !md.exact;
  }
  return d;
}

std::vector<float> unorm8_deltas(const std::vector<uint8_t>& base,
                                 const std::vector<uint8_t>& target, size_t& unreachable) {
  std::vector<float> d(base.size());
  for (size_t i = 0; i < base.size(); ++i) {
    const UnormDelta ud = unorm8_morph_delta(base[i], target[i]);
    d[i] = ud.delta;
    unreachable += !ud.exact;
  }
  return d;
}

// The written base values of `semantic` (empty when none were written).
const std::vector<float>& written_base(const Document& doc, const std::string& semantic) {
  static const std::vector<float> none;
  const auto it = doc.written_floats.find(semantic);
  return it == doc.written_floats.end() ? none : *it->second;
}

}  // namespace

void write_targets(Document& doc) {
  const ir::Mesh& m = doc.mesh;
  const size_t vc = m.vertex_count;
  for (size_t k = 0; k < m.morph_targets.size(); ++k) {
    const ir::MorphTarget& t = m.morph_targets[k];
    const std::string path = "mesh/morph_targets[" + std::to_string(k) + "]";
    Json target = Json::object();

    // Each delta array backs a view until the GLB is packed: kept by doc.bin.
    const std::vector<float>* d =
        &doc.bin.keep(float_deltas(written_base(doc, "POSITION"), t.positions, doc.unreachable));
    int view = doc.bin.add_view(d->data(), vc, 3, kFloat, kArrayBuffer);
    target["POSITION"] = doc.bin.add_float_accessor_with_bounds(view, d->data(), vc, 3);

    if (!t.normals.empty()) {
      if (doc.written_name.count("NORMAL") == 0) {
        doc.warn("GLTF_MORPH_ATTRIBUTE_DROPPED",
                 "target normals without a base NORMAL cannot be written as deltas",
                 path + ".normals");
      } else {
        std::vector<float> unit = t.normals;
        const UnitStats st = make_unit_vectors(unit.data(), vc, 3, kNormalFallback);
        if (st.degenerate)
          doc.warn("GLTF_ZERO_NORMAL",
                   std::to_string(st.degenerate) +
                       " zero-length or non-finite target normals written as (0, 0, 1)",
                   path + ".normals");
        d = &doc.bin.keep(float_deltas(written_base(doc, "NORMAL"), unit, doc.unreachable));
        view = doc.bin.add_view(d->data(), vc, 3, kFloat, kArrayBuffer);
        target["NORMAL"] = doc.bin.add_accessor(view, 0, vc, 3, kFloat, false);
      }
    }

    for (const ir::Attribute& o : t.others) {
      const ir::Attribute* base = m.find(o.semantic);
      const Semantic s = parse_semantic(o.semantic);
      const bool standing = base && doc.written_name[o.semantic] == o.semantic;
      const bool texcoord = s.kind == Semantic::kTexcoord && base && base->type == ir::Scalar::F32;
      const bool color =
          s.kind == Semantic::kColor && base &&
          (base->type == ir::Scalar::F32 || (base->type == ir::Scalar::U8 && base->normalized));
      if (!standing || !(texcoord || color) || target.contains(o.semantic)) {
        doc.warn("GLTF_MORPH_ATTRIBUTE_DROPPED",
                 o.semantic + " (" + format_name(o) +
                     ") has no glTF morph form here: only TEXCOORD_n over float and COLOR_n "
                     "over float or u8 normalized bases, once per target",
                 path + ".others." + o.semantic);
        continue;
      }
      d = &doc.bin.keep(o.type == ir::Scalar::F32 ? float_deltas(base->f32, o.f32, doc.unreachable)
                                                  : unorm8_deltas(base->u8, o.u8, doc.unreachable));
      view = doc.bin.add_view(d->data(), vc, o.width, kFloat, kArrayBuffer);
      target[o.semantic] = doc.bin.add_accessor(view, 0, vc, o.width, kFloat, false);
    }
    doc.targets.push_back(std::move(target));
  }
  if (doc.unreachable)
    doc.warn("GLTF_MORPH_UNREACHABLE",
             std::to_string(doc.unreachable) +
                 " morph target components cannot be reached exactly by any float32 delta; "
                 "written as the nearest reachable value",
             "mesh/morph_targets");
}

}  // namespace f2g::gltf
