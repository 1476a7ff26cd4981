// The donor's structure around the new buffers: every count, range, offset, box, length and
// factor derived from the geometry is written again; every other field is the donor's.
#include <cstring>
#include <string>

#include "formats/common/bounds.h"
#include "formats/common/indices.h"
#include "formats/common/kept_box.h"
#include "formats/grb/rebuild_parts.h"

namespace f2g::grb::rebuild_parts {

namespace {

// The box of the decoded positions of `count` vertices from `first` (formats/common/bounds.h,
// as formats/grb/mesh_builder.cpp computes it; an empty span is all zero).
void box(const std::vector<float>& pos, uint64_t first, uint64_t count, Float3& centre,
         Float3& half) {
  const Bounds b = bounds_of(pos, first, count);
  centre = b.centre();
  half = b.half();
}

Float3 lower(const Float3& centre, const Float3& half) {
  return {centre[0] - half[0], centre[1] - half[1], centre[2] - half[2]};
}
Float3 upper(const Float3& centre, const Float3& half) {
  return {centre[0] + half[0], centre[1] + half[1], centre[2] + half[2]};
}

// A box the donor stores as centre and half extent for vertices [first, first + count) of
// the donor (`dfirst`, `dcount`), under formats/common/kept_box.h's rule.
void kept_box(const std::vector<float>& pos, uint64_t first, uint64_t count,
              const std::vector<float>& donor_pos, uint64_t dfirst, uint64_t dcount, Float3& centre,
              Float3& half) {
  Float3 c, h, dc, dh;
  box(pos, first, count, c, h);
  box(donor_pos, dfirst, dcount, dc, dh);
  const bool same = c == dc && h == dh;
  const bool held =
      box_holds(lower(centre, half), upper(centre, half), lower(dc, dh), upper(dc, dh));
  centre = rebuilt_box_value(centre, dc, c, same, held, BoxSide::Centre);
  half = rebuilt_box_value(half, dh, h, same, held, BoxSide::Above);
}

bool mirrors(const MeshPrimitive& s, const MeshPrimitive& p) {
  return s.min_index == p.min_index && s.num_vertices == p.num_vertices &&
         s.start_index == p.start_index && s.primitive_count == p.primitive_count;
}

// Shadow MeshPrimitive j that repeated standard j's range in the donor follows draw j's new
// range (and goes with it); one that did not is kept as stored (the reading gives it no
// relation to check).
std::vector<MeshPrimitive> shadows(const MeshData& donor, const std::vector<MeshPrimitive>& fresh,
                                   const Draws& d) {
  std::vector<MeshPrimitive> out;
  for (size_t j = 0; j < donor.shadow.size(); ++j) {
    MeshPrimitive s = donor.shadow[j];
    if (j >= donor.standard.size() || !mirrors(s, donor.standard[j])) {
      out.push_back(s);
      continue;
    }
    for (size_t k = 0; k < d.draws.size(); ++k)
      if (d.draws[k].donor_draw == j) {
        s.min_index = fresh[k].min_index;
        s.num_vertices = fresh[k].num_vertices;
        s.start_index = fresh[k].start_index;
        s.primitive_count = fresh[k].primitive_count;
        out.push_back(s);
      }
  }
  return out;
}

}  // namespace

Result<bool> write_structure(const Donor& donor, const Vertices& v, const Draws& d,
                             const Order& order, MeshFile& out) {
  const MeshFile& dm = donor.file;
  const uint32_t index_size = donor.layout.index_size, stride = donor.layout.stride;
  const bool clustered = donor.layout.clustered;
  uint64_t total = 0;
  for (const DrawPlan& p : d.draws) total += p.indices.size();
  if (total * index_size > 0x7FFFFFFF)
    return import_error("IMPORT_TOO_LARGE",
                        std::to_string(total) + " indices pass the i32 length of the index buffer",
                        "mesh/indices");
  const uint64_t vertex_count = order.incoming.size();
  const ir::Attribute* dpos = donor.ir.find("POSITION");
  const std::vector<float> none;
  const std::vector<float>& donor_positions = dpos ? dpos->f32 : none;
  Compiled& k = out.compiled;
  MeshData& md = k.mesh_data;
  // Both index buffers sized once (a value appended at a time grew them per index).
  std::vector<uint8_t> ib(total * index_size), absolute(total * index_size);
  uint64_t written = 0;
  md.standard.clear();
  k.instancing.clear();
  out.materials.clear();
  std::optional<Clustered> g = k.clustered;
  if (g) {
    g->cluster_count_per_draw.clear();
    g->vertex_offset_per_draw.clear();
    g->primitive_descs.clear();
    g->cluster_count = 0;
  }
  uint32_t start = 0;
  for (const DrawPlan& p : d.draws) {
    const uint32_t i = p.donor_draw;
    MeshPrimitive mp = dm.compiled.mesh_data.standard[i];
    mp.min_index = p.min_index;
    mp.num_vertices = p.num_vertices;
    mp.start_index = start;
    mp.primitive_count = uint32_t(p.indices.size() / 3);
    for (uint32_t x : p.indices) {
      set_index(ib.data(), written, index_size, clustered ? x - p.min_index : x);
      set_index(absolute.data(), written++, index_size, x);
    }
    Instancing e = dm.compiled.instancing[i];
    e.vertex_count = uint16_t(p.num_vertices & 0xFFFF);  // NumVertices mod 65536
    k.instancing.push_back(e);
    out.materials.push_back(dm.materials[i]);
    if (g) {
      const Clustered& dg = *dm.compiled.clustered;
      // The reading gives clusters no layout: the donor's count while the draw keeps its
      // triangle count, else 64-triangle clusters as formats/grb/mesh_builder.cpp makes them.
      const uint32_t clusters =
          mp.primitive_count == dm.compiled.mesh_data.standard[i].primitive_count
              ? dg.cluster_count_per_draw[i]
              : (mp.primitive_count + 63) / 64;
      g->cluster_count_per_draw.push_back(clusters);
      g->cluster_count += clusters;
      g->vertex_offset_per_draw.push_back(uint32_t(uint64_t(p.min_index) * stride / 4));
      PrimitiveDesc pd = dg.primitive_descs[i];
      const MeshPrimitive& dp = dm.compiled.mesh_data.standard[i];
      kept_box(v.positions, p.min_index, p.num_vertices, donor_positions, dp.min_index,
               dp.num_vertices, pd.centre, pd.half_extent);
      pd.vertex_stride = stride;
      pd.type_and_count = uint32_t(p.indices.size()) << 8 | (pd.type_and_count & 0xFF);
      pd.start_index = start;
      g->primitive_descs.push_back(pd);
    }
    start += uint32_t(p.indices.size());
    md.standard.push_back(mp);
  }
  md.shadow = shadows(dm.compiled.mesh_data, md.standard, d);
  Float3 centre, half, dc, dh;
  box(v.positions, 0, vertex_count, centre, half);
  box(donor_positions, 0, donor.ir.vertex_count, dc, dh);
  const bool same = centre == dc && half == dh;
  Float3 lo, hi, dlo, dhi, stored_lo, stored_hi;
  for (size_t i = 0; i < 3; ++i) {
    lo[i] = centre[i] - half[i];
    hi[i] = centre[i] + half[i];
    dlo[i] = dc[i] - dh[i];
    dhi[i] = dc[i] + dh[i];
    stored_lo[i] = dm.mesh.extent_min[i];
    stored_hi[i] = dm.mesh.extent_max[i];
  }
  // The mesh stores its box twice when clustered (extents, centre and half extent), each
  // copy padded on its own (formats/common/kept_box.h).
  const bool extents_held = box_holds(stored_lo, stored_hi, dlo, dhi);
  lo = rebuilt_box_value(stored_lo, dlo, lo, same, extents_held, BoxSide::Below);
  hi = rebuilt_box_value(stored_hi, dhi, hi, same, extents_held, BoxSide::Above);
  for (size_t i = 0; i < 3; ++i) {  // the 4th floats stay the donor's
    out.mesh.extent_min[i] = lo[i];
    out.mesh.extent_max[i] = hi[i];
  }
  k.q = v.q;
  k.uvq = v.uvq;
  if (g) {
    const Clustered& dg = *dm.compiled.clustered;
    const bool held =
        box_holds(lower(dg.center, dg.half_extent), upper(dg.center, dg.half_extent), dlo, dhi);
    g->center = rebuilt_box_value(dg.center, dc, centre, same, held, BoxSide::Centre);
    g->half_extent = rebuilt_box_value(dg.half_extent, dh, half, same, held, BoxSide::Above);
    g->draw_prims_count = uint32_t(d.draws.size());
    g->vertex_buffer.bytes = v.bytes;
    g->index_buffer.bytes = std::move(ib);
    g->blob_bytes = uint32_t(kClusteredBlobBase + g->vertex_buffer.bytes.size() +
                             g->index_buffer.bytes.size() + kPrimitiveDescSize * d.draws.size());
    k.clustered = std::move(g);
    // MeshData's own buffers beside a ClusteredMeshData are usually empty and stay so; a
    // donor that filled them (a non-clustered copy) gets the new geometry there with
    // absolute indices, or keeps its bytes when the donor's order stands.
    const MeshData& dmd = dm.compiled.mesh_data;
    if (!order.donor_order &&
        !(dmd.vertex_buffer.bytes.empty() && dmd.index_buffer.bytes.empty())) {
      md.vertex_buffer.bytes = v.bytes;
      md.index_buffer.bytes = std::move(absolute);
    }
  } else {
    md.vertex_buffer.bytes = v.bytes;
    md.index_buffer.bytes = std::move(ib);
  }
  md.blob_bytes =
      uint32_t(kMeshDataBlobBase + md.vertex_buffer.bytes.size() + md.index_buffer.bytes.size());
  return true;
}

}  // namespace f2g::grb::rebuild_parts
