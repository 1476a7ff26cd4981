// spec: Mesh table (SWS). Mirrors decode_mesh.cpp field for field.
#include "formats/sws/codec.h"
#include "formats/sws/codec_parts.h"

namespace f2g::sws {

void write_bone(ByteWriter& w, const MeshBone& b) {
  w.u32(b.id);
  w.u32(b.class_id);
  w.u32(b.name_hash);
  w.bytes(b.matrix.data(), 64);
}

void write_mesh(ByteWriter& w, const Mesh& m) {
  w.u8(m.managed);
  w.u32(m.id);
  w.u32(m.class_id);
  w.u32(m.category);
  w.u8(m.generated);
  w.u32(static_cast<uint32_t>(m.submeshes.size()));
  for (const SubMeshEntry& e : m.submeshes) {
    w.u8(e.pointer_tag);
    write_submesh(w, e.submesh);
  }
  w.u32(static_cast<uint32_t>(m.bones.size()));
  for (const MeshBone& b : m.bones) write_bone(w, b);
  w.bytes(m.stored_11.data(), m.stored_11.size());
  w.u32(m.compiled_class);
  w.u32(m.data_length);
  write_compiled(w, m.compiled);
  w.u32(m.platform_version);
  w.u32(m.sdk_version);
  w.u32(static_cast<uint32_t>(m.material_ids.size()));
  w.array(m.material_ids);
}

std::vector<uint8_t> encode(const Mesh& mesh) {
  ByteWriter w;
  write_mesh(w, mesh);
  return w.take();
}

}  // namespace f2g::sws
