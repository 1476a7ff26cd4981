// spec: CompiledMesh data, range and palette tables (SWS). Mirrors decode_compiled.cpp.
#include "formats/sws/codec_parts.h"

namespace f2g::sws {

void write_range(ByteWriter& w, const Range& g) {
  w.u32(g.primitive_type);
  w.u32(g.first_vertex);
  w.u32(g.vertex_count);
  w.u32(g.first_index);
  w.u32(g.triangle_count);
  w.u32(g.unknown_0x14);
}

void write_palette(ByteWriter& w, const Palette& p) {
  w.u8(p.marker);
  w.u8(p.version);
  w.u8(static_cast<uint8_t>(p.bones.size()));
  w.u16(p.unknown_0x3);
  w.u16(p.vertex_count);
  w.bytes(p.bones);
}

void write_compiled(ByteWriter& w, const CompiledData& d) {
  w.u32(d.version);
  w.u32(d.extra_streams);
  w.u32(d.stride);
  w.u32(d.vertex_bytes);
  w.u32(d.stride_all);
  w.u32(d.vertex_bytes_all);
  w.u32(d.index_bytes);
  w.u32(d.unknown_0x1c);
  w.u32(d.flags);
  w.u32(d.range_count_a);
  w.u32(d.range_count_b);
  w.u32(d.total);
  w.bytes(d.streams);
  w.array(d.indices);
  for (const Range& g : d.ranges_a) write_range(w, g);
  for (const Range& g : d.ranges_b) write_range(w, g);
  for (const Palette& p : d.palettes) write_palette(w, p);
  w.bytes(d.palette_tail);
}

}  // namespace f2g::sws
