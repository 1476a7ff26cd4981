#include "tests/bounds/resource_builders.h"

#include <cstring>
#include <string>

#include "formats/rr/mesh_builder.h"
#include "formats/rr/mesh_codec.h"
#include "formats/sws/mesh_builder.h"
#include "formats/sws/mesh_codec.h"
#include "formats/sws/mesh_format.h"

namespace f2g::test {
namespace {

using sws::Float2;
using sws::Float3;

// ---- SWS ----------------------------------------------------------------------------------

// formats/sws/vertex_formats.json: POSITION 0x001 (float32x3), NORMAL 0x002 (ubyte4_vector),
// TEXCOORD0 0x020 (float32x2), laid out in bit order: 24 bytes.
constexpr uint32_t kSwsFlags = 0x001 | 0x002 | 0x020;
constexpr uint32_t kSwsStride = 24;

struct SwsVertex {
  Float3 position;
  Float2 uv;
};

// Vertices and triangles of the mesh being built; parts are ranges (one SubMesh each).
struct SwsGeometry {
  std::vector<SwsVertex> vertices;
  std::vector<uint16_t> indices;  // absolute
  std::vector<sws::Range> ranges;

  // A side x side grid at height z, as one range of its own.
  void grid(uint32_t side, float z) {
    const uint32_t base = uint32_t(vertices.size());
    const uint32_t first_index = uint32_t(indices.size());
    for (uint32_t j = 0; j < side; ++j)
      for (uint32_t i = 0; i < side; ++i)
        vertices.push_back(
            {{float(i), float(j), z}, {float(i) / float(side), float(j) / float(side)}});
    for (uint32_t j = 0; j + 1 < side; ++j)
      for (uint32_t i = 0; i + 1 < side; ++i) {
        const uint16_t a = uint16_t(base + j * side + i), b = uint16_t(a + 1),
                       c = uint16_t(a + side), d = uint16_t(c + 1);
        indices.insert(indices.end(), {a, b, d, a, d, c});
      }
    sws::Range r;
    r.first_vertex = base;
    r.vertex_count = side * side;
    r.first_index = first_index;
    r.triangle_count = (uint32_t(indices.size()) - first_index) / 3;
    ranges.push_back(r);
  }

  // One triangle at x = k of its own three vertices, for k = 0 .. count - 1: every position
  // distinct. Adds no range.
  void triangles(uint32_t count) {
    for (uint32_t k = 0; k < count; ++k) {
      const float x = float(k);
      const uint16_t b = uint16_t(vertices.size());
      vertices.push_back({{x, 0, 0}, {0, 0}});
      vertices.push_back({{x, 1, 0}, {1, 0}});
      vertices.push_back({{x, 0, 1}, {0, 1}});
      indices.insert(indices.end(), {b, uint16_t(b + 1), uint16_t(b + 2)});
    }
  }
};

// The compiled stream of the vertices: position, normal (0, 0, 1) as ubyte4 xyz = b/127 - 1,
// UV.
std::vector<uint8_t> sws_stream(const std::vector<SwsVertex>& vertices) {
  std::vector<uint8_t> out(vertices.size() * kSwsStride);
  const uint8_t normal[4] = {127, 127, 254, 0};
  for (size_t v = 0; v < vertices.size(); ++v) {
    uint8_t* at = &out[v * kSwsStride];
    std::memcpy(at, vertices[v].position.data(), 12);
    std::memcpy(at + 12, normal, 4);
    std::memcpy(at + 16, vertices[v].uv.data(), 8);
  }
  return out;
}

// spec: SubMesh: the part as authored (positions and UV channel 0 those of its range, bit for
// bit), with its copy inline (tangents and binormals, no source vertices) when `with_copy`.
sws::SubMesh sws_submesh(const SwsGeometry& g, const sws::Range& r, uint32_t material, uint32_t id,
                         bool with_copy) {
  sws::SubMesh s;
  s.id = id;
  const uint32_t n = r.vertex_count, t = r.triangle_count;
  for (uint32_t k = r.first_index; k < r.first_index + 3 * t; ++k)
    s.indices.push_back(uint16_t(g.indices[k] - r.first_vertex));
  sws::UVChannel uv;
  uv.id = id + 1;
  for (uint32_t v = 0; v < n; ++v) {
    const SwsVertex& x = g.vertices[r.first_vertex + v];
    s.source_vertices.push_back(v);
    s.positions.push_back(x.position);
    s.normals.push_back({0, 0, 1});
    uv.uvs.push_back(x.uv);
    uv.source.push_back(v);
  }
  s.face_words.assign(t, 1);
  s.face_bytes.assign(t, 3);
  s.vertex_words_c.assign(n, 0xFF000000u);
  s.uv_channels.push_back(uv);
  s.material_id = material;
  s.copy_tag = with_copy ? sws::kPointerInline : sws::kPointerNone;
  if (with_copy) {
    sws::SubMesh c = s;
    c.id = id + 2;
    c.source_vertices.clear();
    c.tangents.assign(n, {1, 0, 0});
    c.binormals.assign(n, {0, 1, 0});
    c.uv_channels[0].source.clear();
    c.copy_tag = sws::kPointerNone;
    s.copy.push_back(std::move(c));
  }
  return s;
}

// The mesh around `g`: one palette per first-partition range, the second partition a copy of
// the first, materials as given (one per range), SubMeshes as given.
std::vector<uint8_t> sws_encode(const SwsGeometry& g, const std::vector<uint32_t>& materials,
                                std::vector<sws::SubMesh> submeshes,
                                const std::vector<sws::Range>* second = nullptr) {
  sws::Mesh m;
  m.id = 0x51A7E001;
  m.stored_11[1] = 1;
  for (sws::SubMesh& s : submeshes) m.submeshes.push_back({sws::kPointerInline, std::move(s)});
  sws::CompiledData& d = m.compiled;
  d.stride = kSwsStride;
  d.flags = kSwsFlags;
  d.streams = sws_stream(g.vertices);
  d.vertex_bytes = uint32_t(d.streams.size());
  d.indices = g.indices;
  d.ranges_a = g.ranges;
  d.ranges_b = second ? *second : g.ranges;
  for (size_t i = 0; i < g.ranges.size(); ++i) {
    sws::Palette p;
    p.unknown_0x3 = uint16_t(i);
    p.vertex_count = uint16_t(g.ranges[i].vertex_count);
    d.palettes.push_back(p);
  }
  m.material_ids = materials;
  sws::update_derived(m);
  return sws::encode(m);
}

uint32_t material_of(size_t i) { return 0x10000000u + uint32_t(i) * 0x9E37u; }

// One range of the whole geometry, for the second partition.
std::vector<sws::Range> one_range_over(const SwsGeometry& g) {
  sws::Range all;
  all.vertex_count = uint32_t(g.vertices.size());
  all.triangle_count = uint32_t(g.indices.size() / 3);
  return {all};
}

// ---- RR -----------------------------------------------------------------------------------

// static24 (formats/rr/vertex_formats.json): POSITION, NORMAL, TANGENT, COLOR_0, TEXCOORD_0.
rr::BuildInput rr_grid_input(uint32_t parts, uint32_t side) {
  rr::BuildInput in;
  in.format = "static24";
  std::vector<float> pos, nrm, tan, uv;
  std::vector<uint8_t> col;
  for (uint32_t p = 0; p < parts; ++p) {
    rr::BuildDraw part;
    part.first_vertex = uint32_t(in.vertex_count);
    part.first_index = uint32_t(in.indices.size());
    for (uint32_t j = 0; j < side; ++j)
      for (uint32_t i = 0; i < side; ++i) {
        pos.insert(pos.end(), {float(i), float(j), float(p)});
        nrm.insert(nrm.end(), {0, 0, 1});
        tan.insert(tan.end(), {1, 0, 0, 1});
        uv.insert(uv.end(), {float(i) / float(side), float(j) / float(side)});
        col.insert(col.end(), {200, 180, 160, 255});
      }
    for (uint32_t j = 0; j + 1 < side; ++j)
      for (uint32_t i = 0; i + 1 < side; ++i) {
        const uint32_t a = part.first_vertex + j * side + i, b = a + 1, c = a + side, d = c + 1;
        in.indices.insert(in.indices.end(), {a, b, d, a, d, c});
      }
    in.vertex_count += side * side;
    part.vertex_count = side * side;
    part.index_count = uint32_t(in.indices.size()) - part.first_index;
    part.material_id = 0xA000000000000000ull + p;
    in.parts.push_back(part);
  }
  in.attributes = {ir::f32_attribute("POSITION", 3, pos), ir::f32_attribute("NORMAL", 3, nrm),
                   ir::f32_attribute("TANGENT", 4, tan), ir::f32_attribute("TEXCOORD_0", 2, uv),
                   ir::u8_attribute("COLOR_0", 4, true, std::move(col))};
  in.compiled_mesh_id = 0xC0FFEE;
  return in;
}

}  // namespace

std::vector<uint8_t> sws_grid_mesh(uint32_t parts, uint32_t side, bool submeshes) {
  SwsGeometry g;
  for (uint32_t p = 0; p < parts; ++p) g.grid(side, float(p));
  std::vector<uint32_t> materials;
  std::vector<sws::SubMesh> subs;
  for (uint32_t p = 0; p < parts; ++p) {
    materials.push_back(material_of(p));
    if (submeshes) subs.push_back(sws_submesh(g, g.ranges[p], materials[p], 0x100 + 4 * p, true));
  }
  return sws_encode(g, materials, std::move(subs));
}

std::vector<uint8_t> sws_overlapping_ranges(uint32_t ranges, uint32_t triangles) {
  SwsGeometry g;
  g.vertices = {{{0, 0, 0}, {0, 0}}, {{1, 0, 0}, {1, 0}}, {{0, 1, 0}, {0, 1}}};
  for (uint32_t t = 0; t < triangles; ++t) g.indices.insert(g.indices.end(), {0, 1, 2});
  sws::Range all;
  all.vertex_count = 3;
  all.triangle_count = triangles;
  g.ranges.assign(ranges, all);
  std::vector<uint32_t> materials;
  for (uint32_t i = 0; i < ranges; ++i) materials.push_back(material_of(i));
  const std::vector<sws::Range> second = {all};
  return sws_encode(g, materials, {}, &second);
}

std::vector<uint8_t> sws_submeshes_behind_decoys(uint32_t submeshes, uint32_t decoys) {
  SwsGeometry g;
  g.triangles(submeshes);  // one triangle each
  std::vector<sws::Range> own;
  for (uint32_t k = 0; k < submeshes; ++k) {
    sws::Range r;
    r.first_vertex = 3 * k;
    r.vertex_count = 3;
    r.first_index = 3 * k;
    r.triangle_count = 1;
    own.push_back(r);
  }
  sws::Range decoy;  // every vertex, no triangle: the partition sums still hold
  decoy.vertex_count = uint32_t(g.vertices.size());
  g.ranges.assign(decoys, decoy);
  g.ranges.insert(g.ranges.end(), own.begin(), own.end());
  const uint32_t material = material_of(7);
  const std::vector<uint32_t> materials(g.ranges.size(), material);
  std::vector<sws::SubMesh> subs;
  for (uint32_t k = 0; k < submeshes; ++k)
    subs.push_back(sws_submesh(g, own[k], material, 0x100 + 4 * k, true));
  const std::vector<sws::Range> second = one_range_over(g);
  return sws_encode(g, materials, std::move(subs), &second);
}

std::vector<uint8_t> sws_coincident_vertices(uint32_t vertices) {
  SwsGeometry g;
  for (uint32_t v = 0; v < vertices; ++v) g.vertices.push_back({{0, 0, 0}, {float(v), 0}});
  for (uint32_t v = 0; v + 2 < vertices; v += 3)
    g.indices.insert(g.indices.end(), {uint16_t(v), uint16_t(v + 1), uint16_t(v + 2)});
  sws::Range r;
  r.vertex_count = vertices;
  r.triangle_count = uint32_t(g.indices.size() / 3);
  g.ranges.push_back(r);
  const uint32_t material = material_of(0);
  return sws_encode(g, {material}, {sws_submesh(g, r, material, 0x100, true)});
}

std::vector<uint8_t> sws_every_range_warns(uint32_t ranges) {
  SwsGeometry g;
  g.triangles(ranges);
  for (uint32_t k = 0; k < ranges; ++k) {
    sws::Range r;  // its one triangle lies outside its stored span [0, 1): a warning
    r.vertex_count = 1;
    r.first_index = 3 * k;
    r.triangle_count = 1;
    g.ranges.push_back(r);
  }
  std::vector<uint32_t> materials;
  for (uint32_t i = 0; i < ranges; ++i) materials.push_back(material_of(i));
  return sws_encode(g, materials, {});
}

std::vector<uint8_t> sws_empty_ranges(uint32_t ranges) {
  SwsGeometry g;
  g.grid(2, 0);
  sws::Range empty;
  empty.vertex_count = 4;
  g.ranges.insert(g.ranges.end(), ranges, empty);
  std::vector<uint32_t> materials;
  for (size_t i = 0; i < g.ranges.size(); ++i) materials.push_back(material_of(i));
  const std::vector<sws::Range> second = one_range_over(g);
  return sws_encode(g, materials, {}, &second);
}

std::vector<uint8_t> sws_nested_copies(uint32_t depth) {
  SwsGeometry g;
  g.grid(3, 0);
  const uint32_t material = material_of(0);
  sws::SubMesh s = sws_submesh(g, g.ranges[0], material, 0x100, depth > 0);
  // Each copy gets a copy of its own (tag 0 on a copy: a warning), `depth` copies in all.
  sws::SubMesh* at = &s;
  for (uint32_t d = 1; d < depth; ++d) {
    sws::SubMesh inner = at->copy.front();
    inner.id += 4 * d;
    at->copy.front().copy_tag = sws::kPointerInline;
    at->copy.front().copy.push_back(std::move(inner));
    at = &at->copy.front();
  }
  return sws_encode(g, {material}, {std::move(s)});
}

std::vector<uint8_t> rr_grid_mesh(uint32_t parts, uint32_t side, bool inline_layout) {
  rr::BuildInput in = rr_grid_input(parts, side);
  in.inline_layout = inline_layout;
  in.index_width = inline_layout && in.vertex_count > 0xFFFF ? 1 : 0;
  return rr::encode(rr::build_mesh(in));
}

std::vector<uint8_t> rr_empty_ranges(uint32_t ranges) {
  rr::BuildInput in = rr_grid_input(1, 2);
  rr::BuildDraw empty;
  empty.first_index = uint32_t(in.indices.size());
  empty.first_vertex = uint32_t(in.vertex_count);
  for (uint32_t i = 0; i < ranges; ++i) {
    empty.material_id = 0xB000000000000000ull + i;
    in.parts.push_back(empty);
  }
  return rr::encode(rr::build_mesh(in));
}

std::vector<uint8_t> rr_warning_bones(uint32_t bones) {
  rr::BuildInput in = rr_grid_input(1, 4);
  for (uint32_t i = 0; i < bones; ++i) {
    rr::MeshBone b;
    b.id = 0xB0000 + i;
    b.bone_class = 0;  // Observed class 0x9EF0E7A1: a warning
    b.name_hash = i;   // the matrix stays all zero: not invertible, a second warning
    in.bones.push_back(b);
  }
  return rr::encode(rr::build_mesh(in));
}

}  // namespace f2g::test
