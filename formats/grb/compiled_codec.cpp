// The CompiledMesh object (docs/READING.md "CompiledMesh"): PlatformData, the optional
// ClusteredMeshData, MeshData, the instancing entries, the versions and quantisation factors.
#include "formats/grb/codec_parts.h"
#include "formats/grb/grb_checks.h"

namespace f2g::grb {

void read_compiled(ReadContext& x, Compiled& c) {
  Reader::Scope s(x.r, "compiled");
  c.head = read_head(x, check::compiled_mesh_class, kCompiledMeshClass);
  c.platform_data = read_blob(x.r, "platform_data");
  x.c.field("grb.platform_data_length", double(c.platform_data.bytes.size()));
  const uint64_t at = x.r.offset();
  c.clustered_tag = x.r.u8("clustered_tag");
  x.c.check(check::clustered_tag_known,
            c.clustered_tag == kClusteredPresent || c.clustered_tag == kClusteredAbsent,
            x.r.path("clustered_tag"), at, [&] {
              return "clustered tag " + std::to_string(c.clustered_tag) +
                     " is neither 0 (ClusteredMeshData) nor 3 (none)";
            });
  if (c.clustered_tag == kClusteredPresent) {
    c.clustered.emplace();
    read_clustered(x, *c.clustered);
  }
  read_mesh_data(x, c.mesh_data);
  c.instancing_count_offset = x.r.offset();
  c.instancing = read_records<Instancing>(
      x.r, "instancing_count", kObjectHeaderSize + kInstancingBodySize, "instancing",
      [&](Instancing& e, uint32_t i) { read_instancing(x, e, i); });
  // GRW publishes 26 and 7; census only, never an error.
  c.versions_offset = x.r.offset();
  read_fields(x.r, c, kCompiledVersions);
  x.c.field("grb.platform_version", c.platform_version);
  x.c.field("grb.sdk_version", c.sdk_version);
  x.c.field("grb.quantization_factor", c.q);
  x.c.field("grb.uv_quantization_factor", c.uvq);
}

void write_compiled(ByteWriter& w, Dialect d, const Compiled& c) {
  write_head(w, c.head);
  write_blob(w, c.platform_data);
  w.u8(c.clustered_tag);
  if (c.clustered) write_clustered(w, d, *c.clustered);
  write_mesh_data(w, d, c.mesh_data);
  write_records(w, c.instancing, write_instancing);
  write_fields(w, c, kCompiledVersions);
}

}  // namespace f2g::grb
