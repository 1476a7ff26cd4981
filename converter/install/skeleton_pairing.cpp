#include "converter/install/skeleton_pairing.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "formats/common/error.h"

namespace f2g::install {
namespace {

// Which skeletons a search looks at: the mesh's own entry, every one (a mesh of the
// install), or the --library ones (a loose mesh).
enum class Scope { Entry, All, Library };

// The skeleton of `library` holding most of `wanted` (votes by name hash) within `scope`;
// nullptr when none holds any. Ties: the earlier in library order.
const LibrarySkeleton* best_rig(const std::vector<uint32_t>& wanted, const SkeletonLibrary& library,
                                MeshPlace place, Scope scope,
                                const std::vector<const LibrarySkeleton*>& taken) {
  std::unordered_map<uint32_t, uint32_t> votes;
  for (uint32_t h : wanted)
    for (uint32_t k : library.holding(h)) {
      const LibrarySkeleton& s = library.skeletons()[k];
      if (scope == Scope::Entry && (s.archive != place.archive || s.entry != place.entry)) continue;
      if (scope == Scope::Library && s.archive != kNoPlace) continue;
      if (std::find(taken.begin(), taken.end(), &s) != taken.end()) continue;
      ++votes[k];
    }
  int64_t best = -1;
  uint32_t most = 0;
  for (const auto& [k, n] : votes)
    if (n > most || (n == most && int64_t(k) < best)) {
      best = k;
      most = n;
    }
  return best < 0 ? nullptr : &library.skeletons()[size_t(best)];
}

// The first bone of `tree` named `hash`, or -1.
int32_t bone_named(const std::unordered_map<uint32_t, int32_t>& index, uint32_t hash) {
  const auto it = index.find(hash);
  return it == index.end() ? -1 : it->second;
}

std::unordered_map<uint32_t, int32_t> index_of(const SkeletonTree& t) {
  std::unordered_map<uint32_t, int32_t> index;
  for (size_t b = 0; b < t.name_hash.size(); ++b) index.emplace(t.name_hash[b], int32_t(b));
  return index;
}

}  // namespace

Pairing pair_bones(const std::vector<uint32_t>& hashes, const SkeletonLibrary& library,
                   MeshPlace place) {
  const SkeletonLibrary* entry_rigs = place.entry_rigs;
  Pairing p;
  p.parent.assign(hashes.size(), -1);
  std::vector<uint32_t> wanted(hashes);
  std::sort(wanted.begin(), wanted.end());
  wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());

  // The primary: the mesh's own entry first (a weapon ships its rig), then the whole library;
  // a loose mesh looks in the --library skeletons only.
  const bool loose = place.archive == kNoPlace;
  const Scope wide = loose ? Scope::Library : Scope::All;
  const LibrarySkeleton* first = loose ? nullptr
                                 : entry_rigs
                                     ? best_rig(wanted, *entry_rigs, place, Scope::All, p.rigs)
                                     : best_rig(wanted, library, place, Scope::Entry, p.rigs);
  if (!first) first = best_rig(wanted, library, place, wide, p.rigs);
  std::vector<std::unordered_map<uint32_t, int32_t>> index;
  while (first) {
    p.rigs.push_back(first);
    index.push_back(index_of(first->tree));
    std::vector<uint32_t> rest;
    for (uint32_t h : wanted)
      if (bone_named(index.back(), h) < 0) rest.push_back(h);
    wanted.swap(rest);
    if (wanted.empty()) break;
    first = best_rig(wanted, library, place, wide, p.rigs);  // an add-on rig for the rest
  }

  std::unordered_map<uint32_t, int32_t> mesh_bone;
  for (size_t i = 0; i < hashes.size(); ++i) mesh_bone.emplace(hashes[i], int32_t(i));
  size_t budget = 0;  // a walk never visits more bones than the rigs have
  for (const LibrarySkeleton* r : p.rigs) budget += r->tree.parent.size();
  for (size_t i = 0; i < hashes.size(); ++i) {
    size_t rig = 0;
    int32_t b = -1;
    for (; rig < p.rigs.size() && (b = bone_named(index[rig], hashes[i])) < 0; ++rig) {
    }
    if (b < 0) {
      p.not_found.push_back(i);
      continue;
    }
    ++p.matched;
    for (size_t steps = 0; steps <= budget; ++steps) {
      const SkeletonTree& t = p.rigs[rig]->tree;
      int32_t up = t.parent[size_t(b)];
      if (up < 0) {  // a rig's root: an add-on rig hangs from the same bone of another rig
        size_t other = 0;
        for (; other < p.rigs.size(); ++other) {
          if (other == rig) continue;
          const int32_t same = bone_named(index[other], t.name_hash[size_t(b)]);
          if (same >= 0 && p.rigs[other]->tree.parent[size_t(same)] >= 0) {
            rig = other;
            up = p.rigs[other]->tree.parent[size_t(same)];
            break;
          }
        }
        if (up < 0) break;
      }
      b = up;
      const int32_t j = bone_named(mesh_bone, p.rigs[rig]->tree.name_hash[size_t(b)]);
      if (j >= 0 && size_t(j) != i) {
        p.parent[i] = j;
        break;
      }
    }
  }
  return p;
}

std::optional<PairingSummary> pair_skeleton(ir::Mesh& mesh, const SkeletonLibrary& library,
                                            MeshPlace place) {
  PairingSummary out;
  if (!mesh.skin || mesh.skin->bones.empty()) return std::nullopt;
  if (place.archive == kNoPlace && !library.has_paths) return std::nullopt;
  std::vector<ir::Bone>& bones = mesh.skin->bones;
  std::vector<uint32_t> hashes;
  hashes.reserve(bones.size());
  for (const ir::Bone& b : bones) hashes.push_back(b.name_hash);
  const Pairing p = pair_bones(hashes, library, place);
  out.bones = bones.size();
  out.matched = p.matched;
  if (p.rigs.empty()) {
    mesh.warnings.push_back(
        {"SKELETON_NOT_FOUND",
         "none of the " + std::to_string(bones.size()) +
             " bones' name hashes is in a skeleton of the input archives or --library: the "
             "joints stay flat",
         "mesh/skin", 0});
    return out;
  }
  const LibrarySkeleton& primary = *p.rigs.front();
  out.skeleton_id = primary.id;
  out.where = primary.where;
  for (size_t i = 0; i < bones.size(); ++i) bones[i].parent = p.parent[i];
  ir::Json& x = mesh.skin->extras;
  x["skeleton"] = hex(primary.id, 16);
  if (p.rigs.size() > 1) {
    ir::Json added = ir::Json::array();
    for (size_t r = 1; r < p.rigs.size(); ++r) {
      added.push_back(hex(p.rigs[r]->id, 16));
      out.added.push_back(p.rigs[r]->id);
    }
    x["skeletons_added"] = std::move(added);
  }
  x["bones_matched"] = p.matched;
  ir::Json missing = ir::Json::array();
  std::string names;
  for (size_t i : p.not_found) {
    missing.push_back(bones[i].name);
    if (names.size() < 200) names += (names.empty() ? "" : ", ") + bones[i].name;
  }
  x["bones_not_found"] = std::move(missing);
  if (!p.not_found.empty())
    mesh.warnings.push_back({"SKELETON_BONES_NOT_FOUND",
                             std::to_string(p.not_found.size()) + " of " +
                                 std::to_string(bones.size()) +
                                 " bones are in no paired skeleton and stay roots: " + names,
                             "mesh/skin", 0});
  for (const LibrarySkeleton* r : p.rigs) {
    const LibrarySkeleton& s = *r;
    if (s.tree.core_only)
      mesh.warnings.push_back(
          {"SKELETON_CORE_ONLY",
           "skeleton " + hex(s.id, 16) + " (" + s.where +
               ") did not read whole; its tree is from the bone cores: " + s.core_why,
           "mesh/skin", 0});
  }
  return out;
}

}  // namespace f2g::install
