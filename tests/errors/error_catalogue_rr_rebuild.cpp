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

}  // namespace

void add_rr_rebuild_inputs(Inputs& in) {
  // The codes every rebuild shares come from error_catalogue_incoming.cpp.
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
