// Donors unlike the samples: each is a sample's structure with stored values the reading
// allows and this repository's encoders never write, as real files have them (padded bounds,
// a second partition cut at other triangles, SubMesh runs the glTF has no slot for, twin
// vertices). import must bring each back byte-identical from its own glb (docs/ARCHITECTURE.md
// "Back into the game"). Not written to samples/: the tests and fuzz_import make them, so the
// sample outputs stay what they are.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "formats/grb/mesh_codec.h"
#include "formats/rr/mesh_codec.h"
#include "formats/sws/mesh_builder.h"
#include "formats/sws/mesh_codec.h"
#include "formats/sws/rebuild.h"
#include "formats/sws/sws.h"
#include "samples/generator/game_samples.h"

namespace f2g::samples {

namespace {

std::string stem(const std::string& path) { return path.substr(0, path.rfind('.')); }

// A box widened asymmetrically: the minimum lowered by 0.25, 0.375, 0.5 per axis, the
// maximum raised by 0.125 (a game tool's padding; the reading only asks that the positions
// lie inside).
constexpr float kBelow[3] = {0.25f, 0.375f, 0.5f};
constexpr float kAbove = 0.125f;

template <class F4>
void pad_corners(F4& lo, F4& hi) {
  for (int c = 0; c < 3; ++c) {
    lo[c] -= kBelow[c];
    hi[c] += kAbove;
  }
}

template <class F3>
void pad_centred(F3& centre, F3& half) {
  for (int c = 0; c < 3; ++c) {
    centre[c] += (kAbove - kBelow[c]) / 2;
    half[c] += (kAbove + kBelow[c]) / 2;
  }
}

SampleFile rr_padded(const SampleFile& s) {
  Result<rr::MeshFile> m = rr::parse(s.bytes.data(), s.bytes.size());
  if (!m) return {};
  pad_corners(m->header.extent_min, m->header.extent_max);
  if (m->ranged) {
    pad_centred(m->ranged->centre, m->ranged->half_extent);
    for (rr::PrimitiveDesc& d : m->ranged->primitive_descs) pad_centred(d.centre, d.half_extent);
  }
  return {stem(s.path) + "_padded.mesh", rr::encode(*m)};
}

SampleFile grb_padded(const SampleFile& s) {
  const grb::Dialect d = s.path.rfind("grw/", 0) == 0 ? grb::Dialect::Grw : grb::Dialect::Grb;
  Result<grb::MeshFile> m = grb::parse(s.bytes.data(), s.bytes.size(), d);
  if (!m) return {};
  pad_corners(m->mesh.extent_min, m->mesh.extent_max);
  if (m->compiled.clustered) {
    pad_centred(m->compiled.clustered->center, m->compiled.clustered->half_extent);
    for (grb::PrimitiveDesc& p : m->compiled.clustered->primitive_descs)
      pad_centred(p.centre, p.half_extent);
  }
  return {stem(s.path) + "_padded.mesh", grb::encode(*m)};
}

// ---- RR and GRB/GRW boxes padded unlike each other ---------------------------------------

// Each stored copy of a mesh's box padded by its own amount (the reference states each field;
// it never says the copies are equal): the extents by one padding, the centre / half extent
// by another, the primitive descs by a third, or one copy left tight; or one copy stale,
// missing the extreme x by a little.
struct Pad {
  float below[3], above[3];
};
constexpr Pad kTight{{0, 0, 0}, {0, 0, 0}};
constexpr Pad kExtentsPad{{0.0625f, 0.125f, 0.1875f}, {0.25f, 0.3125f, 0.375f}};
constexpr Pad kCentrePad{{0.5f, 0.03125f, 0.25f}, {0, 0.75f, 0.125f}};
constexpr Pad kDescPad{{0.015625f, 0, 0.09375f}, {0.046875f, 0.21875f, 0}};
constexpr float kMiss = 1.0f / 64;

enum class Stale { None, Extents, Centre };
struct BoxCopies {
  const char* suffix;
  Pad extents, centre, descs;
  Stale stale;
  bool needs_two_copies;  // else the same as another variant on a mesh with one copy
};
constexpr BoxCopies kBoxCopies[] = {
    {"_boxes_unlike", kExtentsPad, kCentrePad, kDescPad, Stale::None, false},
    {"_boxes_extents_tight", kTight, kCentrePad, kDescPad, Stale::None, true},
    {"_boxes_centre_tight", kExtentsPad, kTight, kDescPad, Stale::None, true},
    {"_boxes_stale_extents", kTight, kCentrePad, kDescPad, Stale::Extents, false},
    {"_boxes_stale_centre", kExtentsPad, kTight, kDescPad, Stale::Centre, true},
};

template <class F4>
void pad_corners_by(F4& lo, F4& hi, const Pad& p, bool stale) {
  for (int c = 0; c < 3; ++c) {
    lo[c] -= p.below[c];
    hi[c] += p.above[c];
  }
  if (stale) hi[0] -= kMiss;
}

template <class F3>
void pad_centred_by(F3& centre, F3& half, const Pad& p, bool stale) {
  for (int c = 0; c < 3; ++c) {
    centre[c] += (p.above[c] - p.below[c]) / 2;
    half[c] += (p.above[c] + p.below[c]) / 2;
  }
  if (stale) half[0] -= kMiss;
}

// A single range's PrimitiveDescData is the ranged box (spec: PrimitiveDescData; RR_PRIMITIVE_
// DESC_BOUNDS), so only a mesh of several ranges pads its descs apart.
SampleFile rr_boxes(const SampleFile& s, const BoxCopies& v) {
  Result<rr::MeshFile> m = rr::parse(s.bytes.data(), s.bytes.size());
  if (!m || (v.needs_two_copies && !m->ranged)) return {};
  pad_corners_by(m->header.extent_min, m->header.extent_max, v.extents, v.stale == Stale::Extents);
  if (m->ranged) {
    rr::Ranged& g = *m->ranged;
    pad_centred_by(g.centre, g.half_extent, v.centre, v.stale == Stale::Centre);
    for (rr::PrimitiveDesc& d : g.primitive_descs) {
      if (g.primitive_descs.size() == 1) {
        d.centre = g.centre;
        d.half_extent = g.half_extent;
      } else {
        pad_centred_by(d.centre, d.half_extent, v.descs, false);
      }
    }
  }
  return {stem(s.path) + v.suffix + ".mesh", rr::encode(*m)};
}

SampleFile grb_boxes(const SampleFile& s, const BoxCopies& v) {
  const grb::Dialect d = s.path.rfind("grw/", 0) == 0 ? grb::Dialect::Grw : grb::Dialect::Grb;
  Result<grb::MeshFile> m = grb::parse(s.bytes.data(), s.bytes.size(), d);
  if (!m || (v.needs_two_copies && !m->compiled.clustered)) return {};
  pad_corners_by(m->mesh.extent_min, m->mesh.extent_max, v.extents, v.stale == Stale::Extents);
  if (m->compiled.clustered) {
    grb::Clustered& g = *m->compiled.clustered;
    pad_centred_by(g.center, g.half_extent, v.centre, v.stale == Stale::Centre);
    for (grb::PrimitiveDesc& p : g.primitive_descs)
      pad_centred_by(p.centre, p.half_extent, v.descs, false);
  }
  return {stem(s.path) + v.suffix + ".mesh", grb::encode(*m)};
}

const SampleFile* find(const std::vector<SampleFile>& all, const std::string& path) {
  for (const SampleFile& s : all)
    if (s.path == path) return &s;
  return nullptr;
}

Result<sws::Mesh> sws_structure(const SampleFile& s) {
  return sws::decode_structure(s.bytes.data(), s.bytes.size(), DecodeOptions{});
}

// The second partition cut at triangles that are no first-range boundary: `ranges` ranges
// of (nearly) equal triangle counts, each over every vertex.
SampleFile sws_cut_second_partition(const SampleFile& s, size_t ranges, const std::string& name) {
  Result<sws::Mesh> m = sws_structure(s);
  if (!m || m->compiled.ranges_b.empty()) return {};
  sws::CompiledData& d = m->compiled;
  const uint32_t triangles = uint32_t(d.indices.size() / 3);
  const uint32_t vertices = d.stride ? d.vertex_bytes / d.stride : 0;
  const sws::Range model = d.ranges_b[0];
  d.ranges_b.clear();
  uint32_t first = 0;
  for (size_t k = 0; k < ranges; ++k) {
    const uint32_t end =
        k + 1 == ranges ? triangles : uint32_t(uint64_t(triangles) * (k + 1) / ranges) + 1;
    sws::Range r = model;
    r.first_index = first * 3;
    r.triangle_count = end - first;
    r.first_vertex = 0;
    r.vertex_count = vertices;
    r.unknown_0x14 = 0x5EC0u + uint32_t(k);
    d.ranges_b.push_back(r);
    first = end;
  }
  sws::update_derived(*m);
  return {"sws/" + name + ".mesh", sws::encode(*m)};
}

// Every SubMesh run the glTF has no slot for holds values the generator never writes:
// vertex words a and b present, words c, face words and bytes, UV sources, morph channel
// ids and UVs all distinct per element, and the copy's UVs and colours not the original's.
SampleFile sws_submesh_runs(const SampleFile& s) {
  Result<sws::Mesh> m = sws_structure(s);
  if (!m) return {};
  uint32_t salt = 0x9E3779B9u;
  auto next = [&salt] { return salt = salt * 1664525u + 1013904223u; };
  auto fill = [&](sws::SubMesh& sm, bool copy) {
    const size_t n = sm.positions.size();
    sm.vertex_words_a.resize(n);
    sm.vertex_words_b.resize(n);
    for (uint32_t& w : sm.vertex_words_a) w = next();
    for (uint32_t& w : sm.vertex_words_b) w = next();
    for (uint32_t& w : sm.vertex_words_c) w = next();
    for (uint32_t& w : sm.face_words) w = next();
    for (uint8_t& b : sm.face_bytes) b = uint8_t(next() >> 24 | 1);
    for (sws::UVChannel& u : sm.uv_channels) {
      u.unknown_0x8 = next();
      if (!copy)
        for (uint32_t& w : u.source) w = next() % uint32_t(n ? n : 1);
    }
    for (sws::MorphChannel& ch : sm.morph_channels) {
      ch.id = next();
      for (sws::Float2& uv : ch.uvs)
        uv = {float(next() % 1024) / 1024, float(next() % 1024) / 1024};
    }
    sm.unknown_after_source = next();
    sm.unknown_after_uvs = next();
    if (!copy) return;
    // The copy's UVs and colours are its own (the reading ties only the original's to the
    // compiled vertices).
    for (sws::UVChannel& u : sm.uv_channels)
      for (sws::Float2& uv : u.uvs) uv = {uv[0] + 0.25f, uv[1] - 0.125f};
    for (uint32_t& c : sm.colours) c ^= next() & 0x00FFFFFFu;
  };
  for (sws::SubMeshEntry& e : m->submeshes) {
    fill(e.submesh, false);
    for (sws::SubMesh& c : e.submesh.copy) fill(c, true);
  }
  return {stem(s.path) + "_unknown_runs.mesh", sws::encode(*m)};
}

// Two vertices of the first SubMesh's range made equal in every stored byte and in the
// SubMesh (as a tool's twins: one position, normal, UV, colour and morph values), each still
// named by its own triangles. Blender merges such twins on export.
SampleFile sws_twins(const SampleFile& s) {
  Result<sws::Mesh> m = sws_structure(s);
  if (!m || m->submeshes.empty() || m->compiled.ranges_a.empty()) return {};
  sws::CompiledData& d = m->compiled;
  const sws::Range& g = d.ranges_a[0];
  if (g.vertex_count < 8) return {};
  const uint32_t a = g.first_vertex;
  std::vector<uint8_t> near(d.stride ? d.vertex_bytes / d.stride : 0, 0);
  for (uint64_t t = g.first_index; t + 3 <= g.first_index + uint64_t(g.triangle_count) * 3; t += 3)
    if (d.indices[t] == a || d.indices[t + 1] == a || d.indices[t + 2] == a)
      for (int c = 0; c < 3; ++c) near[d.indices[t + c]] = 1;
  uint32_t b = g.first_vertex + g.vertex_count - 1;
  while (b > a && near[b]) --b;
  if (b <= a) return {};
  // The SubMesh vertices at a's and b's positions (position first in the stride).
  sws::SubMesh& sm = m->submeshes[0].submesh;
  auto vertex_at = [&](uint32_t v) {
    for (size_t i = 0; i < sm.positions.size(); ++i)
      if (std::memcmp(sm.positions[i].data(), d.streams.data() + uint64_t(v) * d.stride, 12) == 0)
        return i;
    return sm.positions.size();
  };
  const size_t ia = vertex_at(a), ib = vertex_at(b);
  if (ia == sm.positions.size() || ib == sm.positions.size()) return {};
  for (uint32_t k = 0; k <= d.extra_streams; ++k) {
    uint8_t* stream = d.streams.data() + uint64_t(d.vertex_bytes) * k;
    std::memcpy(stream + uint64_t(b) * d.stride, stream + uint64_t(a) * d.stride, d.stride);
  }
  auto same = [ia, ib](auto& run) {
    if (run.size() > std::max(ia, ib)) run[ib] = run[ia];
  };
  auto twin = [&](sws::SubMesh& x) {
    same(x.positions);
    same(x.normals);
    same(x.tangents);
    same(x.binormals);
    same(x.colours);
    same(x.vertex_words_a);
    same(x.vertex_words_b);
    same(x.vertex_words_c);
    for (sws::UVChannel& u : x.uv_channels) same(u.uvs);
    for (sws::MorphChannel& ch : x.morph_channels) {
      same(ch.positions);
      same(ch.normals);
      same(ch.uvs);
    }
  };
  twin(sm);
  for (sws::SubMesh& c : sm.copy) twin(c);
  return {stem(s.path) + "_twins.mesh", sws::encode(*m)};
}

sws::Float3 unit(double x, double y, double z) {
  const double l = std::sqrt(x * x + y * y + z * z);
  return l > 0 ? sws::Float3{float(x / l), float(y / l), float(z / l)} : sws::Float3{0, 0, 1};
}

// A skinned mesh with SubMeshes: each first-partition range's vertices and triangles as a
// SubMesh (positions bit for bit, unit normals and UVs as decoded, identity sources) with its
// copy, the way real skinned meshes with CPU-side copies have them (spec: the SubMeshes' vertex
// counts sum to the stream's). No sample is both. With `twins`, a seam vertex of the first
// range is stored twice: the other vertex at its position takes its every byte, in the stream
// and in the SubMesh, and keeps its own triangles.
SampleFile sws_skinned_submeshes(const SampleFile& s, bool twins) {
  Result<sws::Mesh> m = sws_structure(s);
  Result<Decoded> ir = sws::decode(s.bytes.data(), s.bytes.size(), DecodeOptions{});
  if (!m || !ir || m->material_ids.size() < m->compiled.ranges_a.size()) return {};
  sws::CompiledData& d = m->compiled;
  const ir::Attribute* normal = ir->mesh.find("NORMAL");
  const ir::Attribute* uv = ir->mesh.find("TEXCOORD_0");
  if (!normal || !uv || d.ranges_a.empty()) return {};
  std::vector<uint32_t> as(ir->mesh.vertex_count);  // whose values each vertex holds
  for (uint32_t v = 0; v < as.size(); ++v) as[v] = v;
  if (twins) {
    // A seam of the first range: two vertices at one position (bit for bit), the first of
    // them the twin's model.
    const sws::Range& g = d.ranges_a[0];
    uint32_t a = 0, b = 0;
    for (uint32_t i = g.first_vertex; i < g.first_vertex + g.vertex_count && !b; ++i)
      for (uint32_t j = i + 1; j < g.first_vertex + g.vertex_count && !b; ++j)
        if (std::memcmp(d.streams.data() + uint64_t(i) * d.stride,
                        d.streams.data() + uint64_t(j) * d.stride, 12) == 0) {
          a = i;
          b = j;
        }
    if (!b) return {};
    std::memcpy(d.streams.data() + uint64_t(b) * d.stride,
                d.streams.data() + uint64_t(a) * d.stride, d.stride);
    as[b] = a;
  }
  for (size_t r = 0; r < d.ranges_a.size(); ++r) {
    const sws::Range& g = d.ranges_a[r];
    if (uint64_t(g.first_vertex) + g.vertex_count > as.size()) return {};
    sws::SubMesh sm, copy;
    sm.id = 0x5C1A0000u + 2 * uint32_t(r);
    copy.id = sm.id + 1;
    sm.material_id = copy.material_id = m->material_ids[r];
    sws::UVChannel channel, copied;
    for (uint32_t k = 0; k < g.vertex_count; ++k) {
      const uint32_t v = as[g.first_vertex + k];
      sws::Float3 p;
      std::memcpy(p.data(), d.streams.data() + uint64_t(v) * d.stride, 12);
      sm.positions.push_back(p);
      sm.normals.push_back(unit(normal->get(v, 0), normal->get(v, 1), normal->get(v, 2)));
      channel.uvs.push_back({float(uv->get(v, 0)), float(uv->get(v, 1))});
      channel.source.push_back(k);
      sm.source_vertices.push_back(k);
      sm.vertex_words_c.push_back(0xFF000000u);
      const sws::Float3 n = sm.normals.back();
      // Any unit vector across n: n x X, or n x Y for a normal near X.
      copy.tangents.push_back(std::fabs(n[0]) < 0.9f ? unit(0, n[2], -n[1]) : unit(-n[2], 0, n[0]));
      copy.binormals.push_back(
          unit(n[1] * copy.tangents.back()[2] - n[2] * copy.tangents.back()[1],
               n[2] * copy.tangents.back()[0] - n[0] * copy.tangents.back()[2],
               n[0] * copy.tangents.back()[1] - n[1] * copy.tangents.back()[0]));
    }
    for (uint64_t i = g.first_index; i < g.first_index + uint64_t(g.triangle_count) * 3; ++i)
      sm.indices.push_back(uint16_t(d.indices[i] - g.first_vertex));
    sm.face_words.assign(g.triangle_count, 1);
    sm.face_bytes.assign(g.triangle_count, 3);
    copied.uvs = channel.uvs;
    sm.uv_channels.push_back(std::move(channel));
    copy.indices = sm.indices;
    copy.face_words = sm.face_words;
    copy.face_bytes = sm.face_bytes;
    copy.positions = sm.positions;
    copy.normals = sm.normals;
    copy.vertex_words_c = sm.vertex_words_c;
    copy.uv_channels.push_back(std::move(copied));
    copy.copy_tag = sws::kPointerNone;
    sm.copy_tag = sws::kPointerInline;
    sm.copy.push_back(std::move(copy));
    m->submeshes.push_back({sws::kPointerInline, std::move(sm)});
  }
  return {stem(s.path) + (twins ? "_submeshes_twins.mesh" : "_submeshes.mesh"), sws::encode(*m)};
}

// Two vertices no triangle names, stored in range `r` after its first half (a tool's
// leftovers: a copy of the vertex there, moved off it, in every stream), the range, the
// ranges over it and its palette counting them (spec: palette vertex count = the range's).
// glTF carries them; Blender drops them on import. False when the mesh has SubMeshes (their
// vertex counts would have to follow) or the range has fewer than 2 vertices.
bool add_unreferenced(sws::Mesh& m, size_t r) {
  sws::CompiledData& d = m.compiled;
  if (!m.submeshes.empty() || r >= d.ranges_a.size() || d.ranges_a[r].vertex_count < 2 || !d.stride)
    return false;
  const sws::Range g = d.ranges_a[r];
  constexpr uint32_t added = 2;
  const uint32_t at = g.first_vertex + g.vertex_count / 2;
  const float moved[added][3] = {{0.0625f, -0.125f, 0.25f}, {-0.25f, 0.1875f, -0.0625f}};
  std::vector<uint8_t> streams;
  for (uint32_t k = 0; k <= d.extra_streams; ++k) {
    const uint8_t* stream = d.streams.data() + uint64_t(d.vertex_bytes) * k;
    streams.insert(streams.end(), stream, stream + uint64_t(at) * d.stride);
    for (uint32_t a = 0; a < added; ++a) {
      const size_t here = streams.size();
      streams.insert(streams.end(), stream + uint64_t(at) * d.stride,
                     stream + uint64_t(at + 1) * d.stride);
      float p[3];  // POSITION first in the stride
      std::memcpy(p, streams.data() + here, 12);
      for (int c = 0; c < 3; ++c) p[c] += moved[a][c];
      std::memcpy(streams.data() + here, p, 12);
    }
    streams.insert(streams.end(), stream + uint64_t(at) * d.stride, stream + d.vertex_bytes);
  }
  d.streams = std::move(streams);
  d.vertex_bytes += added * d.stride;
  for (uint16_t& i : d.indices)
    if (i >= at) i = uint16_t(i + added);
  auto shift = [at](std::vector<sws::Range>& ranges) {
    for (sws::Range& x : ranges) {
      if (x.first_vertex >= at)
        x.first_vertex += added;
      else if (x.first_vertex + x.vertex_count >= at)
        x.vertex_count += added;
    }
  };
  shift(d.ranges_a);
  shift(d.ranges_b);
  if (r < d.palettes.size()) d.palettes[r].vertex_count = uint16_t(d.ranges_a[r].vertex_count);
  sws::update_derived(m);
  return true;
}

// A skinned mesh whose last range stores two vertices its triangles do not use.
SampleFile sws_skinned_unreferenced(const SampleFile& s) {
  Result<sws::Mesh> m = sws_structure(s);
  if (!m || m->compiled.ranges_a.empty() || !add_unreferenced(*m, m->compiled.ranges_a.size() - 1))
    return {};
  return {stem(s.path) + "_unreferenced.mesh", sws::encode(*m)};
}

// One material drawn by two consecutive ranges, each with its own palette (a game tool
// splits a material whose bones pass the palette's 32 at a range boundary).
SampleFile sws_shared_material(const SampleFile& s) {
  Result<sws::Mesh> m = sws_structure(s);
  if (!m || m->material_ids.size() < 2) return {};
  m->material_ids[1] = m->material_ids[0];
  return {stem(s.path) + "_one_material.mesh", sws::encode(*m)};
}

// The same with a SubMesh per range (two of them on the one material).
SampleFile sws_shared_material_submeshes(const SampleFile& s) {
  SampleFile shared = sws_shared_material(s);
  if (shared.bytes.empty()) return {};
  SampleFile with = sws_skinned_submeshes(shared, false);
  if (with.bytes.empty()) return {};
  return {stem(s.path) + "_one_material_submeshes.mesh", std::move(with.bytes)};
}

// A static mesh of one range with two vertices its triangles do not use, and one SubMesh
// over the range, those two included (spec: the SubMeshes' vertex counts sum to the stream's).
SampleFile sws_submesh_unreferenced(const SampleFile& s) {
  Result<sws::Mesh> m = sws_structure(s);
  if (!m || m->compiled.ranges_a.size() != 1 || !add_unreferenced(*m, 0)) return {};
  SampleFile with = sws_skinned_submeshes({s.path, sws::encode(*m)}, false);
  if (with.bytes.empty()) return {};
  return {stem(s.path) + "_submesh_unreferenced.mesh", std::move(with.bytes)};
}

// Two vertices of the first range one weight unit apart and equal in every other byte (a
// tool's split, e.g. by tangent, that rounded the weights apart): a glTF copy of either fits
// both within a weight step, so only the nearer influences tell them apart.
SampleFile sws_weight_apart(const SampleFile& s) {
  DecodeOptions o;
  o.want_parts = true;
  Result<Decoded> decoded = sws::decode(s.bytes.data(), s.bytes.size(), o);
  auto donor = decoded ? std::dynamic_pointer_cast<const sws::DonorParts>(decoded->parts) : nullptr;
  if (!donor || donor->mesh.compiled.ranges_a.empty()) return {};
  sws::Mesh m = donor->mesh;
  sws::CompiledData& d = m.compiled;
  const sws::LayoutElement* w = donor->layout.find("WEIGHTS_0");
  if (!w || !d.stride) return {};
  const sws::Range& g = d.ranges_a[0];
  uint8_t* base = d.streams.data();
  for (uint32_t i = g.first_vertex; i < g.first_vertex + g.vertex_count; ++i)
    for (uint32_t j = i + 1; j < g.first_vertex + g.vertex_count; ++j) {
      uint8_t *a = base + uint64_t(i) * d.stride, *b = base + uint64_t(j) * d.stride;
      const uint8_t* aw = a + w->offset;
      if (std::memcmp(a, b, 12) != 0 || aw[0] < 2 || aw[1] == 0 || aw[1] == 255) continue;
      std::memcpy(b, a, d.stride);
      b[w->offset] = uint8_t(aw[0] - 1);
      b[w->offset + 1] = uint8_t(aw[1] + 1);
      return {stem(s.path) + "_weight_apart.mesh", sws::encode(m)};
    }
  return {};
}

}  // namespace

std::vector<SampleFile> unlike_samples() {
  std::vector<SampleFile> out;
  for (const SampleFile& s : rr_samples()) out.push_back(rr_padded(s));
  for (const SampleFile& s : grb_samples()) out.push_back(grb_padded(s));
  for (const BoxCopies& v : kBoxCopies) {
    for (const SampleFile& s : rr_samples()) out.push_back(rr_boxes(s, v));
    for (const SampleFile& s : grb_samples()) out.push_back(grb_boxes(s, v));
  }
  const std::vector<SampleFile> sws = sws_samples();
  if (const SampleFile* s = find(sws, "sws/static_materials.mesh")) {
    out.push_back(sws_cut_second_partition(*s, 2, "static_materials_b_cut_two"));
    out.push_back(sws_cut_second_partition(*s, 3, "static_materials_b_cut_three"));
  }
  if (const SampleFile* s = find(sws, "sws/skinned_palettes.mesh")) {
    out.push_back(sws_skinned_submeshes(*s, false));
    out.push_back(sws_skinned_submeshes(*s, true));
    out.push_back(sws_skinned_unreferenced(*s));
    out.push_back(sws_shared_material(*s));
    out.push_back(sws_shared_material_submeshes(*s));
    out.push_back(sws_weight_apart(*s));
  }
  if (const SampleFile* s = find(sws, "sws/unknown_category.mesh"))
    out.push_back(sws_submesh_unreferenced(*s));
  if (const SampleFile* s = find(sws, "sws/morph_submeshes.mesh")) {
    out.push_back(sws_submesh_runs(*s));
    out.push_back(sws_twins(*s));
  }
  out.erase(
      std::remove_if(out.begin(), out.end(), [](const SampleFile& f) { return f.bytes.empty(); }),
      out.end());
  return out;
}

}  // namespace f2g::samples
