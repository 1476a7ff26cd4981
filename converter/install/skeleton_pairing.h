// A skinned mesh paired with its skeleton (docs/READING.md "Pairing a mesh with its
// skeleton"): a mesh names no skeleton, so its bones' name hashes choose one; each bone's
// parent is then its nearest ancestor in that rig (or an add-on rig) that the mesh also has.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "converter/install/skeleton_library.h"
#include "ir/mesh.h"

namespace f2g::install {

// Where a mesh sits: an install archive's entry, or nowhere (a loose file).
struct MeshPlace {
  size_t archive = kNoPlace;
  size_t entry = kNoPlace;
  // The entry's own skeletons when the library pass left the entry out (library_reads_entry,
  // skeletons_of_entry): searched first instead of the library's.
  const SkeletonLibrary* entry_rigs = nullptr;
  // The entry's records: its materials are looked up there first.
  const archive::EntryContents* contents = nullptr;
};

struct Pairing {
  std::vector<const LibrarySkeleton*> rigs;  // the primary first, then add-on rigs
  std::vector<int32_t> parent;               // per mesh bone: a mesh bone index, or -1
  std::vector<size_t> not_found;             // mesh bones in none of the rigs
  size_t matched = 0;                        // mesh bones found in a rig
};

// The rig holding most of `hashes` among the skeletons of the mesh's own entry, else among the
// whole library (a loose mesh: among the --library skeletons only); then, while bones remain
// unmatched, the rig holding most of those. Ties go to the earlier skeleton in library order.
// Empty `rigs` when no skeleton holds any hash.
Pairing pair_bones(const std::vector<uint32_t>& hashes, const SkeletonLibrary& library,
                   MeshPlace place);

// What the report row says of a pairing.
struct PairingSummary {
  uint64_t skeleton_id = 0;
  std::string where;
  std::vector<uint64_t> added;  // add-on rigs' ids
  uint64_t bones = 0, matched = 0;
  bool found() const { return matched > 0; }
};

// Pairs `mesh`: sets every Bone::parent, the skin's extras ("skeleton", "skeletons_added",
// "bones_matched", "bones_not_found") and the warnings SKELETON_NOT_FOUND,
// SKELETON_BONES_NOT_FOUND, SKELETON_CORE_ONLY. nullopt, the mesh untouched, when there is
// nothing to pair: no skin, or a loose mesh and no --library path.
std::optional<PairingSummary> pair_skeleton(ir::Mesh& mesh, const SkeletonLibrary& library,
                                            MeshPlace place);

}  // namespace f2g::install
