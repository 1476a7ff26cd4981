// What the SWS rebuild accepts as incoming geometry, and how close a value must be to the
// donor's to count as unedited.
#include <algorithm>
#include <cmath>
#include <map>

#include "formats/common/incoming_checks.h"
#include "formats/sws/rebuild.h"

namespace f2g::sws {

namespace {

Error error(const char* code, std::string message, std::string path) {
  return Error{code, std::move(message), std::move(path), 0};
}

std::string n(uint64_t v) { return std::to_string(v); }

}  // namespace

std::optional<Error> check_incoming(const ir::Mesh& in, const Donor& donor) {
  IncomingLimits limits;
  // spec: Mesh 49+76n+L: material i is range i's, so the donor's materials are its ranges.
  limits.materials = donor.mesh.compiled.ranges_a.size();
  limits.skinned = donor.skinned;
  limits.bones = donor.mesh.bones.size();
  limits.joint_limit = 256;  // spec: palette 0x7, u8 bone indices: the first 256 bones
  if (std::optional<Error> e = check_incoming_mesh(in, limits)) return e;
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
                 "mesh/morph_targets");
  }
  const uint64_t n3 = uint64_t(in.vertex_count) * 3;
  for (size_t k = 0; k < in.morph_targets.size(); ++k) {
    const ir::MorphTarget& t = in.morph_targets[k];
    bool ok = t.positions.size() == n3 && (t.normals.empty() || t.normals.size() == n3);
    for (const ir::Attribute& o : t.others)
      ok = ok && o.width && o.value_count() == uint64_t(o.width) * in.vertex_count;
    if (!ok)
      return error("IMPORT_ATTRIBUTE_SIZE",
                   "morph target " + t.name + " holds " + n(t.positions.size()) +
                       " position values (or others), expected 3 x " + n(in.vertex_count),
                   "mesh/morph_targets[" + n(k) + "]");
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
  // Per semantic its kind and, for floats, the attribute and the magnitude floor, looked up
  // once here: the matcher asks for a step per candidate vertex and component.
  struct Step {
    Kind kind = Exact;
    const ir::Attribute* attribute = nullptr;
    double floor = 0;
  };
  auto steps = std::make_shared<std::map<std::string, Step>>();
  const ir::Mesh& d = donor.ir;
  const double extent = largest_magnitude(d.find("POSITION"));
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
        (*steps)[(e.def.semantic[0] == '_' ? e.def.semantic : "_" + e.def.semantic) + "_W"] = {
            Byte, nullptr, 0};
        break;
      case Encoding::D3DColor:
      case Encoding::UNorm8x4:
        k = Unit255;
        break;
      case Encoding::UByte4:
        k = Byte;
        break;
    }
    (*steps)[e.def.semantic] = {k, d.find(e.def.semantic),
                                e.def.semantic == "POSITION" ? extent : 0};
  }
  return [steps](const std::string& semantic) -> StepAt {
    const auto it = steps->find(semantic);
    if (it == steps->end()) return constant_step(0);
    const Step& s = it->second;
    switch (s.kind) {
      case Float:
        return float_step(s.attribute, 2, s.floor);
      case Unit127:
        return constant_step(0.5 / 127);
      case Direction:
        return constant_step(0.25 / 127);
      case Unit255:
        return constant_step(0.5 / 255);
      case Byte:
        return constant_step(0.25);
      case Exact:
        break;
    }
    return constant_step(0);
  };
}

}  // namespace f2g::sws
