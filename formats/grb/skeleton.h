// Skeleton objects of GRW and GRB (docs/READING.md "Skeletons"): the bone array read field by
// field and written back byte for byte, each relation a named check; and, where a record is
// not readable whole (an unknown modifier, GRB's unpublished modifier layouts), the bones'
// common core (u8 0, u64 id, Bone class, u32 name hash, parent pointer) found by a scan, which
// is enough for the tree.
//
//   skeleton  u64 id, u32 0x24AECB7C, u8, u32 SkeletonType, i32 bone count, bones, tail (kept)
//   bone      u8 0, u64 id, u32 0x95741049, u32 name (CRC-32), ptr Parent, ptr Mirror,
//             f32[4] GlobalPos, GlobalRot, LocalPos, LocalRot, u8 SolvingPriority,
//             [GRB: u8 EnvInfluence], i32 MirroringType, i32 n + n modifiers, i32 d + d u32
//             dependencies, i32 WrinkleCategory, f32 WrinkleFactor, u16 Index, u16 ChildrenCount
//   ptr       u8 tag: 2 (GRW; 1 or 2 GRB) then the u64 id of a bone of the skeleton, 3 null
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/common/bone_cores.h"
#include "formats/common/checks.h"
#include "formats/common/error.h"
#include "formats/common/skeleton_tree.h"
#include "formats/grb/mesh_format.h"

namespace f2g::grb {

constexpr uint32_t kSkeletonClass = 0x24AECB7C;
using f2g::kBoneClass;
constexpr uint8_t kNullPointer = kNullBonePointer;

struct BonePointer {
  uint8_t tag = kNullPointer;
  uint64_t id = 0;  // when tag != 3
  bool null() const { return tag == kNullPointer; }
};

struct SkeletonBone {
  uint64_t id = 0;
  uint32_t name_hash = 0;
  BonePointer parent, mirror;
  std::array<float, 16> transforms{};  // GlobalPos, GlobalRot, LocalPos, LocalRot (x, y, z, w)
  uint8_t solving_priority = 0;
  uint8_t env_influence = 0;  // GRB only
  int32_t mirroring_type = 0;
  int32_t modifier_count = 0;
  std::vector<uint8_t> modifiers;  // the n modifiers, verbatim (each walked to its end)
  std::vector<uint32_t> dependencies;
  int32_t wrinkle_category = 0;
  float wrinkle_factor = 0;
  uint16_t index = 0, children_count = 0;
  uint64_t offset = 0;        // of the bone's leading byte in the input
  uint64_t index_offset = 0;  // of its Index, for diagnostics
};

struct Skeleton {
  uint64_t id = 0;
  uint8_t prefix = 0;
  uint32_t type = 0;
  std::vector<SkeletonBone> bones;
  std::vector<uint8_t> tail;  // after the bones, verbatim (GRB: the Reflex3 object)
};

// Reads a Skeleton payload (data[0..size), the body as archives store it) to its exact end,
// every relation checked (errors: GRB_SKELETON_*); `observer` (census, info) sees each check.
Result<Skeleton> read_skeleton(Dialect dialect, const uint8_t* data, size_t size,
                               DecodeObserver* observer = nullptr);
// The mirror of read_skeleton: write(read(x)) == x.
std::vector<uint8_t> write_skeleton(Dialect dialect, const Skeleton& skeleton);

// The tree of a skeleton read whole.
SkeletonTree tree_of(const Skeleton& skeleton);
// The tree where the records are not readable whole: every bone core found by a scan of the
// payload (u64 ids), parents by id. Errors as read_skeleton's for a parent outside the bones or
// a cycle; empty when no bone core is found.
Result<SkeletonTree> scan_skeleton(const uint8_t* data, size_t size);
// read_skeleton's tree, else scan_skeleton's (core_only set, `why` the read's error).
Result<SkeletonTree> skeleton_tree(Dialect dialect, const uint8_t* data, size_t size,
                                   std::string* why = nullptr);
// The registry entry's reading (Format::skeleton): the tree with the skeleton's fields, or
// with the bone cores and the read's error; `observer` sees the read's checks.
Result<SkeletonReading> skeleton_reading(Dialect dialect, const uint8_t* data, size_t size,
                                         DecodeObserver* observer);

}  // namespace f2g::grb
