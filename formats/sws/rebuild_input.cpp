// What the SWS rebuild accepts as incoming geometry, and how close a value must be to the
// donor's to count as unedited.
#include <algorithm>
#include <cmath>
#include <map>

#include "formats/sws/rebuild.h"

namespace f2g::sws {

namespace {

Error error(const char* code, std::string message, std::string path) {
  return Error{code, std::move(message), std::move(path), 0};
}

std::string n(uint64_t v) { return std::to_string(v); }

}  // namespace

std::optional<Error> check_incoming(const ir::Mesh& in, const Donor& donor) {
  // Counts come from the incoming mesh: every size is checked against vertex_count before
  // anything is indexed or allocated from it.
  const ir::Attribute* pos = in.find("POSITION");
  if (!pos || pos->width != 3)
    return error("IMPORT_SWS_NO_POSITION",
                 "the incoming mesh has no POSITION attribute of 3 components", "mesh.POSITION");
  for (const ir::Attribute& a : in.attributes)
    if (a.width == 0 || a.value_count() != uint64_t(a.width) * in.vertex_count)
      return error("IMPORT_SWS_ATTRIBUTE_SIZE",
                   a.semantic + " holds " + n(a.value_count()) + " values, expected " + n(a.width) +
                       " x " + n(in.vertex_count) + " vertices",
                   "mesh." + a.semantic);
  for (size_t i = 0; i < in.indices.size(); ++i)
    if (in.indices[i] >= in.vertex_count)
      return error("IMPORT_SWS_INDEX_OUT_OF_RANGE",
                   "index " + n(i) + " = " + n(in.indices[i]) + " is not below the " +
                       n(in.vertex_count) + " vertices",
                   "mesh.indices[" + n(i) + "]");
  for (size_t p = 0; p < in.primitives.size(); ++p) {
    const ir::Primitive& g = in.primitives[p];
    const std::string path = "mesh.primitives[" + n(p) + "]";
    if (g.index_count % 3 != 0 || uint64_t(g.first_index) + g.index_count > in.indices.size())
      return error("IMPORT_SWS_BAD_PRIMITIVE",
                   "indices " + n(g.first_index) + " + " + n(g.index_count) +
                       " are not whole triangles inside the " + n(in.indices.size()) + " indices",
                   path);
    // spec: Mesh 49+76n+L: material i is range i's, so the donor's materials are its ranges.
    if (g.material >= donor.mesh.compiled.ranges_a.size())
      return error("IMPORT_SWS_MATERIAL_OUT_OF_RANGE",
                   "material " + n(g.material) + " is past the donor's " +
                       n(donor.mesh.compiled.ranges_a.size()) + " materials",
                   path + ".material");
  }
  if (donor.skinned)
    for (int set = 0;; ++set) {
      const ir::Attribute* j = in.find("JOINTS_" + std::to_string(set));
      const ir::Attribute* w = in.find("WEIGHTS_" + std::to_string(set));
      if (!j || !w) break;
      if (j->width != w->width)
        return error("IMPORT_SWS_ATTRIBUTE_SIZE",
                     j->semantic + " and " + w->semantic + " differ in width",
                     "mesh." + j->semantic);
      // spec: palette 0x7, u8 bone indices: a palette reaches the first 256 bones only.
      const double bones = double(std::min<size_t>(donor.mesh.bones.size(), 256));
      for (uint32_t v = 0; v < in.vertex_count; ++v)
        for (size_t c = 0; c < j->width; ++c) {
          const double weight = w->get(v, c), joint = j->get(v, c);
          if (!(weight >= 0) || !std::isfinite(weight))
            return error("IMPORT_SWS_BAD_WEIGHT",
                         "vertex " + n(v) + "'s weight " + std::to_string(weight) +
                             " is negative or not finite",
                         "mesh." + w->semantic);
          if (!(joint >= 0 && joint < 65536) || (weight > 0 && !(joint < bones)))
            return error("IMPORT_SWS_JOINT_OUT_OF_RANGE",
                         "vertex " + n(v) + " names joint " + std::to_string(joint) +
                             " of the donor's " + n(donor.mesh.bones.size()) +
                             " bones (palettes reach 256)",
                         "mesh." + j->semantic);
        }
    }
  // Morph targets: the donor's names in the donor's order, absolute values per vertex.
  const std::vector<ir::MorphTarget>& want = donor.ir.morph_targets;
  bool same = want.size() == in.morph_targets.size();
  for (size_t k = 0; same && k < want.size(); ++k) same = want[k].name == in.morph_targets[k].name;
  if (!same) {
    std::string a, b;
    for (const ir::MorphTarget& t : want) a += (a.empty() ? "" : ", ") + t.name;
    for (const ir::MorphTarget& t : in.morph_targets) b += (b.empty() ? "" : ", ") + t.name;
    return error("IMPORT_SWS_MORPH_TARGETS_MISMATCH",
                 "the donor's morph targets [" + a + "] differ from the incoming [" + b + "]",
                 "mesh.morph_targets");
  }
  const uint64_t n3 = uint64_t(in.vertex_count) * 3;
  for (size_t k = 0; k < in.morph_targets.size(); ++k) {
    const ir::MorphTarget& t = in.morph_targets[k];
    bool ok = t.positions.size() == n3 && (t.normals.empty() || t.normals.size() == n3);
    for (const ir::Attribute& o : t.others)
      ok = ok && o.width && o.value_count() == uint64_t(o.width) * in.vertex_count;
    if (!ok)
      return error("IMPORT_SWS_ATTRIBUTE_SIZE",
                   "morph target " + t.name + " holds " + n(t.positions.size()) +
                       " position values (or others), expected 3 x " + n(in.vertex_count),
                   "mesh.morph_targets[" + n(k) + "]");
  }
  return std::nullopt;
}

HalfStep donor_half_step(const Donor& donor) {
  // docs/READING.md "Vertex elements (assumed)": the encoding of each element decides its step.
  // float32: 2 ulp of the vertex's largest component (a position's at least the mesh's);
  // ubyte4_vector (b / 127 - 1): 0.5 / 127; d3dcolor and unorm8: 0.5 / 255; raw bytes (and the kept
  // w bytes): below one. The matcher compares NORMAL and TANGENT normalised, within twice the step:
  // a quarter step each keeps a neighbouring byte (1 / 127 away) from fitting, so duplicated
  // vertices that differ by one normal byte are told apart.
  enum Kind { Exact, Float, Unit127, Direction, Unit255, Byte };
  auto kinds = std::make_shared<std::map<std::string, Kind>>();
  for (const LayoutElement& e : donor.layout.elements) {
    Kind k = Exact;
    switch (e.def.encoding) {
      case Encoding::Float32x2:
      case Encoding::Float32x3:
      case Encoding::Float32x4:
        k = Float;
        break;
      case Encoding::UByte4Vector:
        k = e.def.semantic == "NORMAL" || e.def.semantic == "TANGENT" ? Direction : Unit127;
        (*kinds)[(e.def.semantic[0] == '_' ? e.def.semantic : "_" + e.def.semantic) + "_W"] = Byte;
        break;
      case Encoding::D3DColor:
      case Encoding::UNorm8x4:
        k = Unit255;
        break;
      case Encoding::UByte4:
        k = Byte;
        break;
    }
    (*kinds)[e.def.semantic] = k;
  }
  const ir::Mesh* d = &donor.ir;
  const double extent = largest_magnitude(d->find("POSITION"));
  return [kinds, d, extent](const std::string& semantic, uint32_t v, size_t) -> double {
    const auto it = kinds->find(semantic);
    if (it == kinds->end()) return 0;
    switch (it->second) {
      case Float:
        return float_half_step(d->find(semantic), v, 2, semantic == "POSITION" ? extent : 0);
      case Unit127:
        return 0.5 / 127;
      case Direction:
        return 0.25 / 127;
      case Unit255:
        return 0.5 / 255;
      case Byte:
        return 0.25;
      case Exact:
        break;
    }
    return 0;
  };
}

}  // namespace f2g::sws
