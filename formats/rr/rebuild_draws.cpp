// Every field the decoder derives from the geometry, recomputed from the plan; each record
// starts as the donor's record of the same material, so its stored words stay.
#include <algorithm>
#include <cstring>

#include "formats/common/bounds.h"
#include "formats/common/kept_box.h"
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

bool operator==(const Bounds& a, const Bounds& b) { return a.lo == b.lo && a.hi == b.hi; }

Float3 first3(const Float4& v) { return {v[0], v[1], v[2]}; }

Float3 lower(const Float3& centre, const Float3& half) {
  return {centre[0] - half[0], centre[1] - half[1], centre[2] - half[2]};
}
Float3 upper(const Float3& centre, const Float3& half) {
  return {centre[0] + half[0], centre[1] + half[1], centre[2] + half[2]};
}

// A stored centre and half extent under formats/common/kept_box.h's rule: `donor` is the
// tight box of the positions the donor's box bounds, `now` the new one.
void centred(Float3& centre, Float3& half, const Float3& donor_centre, const Float3& donor_half,
             const Bounds& donor, const Bounds& now) {
  const bool same = donor == now;
  const bool held = box_holds(lower(donor_centre, donor_half), upper(donor_centre, donor_half),
                              donor.lo, donor.hi);
  centre =
      rebuilt_box_value(donor_centre, donor.centre(), now.centre(), same, held, BoxSide::Centre);
  half = rebuilt_box_value(donor_half, donor.half(), now.half(), same, held, BoxSide::Above);
}

}  // namespace

DrawsOut write_draws(MeshFile& out, const MeshFile& donor, const Layout& donor_layout,
                     const Plan& plan, VertexBytes&& bytes, const std::vector<float>& positions,
                     const ir::Mesh& donor_mesh, bool donor_order) {
  DrawsOut r;
  const uint64_t vertex_count = plan.vertices.size();
  const bool ranged = out.is_ranged();
  const Bounds all = bounds_of(positions, 0, vertex_count);
  const ir::Attribute* dp = donor_mesh.find("POSITION");
  const std::vector<float> none;
  const std::vector<float>& donor_positions = dp ? dp->f32 : none;
  // The tight box of a donor range (or of every donor vertex), as the donor stores it.
  auto donor_box = [&](const ir::Primitive* p) {
    const uint64_t first = p ? p->first_vertex : 0;
    const uint64_t count = p ? p->vertex_count : donor_mesh.vertex_count;
    return (first + count) * 3 <= donor_positions.size() ? bounds_of(donor_positions, first, count)
                                                         : Bounds{};
  };
  const Bounds donor_all = donor_box(nullptr);
  // spec: header extents; their fourth floats are stored words and stay. A ranged mesh
  // stores the box twice (extents, centre and half extent), each copy padded on its own.
  const Float3 dlo = first3(donor.header.extent_min), dhi = first3(donor.header.extent_max);
  const bool extents_held = box_holds(dlo, dhi, donor_all.lo, donor_all.hi);
  const Float3 lo =
      rebuilt_box_value(dlo, donor_all.lo, all.lo, donor_all == all, extents_held, BoxSide::Below);
  const Float3 hi =
      rebuilt_box_value(dhi, donor_all.hi, all.hi, donor_all == all, extents_held, BoxSide::Above);
  for (int c = 0; c < 3; ++c) {
    out.header.extent_min[c] = lo[c];
    out.header.extent_max[c] = hi[c];
  }

  // spec: ranged indices u16 relative to the range's vertex base; inline absolute, of the
  // MeshData's width. A u16 inline mesh past 65,536 vertices needs u32 indices.
  uint32_t index_size = donor_layout.index_size;
  if (!ranged && index_size == 2 && vertex_count > 65536) {
    out.mesh_data.index_width = 1;
    index_size = 4;
    r.widened = true;
  }
  // Sized once and written in place: a ByteWriter call per index grew the buffer per index.
  size_t index_bytes = 0;
  for (const Chunk& ch : plan.chunks) index_bytes += size_t(ch.index_count) * index_size;
  std::vector<uint8_t> indices(index_bytes);
  uint8_t* at = indices.data();
  for (const Chunk& ch : plan.chunks)
    for (uint64_t k = ch.first_index; k < uint64_t(ch.first_index) + ch.index_count; ++k) {
      const uint32_t v = plan.indices[k] - (ranged ? ch.first_vertex : 0);
      if (index_size == 2) {
        const uint16_t v16 = static_cast<uint16_t>(v);
        std::memcpy(at, &v16, 2);  // little-endian, as ByteWriter writes
      } else {
        std::memcpy(at, &v, 4);
      }
      at += index_size;
    }

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
  centred(g.centre, g.half_extent, donor.ranged->centre, donor.ranged->half_extent, donor_all, all);
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
    const ir::Primitive* dr =
        donor_mesh.primitives.empty() ? nullptr : &template_of(donor_mesh.primitives, ch.material);
    const Bounds db = donor.ranged->primitive_descs.size() == 1 ? donor_all : donor_box(dr);
    centred(desc.centre, desc.half_extent, desc.centre, desc.half_extent, db, b);
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
