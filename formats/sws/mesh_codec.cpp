// spec: Mesh table (SWS). Reader and its mirroring writer, side by side.
#include "formats/sws/mesh_codec.h"

#include <algorithm>
#include <cstring>

#include "formats/sws/codec_parts.h"
#include "formats/sws/sws.h"
#include "formats/sws/sws_checks.h"

namespace f2g::sws {

std::string u32s(uint64_t v) { return std::to_string(v); }

namespace {

const char* const kStoredByteFields[kStoredSize] = {
    "sws.stored_byte_0", "sws.stored_byte_1", "sws.stored_byte_2", "sws.stored_byte_3",
    "sws.stored_byte_4", "sws.stored_byte_5", "sws.stored_byte_6", "sws.stored_byte_7",
    "sws.stored_byte_8", "sws.stored_byte_9", "sws.stored_byte_10"};

}  // namespace

MeshBone read_bone(Ctx& x) {
  // spec: MeshBone, 76 bytes
  MeshBone b;
  b.id = x.r.u32("id");
  const uint64_t at = x.r.offset();
  b.class_id = x.r.u32("class");
  x.rule(check::bone_class, b.class_id == kMeshBoneClass, "class", at,
         [&] { return "bone class " + hex(b.class_id, 8) + ", expected 0x9EF0E7A1"; });
  b.name_hash = x.r.u32("name_hash");
  std::memcpy(b.matrix.data(), x.r.take(64, "matrix"), 64);
  return b;
}

Mesh read_mesh(Ctx& x) {
  Reader& r = x.r;
  Reader::Scope scope(r, "mesh");
  Mesh m;
  uint64_t at = r.offset();
  m.managed = r.u8("managed");
  x.rule(check::mesh_managed, m.managed == kManaged, "managed", at,
         [&] { return "managed byte " + u32s(m.managed) + ", expected 1"; });
  m.id = r.u32("id");
  at = r.offset();
  m.class_id = r.u32("class");
  x.rule(check::mesh_class, m.class_id == kMeshClass, "class", at,
         [&] { return "class " + hex(m.class_id, 8) + ", expected 0x415D9568 (Mesh)"; });
  m.category = r.u32("category");
  x.c.field("sws.category", m.category);
  m.generated = r.u8("generated");
  x.c.field("sws.generated", m.generated);

  // spec: Mesh 0xE: s SubMeshes follow the count, each a pointer tag 0 and a SubMesh, before
  // the bone count ("stores them at 18").
  const uint32_t submesh_count = r.run_count("submesh_count", 1 + kSubMeshMinSize);
  uint32_t max_morph_channels = 0;
  for (uint32_t i = 0; i < submesh_count; ++i) {
    Reader::Scope s(r, "submeshes", i);
    SubMeshEntry e;
    at = r.offset();
    e.pointer_tag = r.u8("pointer_tag");
    x.rule(check::submesh_pointer_inline, e.pointer_tag == kPointerInline, "pointer_tag", at,
           [&] { return "pointer tag " + u32s(e.pointer_tag) + ", expected 0 (inline)"; });
    x.sites.submeshes.emplace_back();
    e.submesh = read_submesh(x, false, 0, &x.sites.submeshes.back());
    max_morph_channels =
        std::max(max_morph_channels, static_cast<uint32_t>(e.submesh.morph_channels.size()));
    m.submeshes.push_back(std::move(e));
  }

  const uint32_t bone_count = r.run_count("bone_count", kBoneRecordSize);
  m.bones.reserve(bone_count);
  for (uint32_t i = 0; i < bone_count; ++i) {
    Reader::Scope s(r, "bones", i);
    x.sites.bones.push_back(r.offset());
    m.bones.push_back(read_bone(x));
  }

  std::memcpy(m.stored_11.data(), r.take(kStoredSize, "stored_11"), kStoredSize);
  for (size_t i = 0; i < kStoredSize; ++i) x.c.field(kStoredByteFields[i], m.stored_11[i]);

  at = r.offset();
  m.compiled_class = r.u32("compiled_class");
  x.rule(check::compiled_mesh_class, m.compiled_class == kCompiledMeshClass, "compiled_class", at,
         [&] { return "class " + hex(m.compiled_class, 8) + ", expected 0xFC9E1595"; });
  at = r.offset();
  m.data_length = r.u32("data_length");
  m.compiled =
      read_compiled(x, m.data_length, at, m.bones.size(), !m.submeshes.empty(), max_morph_channels);

  at = r.offset();
  m.platform_version = r.u32("platform_version");
  x.rule(check::platform_version_16, m.platform_version == kPlatformVersion, "platform_version", at,
         [&] { return "PlatformVersion " + u32s(m.platform_version) + ", expected 16"; });
  at = r.offset();
  m.sdk_version = r.u32("sdk_version");
  x.rule(check::sdk_version_32, m.sdk_version == kSdkVersion, "sdk_version", at,
         [&] { return "SDKVersion " + u32s(m.sdk_version) + ", expected 32"; });

  at = r.offset();
  x.sites.material_ids = at;
  const uint32_t material_count = r.run_count("material_count", 4);
  x.rule(check::material_count_equals_range_count, material_count == m.compiled.range_count_a,
         "material_count", at, [&] {
           return "material count " + u32s(material_count) +
                  " differs from the range count A = " + u32s(m.compiled.range_count_a);
         });
  m.material_ids = r.array<uint32_t>(material_count, "material_ids");
  r.expect_end("mesh");
  return m;
}

void check_submeshes_against_compiled(Ctx& x, const Mesh& m) {
  if (m.submeshes.empty()) return;
  const CompiledData& d = m.compiled;
  // spec: SubMeshes note: "the mesh's vertex count is the SubMeshes' vertex counts summed".
  uint64_t sum = 0;
  for (const SubMeshEntry& e : m.submeshes) sum += e.submesh.positions.size();
  const uint64_t vertex_count = d.stride ? d.vertex_bytes / d.stride : 0;
  x.c.check(check::vertex_count_equals_submesh_sum, vertex_count == sum,
            "mesh/compiled.vertex_bytes", x.sites.compiled + 0xC, [&] {
              return "the stream holds " + u32s(vertex_count) +
                     " vertices, the SubMeshes' vertex counts sum to " + u32s(sum);
            });
  // spec: each SubMesh corresponds to the first-partition range drawn with its material.
  for (size_t k = 0; k < m.submeshes.size(); ++k) {
    const uint32_t id = m.submeshes[k].submesh.material_id;
    const size_t ranges = std::min(m.material_ids.size(), d.ranges_a.size());
    const bool found = std::find(m.material_ids.begin(), m.material_ids.begin() + ranges, id) !=
                       m.material_ids.begin() + ranges;
    x.c.check(check::submesh_material_equals_range_material, found,
              "mesh/submeshes[" + u32s(k) + "].material_id", x.sites.submeshes[k].material_id,
              [&] { return "material " + hex(id, 8) + " is not the material of any range"; });
  }
}

Result<Mesh> decode_structure(const uint8_t* data, size_t size, const DecodeOptions& options,
                              std::vector<ir::Diagnostic>* warnings, Sites* sites) {
  std::vector<ir::Diagnostic> local_warnings;
  Sites local_sites;
  return catch_failure([&]() -> Mesh {
    Reader r(data, data + size, "SWS");
    r.set_log(options.field_log);
    Checker c(r, warnings ? *warnings : local_warnings, options.observer);
    Ctx x{r, c, sites ? *sites : local_sites};
    Mesh m = read_mesh(x);
    check_submeshes_against_compiled(x, m);
    return m;
  });
}

// ---- encoder: mirrors the reader above, field for field

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
