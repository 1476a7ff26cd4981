// SWS entry points: detection, decode (strict read, layout, relations, normalisation) and
// re-encode.
#include "formats/sws/sws.h"

#include <cstring>

#include "formats/sws/codec.h"
#include "formats/sws/codec_parts.h"
#include "formats/sws/relations.h"
#include "formats/sws/structure_json.h"
#include "formats/sws/to_ir.h"
#include "formats/sws/vertex_formats.h"
#include "formats/sws/vertex_layout.h"

namespace f2g::sws {

bool looks_like(const uint8_t* data, size_t size) {
  if (size < 9) return false;
  uint32_t cls;
  std::memcpy(&cls, data + 5, 4);  // spec: Mesh 0x5 class
  return cls == kMeshClass;
}

Result<Decoded> decode(const uint8_t* data, size_t size, const DecodeOptions& options) {
  std::vector<ir::Diagnostic> warnings;
  Sites sites;
  Result<Mesh> mesh = decode_structure(data, size, options, &warnings, &sites);
  if (!mesh) return mesh.error();
  return catch_failure([&]() -> Decoded {
    const Mesh& m = *mesh;
    Reader r(data, data + size, "SWS");
    Checker c(r, warnings, options.observer);
    const VertexFormats& table =
        options.sws_formats ? *options.sws_formats : builtin_vertex_formats();
    const VertexLayout layout =
        resolve_layout(table, m.compiled.flags, m.compiled.stride, c, sites.flags);
    const std::vector<uint32_t> ranges = check_submesh_geometry(m, layout, sites, c);
    Decoded d;
    d.kind = FormatKind::Sws;
    d.mesh = to_ir(m, layout, sites, ranges, c, options);
    if (options.want_structure) d.structure = structure_json(m, layout, ranges);
    d.mesh.warnings = std::move(warnings);
    return d;
  });
}

Result<std::vector<uint8_t>> reencode(const uint8_t* data, size_t size,
                                      const DecodeOptions& options) {
  Result<Mesh> mesh = decode_structure(data, size, options);
  if (!mesh) return mesh.error();
  return encode(*mesh);
}

}  // namespace f2g::sws
