// One RR Mesh resource of the benchmark corpus, made by the format's own builder and encoder
// (formats/rr/mesh_builder.h, mesh_codec.h).
#pragma once

#include <cstdint>
#include <vector>

#include "bench/corpus_plan.h"
#include "bench/corpus_sws.h"

namespace f2g::bench {

std::vector<uint8_t> rr_mesh_bytes(const RrItem& item, MeshStats& stats);

}  // namespace f2g::bench
