// import's RR rebuild codes: a committed sample as donor, its decoded mesh (as the incoming
// geometry) changed in one way, given to the registry entry's rebuild.
#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "formats/rr/rr.h"
#include "tests/errors/error_catalogue.h"

namespace f2g::catalogue {
namespace {

const std::vector<uint8_t>& donor(const std::string& name) {
  static std::map<std::string, std::vector<uint8_t>> cache;
  auto it = cache.find(name);
  if (it == cache.end())
    it = cache.emplace(name, read_bytes(source_path("samples/rr/" + name + ".mesh"))).first;
  return it->second;
}

// The error of a refused rebuild, or the warnings of a done one.
std::vector<ir::Diagnostic> rebuild_with(const std::string& name,
                                         const std::function<void(ir::Mesh&)>& change) {
  const std::vector<uint8_t>& b = donor(name);
  DecodeOptions o;
  o.format = &rr::kFormat;
  Result<Decoded> d = rr::decode(b.data(), b.size(), o);
  if (!d) return {d.error()};
  RebuildInput in;
  in.donor = b.data();
  in.donor_size = b.size();
  in.mesh = d->mesh;
  change(in.mesh);
  Result<Rebuilt> r = rr::kFormat.rebuild(in);
  if (!r) return {r.error()};
  return r->warnings;
}

Input edit(const char* code, const std::string& name, const std::string& how,
           std::function<void(ir::Mesh&)> change) {
  return {code, "rebuild on samples/rr/" + name + ".mesh: " + how,
          [=] { return rebuild_with(name, change); }};
}

void drop(ir::Mesh& m, const std::string& semantic) {
  for (size_t i = 0; i < m.attributes.size(); ++i)
    if (m.attributes[i].semantic == semantic) m.attributes.erase(m.attributes.begin() + long(i));
}

}  // namespace

void add_rr_rebuild_inputs(Inputs& in) {
  in.push_back(edit("IMPORT_ATTRIBUTE_SIZE", "static24_props", "NORMAL one value short",
                    [](ir::Mesh& m) { m.find("NORMAL")->f32.pop_back(); }));
  in.push_back(edit("IMPORT_NOT_FINITE", "static24_props", "a NaN position",
                    [](ir::Mesh& m) { m.find("POSITION")->f32[4] = NAN; }));
  in.push_back(edit("IMPORT_NO_POSITION", "static24_props", "POSITION removed",
                    [](ir::Mesh& m) { drop(m, "POSITION"); }));
  in.push_back(edit("IMPORT_INDEX_OUT_OF_RANGE", "static24_props", "index 0 = vertex count",
                    [](ir::Mesh& m) { m.indices[0] = m.vertex_count; }));
  in.push_back(edit("IMPORT_PRIMITIVE_RANGE", "static24_props", "primitive 0 not whole triangles",
                    [](ir::Mesh& m) { m.primitives[0].index_count -= 1; }));
  in.push_back(edit("IMPORT_MATERIAL_OUT_OF_RANGE", "static24_props",
                    "primitive 1 uses material 3 of 3",
                    [](ir::Mesh& m) { m.primitives[1].material = 3; }));
  in.push_back(edit("IMPORT_NO_TRIANGLES", "static24_props", "no primitives",
                    [](ir::Mesh& m) { m.primitives.clear(); }));
  in.push_back(edit("IMPORT_JOINT_OUT_OF_RANGE", "split12_character",
                    "vertex 0 weighted to joint 6 of 6 bones",
                    [](ir::Mesh& m) { m.find("JOINTS_0")->u8[0] = 6; }));
  in.push_back(edit("IMPORT_MATERIAL_DROPPED", "static24_props", "material 0's triangles deleted",
                    [](ir::Mesh& m) { m.primitives.erase(m.primitives.begin()); }));
  in.push_back(edit("IMPORT_INFLUENCES_DROPPED", "split12_character",
                    "vertex 0 on six bones (JOINTS_0 0-3, JOINTS_1 4-5), four lanes",
                    [](ir::Mesh& m) {
                      ir::Attribute j = *m.find("JOINTS_0"), w = *m.find("WEIGHTS_0");
                      j.semantic = "JOINTS_1";
                      w.semantic = "WEIGHTS_1";
                      std::fill(j.u8.begin(), j.u8.end(), 0);
                      std::fill(w.u8.begin(), w.u8.end(), 0);
                      for (uint8_t k = 0; k < 4; ++k) {
                        m.find("JOINTS_0")->u8[k] = k;
                        m.find("WEIGHTS_0")->u8[k] = 42;
                      }
                      j.u8[0] = 4, j.u8[1] = 5, w.u8[0] = 43, w.u8[1] = 43;
                      m.attributes.push_back(j);
                      m.attributes.push_back(w);
                    }));
  in.push_back(edit("IMPORT_INDEX_WIDTH_WIDENED", "inline_rocks",
                    "70,000 more vertices on material 0 (u16 indices)", [](ir::Mesh& m) {
                      const uint32_t base = m.vertex_count, extra = 70000;
                      for (ir::Attribute& a : m.attributes)
                        for (uint32_t k = 0; k < extra; ++k)
                          for (size_t c = 0; c < a.width; ++c) {
                            if (a.type == ir::Scalar::F32) a.f32.push_back(a.f32[c]);
                            if (a.type == ir::Scalar::U8) a.u8.push_back(a.u8[c]);
                          }
                      m.vertex_count = base + extra;
                      ir::Primitive p;
                      p.first_index = static_cast<uint32_t>(m.indices.size());
                      for (uint32_t k = 0; k + 2 < extra; k += 3)
                        m.indices.insert(m.indices.end(), {base + k, base + k + 1, base + k + 2});
                      p.index_count = static_cast<uint32_t>(m.indices.size()) - p.first_index;
                      m.primitives.push_back(p);
                    }));
}

}  // namespace f2g::catalogue
