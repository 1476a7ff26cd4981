// SWS entry points: detection, decode (strict read, layout, relations, normalisation) and
// re-encode.
#include "formats/sws/sws.h"

#include <cstring>

#include "formats/common/bone_cores.h"
#include "formats/common/classes.h"
#include "formats/sws/codec_parts.h"
#include "formats/sws/mesh_codec.h"
#include "formats/sws/rebuild.h"
#include "formats/sws/relations.h"
#include "formats/sws/structure_json.h"
#include "formats/sws/to_ir.h"
#include "formats/sws/vertex_formats.h"
#include "formats/sws/vertex_layout.h"

namespace f2g::sws {

const VertexFormats& vertex_table(const DecodeOptions& options) {
  return f2g::vertex_table(options, kFormat.name, builtin_vertex_formats());
}

namespace {

Result<std::shared_ptr<const VertexTable>> parse_table(const std::string& json,
                                                       const std::string& file) {
  Result<VertexFormats> parsed = parse_vertex_formats(json);
  if (!parsed) return parsed.error();
  parsed->origin = file;
  return std::shared_ptr<const VertexTable>(
      std::make_shared<const VertexFormats>(std::move(*parsed)));
}

// scan: byte 1, a u32 id, then the Mesh class at +5 (docs/READING.md "Input files").
void mesh_starts(const uint8_t* data, size_t, uint64_t hit, uint32_t, std::vector<uint64_t>& out) {
  if (hit >= 5 && data[hit - 5] == kManaged) out.push_back(hit - 5);
}

// The bone cores' tree, u32 ids (docs/READING.md "Skeletons", "The common core").
Result<SkeletonReading> core_skeleton(const uint8_t* data, size_t size, DecodeObserver*) {
  return core_skeleton_reading(data, size, 4);
}

}  // namespace

const Format kFormat{
    "sws",
    "Shaun White Skateboarding",
    "SWS: Mesh class 0x415D9568 at byte 5",
    8,  // u32 object ids
    looks_like,
    decode,
    reencode,
    checks,
    parse_table,
    // docs/READING.md "Vertex elements (assumed)": flags select the elements, which must fill
    // the stride; the SubMeshes' float positions equal the compiled ones bit for bit.
    {{{"flags", "flags", true}, {"stride", "stride", false}}, "sws.submesh_positions_equal_range"},
    {{"sws", kMeshClass, mesh_starts}},
    nullptr,  // no container record names its meshes
    rebuild,
    false,
    core_skeleton,  // no public Skeleton layout: the bone cores (docs/READING.md "Skeletons")
    nullptr,        // so no Skeleton is re-encoded
    nullptr,        // nor its materials and texture maps read (no public layout)
};

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
    const VertexFormats& table = vertex_table(options);
    const VertexLayout layout =
        resolve_layout(table, m.compiled.flags, m.compiled.stride, c, sites.flags);
    const std::vector<uint32_t> ranges = check_submesh_geometry(m, layout, sites, c);
    Decoded d;
    d.format = &kFormat;
    d.mesh = to_ir(m, layout, sites, ranges, c, options);
    if (options.want_structure) d.structure = structure_json(m, layout, ranges);
    d.mesh.warnings = std::move(warnings);
    if (options.want_parts) {
      auto parts = std::make_shared<DonorParts>();
      parts->mesh = std::move(*mesh);
      parts->layout = layout;
      parts->submesh_ranges = std::move(ranges);
      d.parts = std::move(parts);
    }
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
