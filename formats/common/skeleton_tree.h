// A skeleton's bone tree as any game's Skeleton reader gives it (docs/READING.md "Skeletons"):
// what `info` prints and what pairing a skinned mesh with its rig will use. Game-neutral: the
// bones by name hash, each with its parent's index.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/mesh.h"

namespace f2g {

struct SkeletonTree {
  std::vector<uint32_t> name_hash;
  std::vector<int32_t> parent;  // index of the parent bone; -1 for a root
  std::vector<uint32_t> depth, descendants;
  bool core_only = false;  // from a scan of the bones' common core: the records not read whole
};

// One Skeleton resource as read: its fields (for info's "structure"), its tree, and, for a
// tree from the bone cores, why the records did not read whole.
struct SkeletonReading {
  std::string layout;  // "skeleton", or "skeleton (bone cores)"
  ir::Json structure = ir::Json::object();
  SkeletonTree tree;
  std::string why;
};

// Where the Skeleton body of an extracted resource starts (its class 0x24AECB7C 8 bytes on):
// at 0 (also a u32-id body: byte 1, u32 id, class at 5), after a one-byte gap, or after a
// FileHeader (u8 1, u32, i32 n, n x 12 bytes; docs/READING.md "Forge archives", "Payload"); nullopt
// when it is none of these.
struct SkeletonBodyAt {
  size_t offset = 0;  // where the body starts
  uint64_t id = 0;    // its id: the u64 at the start, or the u32 after the managed byte
};
std::optional<SkeletonBodyAt> skeleton_body_at(const uint8_t* data, size_t size);

}  // namespace f2g
