// A skeleton's bone tree as any game's Skeleton reader gives it (docs/READING.md "Skeletons"):
// what `info` prints and what pairing a skinned mesh with its rig will use. Game-neutral: the
// bones by name hash, each with its parent's index.
#pragma once

#include <cstdint>
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

}  // namespace f2g
