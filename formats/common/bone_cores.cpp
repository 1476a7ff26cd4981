#include "formats/common/bone_cores.h"

#include <cstring>
#include <string>
#include <unordered_map>

namespace f2g {

std::vector<BoneCore> scan_bone_cores(const uint8_t* data, size_t size, int id_width) {
  const size_t w = id_width == 4 ? 4 : 8;
  const size_t tag_at = 1 + w + 8;  // after the byte 0, the id, the class and the name
  auto id_at = [&](size_t at) {
    uint64_t v = 0;
    std::memcpy(&v, data + at, w);  // little-endian: the low bytes
    return v;
  };
  std::vector<BoneCore> out;
  for (size_t at = 0; size > tag_at && at < size - tag_at; ++at) {
    uint32_t cls;
    std::memcpy(&cls, data + at + 1 + w, 4);
    if (data[at] != 0 || cls != kBoneClass) continue;
    BoneCore b;
    b.parent_tag = data[at + tag_at];
    if (b.parent_tag != kNullBonePointer) {
      if (b.parent_tag > 2 || size - at - tag_at - 1 < w) continue;
      b.parent_id = id_at(at + tag_at + 1);
    }
    b.id = id_at(at + 1);
    std::memcpy(&b.name_hash, data + at + 1 + w + 4, 4);
    b.offset = at;
    out.push_back(b);
    at += tag_at;  // past this core: a bone's fields never hold another core's start
  }
  return out;
}

SkeletonTree lenient_tree(const std::vector<BoneCore>& cores, size_t* dropped) {
  const size_t n = cores.size();
  SkeletonTree t;
  t.core_only = true;
  t.parent.assign(n, -1);
  std::unordered_map<uint64_t, size_t> by_id;
  for (size_t i = 0; i < n; ++i) {
    t.name_hash.push_back(cores[i].name_hash);
    by_id.emplace(cores[i].id, i);  // a repeated id: the first bone keeps it
  }
  size_t lost = 0;
  for (size_t i = 0; i < n; ++i) {
    if (cores[i].parent_tag == kNullBonePointer) continue;
    const auto it = by_id.find(cores[i].parent_id);
    if (it == by_id.end() || it->second == i) {
      ++lost;
      continue;
    }
    t.parent[i] = int32_t(it->second);
  }
  for (size_t i = 0; i < n; ++i) {  // a walk longer than n bones is a cycle: cut it here
    size_t steps = 0;
    for (int32_t p = t.parent[i]; p >= 0 && steps <= n; p = t.parent[size_t(p)]) ++steps;
    if (steps > n) {
      t.parent[i] = -1;
      ++lost;
    }
  }
  t.depth.assign(n, 0);
  t.descendants.assign(n, 0);
  for (size_t i = 0; i < n; ++i)
    for (int32_t p = t.parent[i]; p >= 0; p = t.parent[size_t(p)]) {
      ++t.depth[i];
      ++t.descendants[size_t(p)];
    }
  if (dropped) *dropped = lost;
  return t;
}

Result<SkeletonReading> core_skeleton_reading(const uint8_t* data, size_t size, int id_width) {
  const std::vector<BoneCore> cores = scan_bone_cores(data, size, id_width);
  if (cores.empty())
    return ir::Diagnostic{"SKELETON_NO_BONE_CORES",
                          "no bone core (a byte 0, a " + std::to_string(id_width) +
                              "-byte id, class 0x95741049) in the Skeleton's " +
                              std::to_string(size) + " bytes",
                          "skeleton", 0};
  SkeletonReading out;
  out.layout = "skeleton (bone cores)";
  size_t dropped = 0;
  out.tree = lenient_tree(cores, &dropped);
  out.why = "this game's Skeleton layout is not public: names and parents from " +
            std::to_string(cores.size()) + " bone cores";
  if (dropped) out.why += ", " + std::to_string(dropped) + " parents not among them (roots)";
  out.structure = {{"bone_cores", cores.size()}};
  return out;
}

}  // namespace f2g
