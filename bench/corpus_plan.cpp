#include "bench/corpus_plan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <utility>

#include "bench/corpus_random.h"

namespace f2g::bench {
namespace {

// Fisher-Yates with our own generator: the same order everywhere.
std::vector<uint32_t> permutation(uint32_t n, uint64_t seed) {
  std::vector<uint32_t> p(n);
  std::iota(p.begin(), p.end(), 0u);
  Rng r(seed);
  for (uint32_t i = n; i > 1; --i) std::swap(p[i - 1], p[r.range(0, i - 1)]);
  return p;
}

uint32_t scaled(double install_count, uint32_t total) {
  return uint32_t(std::lround(install_count * total / kSwsInstallMeshes));
}

std::string number(const char* format, uint32_t v) {
  char b[32];
  std::snprintf(b, sizeof b, format, v);
  return b;
}

const char* const kLevelCategories[] = {"props",  "architecture", "terrain", "vegetation",
                                        "decals", "rails",        "signs",   "vehicles"};
const char* const kGearCategories[] = {"characters", "outfits", "boards", "heads", "hands"};

std::string sws_path(const SwsItem& item, Rng& r) {
  // 33 data forges: 6 shared ones and 27 levels; skinned gear lives in the shared ones.
  std::string forge, category;
  if (item.kind == SwsKind::Skinned) {
    static const char* const gear_forges[] = {"DataPC_Characters", "DataPC_Gear", "DataPC_Boards"};
    forge = gear_forges[r.range(0, 2)];
    category = kGearCategories[r.range(0, 4)];
  } else if (item.kind == SwsKind::Morph) {
    forge = number("DataPC_Level%02u", r.range(1, 27));
    category = "gameplay/InfGP";
  } else if (r.chance(0.1)) {
    static const char* const shared[] = {"DataPC", "DataPC_Common", "DataPC_Menu"};
    forge = shared[r.range(0, 2)];
    category = kLevelCategories[r.range(0, 7)];
  } else {
    forge = number("DataPC_Level%02u", r.range(1, 27));
    category = kLevelCategories[r.range(0, 7)];
  }
  return forge + ".forge/" + category + "/" + number("g%02u", r.range(0, 15)) + "/" +
         number("mesh_%05u.mesh", item.index);
}

const char* const kRegions[] = {"yosemite", "bryce",   "zion",   "canyonlands",
                                "sequoia",  "mammoth", "tetons", "common"};
const char* const kRrCategories[] = {"rocks", "trees", "buildings", "props", "ground", "fx"};

}  // namespace

const char* to_string(SwsKind k) {
  switch (k) {
    case SwsKind::Static:
      return "static";
    case SwsKind::Big:
      return "big";
    case SwsKind::Skinned:
      return "skinned";
    default:
      return "submesh_morph";
  }
}

std::vector<SwsItem> plan_sws(uint32_t total, uint64_t seed) {
  std::vector<SwsItem> items(total);
  // Kinds by a permutation: its first slots are the SubMesh meshes, then the skinned, then
  // the big ones, so every prefix of the corpus holds about its share of each.
  const std::vector<uint32_t> order = permutation(total, item_seed(seed, 1, 0));
  const uint32_t morph = std::min(total, scaled(kSwsSubMeshMeshes, total));
  const uint32_t skinned = std::min(total - morph, uint32_t(std::lround(kSwsSkinnedShare * total)));
  const uint32_t big = std::min(total - morph - skinned, scaled(kSwsBigMeshes, total));
  for (uint32_t k = 0; k < total; ++k) {
    SwsItem& it = items[order[k]];
    it.kind = k < morph                   ? SwsKind::Morph
              : k < morph + skinned       ? SwsKind::Skinned
              : k < morph + skinned + big ? SwsKind::Big
                                          : SwsKind::Static;
  }
  for (uint32_t i = 0; i < total; ++i) {
    items[i].index = i;
    items[i].seed = item_seed(seed, 2, i);
    Rng r(item_seed(seed, 3, i));
    items[i].path = sws_path(items[i], r);
  }
  return items;
}

std::vector<RrItem> plan_rr(uint32_t total, uint64_t seed) {
  // Shares of the vertex formats; split formats are the skinned ones.
  static const std::pair<const char*, double> formats[] = {
      {"static16", 0.25}, {"static24", 0.27}, {"static28", 0.10},
      {"split12", 0.20},  {"split24", 0.15},  {"split12_skin8", 0.03}};
  std::vector<RrItem> items(total);
  for (uint32_t i = 0; i < total; ++i) {
    RrItem& it = items[i];
    it.index = i;
    it.seed = item_seed(seed, 12, i);
    Rng r(item_seed(seed, 11, i));
    double pick = r.uniform();
    it.format = formats[5].first;
    for (const auto& [name, share] : formats) {
      if (pick < share) {
        it.format = name;
        break;
      }
      pick -= share;
    }
    // The inline layout: multi-object static24 meshes (spec: 1,170 multi-mesh bodies, all
    // 24-byte vertices) and single-object statics; a few past 65,535 vertices (u32 indices).
    const bool is_static = it.format.rfind("static", 0) == 0;
    it.inline_layout = is_static && r.chance(it.format == "static24" ? 0.45 : 0.2);
    it.big = it.inline_layout && r.chance(0.006);
    std::string region = kRegions[r.range(0, 7)];
    if (!is_static) region = r.chance(0.5) ? "characters" : "bikes";
    it.path = region + "/" + kRrCategories[r.range(0, 5)] + "/" + number("asset_%05u", i) +
              number("_LOD%u.mesh", r.range(0, 3));
  }
  return items;
}

}  // namespace f2g::bench
