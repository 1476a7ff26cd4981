// The GRB and GRW entry points: detection, decode (strict read -> relations -> IR) and
// re-encode, one implementation with the dialect as a parameter.
#include "formats/grb/grb.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "formats/common/reencode.h"
#include "formats/grb/grb_checks.h"
#include "formats/grb/mesh_codec.h"
#include "formats/grb/rebuild.h"
#include "formats/grb/rebuild_parts.h"
#include "formats/grb/relations.h"
#include "formats/grb/skeleton.h"
#include "formats/grb/structure_json.h"
#include "formats/grb/texture_reading.h"
#include "formats/grb/to_ir.h"
#include "formats/grb/vertex_formats.h"

namespace f2g::grb {

namespace {

Dialect other(Dialect d) { return d == Dialect::Grb ? Dialect::Grw : Dialect::Grb; }

template <Dialect D>
Result<std::shared_ptr<const VertexTable>> parse_table(const std::string& json,
                                                       const std::string&) {
  Result<VertexFormats> parsed = parse_vertex_formats(json, D);
  if (!parsed) return parsed.error();
  return std::shared_ptr<const VertexTable>(
      std::make_shared<const VertexFormats>(std::move(*parsed)));
}

// docs/READING.md "Inputs": the reader that reaches its CompiledMesh class wins; two winners
// are an error naming both.
void check_single_winner(Dialect d, const uint8_t* data, size_t size, Checker& c) {
  const bool other_dialect = reaches_compiled_mesh(data, size, other(d));
  const bool rr = rr_reaches_compiled_mesh(data, size);
  c.check(check::single_dialect, !other_dialect && !rr, "mesh", 0, [&] {
    return std::string("both the ") + dialect_name(d) + " and the " +
           (other_dialect ? dialect_name(other(d)) : "rr") +
           " grammar reach their CompiledMesh class; choose one with --format";
  });
}

template <Dialect D>
bool looks_like(const uint8_t* data, size_t size) {
  return reaches_compiled_mesh(data, size, D);
}

// scan: a Mesh class word at +8 of the payload, and the walk reaching the CompiledMesh class.
// A FileHeader in front belongs to the resource (docs/READING.md "Inputs"): a byte 0x00, or
// 0x01 with N at +4 and 12 x N bytes (N up to `max_count`), is proposed as a start too; the
// scan keeps the longest confirmed candidate.
template <Dialect D>
void mesh_starts(const uint8_t* data, size_t size, uint64_t hit, uint32_t max_count,
                 std::vector<uint64_t>& out) {
  if (hit < 8) return;
  const uint64_t p = hit - 8;
  if (!reaches_compiled_mesh(data + p, size - p, D)) return;
  out.push_back(p);
  if (p >= 1 && data[p - 1] == 0) out.push_back(p - 1);
  for (uint64_t n = 0; n <= max_count && 8 + 12 * n <= p; ++n) {
    const uint64_t s = p - 8 - 12 * n;
    uint32_t stored;
    std::memcpy(&stored, data + s + 4, 4);
    if (data[s] == 1 && stored == n) out.push_back(s);
  }
}

// scan: a decompressed container's files block holds records `u32 TypeId, i32 len, i32
// nameLen, name, FileHeader, payload` (docs/READING.md "GRB/GRW container records"). A record
// frames the confirmed mesh [offset, offset + length) when, for one nameLen n in 1..255, the n
// bytes before the mesh are printable ASCII (the name), the i32 before them is n, the i32
// before that (len) is `length` (the record's data is exactly the FileHeader and the payload
// the strict read confirmed), the u32 before that (TypeId) is the Mesh class, and the mesh
// starts with a FileHeader (byte 0 with the Mesh class at +9, or byte 1 with N at +4 and the
// Mesh class at 8 + 12 N + 8). The smallest such n names the mesh; none gives "".
std::string record_name(const uint8_t* data, size_t size, uint64_t offset, uint64_t length) {
  constexpr uint64_t kMaxRecordNameSize = 255;
  constexpr uint64_t kRecordHeadSize = 12;  // TypeId, len, nameLen
  auto u32_at = [&](uint64_t at) {
    uint32_t v;
    std::memcpy(&v, data + at, 4);
    return v;
  };
  if (offset > size || length > size - offset || length > 0x7FFFFFFF || length < 1) return "";
  uint64_t payload = 0;
  if (data[offset] == 0) {
    payload = offset + 1;
  } else if (data[offset] == 1 && length >= 8) {
    payload = offset + 8 + 12 * uint64_t(u32_at(offset + 4));
  } else {
    return "";
  }
  if (payload >= offset + length || offset + length - payload < kObjectHeaderSize ||
      u32_at(payload + 8) != kMeshClass)
    return "";
  for (uint64_t n = 1; n <= kMaxRecordNameSize && kRecordHeadSize + n <= offset; ++n) {
    const uint64_t name = offset - n;
    if (data[name] < 0x20 || data[name] > 0x7E) return "";  // every longer name holds it too
    if (u32_at(name - 4) != n || u32_at(name - 8) != length ||
        u32_at(name - kRecordHeadSize) != kMeshClass)
      continue;
    return std::string(reinterpret_cast<const char*>(data + name), static_cast<size_t>(n));
  }
  return "";
}

template <Dialect D>
Result<Decoded> decode_entry(const uint8_t* data, size_t size, const DecodeOptions& options) {
  return decode(D, data, size, options);
}
template <Dialect D>
Result<std::vector<uint8_t>> reencode_entry(const uint8_t* data, size_t size,
                                            const DecodeOptions& options) {
  return reencode(D, data, size, options);
}

template <Dialect D>
Result<Rebuilt> rebuild_entry(const RebuildInput& input) {
  return rebuild(D, input);
}

template <Dialect D>
Result<SkeletonReading> skeleton_entry(const uint8_t* data, size_t size, DecodeObserver* observer) {
  return skeleton_reading(D, data, size, observer);
}

template <Dialect D>
Result<std::vector<uint8_t>> skeleton_reencode(const uint8_t* data, size_t size) {
  Result<Skeleton> s = read_skeleton(D, data, size);
  if (!s) return s.error();
  return write_skeleton(D, *s);
}

std::vector<const CheckDef*> grb_checks() { return check::all(); }

}  // namespace

// docs/READING.md "GRB/GRW vertex formats": a table entry is judged by its positions' w,
// which a wrong offset or stride turns into noise.
const Format kGrbFormat{
    "grb",
    "Ghost Recon Breakpoint",
    "GRB: Mesh class at byte 8, CompiledMesh 0xFC9E1595 behind the 3 header bytes, sub-mesh "
    "references, 82-byte bones and extents",
    16,
    looks_like<Dialect::Grb>,
    decode_entry<Dialect::Grb>,
    reencode_entry<Dialect::Grb>,
    grb_checks,  // shared by both dialects; registry::all_checks() lists them once
    parse_table<Dialect::Grb>,
    {{{"vertex_format", "format", false}}, "grb.position_w_is_32767_or_q"},
    {{"grb", kMeshClass, mesh_starts<Dialect::Grb>}},
    record_name,
    rebuild_entry<Dialect::Grb>,
    true,
    skeleton_entry<Dialect::Grb>,
    skeleton_reencode<Dialect::Grb>,
    &texture_codecs(Dialect::Grb),
};

const Format kGrwFormat{
    "grw",
    "Ghost Recon Wildlands",
    "GRW: as GRB with a u32 after the 3 header bytes",
    16,
    looks_like<Dialect::Grw>,
    decode_entry<Dialect::Grw>,
    reencode_entry<Dialect::Grw>,
    grb_checks,
    parse_table<Dialect::Grw>,
    {{{"vertex_format", "format", false}}, "grb.position_w_is_32767_or_q"},
    {{"grw", kMeshClass, mesh_starts<Dialect::Grw>}},
    record_name,
    rebuild_entry<Dialect::Grw>,
    true,
    skeleton_entry<Dialect::Grw>,
    skeleton_reencode<Dialect::Grw>,
    &texture_codecs(Dialect::Grw),
};

const Format& format_of(Dialect d) { return d == Dialect::Grb ? kGrbFormat : kGrwFormat; }

Result<Decoded> decode(Dialect d, const uint8_t* data, size_t size, const DecodeOptions& options) {
  return catch_failure([&] {
    Decoded out;
    out.format = &format_of(d);
    Reader r(data, data + size, "GRB");
    r.set_log(options.field_log);
    Checker c(r, out.mesh.warnings, options.observer);
    if (!options.format) {  // judged on the payload, behind any record gap
      const uint64_t gap = std::min<uint64_t>(options.payload_offset.value_or(0), size);
      check_single_winner(d, data + gap, size - gap, c);
    }
    // The parts in place: the layout points into the file.
    auto donor = std::make_shared<rebuild_parts::DonorParts>();
    donor->file = read_mesh_file(r, c, d, options.payload_offset);
    donor->layout = derive_layout(donor->file, vertex_table(d, options), c);
    normalise(donor->file, donor->layout, options, c, out.mesh);
    if (options.want_structure) out.structure = structure_json(donor->file, donor->layout);
    if (options.want_parts) {
      donor->static_w = rebuild_parts::stores_static_w(donor->file, donor->layout);
      out.parts = std::move(donor);
    }
    return out;
  });
}

// Only the byte grammar is needed to write the bytes back.
Result<std::vector<uint8_t>> reencode(Dialect d, const uint8_t* data, size_t size,
                                      const DecodeOptions& options) {
  return reencode_grammar(
      data, size, options, "GRB",
      [d, &options](Reader& r, Checker& c) {
        return read_mesh_file(r, c, d, options.payload_offset);
      },
      [](const MeshFile& m) { return encode(m); });
}

}  // namespace f2g::grb
