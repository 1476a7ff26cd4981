// One SWS Mesh of the benchmark corpus, made by the format's own structure, update_derived and
// encoder (formats/sws/mesh_builder.h, mesh_codec.h), so every relation the decoder checks holds.
#pragma once

#include <cstdint>
#include <vector>

#include "bench/corpus_plan.h"

namespace f2g::bench {

struct MeshStats {
  uint64_t vertices = 0;
  uint64_t triangles = 0;
};

std::vector<uint8_t> sws_mesh_bytes(const SwsItem& item, MeshStats& stats);

}  // namespace f2g::bench
