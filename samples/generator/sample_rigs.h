// Skeleton resources for the sample archives' skinned meshes (docs/READING.md "Skeletons"),
// written by the game's Skeleton encoder: each bone named by a mesh bone's hash, its parent
// given here, its global pose the inverse of that bone's inverse bind matrix and its local pose
// relative to the parent's.
#pragma once

#include <cstdint>
#include <vector>

#include "formats/grb/skeleton.h"

namespace f2g::samples {

struct RigBone {
  uint32_t name_hash = 0;
  int parent = -1;                       // index in the rig; -1 a root
  std::array<float, 16> inverse_bind{};  // column-major; identity when the mesh has no such bone
};

// The bones of the sample mesh file `path` (its skin, in stored order), parents unset.
std::vector<RigBone> mesh_rig_bones(const std::vector<uint8_t>& mesh_file);

// A Skeleton body (u64 id, class, fields) of `bones`, encoded by grb::write_skeleton.
std::vector<uint8_t> skeleton_body(grb::Dialect dialect, uint64_t id,
                                   const std::vector<RigBone>& bones);

// The fields after an SWS Skeleton's u32 id and class: u32 0, u32 N, then N bones of the common
// core with u32 ids (docs/READING.md "Skeletons", "The common core"), each followed by 32 bytes
// standing for the fields no public source describes.
std::vector<uint8_t> core_skeleton_fields(uint32_t id, const std::vector<RigBone>& bones);

}  // namespace f2g::samples
