// Helpers for whoever builds a Mesh structure (sample generator, tests): recompute the stored
// words the spec derives from others, so a built mesh starts out satisfying every relation.
#pragma once

#include <cstdint>

#include "formats/sws/mesh_format.h"

namespace f2g::sws {

// Vertices in one stream: V / stride (0 when the stride is 0).
uint32_t vertex_count(const CompiledData& d);

// Sets, from the arrays and from stride, V and s: compiled 0x10 (stride x (s + 1)), 0x14
// (V x (s + 1)), I (index bytes), A, B, total, the data length L, and sizes the palette tail
// to fill the 40A palette bytes (new bytes 0, existing ones kept).
void update_derived(Mesh& m);

}  // namespace f2g::sws
