// SWS rebuild codes (formats/sws/rebuild.h): a committed sample as the donor and its decoded
// IR, edited, as the incoming geometry; the error of a refused rebuild or the warnings of one
// that succeeded. The edits follow tests/formats/sws/sws_rebuild_test.cpp.
#include <map>
#include <string>

#include "formats/sws/mesh_codec.h"
#include "formats/sws/sws.h"
#include "tests/errors/error_catalogue.h"

namespace f2g::catalogue {
namespace {

const std::vector<uint8_t>& sample(const std::string& name) {
  static std::map<std::string, std::vector<uint8_t>> cache;
  auto it = cache.find(name);
  if (it == cache.end())
    it = cache.emplace(name, read_bytes(source_path("samples/sws/" + name + ".mesh"))).first;
  return it->second;
}

std::vector<ir::Diagnostic> rebuild(const std::vector<uint8_t>& donor, ir::Mesh mesh,
                                    RebuildOptions options = {}) {
  RebuildInput in;
  in.donor = donor.data();
  in.donor_size = donor.size();
  in.decode.format = &sws::kFormat;
  in.mesh = std::move(mesh);
  in.options = options;
  Result<Rebuilt> r = sws::kFormat.rebuild(in);
  if (!r) return {r.error()};
  return r->warnings;
}

ir::Mesh ir_of(const std::vector<uint8_t>& bytes) {
  Result<Decoded> d = sws::decode(bytes.data(), bytes.size(), {});
  return d ? d->mesh : ir::Mesh{};
}

Input edit(const char* code, const std::string& name, const std::string& how,
           std::function<void(ir::Mesh&)> change, RebuildOptions options = {}) {
  return {code, "import onto samples/sws/" + name + ".mesh, its own IR with " + how, [=] {
            ir::Mesh m = ir_of(sample(name));
            change(m);
            return rebuild(sample(name), std::move(m), options);
          }};
}

}  // namespace

void add_sws_rebuild_inputs(Inputs& inputs) {
  // The codes every rebuild shares come from error_catalogue_incoming.cpp; here the SWS
  // rebuild's own, and a shared code from a check only SWS has.
  inputs.push_back(edit("IMPORT_ATTRIBUTE_SIZE", "morph_submeshes",
                        "morph target 0 one position value short",
                        [](ir::Mesh& m) { m.morph_targets[0].positions.pop_back(); }));
  inputs.push_back(edit("IMPORT_SWS_MORPH_TARGETS_MISMATCH", "morph_submeshes",
                        "its last morph target removed",
                        [](ir::Mesh& m) { m.morph_targets.pop_back(); }));
  inputs.push_back(edit("IMPORT_TOO_LARGE", "static_materials",
                        "65,538 vertices in 21,846 triangles of material 0", [](ir::Mesh& m) {
                          ir::Mesh big;
                          big.vertex_count = 65538;
                          std::vector<float> p(size_t(big.vertex_count) * 3);
                          for (size_t i = 0; i < p.size(); ++i) p[i] = float(i);
                          big.attributes.push_back(ir::f32_attribute("POSITION", 3, p));
                          for (uint32_t v = 0; v < big.vertex_count; ++v) big.indices.push_back(v);
                          ir::Primitive g;
                          g.index_count = uint32_t(big.indices.size());
                          big.primitives.push_back(g);
                          m = big;
                        }));
  inputs.push_back(edit("IMPORT_SWS_SUBMESH_TOPOLOGY", "morph_submeshes",
                        "one triangle fewer on primitive 1",
                        [](ir::Mesh& m) { m.primitives[1].index_count -= 3; }));
  RebuildOptions drop;
  drop.drop_submeshes = true;
  inputs.push_back(edit(
      "IMPORT_SWS_SUBMESHES_DROPPED", "morph_submeshes",
      "one triangle fewer on primitive 1, --drop-submeshes",
      [](ir::Mesh& m) { m.primitives[1].index_count -= 3; }, drop));
  inputs.push_back({"IMPORT_SWS_RANGE_SPLIT",
                    "import onto samples/sws/skinned_palettes.mesh with 40 bones, range 0's "
                    "vertices on bone v % 40",
                    [] {
                      const std::vector<uint8_t>& b = sample("skinned_palettes");
                      Result<sws::Mesh> s = sws::decode_structure(b.data(), b.size(), {});
                      if (!s) return std::vector<ir::Diagnostic>{s.error()};
                      while (s->bones.size() < 40) {
                        sws::MeshBone bone = s->bones[0];
                        bone.id = 0x7000 + uint32_t(s->bones.size());
                        s->bones.push_back(bone);
                      }
                      const std::vector<uint8_t> donor = sws::encode(*s);
                      ir::Mesh m = ir_of(donor);
                      ir::Attribute& j = *m.find("JOINTS_0");
                      ir::Attribute& w = *m.find("WEIGHTS_0");
                      const ir::Primitive& p = m.primitives[0];
                      for (uint32_t v = p.first_vertex; v < p.first_vertex + p.vertex_count; ++v)
                        for (size_t c = 0; c < 4; ++c) {
                          j.u8[v * 4 + c] = c == 0 ? uint8_t(v % 40) : 0;
                          w.u8[v * 4 + c] = c == 0 ? 255 : 0;
                        }
                      return rebuild(donor, m);
                    }});
}

}  // namespace f2g::catalogue
