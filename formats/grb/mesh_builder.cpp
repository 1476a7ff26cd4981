#include "formats/grb/mesh_builder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#include "formats/common/bounds.h"
#include "formats/common/vertex_elements.h"
#include "formats/grb/vertex_codec.h"

namespace f2g::grb {

namespace {

// File-local object ids (docs/READING.md: low u32 0xF8000000 | n, high u32 0).
struct Ids {
  uint32_t n = 0;
  ObjectHead next(uint32_t cls) { return {0xF8000000u | n++, cls, 0}; }
};

const ir::Attribute& positions(const BuildInput& in) {
  for (const ir::Attribute& a : in.attributes)
    if (a.semantic == "POSITION") return a;
  throw std::invalid_argument("no POSITION");
}

float quantisation(const BuildInput& in) {
  if (in.q > 0) return in.q;
  float m = 0;
  for (float f : positions(in).f32) m = std::max(m, std::fabs(f));
  if (m == 0) m = 1;
  return in.negative_w.empty() ? m : std::ceil(m);
}

// The box of the decoded positions of `count` vertices from `first` (formats/common/bounds.h).
void box(const std::vector<ir::Attribute>& attrs, uint64_t first, uint64_t count, Float3& centre,
         Float3& half) {
  const Bounds b = bounds_of(vertex_elements::find_attribute(attrs, "POSITION")->f32, first, count);
  centre = b.centre();
  half = b.half();
}

void check_input(const BuildInput& in) {
  for (const BuildDraw& d : in.draws) {
    if (d.index_count % 3 || uint64_t(d.first_index) + d.index_count > in.indices.size())
      throw std::invalid_argument("a draw outside the indices");
    if (uint64_t(d.first_vertex) + d.vertex_count > in.vertex_count)
      throw std::invalid_argument("a draw outside the vertices");
    for (uint32_t k = d.first_index; k < d.first_index + d.index_count; ++k)
      if (in.indices[k] < d.first_vertex || in.indices[k] - d.first_vertex >= d.vertex_count)
        throw std::invalid_argument("index " + std::to_string(k) + " outside its draw");
  }
}

std::vector<uint8_t> index_bytes(const BuildInput& in) {
  std::vector<uint8_t> out;
  for (const BuildDraw& d : in.draws)
    for (uint32_t k = d.first_index; k < d.first_index + d.index_count; ++k) {
      // clustered indices are relative to the draw's MinIndex
      const uint32_t v = in.indices[k] - (in.clustered ? d.first_vertex : 0);
      if (!in.index32 && v > 0xFFFF) throw std::invalid_argument("u16 index overflow");
      const size_t at = out.size();
      out.resize(at + (in.index32 ? 4 : 2));
      if (in.index32)
        std::memcpy(&out[at], &v, 4);
      else {
        const uint16_t v16 = static_cast<uint16_t>(v);
        std::memcpy(&out[at], &v16, 2);
      }
    }
  return out;
}

}  // namespace

MeshFile build_mesh(const BuildInput& in) {
  return build_mesh(in, builtin_vertex_formats(in.dialect));
}

MeshFile build_mesh(const BuildInput& in, const VertexFormats& formats) {
  const VertexFormat* f = formats.find(in.vertex_format);
  if (!f) throw std::invalid_argument("unknown vertex format " + std::to_string(in.vertex_format));
  check_input(in);
  MeshFile m;
  m.dialect = in.dialect;
  m.file_header = in.file_header;
  Ids ids;
  MeshHeader& h = m.mesh;
  h.head = {in.class_id, kMeshClass, 0};
  h.submeshes = in.submeshes;
  h.bones = in.bones;
  for (MeshBone& b : h.bones) b.head = ids.next(kMeshBoneClass);

  Compiled& c = m.compiled;
  c.head = ids.next(kCompiledMeshClass);
  c.platform_data.bytes = in.platform_data;
  c.q = quantisation(in);
  c.uvq = in.uvq;
  std::vector<int16_t> w(static_cast<size_t>(in.vertex_count), 32767);
  const int16_t wq = static_cast<int16_t>(std::lround(c.q));
  for (size_t v = 0; v < in.negative_w.size() && v < w.size(); ++v)
    w[v] = in.negative_w[v] ? int16_t(-wq) : wq;
  std::vector<uint8_t> vb =
      encode_vertices(*f, in.attributes, w, in.vertex_count, c.q, c.uvq, in.filler);
  // The box and PrimitiveDescData from what the decoder will read back.
  const std::vector<ir::Attribute> decoded =
      decode_vertices(*f, vb.data(), in.vertex_count, c.q, c.uvq);
  Float3 centre, half;
  box(decoded, 0, in.vertex_count, centre, half);
  for (int i = 0; i < 3; ++i) {
    h.extent_min[i] = centre[i] - half[i];
    h.extent_max[i] = centre[i] + half[i];
  }
  std::vector<uint8_t> ib = index_bytes(in);

  MeshData& d = c.mesh_data;
  if (in.clustered) {
    c.clustered_tag = kClusteredPresent;
    c.clustered.emplace();
    Clustered& g = *c.clustered;
    g.head = ids.next(kClusteredMeshDataClass);
    g.data_version = 1;
    g.vertex_format = in.vertex_format;
    g.vertex_stride = f->stride;
    g.center = centre;
    g.half_extent = half;
    g.draw_prims_count = static_cast<uint32_t>(in.draws.size());
    uint32_t start = 0;
    for (const BuildDraw& bd : in.draws) {
      const uint32_t clusters = (bd.index_count / 3 + 63) / 64;  // 64-triangle clusters
      g.cluster_count += clusters;
      g.cluster_count_per_draw.push_back(clusters);
      g.vertex_offset_per_draw.push_back(bd.first_vertex * f->stride / 4);
      PrimitiveDesc p;
      box(decoded, bd.first_vertex, bd.vertex_count, p.centre, p.half_extent);
      p.vertex_stride = f->stride;
      p.type_and_count = bd.index_count << 8 | 1;
      p.start_index = start;
      start += bd.index_count;
      g.primitive_descs.push_back(p);
    }
    g.is_fixed_cluster_size = 1;
    g.vertex_buffer.bytes = std::move(vb);
    g.index_buffer.bytes = std::move(ib);
    g.blob_bytes = static_cast<uint32_t>(kClusteredBlobBase + g.vertex_buffer.bytes.size() +
                                         g.index_buffer.bytes.size() +
                                         kPrimitiveDescSize * g.primitive_descs.size());
  } else {
    c.clustered_tag = kClusteredAbsent;
    d.vertex_buffer.bytes = std::move(vb);
    d.index_buffer.bytes = std::move(ib);
  }
  d.head = ids.next(kMeshDataClass);
  d.is_index_buffer_32bit = in.index32 ? 1 : 0;
  d.vertex_format = in.vertex_format;
  d.vertex_stride = static_cast<uint8_t>(f->stride);
  uint32_t start = 0;
  for (const BuildDraw& bd : in.draws) {
    MeshPrimitive p;
    p.head = ids.next(kMeshPrimitiveClass);
    p.min_index = bd.first_vertex;
    p.num_vertices = bd.vertex_count;
    p.start_index = start;
    p.primitive_count = bd.index_count / 3;
    start += bd.index_count;
    d.standard.push_back(p);
  }
  if (in.shadow_primitives)
    for (const MeshPrimitive& s : d.standard) {
      MeshPrimitive p = s;
      p.head = ids.next(kMeshPrimitiveClass);
      p.is_using_depth_only_buffers = 1;
      d.shadow.push_back(p);
    }
  d.blob_bytes = static_cast<uint32_t>(kMeshDataBlobBase + d.vertex_buffer.bytes.size() +
                                       d.index_buffer.bytes.size());

  const uint16_t table = static_cast<uint16_t>(std::min<size_t>(h.bones.size(), 128));
  for (size_t i = 0; i < in.draws.size(); ++i) {
    Instancing e;
    e.head = ids.next(kMeshInstancingDataClass);
    e.shadow_caster = 1;
    e.word1 = static_cast<uint16_t>(i);  // WildlandsToolkit writes the draw index
    e.word3 = table;
    e.vertex_count = static_cast<uint16_t>(in.draws[i].vertex_count & 0xFFFF);
    e.material_tag = 1;
    e.material_id = in.draws[i].material_id;
    for (uint16_t k = 0; k < table; ++k) std::memcpy(&e.bone_table[2 * k], &k, 2);
    c.instancing.push_back(e);
  }
  for (const BuildDraw& bd : in.draws) {
    DynamicReference r;
    r.head = ids.next(kDynamicReferenceClass);
    r.material_id = bd.material_id;
    r.handle_tag = 1;
    r.handle_id = bd.material_id;
    m.materials.push_back(r);
  }
  m.trailer.user_category = in.user_category;
  return m;
}

}  // namespace f2g::grb
