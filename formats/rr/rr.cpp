// The RR entry points: detection, decode (strict read -> relations -> IR), re-encode and
// (rebuild.cpp) import's rebuild.
#include "formats/rr/rr.h"

#include <cstring>

#include "formats/common/bone_cores.h"
#include "formats/common/reencode.h"
#include "formats/rr/mesh_codec.h"
#include "formats/rr/rebuild.h"
#include "formats/rr/relations.h"
#include "formats/rr/rr_checks.h"
#include "formats/rr/structure_json.h"
#include "formats/rr/to_ir.h"
#include "formats/rr/vertex_formats.h"

namespace f2g::rr {

namespace {

Result<std::shared_ptr<const VertexTable>> parse_table(const std::string& json,
                                                       const std::string&) {
  Result<VertexFormats> parsed = parse_vertex_formats(json);
  if (!parsed) return parsed.error();
  return std::shared_ptr<const VertexTable>(
      std::make_shared<const VertexFormats>(std::move(*parsed)));
}

uint32_t u32_at(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// A bare body at `body`: the CompiledMesh class at M = 61 + 81 x n, n the u32 at body
// offset 16 (docs/READING.md "Input files").
bool bare_body_at(const uint8_t* data, size_t size, uint64_t body) {
  if (body > size || size - body < kBoneCountOffset + 4) return false;
  const uint64_t m = body + marker_offset(u32_at(data + body + kBoneCountOffset));
  return m <= size && size - m >= 4 && u32_at(data + m) == kCompiledMeshClass;
}

// scan, the resource header: its Mesh class at +8, and its body must show the CompiledMesh
// class where the bone count puts it, which keeps a stray class word from becoming a candidate.
void header_starts(const uint8_t* data, size_t size, uint64_t hit, uint32_t,
                   std::vector<uint64_t>& out) {
  if (hit >= 8 && bare_body_at(data, size, hit - 8 + kResourceHeaderSize)) out.push_back(hit - 8);
}

// scan, a bare body from its CompiledMesh class at M: every bone count n that puts a body
// start at M - 61 - 81n whose u32 at 16 is n.
void body_starts(const uint8_t* data, size_t, uint64_t m, uint32_t max_bones,
                 std::vector<uint64_t>& out) {
  for (uint64_t n = 0; n <= max_bones && marker_offset(static_cast<uint32_t>(n)) <= m; ++n) {
    const uint64_t body = m - marker_offset(static_cast<uint32_t>(n));
    if (u32_at(data + body + kBoneCountOffset) == n) out.push_back(body);
  }
}

// The bone cores' tree, u64 ids (docs/READING.md "Skeletons", "The common core").
Result<SkeletonReading> core_skeleton(const uint8_t* data, size_t size, DecodeObserver*) {
  return core_skeleton_reading(data, size, 8);
}

}  // namespace

const Format kFormat{
    "rr",
    "Riders Republic",
    "RR: at byte 8 behind the resource header, or CompiledMesh 0xFC9E1595 at 61 + 81 x bone count",
    16,  // u64 object ids
    looks_like,
    decode,
    reencode,
    checks,
    parse_table,
    // docs/READING.md "Vertex formats (assumed)": positions outside the stored bounds are the
    // user's evidence that a table entry is wrong.
    {{{"vertex_format", "kind", false}}, "rr.positions_inside_bounds"},
    {{"rr-header", kMeshClass, header_starts}, {"rr-body", kCompiledMeshClass, body_starts}},
    nullptr,  // no container record names its meshes
    rebuild,
    false,
    core_skeleton,  // no public Skeleton layout: the bone cores (docs/READING.md "Skeletons")
    nullptr,        // so no Skeleton is re-encoded
    nullptr,        // nor its materials and texture maps read (no public layout)
};

bool looks_like(const uint8_t* data, size_t size) {
  if (has_resource_header(data, size)) return true;
  if (size < kBoneCountOffset + 4) return false;
  uint32_t bones;
  std::memcpy(&bones, data + kBoneCountOffset, 4);
  const uint64_t m = marker_offset(bones);  // at most 61 + 81 x (2^32 - 1): no overflow
  if (m > size || size - m < 4) return false;
  uint32_t marker;
  std::memcpy(&marker, data + m, 4);
  return marker == kCompiledMeshClass;
}

Result<Decoded> decode(const uint8_t* data, size_t size, const DecodeOptions& options) {
  return catch_failure([&] {
    Decoded out;
    out.format = &kFormat;
    Reader r(data, data + size, "RR");
    r.set_log(options.field_log);
    Checker c(r, out.mesh.warnings, options.observer);
    // The parts in place: the layout points into the file.
    auto donor = std::make_shared<DonorParts>();
    donor->file = read_mesh_file(r, c);
    donor->layout = derive_layout(donor->file, vertex_table(options), c);
    normalise(donor->file, donor->layout, options, c, out.mesh);
    if (options.want_structure) out.structure = structure_json(donor->file, donor->layout);
    if (options.want_parts) out.parts = std::move(donor);
    return out;
  });
}

// Only the byte grammar is needed to write the bytes back, so a mesh that breaks a relation
// between structures still re-encodes (verify --reencode can then name differing fields).
Result<std::vector<uint8_t>> reencode(const uint8_t* data, size_t size,
                                      const DecodeOptions& options) {
  return reencode_grammar(
      data, size, options, "RR", [](Reader& r, Checker& c) { return read_mesh_file(r, c); },
      [](const MeshFile& m) { return encode(m); });
}

std::vector<const CheckDef*> checks() { return check::all(); }

}  // namespace f2g::rr
