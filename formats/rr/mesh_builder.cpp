#include "formats/rr/mesh_builder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "formats/common/bounds.h"
#include "formats/common/writer.h"
#include "formats/rr/vertex_codec.h"

namespace f2g::rr {

namespace {

float choose_quantization(const BuildInput& in) {
  if (in.quantization_factor > 0) return in.quantization_factor;
  float largest = 0;
  for (const ir::Attribute& a : in.attributes)
    if (a.semantic == "POSITION")
      for (float f : a.f32) largest = std::max(largest, std::fabs(f));
  return largest > 0 ? largest / 32767.0f : 1.0f;
}

void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("build_mesh: " + what);
}

// Parts must tile the indices and vertices in order, each index inside its part.
void check_parts(const BuildInput& in) {
  uint64_t index_at = 0, vertex_at = 0;
  for (size_t i = 0; i < in.parts.size(); ++i) {
    const BuildDraw& p = in.parts[i];
    require(p.first_index == index_at && p.first_vertex == vertex_at,
            "part " + std::to_string(i) + " does not start where the previous ended");
    require(p.index_count % 3 == 0, "part " + std::to_string(i) + " is not whole triangles");
    for (uint32_t k = p.first_index; k < p.first_index + p.index_count; ++k)
      require(in.indices.at(k) >= p.first_vertex && in.indices[k] < p.first_vertex + p.vertex_count,
              "index " + std::to_string(k) + " is outside part " + std::to_string(i));
    index_at += p.index_count;
    vertex_at += p.vertex_count;
  }
  require(index_at == in.indices.size() && vertex_at == in.vertex_count,
          "parts do not cover the indices and vertices");
}

Blob blob_of(std::vector<uint8_t> bytes) {
  Blob b;
  b.bytes = std::move(bytes);
  return b;
}

std::vector<uint8_t> index_bytes(const BuildInput& in, bool relative, uint32_t size) {
  ByteWriter w;
  for (const BuildDraw& p : in.parts)
    for (uint32_t k = p.first_index; k < p.first_index + p.index_count; ++k) {
      const uint32_t v = in.indices[k] - (relative ? p.first_vertex : 0);
      if (size == 2) {
        require(v <= 0xFFFF, "index " + std::to_string(k) + " does not fit u16");
        w.u16(static_cast<uint16_t>(v));
      } else {
        w.u32(v);
      }
    }
  return w.take();
}

void fill_ranged(const BuildInput& in, const VertexFormat& f, const std::vector<float>& pos,
                 std::array<std::vector<uint8_t>, 3>& streams, MeshFile& m) {
  Ranged g;
  g.vertex_format = f.kind;
  g.strides = f.strides;
  const Bounds all = bounds_of(pos, 0, in.vertex_count);
  g.centre = all.centre();
  g.half_extent = all.half();
  for (const BuildDraw& p : in.parts) {
    RangeRecord r;
    r.first_index = p.first_index;
    r.vertex_base = p.first_vertex;
    g.ranges.push_back(r);
  }
  for (int s = 0; s < 3; ++s) g.streams[s] = blob_of(streams[s]);
  g.streams[3] = blob_of(index_bytes(in, true, 2));
  g.primitive_desc_length = static_cast<uint32_t>(kPrimitiveDescSize * in.parts.size());
  for (const BuildDraw& p : in.parts) {
    const Bounds b = in.parts.size() == 1 ? all : bounds_of(pos, p.first_vertex, p.vertex_count);
    PrimitiveDesc d;
    d.centre = b.centre();
    d.half_extent = b.half();
    d.index_count = p.index_count;
    d.first_index = p.first_index;
    g.primitive_descs.push_back(d);
  }
  g.mesh_data_head.cls = kMeshDataClass;
  m.compiled.layout_selector = kLayoutRanged;
  m.compiled.head.cls = kClusteredMeshDataClass;
  if (in.cpu_copies) {
    for (int s = 0; s < 4; ++s) m.mesh_data.runs[s].bytes = g.streams[s].bytes;
  }
  m.ranged = std::move(g);
}

}  // namespace

MeshFile build_mesh(const BuildInput& in, const VertexFormats& formats) {
  const VertexFormat* f = formats.find(in.format);
  require(f != nullptr, "no vertex format named " + in.format);
  require(!in.parts.empty(), "no parts");
  require(in.index_width <= 1 && (in.inline_layout || in.index_width == 0),
          "index width 1 (u32) is for the inline layout");
  check_parts(in);
  const float qf = choose_quantization(in);
  std::array<std::vector<uint8_t>, 3> streams =
      encode_vertices(*f, in.attributes, in.vertex_count, qf);
  // Bounds from the positions as decoded, so they hold exactly.
  const StreamBytes views{&streams[0], &streams[1], &streams[2]};
  std::vector<float> pos;
  for (ir::Attribute& a : decode_vertices(*f, views, in.vertex_count, qf))
    if (a.semantic == "POSITION") pos = std::move(a.f32);

  MeshFile m;
  if (in.resource_identity) m.resource = ResourceHeader{*in.resource_identity, kMeshClass};
  Header& h = m.header;
  h.descriptor_mask = in.descriptor_mask;
  h.generated = in.generated;
  h.vertex_stride = static_cast<uint8_t>(f->strides[0]);
  h.max_culling_distance = in.max_culling_distance;
  h.bones = in.bones;
  const Bounds all = bounds_of(pos, 0, in.vertex_count);
  h.extent_min = {all.lo[0], all.lo[1], all.lo[2], 0};
  h.extent_max = {all.hi[0], all.hi[1], all.hi[2], 0};
  h.compiled_mesh_id = in.compiled_mesh_id;

  MeshData& d = m.mesh_data;
  d.vertex_format = f->kind;
  for (int s = 0; s < 3; ++s) d.strides[s] = static_cast<uint8_t>(f->strides[s]);
  d.bones_per_vertex = static_cast<uint8_t>(f->strides[2] ? f->strides[2] / 2 : 4);
  for (const BuildDraw& p : in.parts) {
    MeshPrimitive o;
    o.vertex_base = p.first_vertex;
    o.vertex_count = p.vertex_count;
    o.first_index = p.first_index;
    o.triangle_count = p.index_count / 3;
    d.objects.push_back(o);
  }
  if (in.inline_layout) {
    m.compiled.layout_selector = kLayoutInline;
    m.compiled.head.cls = kMeshDataClass;
    d.index_width = in.index_width;
    for (int s = 0; s < 3; ++s) d.runs[s] = blob_of(streams[s]);
    d.runs[3] = blob_of(index_bytes(in, false, in.index_width ? 4 : 2));
  } else {
    fill_ranged(in, *f, pos, streams, m);
  }

  MaterialList& ml = m.materials;
  for (const BuildDraw& p : in.parts) {
    Descriptor desc;
    desc.vertex_count = static_cast<uint16_t>(p.vertex_count & 0xFFFF);
    desc.material_id = p.material_id;
    ml.descriptors.push_back(desc);
    DynamicReference ref;
    ref.reference = p.material_id;
    ref.handle = p.material_id;
    ml.references.push_back(ref);
  }
  ml.platform_version = kPlatformVersion;
  ml.quantization_factor = qf;
  ml.trailer.bools[0] = in.cpu_copies ? 1 : 0;
  ml.trailer.user_category = in.user_category;
  return m;
}

}  // namespace f2g::rr
