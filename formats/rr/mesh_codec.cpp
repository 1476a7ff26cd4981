#include "formats/rr/mesh_codec.h"

#include <cstring>

#include "formats/common/writer.h"
#include "formats/rr/codec_parts.h"
#include "formats/rr/rr_checks.h"

namespace f2g::rr {

bool has_resource_header(const uint8_t* data, size_t size) {
  if (size < kResourceHeaderSize) return false;
  uint32_t cls;
  std::memcpy(&cls, data + 8, 4);
  return cls == kMeshClass;
}

MeshFile read_mesh_file(Reader& r, Checker& c) {
  ReadContext x{r, c};
  MeshFile m;
  Reader::Scope s(r, "mesh");
  if (has_resource_header(r.cursor(), r.remaining())) read_resource_header(x, m);
  read_header(x, m.header);
  read_compiled(x, m.compiled);  // at M, since the header ends there
  if (m.compiled.layout_selector == kLayoutRanged) {
    m.ranged.emplace();
    read_ranged(x, *m.ranged);
    Reader::Scope d(r, "mesh_data");
    m.ranged->mesh_data_head = read_head(x, check::mesh_data_class, kMeshDataClass, "id", "class");
    read_mesh_data(x, m.mesh_data);
  } else {
    // spec: "The inline form has MeshData directly at M+13": its head is the compiled one.
    Reader::Scope d(r, "mesh_data");
    read_mesh_data(x, m.mesh_data);
  }
  read_material_list(x, m.materials);
  r.expect_end("Mesh body");
  return m;
}

Result<MeshFile> parse(const uint8_t* data, size_t size) {
  return catch_failure([&] {
    Reader r(data, data + size, "RR");
    std::vector<ir::Diagnostic> warnings;
    Checker c(r, warnings, nullptr);
    return read_mesh_file(r, c);
  });
}

std::vector<uint8_t> encode(const MeshFile& m) {
  ByteWriter w;
  write_resource_header(w, m);
  write_header(w, m.header);
  write_compiled(w, m.compiled);
  if (m.ranged) {
    write_ranged(w, *m.ranged);
    write_head(w, m.ranged->mesh_data_head);
  }
  write_mesh_data(w, m.mesh_data);
  write_material_list(w, m.materials);
  return w.take();
}

}  // namespace f2g::rr
