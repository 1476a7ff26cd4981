// import: the glTF's names matched to the donor's (docs/ARCHITECTURE.md "Back into the game").
// Blender keeps names and drops most extras, so names decide: a material by the id in its name
// ("0x..." as convert names it, a Blender ".001" suffix stripped) or extras.id, or by
// --map-material; a joint by its node name (as convert names it: the resolved name, or
// bone_<i>_0x<hash>), the hash in the name, or the name's own CRC-32 (a bone's name hash);
// morph targets by targetNames.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gltf_writer/read/scene_read.h"
#include "ir/diagnostic.h"
#include "ir/mesh.h"

namespace f2g::import {

enum class UnknownJoints { Error, Drop, Nearest };

struct MatchOptions {
  std::map<std::string, std::string> map_material;  // glTF material name -> donor id ("0x...")
  UnknownJoints unknown_joints = UnknownJoints::Error;
};

struct NameMatch {
  std::vector<uint32_t> material_of;  // glTF material (kNoMaterial last) -> donor material
  std::vector<int64_t> bone_of;       // scene joint -> donor bone; -1 dropped
  uint64_t joints_matched = 0, joints_unmatched = 0, joints_nearest = 0;
  std::vector<std::string> unmatched_joints;
  std::vector<ir::Diagnostic> warnings;
};

// "foo.001" -> "foo" (Blender's suffix for a duplicate name).
std::string without_blender_suffix(const std::string& name);
// The first "0x" + hex digits in `text` as a number.
std::optional<uint64_t> hex_in(const std::string& text);

// Errors: IMPORT_UNKNOWN_MATERIAL, IMPORT_UNKNOWN_JOINT (weighted, with --unknown-joints
// error). Warnings: IMPORT_JOINT_DROPPED, IMPORT_JOINT_NEAREST.
ir::Result<NameMatch> match_names(const gltf::Scene& scene, const ir::Mesh& donor,
                                  const MatchOptions& options);

// The scene's mesh in the donor's terms: primitive materials and JOINTS values replaced by
// donor numbers (a dropped joint's weight set to 0), so formats/common/rebuild.h can take it.
void apply_names(const NameMatch& match, ir::Mesh& mesh);

}  // namespace f2g::import
