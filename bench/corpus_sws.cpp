// Shapes follow the spec's census of the install: mostly static meshes of a few hundred to a
// few thousand vertices, 12% skinned with <= 32-bone palettes per range, the SubMesh meshes
// (gameplay shapes with 1 to 3 morph streams, one SubMesh per range), a few large level
// pieces; indices are u16 and absolute, so no mesh passes 60,000 vertices.
#include "bench/corpus_sws.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

#include "bench/corpus_geometry.h"
#include "formats/sws/mesh_builder.h"
#include "formats/sws/mesh_codec.h"
#include "formats/sws/mesh_format.h"

namespace f2g::bench {
namespace {

using namespace f2g::sws;

// docs/READING.md "Vertex elements (assumed)": bit -> bytes, laid out in ascending bit order.
enum Bits : uint32_t {
  kPosition = 0x001,
  kNormal = 0x002,
  kTangent = 0x004,
  kBinormal = 0x008,
  kColour = 0x010,
  kUv0 = 0x020,
  kUv1 = 0x040,
  kBlendIndices = 0x080,
  kBlendWeights = 0x100,
};
constexpr std::pair<uint32_t, uint32_t> kElements[] = {
    {kPosition, 12}, {kNormal, 4}, {kTangent, 4},      {kBinormal, 4},    {kColour, 4},
    {kUv0, 8},       {kUv1, 8},    {kBlendIndices, 4}, {kBlendWeights, 4}};

uint32_t stride_of(uint32_t flags) {
  uint32_t s = 0;
  for (const auto& [bit, bytes] : kElements) s += (flags & bit) ? bytes : 0;
  return s;
}

// ubyte4 vector: xyz = b / 127 - 1 (docs/READING.md), w byte 0.
void put_vector(uint8_t* at, const float* v) {
  for (int c = 0; c < 3; ++c)
    at[c] = uint8_t(std::clamp<long>(std::lround((v[c] + 1.0f) * 127.0f), 0, 255));
  at[3] = 0;
}

uint32_t d3dcolor(const uint8_t* rgba) {  // bytes B, G, R, A as a little-endian u32
  return uint32_t(rgba[2]) | uint32_t(rgba[1]) << 8 | uint32_t(rgba[0]) << 16 |
         uint32_t(rgba[3]) << 24;
}

// Vertex v of the geometry in the stride-byte layout of `flags`; positions from `pos`.
void write_vertex(uint8_t* out, uint32_t flags, const Geometry& g, const float* pos, uint32_t v,
                  const std::vector<uint8_t>* palette) {
  for (const auto& [bit, bytes] : kElements) {
    if (!(flags & bit)) continue;
    switch (bit) {
      case kPosition:
        std::memcpy(out, pos, 12);
        break;
      case kNormal:
        put_vector(out, &g.normals[3 * v]);
        break;
      case kTangent:
        put_vector(out, &g.tangents[4 * v]);
        break;
      case kBinormal:
        put_vector(out, &g.binormals[3 * v]);
        break;
      case kColour: {
        const uint32_t c = d3dcolor(&g.colours[4 * v]);
        std::memcpy(out, &c, 4);
        break;
      }
      case kUv0:
        std::memcpy(out, &g.uv0[2 * v], 8);
        break;
      case kUv1:
        std::memcpy(out, &g.uv1[2 * v], 8);
        break;
      case kBlendIndices:  // palette slots (docs/READING.md "Blend indices")
        for (int k = 0; k < 4; ++k)
          out[k] = uint8_t(std::find(palette->begin(), palette->end(), g.joints[4 * v + k]) -
                           palette->begin());
        break;
      case kBlendWeights:
        std::memcpy(out, &g.weights[4 * v], 4);
        break;
    }
    out += bytes;
  }
}

std::vector<Float3> float3s(const std::vector<float>& v, uint32_t first, uint32_t count,
                            int width = 3) {
  std::vector<Float3> out(count);
  for (uint32_t i = 0; i < count; ++i)
    for (int c = 0; c < 3; ++c) out[i][c] = v[size_t(first + i) * width + c];
  return out;
}

std::vector<Float2> float2s(const std::vector<float>& v, uint32_t first, uint32_t count) {
  std::vector<Float2> out(count);
  for (uint32_t i = 0; i < count; ++i) out[i] = {v[2 * (first + i)], v[2 * (first + i) + 1]};
  return out;
}

// spec: SubMesh, the part as authored, and its copy (tangents and binormals added, no source
// vertices, no morph channels). Positions and UV channel 0 are the compiled range's bit for
// bit; morph channel k holds morph stream k + 1's positions.
SubMesh make_submesh(const Geometry& g, const Part& part, uint32_t material, uint32_t flags,
                     const std::vector<std::vector<float>>& morphs, uint32_t channels, Rng& r) {
  SubMesh s;
  s.id = r.u32() | 1;
  for (uint32_t i = part.first_index; i < part.first_index + part.index_count; ++i)
    s.indices.push_back(uint16_t(g.indices[i] - part.first_vertex));
  const uint32_t n = part.vertex_count, t = part.index_count / 3;
  for (uint32_t v = 0; v < n; ++v) s.source_vertices.push_back(v);
  for (uint32_t k = 0; k < t; ++k) {
    s.face_words.push_back(1u << r.range(0, 3));
    s.face_bytes.push_back(r.chance(0.9) ? 3 : uint8_t(r.range(0, 7)));
  }
  s.positions = float3s(g.positions, part.first_vertex, n);
  s.normals = float3s(g.normals, part.first_vertex, n);
  if (flags & kColour)
    for (uint32_t v = 0; v < n; ++v)
      s.colours.push_back(d3dcolor(&g.colours[4 * (part.first_vertex + v)]));
  s.vertex_words_c.assign(n, 0xFF000000u);
  UVChannel uv;
  uv.uvs = float2s(g.uv0, part.first_vertex, n);
  for (uint32_t v = 0; v < n; ++v) uv.source.push_back(v);
  s.uv_channels.push_back(uv);
  if (flags & kUv1) {
    UVChannel lm;
    lm.unknown_0xc = 1;
    lm.uvs = float2s(g.uv1, part.first_vertex, n);
    lm.source = uv.source;
    s.uv_channels.push_back(lm);
  }
  for (uint32_t k = 0; k < channels; ++k) {
    MorphChannel mc;
    mc.id = r.u32() | 1;
    mc.hash = r.u32();
    mc.positions = float3s(morphs[k], part.first_vertex, n);
    mc.normals = s.normals;
    mc.uvs = uv.uvs;
    s.morph_channels.push_back(std::move(mc));
  }
  s.has_morphs = channels ? 1 : 0;
  s.material_id = material;
  s.copy_tag = kPointerInline;

  SubMesh c = s;
  c.id = r.u32() | 1;
  c.source_vertices.clear();
  c.tangents = float3s(g.tangents, part.first_vertex, n, 4);
  c.binormals = float3s(g.binormals, part.first_vertex, n);
  for (UVChannel& ch : c.uv_channels) ch.source.clear();
  c.morph_channels.clear();
  c.has_morphs = 0;
  c.copy_tag = kPointerNone;
  c.unknown_last = r.chance(0.2) ? r.u32() : 0;
  s.copy.push_back(std::move(c));
  return s;
}

struct MeshShape {
  uint32_t vertices = 0, ranges = 1, flags = kPosition | kNormal | kUv0, bones = 0;
  uint32_t morph_streams = 0;
  GeometrySpec spec;
};

MeshShape shape_of(const SwsItem& item, Rng& r) {
  MeshShape s;
  const bool at_origin = r.chance(0.4);
  s.spec.size = std::clamp(r.lognormal(4.0, 1.0), 0.1, 300.0);
  if (!at_origin) s.spec.offset = {r.uniform(-800, 800), r.uniform(-800, 800), r.uniform(-20, 60)};
  s.spec.uv_repeat = r.chance(0.6) ? 1.0 : r.uniform(1.5, 8.0);
  if (r.chance(0.5)) s.flags |= kColour;
  if (r.chance(0.35)) s.flags |= kTangent | kBinormal;
  switch (item.kind) {
    case SwsKind::Static:
      s.vertices = uint32_t(std::clamp(r.lognormal(450, 1.1), 12.0, 19000.0));
      s.ranges = r.chance(0.55) ? 1 : r.chance(0.55) ? 2 : r.range(3, 6);
      if (r.chance(0.2)) s.flags |= kUv1;
      break;
    case SwsKind::Big:
      s.vertices = r.range(20000, 60000);
      s.ranges = r.range(4, 12);
      s.spec.size = r.uniform(50, 400);
      if (r.chance(0.5)) s.flags |= kUv1;
      break;
    case SwsKind::Skinned: {
      s.vertices = uint32_t(std::clamp(r.lognormal(1500, 0.6), 200.0, 12000.0));
      s.bones = r.range(10, 64);
      s.ranges = std::max<uint32_t>((s.bones + 29) / 30, r.range(1, 3));
      s.flags = kPosition | kNormal | kUv0 | kBlendIndices | kBlendWeights |
                (r.chance(0.4) ? uint32_t(kTangent | kBinormal) : 0u) |
                (r.chance(0.2) ? uint32_t(kColour) : 0u);
      s.spec.shape = bench::Shape::Character;
      s.spec.size = r.uniform(1.6, 2.0);
      s.spec.offset = {0, 0, 0};
      s.spec.uv_repeat = 1;
      s.spec.influences = 4;
      break;
    }
    case SwsKind::Morph:
      s.vertices = uint32_t(std::clamp(r.lognormal(300, 0.8), 16.0, 4000.0));
      s.ranges = r.chance(0.7) ? 1 : r.chance(0.67) ? 2 : r.range(3, 5);
      s.flags = kPosition | kNormal | kColour | kUv0 |
                (r.chance(0.3) ? uint32_t(kTangent | kBinormal) : 0u);
      s.spec.colours = true;
      s.morph_streams = r.range(1, 3);
      break;
  }
  s.spec.colours = (s.flags & kColour) != 0;
  s.spec.part_vertices = split_vertices(s.vertices, s.ranges, 8, r);
  s.ranges = uint32_t(s.spec.part_vertices.size());
  if (s.bones) {
    // Each range's palette: its slice of the bones plus a neighbour each side (<= 32).
    for (uint32_t i = 0; i < s.ranges; ++i) {
      const uint32_t lo = i * s.bones / s.ranges, hi = (i + 1) * s.bones / s.ranges;
      std::vector<uint8_t> list;
      for (uint32_t b = lo ? lo - 1 : 0; b < std::min(hi + 1, s.bones); ++b)
        list.push_back(uint8_t(b));
      s.spec.part_bones.push_back(list);
    }
  }
  return s;
}

}  // namespace

std::vector<uint8_t> sws_mesh_bytes(const SwsItem& item, MeshStats& stats) {
  Rng r(item.seed);
  MeshShape sh = shape_of(item, r);
  const Geometry g = make_geometry(sh.spec, r);
  const uint32_t V = g.vertex_count;
  stats.vertices = V;
  stats.triangles = g.indices.size() / 3;

  Mesh m;
  m.id = r.u32();
  m.category = r.range(0, 12);
  m.generated = r.chance(0.1) ? 1 : 0;
  m.stored_11[0] = r.chance(1950.0 / 16149) ? 1 : 0;  // spec: 0 on 14,199 meshes, 1 on 1,950
  m.stored_11[1] = 1;
  for (uint32_t b = 0; b < sh.bones; ++b)
    m.bones.push_back({r.u32(), kMeshBoneClass, r.u32(), inverse_bind(b, sh.bones, r)});
  std::set<uint32_t> ids;
  while (ids.size() < g.parts.size()) ids.insert(r.u32() | 0x10000000u);
  m.material_ids.assign(ids.begin(), ids.end());

  // Morph streams: whole vertex arrays; stream k + 1 lifts the parts whose SubMesh has
  // channel k (the first part has them all, later ones fewer).
  std::vector<uint32_t> channels(g.parts.size(), 0);
  std::vector<std::vector<float>> morphs(sh.morph_streams, g.positions);
  for (size_t p = 0; p < g.parts.size() && sh.morph_streams; ++p) {
    channels[p] = p == 0 ? sh.morph_streams : r.range(0, sh.morph_streams);
    const Part& part = g.parts[p];
    for (uint32_t k = 0; k < channels[p]; ++k) {
      const double lift = sh.spec.size * r.uniform(0.05, 0.5), f = r.uniform(1, 4);
      for (uint32_t v = part.first_vertex; v < part.first_vertex + part.vertex_count; ++v) {
        const double u = double(v - part.first_vertex) / part.vertex_count;
        morphs[k][3 * v + 2] += float(lift * std::sin(3.14159 * u * f) * std::sin(3.14159 * u));
      }
    }
  }

  CompiledData& d = m.compiled;
  d.extra_streams = sh.morph_streams;
  d.stride = stride_of(sh.flags);
  d.flags = sh.flags;
  d.vertex_bytes = V * d.stride;
  d.streams.assign(size_t(d.vertex_bytes) * (d.extra_streams + 1), 0);
  for (uint32_t s = 0; s <= d.extra_streams; ++s) {
    const std::vector<float>& pos = s == 0 ? g.positions : morphs[s - 1];
    for (size_t p = 0; p < g.parts.size(); ++p) {
      const Part& part = g.parts[p];
      const std::vector<uint8_t>* palette = sh.bones ? &sh.spec.part_bones[p] : nullptr;
      for (uint32_t v = part.first_vertex; v < part.first_vertex + part.vertex_count; ++v)
        write_vertex(&d.streams[size_t(d.vertex_bytes) * s + size_t(v) * d.stride], sh.flags, g,
                     &pos[3 * v], v, palette);
    }
  }
  d.indices.assign(g.indices.begin(), g.indices.end());  // absolute u16: V <= 60,000

  for (size_t p = 0; p < g.parts.size(); ++p) {
    const Part& part = g.parts[p];
    Range a;
    a.first_vertex = part.first_vertex;
    a.vertex_count = part.vertex_count;
    a.first_index = part.first_index;
    a.triangle_count = part.index_count / 3;
    a.unknown_0x14 = r.u32();
    d.ranges_a.push_back(a);
    Palette pal;
    pal.unknown_0x3 = r.chance(0.74) ? uint16_t(p) : uint16_t(r.range(0, 40));
    pal.vertex_count = uint16_t(part.vertex_count);
    if (sh.bones) pal.bones = sh.spec.part_bones[p];
    d.palettes.push_back(pal);
  }
  // spec: the second partition has as many ranges as the first on 10,344 meshes and fewer
  // on 5,805, often one range over all the indices.
  if (d.ranges_a.size() == 1 || r.chance(10344.0 / 16149)) {
    d.ranges_b = d.ranges_a;
    for (Range& b : d.ranges_b) b.unknown_0x14 = r.u32();
  } else {
    Range all;
    all.vertex_count = V;
    all.triangle_count = uint32_t(g.indices.size() / 3);
    all.unknown_0x14 = r.u32();
    d.ranges_b.push_back(all);
  }

  if (item.kind == SwsKind::Morph)
    for (size_t p = 0; p < g.parts.size(); ++p)
      m.submeshes.push_back({kPointerInline, make_submesh(g, g.parts[p], m.material_ids[p],
                                                          sh.flags, morphs, channels[p], r)});
  update_derived(m);
  return encode(m);
}

}  // namespace f2g::bench
