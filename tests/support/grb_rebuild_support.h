// Shared by grb_rebuild_test.cpp and the error catalogue: a sample as donor, its IR as
// converter/import hands it over (materials, skin and extras empty), the rebuild, and one
// incoming mesh per IMPORT_ code of the GRB/GRW rebuild.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "formats/grb/grb.h"
#include "tests/support/grb_test_support.h"
#include "tests/support/incoming_mesh.h"

namespace f2g::grb::test {

inline ir::Mesh incoming_of(const std::vector<uint8_t>& donor, Dialect d) {
  Result<Decoded> r = f2g::decode(donor.data(), donor.size(), forced(d));
  if (!r) return {};
  return f2g::test::as_incoming(std::move(r->mesh));
}

inline Result<Rebuilt> rebuild_of(const std::vector<uint8_t>& donor, Dialect d, ir::Mesh mesh) {
  RebuildInput in;
  in.donor = donor.data();
  in.donor_size = donor.size();
  in.decode = forced(d);
  in.mesh = std::move(mesh);
  return format_of(d).rebuild(in);
}

// One incoming mesh that must produce `code`: the sample and the change to its IR.
struct ImportBreak {
  std::string code;
  std::string sample;
  Dialect dialect;
  std::string how;
  std::function<void(ir::Mesh&)> edit;
  bool error = true;  // else a warning of a rebuild that succeeds
};

inline ir::Attribute& attribute(ir::Mesh& m, const std::string& semantic) {
  return *m.find(semantic);
}

inline const std::vector<ImportBreak>& import_breaks() {
  const Dialect B = Dialect::Grb, W = Dialect::Grw;
  const std::string soldier = "grb/clustered_skinned_soldier",
                    foliage = "grb/mesh_data_only_format11_foliage",
                    rock = "grw/static_format6_rock";
  static const std::vector<ImportBreak> all = {
      {"IMPORT_NO_POSITION", soldier, B, "POSITION removed",
       [](ir::Mesh& m) {
         m.attributes.erase(m.attributes.begin());  // POSITION is the table's first element
       }},
      {"IMPORT_ATTRIBUTE_SIZE", soldier, B, "NORMAL loses its last vertex",
       [](ir::Mesh& m) {
         attribute(m, "NORMAL").f32.resize(attribute(m, "NORMAL").f32.size() - 3);
       }},
      {"IMPORT_NOT_FINITE", soldier, B, "vertex 5's x is NaN",
       [](ir::Mesh& m) { attribute(m, "POSITION").f32[15] = std::nanf(""); }},
      {"IMPORT_INDEX_OUT_OF_RANGE", soldier, B, "index 7 = vertex_count",
       [](ir::Mesh& m) { m.indices[7] = m.vertex_count; }},
      {"IMPORT_PRIMITIVE_RANGE", soldier, B, "primitive 2 one index past the list",
       [](ir::Mesh& m) { m.primitives[2].index_count += 3; }},
      {"IMPORT_MATERIAL_OUT_OF_RANGE", soldier, B, "primitive 1 names material 3 of 3",
       [](ir::Mesh& m) { m.primitives[1].material = 3; }},
      {"IMPORT_NO_TRIANGLES", soldier, B, "every primitive removed",
       [](ir::Mesh& m) { m.primitives.clear(); }},
      {"IMPORT_JOINT_OUT_OF_RANGE", soldier, B,
       "vertex 0 weighted to joint 12 of 12 bones (and moved, so it is new)",
       [](ir::Mesh& m) {
         attribute(m, "JOINTS_0").u8[0] = 12;
         attribute(m, "POSITION").f32[0] += 0.01f;
       }},
      {"IMPORT_GRB_POSITION_RANGE", rock, W, "vertex 0's x = 40000 in a static mesh (|w| = Q)",
       [](ir::Mesh& m) { attribute(m, "POSITION").f32[0] = 40000.0f; }},
      {"IMPORT_GRB_INDEX_OVERFLOW", foliage, B,
       "65,537 vertices (vertex 0 repeated) and a triangle on vertex 65,536 in 16-bit MeshData",
       [](ir::Mesh& m) {
         const uint32_t n = m.vertex_count, extra = 65537 - n;
         for (ir::Attribute& a : m.attributes) {
           const size_t w = a.width;
           for (uint32_t k = 0; k < extra; ++k)
             for (size_t c = 0; c < w; ++c) {
               if (a.type == ir::Scalar::F32)
                 a.f32.push_back(a.f32[c]);
               else
                 a.u8.push_back(a.u8[c]);
             }
         }
         m.vertex_count = 65537;
         m.indices.insert(m.indices.end(), {0, 1, 65536});
         m.primitives.back().index_count += 3;
       }},
      {"IMPORT_MATERIAL_DROPPED", soldier, B, "material 1's triangles deleted",
       [](ir::Mesh& m) { m.primitives.erase(m.primitives.begin() + 1); }, false},
      {"IMPORT_INFLUENCES_DROPPED", soldier, B,
       "vertex 0 with six influences in JOINTS_0/1, WEIGHTS_0/1 (4 lanes)",
       [](ir::Mesh& m) {
         ir::Attribute j1 = attribute(m, "JOINTS_0"), w1 = attribute(m, "WEIGHTS_0");
         j1.semantic = "JOINTS_1";
         w1.semantic = "WEIGHTS_1";
         std::fill(j1.u8.begin(), j1.u8.end(), 0);
         std::fill(w1.u8.begin(), w1.u8.end(), 0);
         const uint8_t joints[8] = {0, 1, 2, 3, 4, 5, 0, 0},
                       weights[8] = {80, 60, 45, 30, 25, 15, 0, 0};
         for (int l = 0; l < 4; ++l) {
           attribute(m, "JOINTS_0").u8[l] = joints[l];
           attribute(m, "WEIGHTS_0").u8[l] = weights[l];
           j1.u8[l] = joints[4 + l];
           w1.u8[l] = weights[4 + l];
         }
         m.attributes.push_back(std::move(j1));
         m.attributes.push_back(std::move(w1));
       },
       false},
  };
  return all;
}

// The rebuild's diagnostics for one break: its error, or its warnings.
inline std::vector<ir::Diagnostic> run(const ImportBreak& b) {
  const std::vector<uint8_t> donor = sample_bytes(b.sample);
  ir::Mesh m = incoming_of(donor, b.dialect);
  b.edit(m);
  Result<Rebuilt> r = rebuild_of(donor, b.dialect, std::move(m));
  if (!r) return {r.error()};
  return r->warnings;
}

}  // namespace f2g::grb::test
