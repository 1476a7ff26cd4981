// ClusteredMeshData from M+17 up to the MeshData head (spec: "Ranged prefix", "Range
// record", "Ranged buffers", "PrimitiveDescData"; docs/READING.md "Ranged").
#include "formats/rr/codec_parts.h"
#include "formats/rr/rr_checks.h"

namespace f2g::rr {

static const char* const kStreamNames[4] = {"primary", "positions", "skin", "indices"};
static const char* const kStreamLengths[4] = {"primary_length", "positions_length", "skin_length",
                                              "indices_length"};

// [u64 id][u32 0x07B19A87][u32 cluster count][u32 first index][u32 vertex base].
static void read_range(ReadContext& x, RangeRecord& g) {
  g.offset = x.r.offset();
  g.id = x.r.u64("id");
  g.range_class = read_class(x, check::range_class, kClusteredPrimitiveInfoClass, "class");
  g.cluster_count = x.r.u32("cluster_count");
  g.first_index = x.r.u32("first_index");
  g.vertex_base = x.r.u32("vertex_base");
  x.c.field("rr.range_cluster_count", g.cluster_count);
}

static void write_range(ByteWriter& w, const RangeRecord& g) {
  w.u64(g.id);
  w.u32(g.range_class);
  w.u32(g.cluster_count);
  w.u32(g.first_index);
  w.u32(g.vertex_base);
}

// spec: PrimitiveDescData, 32 bytes: centre, half extent, u8 type, u24 index count, u32 first.
static void read_primitive_desc(ReadContext& x, PrimitiveDesc& d) {
  d.offset = x.r.offset();
  read_fields(x.r, d, centre_box_fields<PrimitiveDesc>());
  d.primitive_type = x.r.u8("primitive_type");
  d.index_count = x.r.u24("index_count");
  d.first_index = x.r.u32("first_index");
  x.c.field("rr.primitive_desc_type", d.primitive_type);
}

static void write_primitive_desc(ByteWriter& w, const PrimitiveDesc& d) {
  write_fields(w, d, centre_box_fields<PrimitiveDesc>());
  w.u8(d.primitive_type);
  w.u24(d.index_count);
  w.u32(d.first_index);
}

void read_ranged(ReadContext& x, Ranged& g) {
  Reader::Scope s(x.r, "ranged");
  // spec: ranged prefix, offsets from M+17.
  g.offset = x.r.offset();
  g.version = x.r.u32("version");
  g.vertex_format = x.r.u8("vertex_format");
  for (uint32_t& stride : g.strides) stride = x.r.u32("strides");
  g.cluster_count = x.r.u32("cluster_count");
  read_fields(x.r, g, centre_box_fields<Ranged>());
  g.fixed_cluster_size = x.r.u8("fixed_cluster_size");
  x.c.field("rr.clustered_version", g.version);
  x.c.field("rr.vertex_format", g.vertex_format);
  x.c.field("rr.clustered_cluster_count", g.cluster_count);
  x.c.field("rr.fixed_cluster_size", g.fixed_cluster_size);

  g.ranges = read_records<RangeRecord>(x.r, "range_count", kRangeRecordSize, "ranges",
                                       [&](RangeRecord& r, uint32_t) { read_range(x, r); });
  const uint32_t n = uint32_t(g.ranges.size());
  // spec: "four length-prefixed streams in order: primary attributes, positions, skin,
  // indices".
  for (int i = 0; i < 4; ++i) g.streams[i] = read_blob(x.r, kStreamLengths[i], kStreamNames[i]);

  g.primitive_desc_offset = x.r.offset();
  g.primitive_desc_length = x.r.u32("primitive_desc_length");
  x.c.check(check::primitive_desc_length_32_per_range,
            uint64_t(g.primitive_desc_length) == kPrimitiveDescSize * n,
            x.r.path("primitive_desc_length"), g.primitive_desc_offset, [&] {
              return "length " + std::to_string(g.primitive_desc_length) + " is not 32 x " +
                     std::to_string(n) + " ranges";
            });
  x.r.checked_size(n, kPrimitiveDescSize, "primitive_descs");
  g.primitive_descs.resize(n);
  for (uint32_t i = 0; i < n; ++i) {
    Reader::Scope d(x.r, "primitive_descs", i);
    read_primitive_desc(x, g.primitive_descs[i]);
  }
  // spec: "two more length-prefixed streams"; their contents are not interpreted.
  g.extra_streams[0] = read_blob(x.r, "extra_stream0_length", "extra_stream0");
  g.extra_streams[1] = read_blob(x.r, "extra_stream1_length", "extra_stream1");
  x.c.field("rr.extra_stream0_length", double(g.extra_streams[0].bytes.size()));
  x.c.field("rr.extra_stream1_length", double(g.extra_streams[1].bytes.size()));
}

void write_ranged(ByteWriter& w, const Ranged& g) {
  w.u32(g.version);
  w.u8(g.vertex_format);
  for (uint32_t stride : g.strides) w.u32(stride);
  w.u32(g.cluster_count);
  write_fields(w, g, centre_box_fields<Ranged>());
  w.u8(g.fixed_cluster_size);
  write_records(w, g.ranges, write_range);
  for (const Blob& b : g.streams) write_blob(w, b);
  w.u32(g.primitive_desc_length);
  for (const PrimitiveDesc& d : g.primitive_descs) write_primitive_desc(w, d);
  for (const Blob& b : g.extra_streams) write_blob(w, b);
}

}  // namespace f2g::rr
