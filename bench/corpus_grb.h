// GRW-like Mesh resources of the benchmark corpus, made by the GRB room's own builder and
// encoder (formats/grb/mesh_builder.h, mesh_codec.h), in the proportions of the published GRW
// census of vertex formats.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench/corpus_sws.h"

namespace f2g::bench {

struct GrbItem {
  uint32_t index = 0;
  uint8_t format = 0;  // a GRW vertex format byte
  uint64_t seed = 0;
  std::string path;  // relative, under grb/
};

// The full plan (`total` items), in index order; item i never depends on `total`.
std::vector<GrbItem> plan_grb(uint32_t total, uint64_t seed);

std::vector<uint8_t> grb_mesh_bytes(const GrbItem& item, MeshStats& stats);

}  // namespace f2g::bench
