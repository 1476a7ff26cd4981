// spec: CompiledMesh data, range and palette tables (SWS). Reader and its mirroring writer, side by
// side.
#include <algorithm>
#include <cstring>

#include "formats/sws/codec_parts.h"
#include "formats/sws/sws_checks.h"

namespace f2g::sws {

namespace {

// The smallest and largest index of a slice of the index buffer (lo > hi when empty).
struct IndexSpan {
  uint16_t lo = 0xFFFF, hi = 0;
};
bool outside(const IndexSpan& s, uint64_t lo, uint64_t hi) { return s.lo < lo || s.hi >= hi; }
void merge(IndexSpan& s, const IndexSpan& t) {
  s.lo = std::min(s.lo, t.lo);
  s.hi = std::max(s.hi, t.hi);
}

// Spans and first offenders over slices of the index buffer, for the range checks: each
// relation tests a slice's span and rescans for the first offender only to report one.
// Slices are scanned directly (one pass that vectorises) while the scans stay within a few
// times the buffer, as the two partitions of a valid file do. Past that (ranges that overlap:
// a crafted file), a sparse table of block spans answers a span in O(block) and a first
// offender in O(block + log), so R ranges cost O(I + R x block), not O(R x I).
class IndexSpans {
 public:
  explicit IndexSpans(const std::vector<uint16_t>& indices)
      : v_(indices), budget_(4 * uint64_t(indices.size()) + 65536) {}

  IndexSpan span(uint64_t first, uint64_t count) {
    const uint64_t end = first + count;
    uint64_t b0, b1;
    if (direct(first, end, b0, b1)) return scan(first, end);
    IndexSpan s = blocks(b0, b1);
    merge(s, scan(first, b0 * kBlock));
    merge(s, scan(b1 * kBlock, end));
    return s;
  }

  // The first index of [first, first + count) outside [lo, hi), or -1.
  int64_t first_outside(uint64_t first, uint64_t count, uint64_t lo, uint64_t hi) {
    const uint64_t end = first + count;
    uint64_t b0, b1;
    if (direct(first, end, b0, b1)) return scan_outside(first, end, lo, hi);
    if (const int64_t i = scan_outside(first, b0 * kBlock, lo, hi); i >= 0) return i;
    if (outside(blocks(b0, b1), lo, hi)) {
      uint64_t l = b0 + 1, r = b1;  // the fewest blocks from b0 that hold an offender
      while (l < r) {
        const uint64_t m = l + (r - l) / 2;
        if (outside(blocks(b0, m), lo, hi))
          r = m;
        else
          l = m + 1;
      }
      return scan_outside((l - 1) * kBlock, l * kBlock, lo, hi);
    }
    return scan_outside(b1 * kBlock, end, lo, hi);
  }

 private:
  static constexpr uint64_t kBlock = 256;

  // Whether [first, end) is scanned directly; if not, the whole blocks [b0, b1) inside it.
  bool direct(uint64_t first, uint64_t end, uint64_t& b0, uint64_t& b1) {
    b0 = (first + kBlock - 1) / kBlock;
    b1 = end / kBlock;
    if (b0 >= b1) return true;
    if (levels_.empty()) {
      if (scanned_ + (end - first) <= budget_) {
        scanned_ += end - first;
        return true;
      }
      build();
    }
    return false;
  }

  void build() {
    std::vector<IndexSpan> level(v_.size() / kBlock);
    for (uint64_t b = 0; b < level.size(); ++b) level[b] = scan(b * kBlock, (b + 1) * kBlock);
    levels_.push_back(std::move(level));
    for (uint64_t w = 2; w <= levels_[0].size(); w *= 2) {  // level k: spans of 2^k blocks
      const std::vector<IndexSpan>& prev = levels_.back();
      std::vector<IndexSpan> next(levels_[0].size() - w + 1);
      for (uint64_t b = 0; b < next.size(); ++b) {
        next[b] = prev[b];
        merge(next[b], prev[b + w / 2]);
      }
      levels_.push_back(std::move(next));
    }
  }

  // The span of blocks [b0, b1), b0 < b1: two overlapping powers of two.
  IndexSpan blocks(uint64_t b0, uint64_t b1) const {
    size_t k = 0;
    while ((uint64_t(2) << k) <= b1 - b0) ++k;
    IndexSpan s = levels_[k][b0];
    merge(s, levels_[k][b1 - (uint64_t(1) << k)]);
    return s;
  }

  IndexSpan scan(uint64_t first, uint64_t end) const {
    IndexSpan s;
    const uint16_t* p = v_.data();
    for (uint64_t i = first; i < end; ++i) {
      s.lo = std::min(s.lo, p[i]);
      s.hi = std::max(s.hi, p[i]);
    }
    return s;
  }

  int64_t scan_outside(uint64_t first, uint64_t end, uint64_t lo, uint64_t hi) const {
    for (uint64_t i = first; i < end; ++i)
      if (v_[i] < lo || v_[i] >= hi) return static_cast<int64_t>(i);
    return -1;
  }

  const std::vector<uint16_t>& v_;
  const uint64_t budget_;  // direct scans allowed before the table is built
  uint64_t scanned_ = 0;
  std::vector<std::vector<IndexSpan>> levels_;
};

// Checks one range against the buffers (spec: partition note, range table). `known`: the span
// of the same indices when a range before covered them (the B partition repeats A's ranges).
// Returns the span of the range's indices (empty when they are outside the buffer).
IndexSpan check_range(Ctx& x, const Range& g, uint64_t at, uint64_t vertex_count,
                      const std::vector<uint16_t>& indices, IndexSpans& spans,
                      const IndexSpan* known) {
  x.rule(
      check::range_primitive_type_4, g.primitive_type == kTriangleList, "primitive_type", at,
      [&] { return "primitive type " + u32s(g.primitive_type) + ", expected 4 (triangle list)"; });
  const uint64_t vertex_end = uint64_t(g.first_vertex) + g.vertex_count;
  x.rule(check::range_inside_vertex_stream, vertex_end <= vertex_count, "vertex_count", at + 8,
         [&] {
           return "vertices " + u32s(g.first_vertex) + " + " + u32s(g.vertex_count) +
                  " exceed the " + u32s(vertex_count) + " vertices of the stream";
         });
  const uint64_t index_count = uint64_t(g.triangle_count) * 3;
  const bool inside = uint64_t(g.first_index) + index_count <= indices.size();
  x.rule(check::range_inside_index_buffer, inside, "triangle_count", at + 0x10, [&] {
    return "indices " + u32s(g.first_index) + " + 3 x " + u32s(g.triangle_count) + " exceed the " +
           u32s(indices.size()) + " indices of the buffer";
  });
  if (!inside) return {};
  const IndexSpan span = known         ? *known
                         : index_count ? spans.span(g.first_index, index_count)
                                       : IndexSpan{0, 0};
  // The vertices a range draws are also those its indices name: all inside the stream.
  const int64_t beyond = span.hi >= vertex_count
                             ? spans.first_outside(g.first_index, index_count, 0, vertex_count)
                             : -1;
  x.rule(check::range_inside_vertex_stream, beyond < 0, "first_index", at + 0xC, [&] {
    return "index " + u32s(uint64_t(beyond)) + " = " + u32s(indices[size_t(beyond)]) +
           " exceeds the " + u32s(vertex_count) + " vertices of the stream";
  });
  const int64_t bad =
      span.lo < g.first_vertex || span.hi >= vertex_end
          ? spans.first_outside(g.first_index, index_count, g.first_vertex, vertex_end)
          : -1;
  x.rule(check::range_indices_inside_vertex_span, bad < 0, "first_index", at + 0xC, [&] {
    return "index " + u32s(uint64_t(bad)) + " = " + u32s(indices[size_t(bad)]) +
           " lies outside the range's vertices [" + u32s(g.first_vertex) + ", " + u32s(vertex_end) +
           ")";
  });
  return span;
}

void check_partition(Ctx& x, const CheckDef& def, const std::vector<Range>& ranges,
                     uint64_t index_count, uint64_t at, const char* which) {
  uint64_t triangles = 0;
  for (const Range& g : ranges) triangles += g.triangle_count;
  x.rule(def, triangles * 3 == index_count, "ranges", at, [&] {
    return std::string(which) + " partition's " + u32s(ranges.size()) + " ranges hold " +
           u32s(triangles) + " triangles, the index buffer " + u32s(index_count) + " indices";
  });
}

}  // namespace

Range read_range(Ctx& x) {
  // spec: range, 24 bytes
  Range g;
  g.primitive_type = x.r.u32("primitive_type");
  g.first_vertex = x.r.u32("first_vertex");
  g.vertex_count = x.r.u32("vertex_count");
  g.first_index = x.r.u32("first_index");
  g.triangle_count = x.r.u32("triangle_count");
  g.unknown_0x14 = x.r.u32("unknown_0x14");
  x.c.field("sws.range_unknown_0x14", g.unknown_0x14);
  return g;
}

// `slot_marker`: a 3 stands where one palette per 40-byte slot would put this palette's
// marker (docs/READING.md "Palettes"), which the message then names.
Palette read_palette(Ctx& x, const Range& range, size_t bone_count, bool slot_marker) {
  // spec: palette, 7 + n bytes
  Reader& r = x.r;
  Palette p;
  uint64_t at = r.offset();
  p.marker = r.u8("marker");
  // The census counts the files whose palettes look stored one per slot.
  if (p.marker != kPaletteMarker && slot_marker) x.c.field("sws.palette_marker_in_slot", 1);
  x.rule(check::palette_marker, p.marker == kPaletteMarker, "marker", at, [&] {
    return "marker " + u32s(p.marker) + ", expected 3" +
           (slot_marker ? std::string("; a 3 stands at this palette's 40-byte slot, so the "
                                      "palettes may be stored one per slot, not back to back")
                        : std::string());
  });
  at = r.offset();
  p.version = r.u8("version");
  x.rule(check::palette_version, p.version == kPaletteVersion, "version", at,
         [&] { return "version " + u32s(p.version) + ", expected 1"; });
  at = r.offset();
  const uint8_t n = r.u8("entry_count");
  x.rule(check::palette_entry_count_max_32, n <= kMaxPaletteEntries, "entry_count", at,
         [&] { return "entry count " + u32s(n) + " exceeds 32"; });
  x.rule(check::palette_empty_without_bones, bone_count != 0 || n == 0, "entry_count", at,
         [&] { return "entry count " + u32s(n) + " on a mesh without bones"; });
  p.unknown_0x3 = r.u16("unknown_0x3");
  x.c.field("sws.palette_unknown_0x3", p.unknown_0x3);
  at = r.offset();
  p.vertex_count = r.u16("vertex_count");
  x.rule(check::palette_vertex_count_equals_range, p.vertex_count == range.vertex_count,
         "vertex_count", at, [&] {
           return "vertex count " + u32s(p.vertex_count) + " differs from the range's " +
                  u32s(range.vertex_count);
         });
  at = r.offset();
  p.bones = r.bytes(n, "bones");
  size_t bad = 0;
  while (bad < p.bones.size() && p.bones[bad] < bone_count) ++bad;
  x.rule(check::palette_bone_below_bone_count, bad == p.bones.size(), "bones", at + bad, [&] {
    return "entry " + u32s(bad) + " names bone " + u32s(p.bones[bad]) + " of " + u32s(bone_count);
  });
  return p;
}

CompiledData read_compiled(Ctx& x, uint32_t data_length, uint64_t data_length_at, size_t bone_count,
                           bool has_submeshes, uint32_t max_morph_channels) {
  Reader& r = x.r;
  Reader::Scope scope(r, "compiled");
  CompiledData d;
  const uint64_t start = r.offset();
  x.sites.compiled = start;
  x.sites.flags = start + 0x20;
  // spec: CompiledMesh data, the 48-byte header
  d.version = r.u32("version");
  d.extra_streams = r.u32("extra_streams");
  d.stride = r.u32("stride");
  d.vertex_bytes = r.u32("vertex_bytes");
  d.stride_all = r.u32("stride_all");
  d.vertex_bytes_all = r.u32("vertex_bytes_all");
  d.index_bytes = r.u32("index_bytes");
  d.unknown_0x1c = r.u32("unknown_0x1c");
  x.c.field("sws.compiled_unknown_0x1c", d.unknown_0x1c);
  d.flags = r.u32("flags");
  x.c.field("sws.flags", d.flags);
  d.range_count_a = r.u32("range_count_a");
  d.range_count_b = r.u32("range_count_b");
  d.total = r.u32("total");

  const uint64_t streams = uint64_t(d.extra_streams) + 1;
  const uint64_t A = d.range_count_a, B = d.range_count_b;
  x.rule(check::compiled_version_16, d.version == kCompiledVersion, "version", start,
         [&] { return "version " + u32s(d.version) + ", expected 16"; });
  x.rule(check::extra_streams_equals_max_morph_channels,
         d.extra_streams == (has_submeshes ? max_morph_channels : 0), "extra_streams", start + 4,
         [&] {
           return "extra stream count " + u32s(d.extra_streams) +
                  (has_submeshes
                       ? ", the SubMeshes' most morph channels are " + u32s(max_morph_channels)
                       : std::string(", expected 0 on a mesh without SubMeshes"));
         });
  x.rule(check::stride_times_streams, d.stride_all == uint64_t(d.stride) * streams, "stride_all",
         start + 0x10, [&] {
           return "stride x (s + 1) is " + u32s(d.stride_all) + ", expected " + u32s(d.stride) +
                  " x " + u32s(streams);
         });
  const uint64_t vertex_bytes_all = uint64_t(d.vertex_bytes) * streams;
  x.rule(check::v_times_streams, d.vertex_bytes_all == vertex_bytes_all, "vertex_bytes_all",
         start + 0x14, [&] {
           return "V x (s + 1) is " + u32s(d.vertex_bytes_all) + ", expected " +
                  u32s(d.vertex_bytes) + " x " + u32s(streams);
         });
  const uint64_t total = vertex_bytes_all + d.index_bytes + kRangeRecordSize * (A + B);
  x.rule(check::total_equals_streams_indices_ranges, d.total == total, "total", start + 0x2C, [&] {
    return "total " + u32s(d.total) + ", expected V(s + 1) + I + 24(A + B) = " + u32s(total);
  });
  const uint64_t length = kCompiledHeaderSize + d.total + kPaletteSlotSize * A;
  x.c.check(check::data_length_equals_48_total_palettes, data_length == length, "mesh.data_length",
            data_length_at, [&] {
              return "data length " + u32s(data_length) +
                     ", expected 48 + total + 40A = " + u32s(length);
            });
  const bool whole = d.stride ? d.vertex_bytes % d.stride == 0 : d.vertex_bytes == 0;
  x.rule(check::vertex_bytes_whole_vertices, whole, "vertex_bytes", start + 0xC, [&] {
    return "V = " + u32s(d.vertex_bytes) + " is not a whole number of " + u32s(d.stride) +
           "-byte vertices";
  });
  x.rule(check::index_bytes_whole_u16, d.index_bytes % 2 == 0, "index_bytes", start + 0x18,
         [&] { return "I = " + u32s(d.index_bytes) + " is not a whole number of u16 indices"; });
  x.rule(check::partition_b_not_more_than_a, B <= A, "range_count_b", start + 0x28,
         [&] { return "B = " + u32s(B) + " ranges, more than A = " + u32s(A); });

  // spec: 0x30 vertex streams, then indices, ranges and palettes
  x.sites.streams = r.offset();
  d.streams = r.bytes(r.checked_size(d.vertex_bytes, streams, "streams"), "streams");
  x.sites.indices = r.offset();
  d.indices = r.array<uint16_t>(d.index_bytes / 2, "indices");

  x.sites.ranges = r.offset();
  r.checked_size(A + B, kRangeRecordSize, "ranges");
  const uint64_t vertex_count = d.stride ? d.vertex_bytes / d.stride : 0;
  IndexSpans spans(d.indices);
  std::vector<IndexSpan> spans_a;  // B range i usually covers the indices of A range i
  for (uint64_t i = 0; i < A + B; ++i) {
    Reader::Scope s(r, "ranges", i);
    const uint64_t at = r.offset();
    Range g = read_range(x);
    const Range* twin = i >= A && i - A < d.ranges_a.size() ? &d.ranges_a[i - A] : nullptr;
    const bool same =
        twin && twin->first_index == g.first_index && twin->triangle_count == g.triangle_count;
    const IndexSpan span =
        check_range(x, g, at, vertex_count, d.indices, spans, same ? &spans_a[i - A] : nullptr);
    if (i < A) spans_a.push_back(span);
    (i < A ? d.ranges_a : d.ranges_b).push_back(g);
  }
  check_partition(x, check::partition_a_triangles_sum, d.ranges_a, d.indices.size(), x.sites.ranges,
                  "the first");
  check_partition(x, check::partition_b_triangles_sum, d.ranges_b, d.indices.size(),
                  x.sites.ranges + kRangeRecordSize * A, "the second");

  // spec: palettes at total + 48, one per first-partition range; n <= 32 keeps each within
  // its 40 bytes, so A palettes never pass the end of the 40A bytes.
  const uint64_t palettes_start = r.offset();
  for (uint64_t i = 0; i < A; ++i) {
    Reader::Scope s(r, "palettes", i);
    x.sites.palettes.push_back(r.offset());
    // Back to back, palette i starts at or before its 40-byte slot (7 + n <= 39 bytes each).
    const uint64_t slot = palettes_start + kPaletteSlotSize * i;
    const bool slot_marker = i > 0 && slot > r.offset() && slot - r.offset() < r.remaining() &&
                             r.cursor()[slot - r.offset()] == kPaletteMarker;
    d.palettes.push_back(read_palette(x, d.ranges_a[i], bone_count, slot_marker));
  }
  const uint64_t used = r.offset() - palettes_start;
  d.palette_tail = r.bytes(kPaletteSlotSize * A - used, "palette_tail");
  x.c.field("sws.palette_tail_bytes", double(d.palette_tail.size()));
  return d;
}

// ---- encoder: mirrors the reader above, field for field

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
