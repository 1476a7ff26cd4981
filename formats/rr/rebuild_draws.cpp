// Every field the decoder derives from the geometry, recomputed from the plan; each record
// starts as the donor's record of the same material, so its stored words stay.
#include <algorithm>

#include "formats/common/writer.h"
#include "formats/rr/bounds.h"
#include "formats/rr/rebuild.h"

namespace f2g::rr {

namespace {

template <class T>
const T& template_of(const std::vector<T>& donor, uint32_t material) {
  static const T none{};
  return donor.empty() ? none : donor[std::min<size_t>(material, donor.size() - 1)];
}

Blob blob_of(std::vector<uint8_t> bytes) {
  Blob b;
  b.bytes = std::move(bytes);
  return b;
}

}  // namespace

DrawsOut write_draws(MeshFile& out, const MeshFile& donor, const Layout& donor_layout,
                     const Plan& plan, VertexBytes&& bytes, const std::vector<float>& positions,
                     bool donor_order) {
  DrawsOut r;
  const uint64_t vertex_count = plan.vertices.size();
  const bool ranged = out.is_ranged();
  const Bounds all = bounds_of(positions, 0, vertex_count);
  // spec: header extents; their fourth floats are stored words and stay.
  for (int c = 0; c < 3; ++c) {
    out.header.extent_min[c] = all.lo[c];
    out.header.extent_max[c] = all.hi[c];
  }

  // spec: ranged indices u16 relative to the range's vertex base; inline absolute, of the
  // MeshData's width. A u16 inline mesh past 65,536 vertices needs u32 indices.
  uint32_t index_size = donor_layout.index_size;
  if (!ranged && index_size == 2 && vertex_count > 65536) {
    out.mesh_data.index_width = 1;
    index_size = 4;
    r.widened = true;
  }
  ByteWriter w;
  for (const Chunk& ch : plan.chunks)
    for (uint64_t k = ch.first_index; k < uint64_t(ch.first_index) + ch.index_count; ++k) {
      const uint32_t v = plan.indices[k] - (ranged ? ch.first_vertex : 0);
      if (index_size == 2)
        w.u16(static_cast<uint16_t>(v));
      else
        w.u32(v);
    }
  std::vector<uint8_t> indices = w.take();

  // MeshPrimitive records, descriptors (vertex count modulo 65,536) and DynamicReferences.
  MeshData& d = out.mesh_data;
  MaterialList& ml = out.materials;
  d.objects.clear();
  ml.descriptors.clear();
  ml.references.clear();
  for (size_t i = 0; i < plan.chunks.size(); ++i) {
    const Chunk& ch = plan.chunks[i];
    MeshPrimitive o = template_of(donor.mesh_data.objects, ch.material);
    o.vertex_base = ch.first_vertex;
    o.first_index = ch.first_index;
    // Donor order keeps the donor's declared counts, stale ones included (spec:
    // GFX_WireFrame_Wall_01_LOD0): the spans are the donor's, so the decoder reads them as
    // it read the donor. Otherwise the counts of the new buffers.
    const uint32_t triangles = ch.index_count / 3;
    if (!donor_order) {
      o.vertex_count = ch.vertex_count;
      o.triangle_count = triangles;
    } else if (o.vertex_count != ch.vertex_count || o.triangle_count != triangles) {
      ++r.stale_kept;
    }
    Descriptor desc = template_of(donor.materials.descriptors, ch.material);
    desc.vertex_count = static_cast<uint16_t>(o.vertex_count % 65536);
    d.objects.push_back(o);
    ml.descriptors.push_back(desc);
    ml.references.push_back(template_of(donor.materials.references, ch.material));
  }

  if (!ranged) {
    for (int s = 0; s < 3; ++s) d.runs[s] = blob_of(std::move(bytes.streams[s]));
    d.runs[3] = blob_of(std::move(indices));
    return r;
  }

  Ranged& g = *out.ranged;
  g.centre = all.centre();
  g.half_extent = all.half();
  g.ranges.clear();
  g.primitive_descs.clear();
  for (const Chunk& ch : plan.chunks) {
    RangeRecord range = template_of(donor.ranged->ranges, ch.material);
    range.first_index = ch.first_index;
    range.vertex_base = ch.first_vertex;
    g.ranges.push_back(range);
    // spec: PrimitiveDescData; a single range's bounds are the header's.
    const Bounds b =
        plan.chunks.size() == 1 ? all : bounds_of(positions, ch.first_vertex, ch.vertex_count);
    PrimitiveDesc desc = template_of(donor.ranged->primitive_descs, ch.material);
    desc.centre = b.centre();
    desc.half_extent = b.half();
    desc.index_count = ch.index_count;
    desc.first_index = ch.first_index;
    g.primitive_descs.push_back(desc);
  }
  g.primitive_desc_length = static_cast<uint32_t>(kPrimitiveDescSize * g.ranges.size());
  for (int s = 0; s < 3; ++s) g.streams[s] = blob_of(std::move(bytes.streams[s]));
  g.streams[3] = blob_of(std::move(indices));
  // spec: "some static meshes carry copies of their vertex and index buffers" in the final
  // runs: the runs the donor filled hold copies of the new buffers.
  for (int s = 0; s < 4; ++s)
    d.runs[s].bytes =
        donor.mesh_data.runs[s].bytes.empty() ? std::vector<uint8_t>{} : g.streams[s].bytes;
  return r;
}

}  // namespace f2g::rr
