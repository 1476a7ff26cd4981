// spec: SubMesh, UVChannel and MorphChannel tables (SWS). Mirrors decode_submesh.cpp.
#include "formats/sws/codec_parts.h"

namespace f2g::sws {

namespace {

// spec: "every run is a u32 count and its elements".
template <class T>
void write_run(ByteWriter& w, const std::vector<T>& v) {
  w.u32(static_cast<uint32_t>(v.size()));
  w.bytes(v.data(), v.size() * sizeof(T));
}

}  // namespace

void write_uv_channel(ByteWriter& w, const UVChannel& u) {
  w.u32(u.id);
  w.u32(u.class_id);
  w.u32(u.unknown_0x8);
  w.u8(u.unknown_0xc);
  write_run(w, u.uvs);
  write_run(w, u.source);
}

void write_morph_channel(ByteWriter& w, const MorphChannel& m) {
  w.u32(m.id);
  w.u32(m.class_id);
  w.u32(m.hash);
  write_run(w, m.positions);
  write_run(w, m.normals);
  write_run(w, m.uvs);
}

void write_submesh(ByteWriter& w, const SubMesh& s) {
  w.u8(s.managed);
  w.u32(s.id);
  w.u32(s.class_id);
  w.u32(s.unknown_0x9);
  write_run(w, s.indices);
  write_run(w, s.source_vertices);
  w.u32(s.unknown_after_source);
  write_run(w, s.face_words);
  write_run(w, s.face_bytes);
  write_run(w, s.positions);
  write_run(w, s.normals);
  write_run(w, s.tangents);
  write_run(w, s.binormals);
  write_run(w, s.colours);
  write_run(w, s.vertex_words_a);
  write_run(w, s.vertex_words_b);
  w.u32(s.empty_run_a);
  write_run(w, s.vertex_words_c);
  w.u32(s.empty_run_b);
  w.u32(s.empty_run_c);
  w.u32(static_cast<uint32_t>(s.uv_channels.size()));
  for (const UVChannel& u : s.uv_channels) write_uv_channel(w, u);
  w.u32(s.unknown_after_uvs);
  w.u32(static_cast<uint32_t>(s.morph_channels.size()));
  for (const MorphChannel& m : s.morph_channels) write_morph_channel(w, m);
  w.u8(s.has_morphs);
  w.u32(s.material_id);
  w.u8(s.unknown_flags[0]);
  w.u8(s.unknown_flags[1]);
  w.u8(s.copy_tag);
  for (const SubMesh& c : s.copy) write_submesh(w, c);
  w.u32(s.unknown_last);
}

}  // namespace f2g::sws
