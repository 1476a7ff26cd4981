#include "formats/sws/mesh_builder.h"

namespace f2g::sws {

uint32_t vertex_count(const CompiledData& d) { return d.stride ? d.vertex_bytes / d.stride : 0; }

void update_derived(Mesh& m) {
  CompiledData& d = m.compiled;
  const uint32_t streams = d.extra_streams + 1;
  d.stride_all = d.stride * streams;
  d.vertex_bytes_all = d.vertex_bytes * streams;
  d.index_bytes = static_cast<uint32_t>(2 * d.indices.size());
  d.range_count_a = static_cast<uint32_t>(d.ranges_a.size());
  d.range_count_b = static_cast<uint32_t>(d.ranges_b.size());
  // spec: CompiledMesh data 0x2C total = V(s + 1) + I + 24(A + B)
  d.total = static_cast<uint32_t>(d.vertex_bytes_all + d.index_bytes +
                                  kRangeRecordSize * (d.range_count_a + d.range_count_b));
  // spec: palettes at total + 48, 40 bytes per first-partition range
  uint64_t used = 0;
  for (const Palette& p : d.palettes) used += kPaletteHeadSize + p.bones.size();
  const uint64_t room = kPaletteSlotSize * d.range_count_a;
  d.palette_tail.resize(room > used ? static_cast<size_t>(room - used) : 0, 0);
  m.data_length = static_cast<uint32_t>(kCompiledHeaderSize + d.total + room);
}

}  // namespace f2g::sws
