// The benchmark corpus plan: which mesh goes where, with what shape, decided from the seed
// alone. Item i of a plan never depends on the corpus size asked for, so `--fraction F`
// writes exactly the first F of the full corpus, and the kinds are spread evenly through it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace f2g::bench {

// SWS install (spec: 16,149 Mesh objects in 33 data forges; 221 with SubMeshes).
constexpr uint32_t kSwsInstallMeshes = 16149;
constexpr uint32_t kSwsSubMeshMeshes = 221;
constexpr double kSwsSkinnedShare = 0.12;
constexpr uint32_t kSwsBigMeshes = 48;  // 20,000 to 60,000 vertices

enum class SwsKind { Static, Big, Skinned, Morph };
const char* to_string(SwsKind k);

struct SwsItem {
  uint32_t index = 0;
  SwsKind kind = SwsKind::Static;
  uint64_t seed = 0;
  std::string path;  // relative, under sws/
};

// RR: the vertex formats of formats/rr/vertex_formats.json, ranged and inline.
struct RrItem {
  uint32_t index = 0;
  std::string format;  // static16, static24, static28, split12, split24, split12_skin8
  bool inline_layout = false;
  bool big = false;  // inline with u32 indices past 65,535 vertices
  uint64_t seed = 0;
  std::string path;  // relative, under rr/
};

// The full plans (`total` items), in index order.
std::vector<SwsItem> plan_sws(uint32_t total, uint64_t seed);
std::vector<RrItem> plan_rr(uint32_t total, uint64_t seed);

}  // namespace f2g::bench
