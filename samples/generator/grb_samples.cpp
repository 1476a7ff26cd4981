// Ghost Recon Breakpoint and Wildlands samples, made by the GRB room's encoder from generated
// tubes (rings x segments around the Z axis) with normals, tangents, UVs, colours and smooth
// skin weights along the axis. Deterministic: no clock, no randomness.
//
// Every vertex format of both tables appears: GRB 0, 1, 2, 4, 5, 10, 11, 12, 13; GRW 0, 1, 2,
// 3, 6, 7, 8, 9. Clustered multi-draw skinned meshes with differing MinIndex bases, shadow
// primitives and several materials; MeshData-only; 32-bit indices; static meshes whose
// position w carries +-Q; sub-mesh references; FileHeaders; and a TP_Tacvest_Walker_Coat_LOD0
// look-alike whose size the reading states (88,089 bytes).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/common/names.h"  // crc32: ids and name hashes as the engine makes them
#include "formats/grb/mesh_builder.h"
#include "formats/grb/mesh_codec.h"
#include "samples/generator/sample_file.h"
#include "samples/generator/sample_ids.h"

namespace f2g::samples {

namespace {

using grb::BuildDraw;
using grb::BuildInput;
using grb::Dialect;

constexpr float kPi = 3.14159265358979f;

// One tube section: rings along Z from z0 to z1, `segments` around (wrapping), radius
// varying with height. Vertices and triangles are appended to the running mesh.
struct Tube {
  int rings, segments;
  float z0, z1, radius;
};

struct Geo {
  std::vector<float> pos, nrm, tan, uv;  // 3, 3, 4, 2 per vertex
  std::vector<uint8_t> col;              // RGBA
  std::vector<uint32_t> idx;             // absolute
  std::vector<BuildDraw> draws;
  uint32_t vertex_count() const { return static_cast<uint32_t>(pos.size() / 3); }
};

void add_tube(Geo& g, const Tube& t, uint64_t material, uint32_t max_triangles = UINT32_MAX) {
  const uint32_t base = g.vertex_count(), first_index = static_cast<uint32_t>(g.idx.size());
  for (int r = 0; r < t.rings; ++r) {
    const float f = float(r) / float(t.rings - 1);
    const float z = t.z0 + (t.z1 - t.z0) * f;
    const float rad = t.radius * (1.0f + 0.25f * std::sin(f * kPi));
    for (int s = 0; s < t.segments; ++s) {
      const float a = 2 * kPi * float(s) / float(t.segments);
      const float c = std::cos(a), sn = std::sin(a);
      g.pos.insert(g.pos.end(), {rad * c, rad * sn, z});
      g.nrm.insert(g.nrm.end(), {c, sn, 0});
      g.tan.insert(g.tan.end(), {-sn, c, 0, s % 2 ? -1.0f : 1.0f});
      g.uv.insert(g.uv.end(), {float(s) / float(t.segments), f});
      g.col.insert(g.col.end(),
                   {uint8_t(128 + 127 * c), uint8_t(128 + 127 * sn), uint8_t(255 * f), 255});
    }
  }
  uint32_t tris = 0;
  for (int r = 0; r + 1 < t.rings; ++r)
    for (int s = 0; s < t.segments; ++s) {
      const uint32_t a = base + r * t.segments + s,
                     b = base + r * t.segments + (s + 1) % t.segments;
      const uint32_t c = a + t.segments, d = b + t.segments;
      if (tris++ < max_triangles) g.idx.insert(g.idx.end(), {a, b, d});
      if (tris++ < max_triangles) g.idx.insert(g.idx.end(), {a, d, c});
    }
  g.draws.push_back({first_index, static_cast<uint32_t>(g.idx.size()) - first_index, base,
                     g.vertex_count() - base, material});
}

// Bones along Z from z0 to z1: inverse bind = translation by -z (column-major, stored order).
std::vector<grb::MeshBone> spine(const std::string& name, int n, float z0, float z1) {
  std::vector<grb::MeshBone> bones(n);
  for (int i = 0; i < n; ++i) {
    grb::MeshBone& b = bones[i];
    b.name_hash = crc32(name + "_bone" + std::to_string(i));
    b.matrix = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    b.matrix[14] = -(z0 + (z1 - z0) * float(i) / float(std::max(n - 1, 1)));
    b.used_by_submeshes = 1;
    b.used_by_skeleton_lod_mapping = i % 2;
  }
  return bones;
}

// Skin lanes: the two bones around the vertex height, plus (8 influences) smaller shares of
// further bones in the second set. Weights sum to 255; unused lanes are joint 0, weight 0.
void skin(const Geo& g, int bones, bool eight, float z0, float z1, std::vector<uint8_t>& j0,
          std::vector<uint8_t>& w0, std::vector<uint8_t>& j1, std::vector<uint8_t>& w1) {
  for (uint32_t v = 0; v < g.vertex_count(); ++v) {
    const float t = std::clamp((g.pos[v * 3 + 2] - z0) / (z1 - z0), 0.0f, 1.0f) * (bones - 1);
    const int b = std::min(int(t), bones - 2);
    const float f = t - float(b);
    uint8_t lo = uint8_t(std::lround(255 * (1 - f))), rest = uint8_t(255 - lo);
    uint8_t jj[8] = {uint8_t(b), uint8_t(b + 1), 0, 0, 0, 0, 0, 0}, ww[8] = {lo, rest, 0, 0};
    if (eight && bones >= 4 && lo >= 40) {  // share 40 of the first weight further out
      ww[0] = uint8_t(lo - 40);
      jj[2] = uint8_t((b + 2) % bones), ww[2] = 25;
      jj[4] = uint8_t((b + 3) % bones), ww[4] = 15;
    }
    for (int k = 0; k < 8; ++k)
      if (ww[k] == 0) jj[k] = 0;  // as game data stores it: 09 00 00 00 ff 00 00 00
    j0.insert(j0.end(), jj, jj + 4);
    w0.insert(w0.end(), ww, ww + 4);
    j1.insert(j1.end(), jj + 4, jj + 8);
    w1.insert(w1.end(), ww + 4, ww + 8);
  }
}

// The attributes the format's table entry names, from the geometry.
std::vector<ir::Attribute> attributes(const Geo& g, const grb::VertexFormat& f, int bones, float z0,
                                      float z1) {
  std::vector<uint8_t> j0, w0, j1, w1;
  const bool eight = f.find("JOINTS_1") != nullptr;
  if (f.find("JOINTS_0")) skin(g, bones, eight, z0, z1, j0, w0, j1, w1);
  std::vector<ir::Attribute> out;
  for (const grb::VertexElement& e : f.elements) {
    const std::string& s = e.semantic;
    if (s == "POSITION") out.push_back(ir::f32_attribute(s, 3, g.pos));
    if (s == "NORMAL") out.push_back(ir::f32_attribute(s, 3, g.nrm));
    if (s == "TANGENT") out.push_back(ir::f32_attribute(s, 4, g.tan));
    if (s == "_BINORMAL") {  // cross(N, T) x handedness
      std::vector<float> b;
      for (uint32_t v = 0; v < g.vertex_count(); ++v) {
        const float* n = &g.nrm[v * 3];
        const float* t = &g.tan[v * 4];
        b.insert(b.end(), {(n[1] * t[2] - n[2] * t[1]) * t[3], (n[2] * t[0] - n[0] * t[2]) * t[3],
                           (n[0] * t[1] - n[1] * t[0]) * t[3]});
      }
      out.push_back(ir::f32_attribute(s, 3, b));
    }
    if (s.rfind("TEXCOORD_", 0) == 0) {
      const float k = 1.0f / float(1 + (s.back() - '0'));  // each set at its own scale
      std::vector<float> uv(g.uv);
      for (float& x : uv) x *= k;
      out.push_back(ir::f32_attribute(s, 2, uv));
    }
    if (s.rfind("COLOR_", 0) == 0) {
      std::vector<uint8_t> c(g.col);
      if (s == "COLOR_1") std::reverse(c.begin(), c.end());
      out.push_back(ir::u8_attribute(s, 4, true, c));
    }
    if (s == "JOINTS_0") out.push_back(ir::u8_attribute(s, 4, false, j0));
    if (s == "WEIGHTS_0") out.push_back(ir::u8_attribute(s, 4, true, w0));
    if (s == "JOINTS_1") out.push_back(ir::u8_attribute(s, 4, false, j1));
    if (s == "WEIGHTS_1") out.push_back(ir::u8_attribute(s, 4, true, w1));
  }
  return out;
}

struct Spec {
  std::string path;  // under samples/
  Dialect dialect = Dialect::Grb;
  uint8_t format = 0;
  std::vector<Tube> tubes;  // one draw each
  int bones = 0;            // 0: static
  bool clustered = true;
  bool index32 = false;
  bool static_w_q = false;  // |w| = Q with alternating sign
  std::vector<grb::SubMeshRef> submeshes;
  std::optional<grb::FileHeader> file_header;
  std::vector<uint8_t> platform_data;
  uint32_t tacvest_triangles = UINT32_MAX;  // cut the single tube's triangle list
};

SampleFile make(const Spec& s) {
  const grb::VertexFormat& f = *grb::builtin_vertex_formats(s.dialect).find(s.format);
  Geo g;
  for (size_t i = 0; i < s.tubes.size(); ++i)
    add_tube(g, s.tubes[i], id_of(s.path + "/material" + std::to_string(i)), s.tacvest_triangles);
  const float z0 = s.tubes.front().z0, z1 = s.tubes.back().z1;
  BuildInput in;
  in.dialect = s.dialect;
  in.vertex_format = s.format;
  in.clustered = s.clustered;
  in.index32 = s.index32;
  in.attributes = attributes(g, f, std::max(s.bones, 1), z0, z1);
  in.vertex_count = g.vertex_count();
  in.indices = g.idx;
  in.draws = g.draws;
  if (s.bones) in.bones = spine(s.path, s.bones, z0, z1);
  if (s.static_w_q)
    for (uint32_t v = 0; v < g.vertex_count(); ++v) in.negative_w.push_back(v % 3 == 1);
  in.uvq = 2;
  in.submeshes = s.submeshes;
  in.file_header = s.file_header;
  in.platform_data = s.platform_data;
  in.class_id = id_of(s.path);
  in.filler = 0x80;  // the 4th bytes of normal and binormal: a neutral value
  in.user_category = 3;
  return {s.path, grb::encode(grb::build_mesh(in))};
}

grb::FileHeader file_header(uint32_t n) {
  grb::FileHeader h;
  h.kind = n ? 1 : 0;
  h.form = n ? grb::FileHeaderForm::Long : grb::FileHeaderForm::Short;
  h.stored = {0x02, 0x00, 0x00};
  h.entry_count = n;
  for (uint32_t i = 0; i < 12 * n; ++i) h.entries.push_back(uint8_t(0x30 + i));
  return h;
}

std::vector<grb::SubMeshRef> submesh_refs(const std::string& name) {
  return {{1, id_of(name + "/sub0"), 0}, {2, id_of(name + "/sub1"), 0}, {3, 0, 0}};
}

}  // namespace

std::vector<SampleFile> grb_samples() {
  const Dialect B = Dialect::Grb, W = Dialect::Grw;
  const std::vector<Tube> body = {
      {6, 12, 0.0f, 0.6f, 0.25f}, {5, 10, 0.6f, 1.2f, 0.3f}, {4, 8, 1.2f, 1.7f, 0.15f}};
  const std::vector<Tube> prop = {{5, 10, 0.0f, 1.5f, 0.6f}, {3, 6, 1.5f, 2.0f, 0.2f}};
  auto spec = [](std::string path, Dialect d, uint8_t format, std::vector<Tube> tubes, int bones) {
    Spec s;
    s.path = std::move(path);
    s.dialect = d;
    s.format = format;
    s.tubes = std::move(tubes);
    s.bones = bones;
    return s;
  };
  std::vector<Spec> specs;
  // GRB
  specs.push_back(spec("grb/clustered_skinned_soldier.mesh", B, 1, body, 12));
  specs.push_back(spec("grb/skin4_format0_submeshes.mesh", B, 0, prop, 6));
  specs.back().submeshes = submesh_refs("grb0");
  specs.push_back(spec("grb/skin8_format2_tentacle.mesh", B, 2, body, 8));
  specs.push_back(spec("grb/three_uv_format4_file_header.mesh", B, 4, prop, 5));
  specs.back().file_header = file_header(2);
  specs.push_back(spec("grb/four_uv_format5_u32_indices.mesh", B, 5, prop, 5));
  specs.back().index32 = true;
  specs.push_back(spec("grb/static_format10_rock.mesh", B, 10, prop, 0));
  specs.back().static_w_q = true;
  specs.push_back(spec("grb/mesh_data_only_format11_foliage.mesh", B, 11, prop, 0));
  specs.back().clustered = false;
  specs.push_back(spec("grb/static_format12_crate.mesh", B, 12, {{4, 4, 0.0f, 1.0f, 0.7f}}, 0));
  specs.back().static_w_q = true;
  specs.back().file_header = file_header(0);
  specs.push_back(spec("grb/static_format13_pipe.mesh", B, 13, prop, 0));
  specs.back().platform_data = {1, 2, 3, 4, 5, 6, 7, 8};
  // The reading's size example: 30 bones, format 1, 1,816 vertices, 3,263 triangles.
  specs.push_back(
      spec("grb/tacvest_walker_coat_lod0.mesh", B, 1, {{227, 8, 0.0f, 1.6f, 0.2f}}, 30));
  specs.back().tacvest_triangles = 3263;
  // GRW
  specs.push_back(spec("grw/clustered_skinned_ranger.mesh", W, 0, body, 12));
  specs.push_back(spec("grw/skin8_format1_tentacle.mesh", W, 1, body, 8));
  specs.push_back(spec("grw/three_uv_format2_backpack.mesh", W, 2, prop, 5));
  specs.push_back(spec("grw/skin8_colour_format3_cloth.mesh", W, 3, body, 6));
  specs.push_back(spec("grw/static_format6_rock.mesh", W, 6, prop, 0));
  specs.back().static_w_q = true;
  specs.push_back(spec("grw/mesh_data_only_format7_foliage.mesh", W, 7, prop, 0));
  specs.back().clustered = false;
  specs.push_back(spec("grw/static_format8_u32_indices.mesh", W, 8, prop, 0));
  specs.back().index32 = true;
  specs.back().static_w_q = true;
  specs.push_back(spec("grw/static_format9_file_header_submeshes.mesh", W, 9, prop, 0));
  specs.back().submeshes = submesh_refs("grw9");
  specs.back().file_header = file_header(3);
  std::vector<SampleFile> out;
  for (const Spec& s : specs) out.push_back(make(s));
  return out;
}

}  // namespace f2g::samples
