#include "converter/import/donor_match.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include "formats/common/names.h"

namespace f2g::import {
namespace {

using ir::Diagnostic;
using std::to_string;

std::string hex16(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llX", static_cast<unsigned long long>(v));
  return b;
}

std::optional<uint64_t> donor_material_id(const ir::Material& m) {
  if (m.extras.is_object() && m.extras.contains("id") && m.extras["id"].is_string())
    if (auto id = hex_in(m.extras["id"].get<std::string>())) return id;
  return hex_in(m.name);
}

// Which scene joints some vertex weighs (> 0).
std::vector<uint8_t> weighted_joints(const ir::Mesh& mesh, size_t joints) {
  std::vector<uint8_t> used(joints, 0);
  for (int set = 0;; ++set) {
    const ir::Attribute* j = mesh.find("JOINTS_" + to_string(set));
    const ir::Attribute* w = mesh.find("WEIGHTS_" + to_string(set));
    if (!j || !w) break;
    const size_t n = std::min(j->value_count(), w->value_count());
    for (size_t i = 0; i < n; ++i)
      if (w->f32.size() > i && w->f32[i] > 0 && j->u16[i] < joints) used[j->u16[i]] = 1;
  }
  return used;
}

// Donor bone position: the translation of its bind (the inverse of the inverse bind).
std::array<double, 3> bone_position(const ir::Bone& b) {
  const auto& m = b.inverse_bind;  // column-major; rigid: R^T, -R^T t
  std::array<double, 3> t{};
  for (int r = 0; r < 3; ++r)
    t[r] = -(m[r * 4 + 0] * m[12] + m[r * 4 + 1] * m[13] + m[r * 4 + 2] * m[14]);
  return t;
}

}  // namespace

std::string without_blender_suffix(const std::string& name) {
  const size_t dot = name.rfind('.');
  if (dot == std::string::npos || dot + 4 != name.size()) return name;
  for (size_t i = dot + 1; i < name.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) return name;
  return name.substr(0, dot);
}

namespace {

// The number of Blender's ".001" suffix (0 without one): the repeat of a name it renamed.
size_t blender_repeat(const std::string& name) {
  const std::string base = without_blender_suffix(name);
  return base.size() == name.size() ? 0 : size_t(std::stoul(name.substr(base.size() + 1)));
}

}  // namespace

std::optional<uint64_t> hex_in(const std::string& text) {
  for (size_t i = 0; i + 2 < text.size() + 1; ++i) {
    if (text[i] != '0' || i + 1 >= text.size() || (text[i + 1] != 'x' && text[i + 1] != 'X'))
      continue;
    uint64_t v = 0;
    size_t k = i + 2, digits = 0;
    for (; k < text.size() && std::isxdigit(static_cast<unsigned char>(text[k])) && digits < 16;
         ++k, ++digits)
      v = v * 16 + uint64_t(std::isdigit(static_cast<unsigned char>(text[k]))
                                ? text[k] - '0'
                                : std::tolower(static_cast<unsigned char>(text[k])) - 'a' + 10);
    if (digits) return v;
  }
  return std::nullopt;
}

ir::Result<NameMatch> match_names(const gltf::Scene& scene, const ir::Mesh& donor,
                                  const MatchOptions& options) {
  NameMatch out;
  // Materials: every glTF material some primitive draws with, plus "none" (kNoMaterial).
  const size_t n = scene.materials.size();
  out.material_of.assign(n + 1, gltf::kNoMaterial);
  std::vector<uint8_t> drawn(n + 1, 0);
  for (const ir::Primitive& p : scene.mesh.primitives)
    drawn[p.material == gltf::kNoMaterial ? n : p.material] = 1;
  std::vector<std::string> have;
  for (const ir::Material& m : donor.materials) have.push_back(m.name);
  // Several draws may share one material id (a material cut into ranges at its palette's 32
  // bones, docs/READING.md "Palettes"): the one convert numbered (extras.index) when it has
  // the id, else the one Blender's ".001" suffix counts to among those with it, else the first.
  auto donor_index = [&](uint64_t id, size_t repeat = 0) -> int64_t {
    int64_t first = -1;
    for (size_t d = 0; d < donor.materials.size(); ++d)
      if (donor_material_id(donor.materials[d]) == id) {
        if (first < 0) first = int64_t(d);
        if (repeat-- == 0) return int64_t(d);
      }
    return first;
  };
  auto numbered = [&](const ir::Json& ex, uint64_t id) -> int64_t {
    if (!ex.contains("index") || !ex["index"].is_number_unsigned()) return -1;
    const uint64_t i = ex["index"].get<uint64_t>();
    return i < donor.materials.size() && donor_material_id(donor.materials[i]) == id ? int64_t(i)
                                                                                     : -1;
  };
  for (size_t g = 0; g <= n; ++g) {
    if (!drawn[g]) continue;
    const std::string name = g < n ? scene.materials[g].name : "";
    int64_t d = -1;
    if (auto it = options.map_material.find(name); it != options.map_material.end()) {
      if (auto id = hex_in(it->second)) d = donor_index(*id);
    } else if (g < n) {
      const ir::Json& ex = scene.materials[g].extras;
      if (ex.is_object() && ex.contains("id") && ex["id"].is_string())
        if (auto id = hex_in(ex["id"].get<std::string>())) {
          d = numbered(ex, *id);
          if (d < 0) d = donor_index(*id, blender_repeat(name));
        }
      if (d < 0)
        if (auto id = hex_in(without_blender_suffix(name)))
          d = donor_index(*id, blender_repeat(name));
    } else if (donor.materials.size() == 1) {
      d = 0;  // no material in the glTF, one in the donor: nothing to choose
    }
    if (d < 0) {
      std::string list;
      for (const std::string& h : have) list += (list.empty() ? "" : ", ") + h;
      return Diagnostic{"IMPORT_UNKNOWN_MATERIAL",
                        "glTF material " + (g < n ? "\"" + name + "\"" : std::string("(none)")) +
                            " matches no donor material (the donor has " + list +
                            "); name it by its id or use --map-material NAME=ID",
                        g < n ? "/materials/" + to_string(g) : "/meshes", 0};
    }
    out.material_of[g] = uint32_t(d);
  }

  // Joints.
  out.bone_of.assign(scene.joints.size(), -1);
  const std::vector<ir::Bone> none;
  const std::vector<ir::Bone>& bones = donor.skin ? donor.skin->bones : none;
  const std::vector<uint8_t> weighted = weighted_joints(scene.mesh, scene.joints.size());
  for (size_t j = 0; j < scene.joints.size(); ++j) {
    const std::string name = without_blender_suffix(scene.joints[j].name);
    int64_t b = -1;
    for (size_t k = 0; k < bones.size() && b < 0; ++k)
      if (bones[k].name == name) b = int64_t(k);
    if (b < 0)
      if (auto h = hex_in(name))
        for (size_t k = 0; k < bones.size() && b < 0; ++k)
          if (bones[k].name_hash == *h || bones[k].id == *h) b = int64_t(k);
    // A name is its hash (docs/READING.md "Bone names"): a joint renamed to "LeftArm" is the
    // donor bone whose hash is CRC-32("LeftArm"), whatever names the donor resolved.
    const uint32_t own_hash = crc32(name);
    for (size_t k = 0; k < bones.size() && b < 0; ++k)
      if (bones[k].name_hash == own_hash) b = int64_t(k);
    if (b >= 0) {
      out.bone_of[j] = b;
      ++out.joints_matched;
      continue;
    }
    if (!weighted[j]) continue;  // a joint no vertex weighs: nothing to place
    ++out.joints_unmatched;
    out.unmatched_joints.push_back(scene.joints[j].name);
    if (options.unknown_joints == UnknownJoints::Error || bones.empty()) {
      std::string list;
      for (size_t k = 0; k < bones.size() && k < 8; ++k) list += (k ? ", " : "") + bones[k].name;
      if (bones.size() > 8) list += ", ... (" + to_string(bones.size()) + " bones)";
      return Diagnostic{"IMPORT_UNKNOWN_JOINT",
                        "joint \"" + scene.joints[j].name +
                            "\" is weighted but matches no donor bone (the donor has " +
                            (bones.empty() ? std::string("no skin") : list) +
                            "); --unknown-joints drop|nearest places it",
                        "/nodes/" + to_string(scene.joints[j].node), 0};
    }
    if (options.unknown_joints == UnknownJoints::Nearest) {
      double best = std::numeric_limits<double>::infinity();
      for (size_t k = 0; k < bones.size(); ++k) {
        const auto p = bone_position(bones[k]);
        double d = 0;
        for (int c = 0; c < 3; ++c)
          d += (p[c] - scene.joints[j].position[c]) * (p[c] - scene.joints[j].position[c]);
        if (d < best) {
          best = d;
          b = int64_t(k);
        }
      }
      out.bone_of[j] = b;
      ++out.joints_nearest;
      out.warnings.push_back({"IMPORT_JOINT_NEAREST",
                              "joint \"" + scene.joints[j].name +
                                  "\" placed on the nearest donor bone " + bones[size_t(b)].name,
                              "/nodes/" + to_string(scene.joints[j].node), 0});
    } else {
      out.warnings.push_back(
          {"IMPORT_JOINT_DROPPED",
           "joint \"" + scene.joints[j].name + "\" matches no donor bone: its weights are dropped",
           "/nodes/" + to_string(scene.joints[j].node), 0});
    }
  }
  (void)hex16;
  return out;
}

void apply_names(const NameMatch& match, ir::Mesh& mesh) {
  const size_t none = match.material_of.size() - 1;
  for (ir::Primitive& p : mesh.primitives)
    p.material = match.material_of[p.material == gltf::kNoMaterial ? none : p.material];
  for (int set = 0;; ++set) {
    ir::Attribute* j = mesh.find("JOINTS_" + to_string(set));
    ir::Attribute* w = mesh.find("WEIGHTS_" + to_string(set));
    if (!j || !w) break;
    for (size_t i = 0; i < j->u16.size(); ++i) {
      const int64_t b = j->u16[i] < match.bone_of.size() ? match.bone_of[j->u16[i]] : -1;
      if (b < 0) {
        j->u16[i] = 0;
        if (i < w->f32.size()) w->f32[i] = 0;
      } else {
        j->u16[i] = uint16_t(b);
      }
    }
  }
}

}  // namespace f2g::import
