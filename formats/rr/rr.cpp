// The RR entry points: detection, decode (strict read -> relations -> IR) and re-encode.
#include "formats/rr/rr.h"

#include <cstring>

#include "formats/rr/layout.h"
#include "formats/rr/mesh_codec.h"
#include "formats/rr/normalise.h"
#include "formats/rr/rr_checks.h"
#include "formats/rr/structure_json.h"
#include "formats/rr/vertex_formats.h"

namespace f2g::rr {

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
    out.kind = FormatKind::Rr;
    Reader r(data, data + size, "RR");
    r.set_log(options.field_log);
    Checker c(r, out.mesh.warnings, options.observer);
    const MeshFile m = read_mesh_file(r, c);
    const VertexFormats& formats =
        options.rr_formats ? *options.rr_formats : builtin_vertex_formats();
    const Layout l = derive_layout(m, formats, c);
    normalise(m, l, options, c, out.mesh);
    if (options.want_structure) out.structure = structure_json(m, l);
    return out;
  });
}

// Only the byte grammar is needed to write the bytes back, so a mesh that breaks a relation
// between structures still re-encodes (verify --reencode can then name differing fields).
Result<std::vector<uint8_t>> reencode(const uint8_t* data, size_t size,
                                      const DecodeOptions& options) {
  return catch_failure([&] {
    Reader r(data, data + size, "RR");
    r.set_log(options.field_log);
    std::vector<ir::Diagnostic> warnings;
    Checker c(r, warnings, options.observer);
    return encode(read_mesh_file(r, c));
  });
}

std::vector<const CheckDef*> checks() { return check::all(); }

}  // namespace f2g::rr
