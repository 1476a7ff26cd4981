// The bone core every documented Skeleton dialect shares (docs/READING.md "Skeletons", "The
// common core"): [u8 0][id][u32 0x95741049][u32 Name][u8 parent tag][id unless the tag is 3],
// ids of 4 bytes (AC1's era, SWS) or 8 (GRW, GRB, RR). Name and parent are the whole tree, so a
// game whose Skeleton layout is not public still gets its rig from a scan for these cores.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/common/error.h"
#include "formats/common/skeleton_tree.h"

namespace f2g {

inline constexpr uint32_t kBoneClass = 0x95741049;
inline constexpr uint8_t kNullBonePointer = 3;

struct BoneCore {
  uint64_t id = 0;
  uint32_t name_hash = 0;
  uint8_t parent_tag = kNullBonePointer;  // 3 null; 1 or 2 then parent_id
  uint64_t parent_id = 0;
  uint64_t offset = 0;  // of the core's leading byte
};

// Every core in data[0..size): a byte 0, an id, the Bone class, a name, and at the tag a 3 or a
// tag of at most 2 with a whole id after it. The scan steps past each core found.
std::vector<BoneCore> scan_bone_cores(const uint8_t* data, size_t size, int id_width);

// The tree of cores where nothing is checked: a parent that is no core's id, the bone itself,
// or on a cycle is dropped (the bone a root), counted in `dropped`.
SkeletonTree lenient_tree(const std::vector<BoneCore>& cores, size_t* dropped);

// A game with no public Skeleton layout (Format::skeleton): the cores' tree, "skeleton (bone
// cores)", `why` saying so; SKELETON_NO_BONE_CORES when the payload holds none.
Result<SkeletonReading> core_skeleton_reading(const uint8_t* data, size_t size, int id_width);

}  // namespace f2g
