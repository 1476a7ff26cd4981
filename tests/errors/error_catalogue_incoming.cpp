// The codes every rebuild shares (formats/common/incoming_checks.h, rebuild_warnings.h): one
// input per code and registered format with a rebuild, so the catalogue proves the same code
// comes from every game's donor. A donor is a committed sample of the format
// (samples/<format>/*.mesh), its own IR as converter/import hands it over, changed one way;
// the first sample the change fits (a skinned one for the joint codes, one of two materials
// for a dropped material) must produce the code.
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "formats/registry.h"
#include "tests/errors/error_catalogue.h"
#include "tests/support/incoming_mesh.h"

namespace f2g::catalogue {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> samples_of(const Format& f) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (fs::directory_iterator it(source_path(std::string("samples/") + f.name), ec), end;
       !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".mesh") out.push_back(it->path());
  std::sort(out.begin(), out.end());
  return out;
}

// The donor's IR as the incoming mesh (tests/support/incoming_mesh.h).
ir::Mesh incoming_of(const Decoded& d) { return f2g::test::as_incoming(d.mesh); }

// One change: false when it does not fit this donor (no skin, one material ...).
using Change = std::function<bool(const Decoded& donor, ir::Mesh& m)>;

std::vector<ir::Diagnostic> rebuild_with(const Format& f, const fs::path& sample,
                                         const Change& change, bool* fits) {
  const std::vector<uint8_t> bytes = read_bytes(sample);
  DecodeOptions o;
  o.format = &f;
  o.want_structure = false;
  Result<Decoded> d = f.decode(bytes.data(), bytes.size(), o);
  if (!d) return {d.error()};
  ir::Mesh m = incoming_of(*d);
  *fits = change(*d, m);
  if (!*fits) return {};
  RebuildInput in;
  in.donor = bytes.data();
  in.donor_size = bytes.size();
  in.decode = o;
  in.mesh = std::move(m);
  Result<Rebuilt> r = f.rebuild(in);
  if (!r) return {r.error()};
  return r->warnings;
}

// The diagnostics of the first sample the change fits and that gives `code`; else of the
// last one it fitted.
std::vector<ir::Diagnostic> first_producing(const Format& f, const std::string& code,
                                            const Change& change) {
  std::vector<ir::Diagnostic> last;
  for (const fs::path& sample : samples_of(f)) {
    bool fits = false;
    std::vector<ir::Diagnostic> got = rebuild_with(f, sample, change, &fits);
    if (!fits) continue;
    for (const ir::Diagnostic& d : got)
      if (d.code == code) return got;
    last = std::move(got);
  }
  return last;
}

bool skinned(const Decoded& d) { return d.mesh.find("JOINTS_0") && d.mesh.skin; }

void erase(ir::Mesh& m, const std::string& semantic) {
  m.attributes.erase(std::remove_if(m.attributes.begin(), m.attributes.end(),
                                    [&](const ir::Attribute& a) { return a.semantic == semantic; }),
                     m.attributes.end());
}

// Component c of vertex v, whatever the attribute's scalar type (integers as stored).
void put(ir::Attribute& a, size_t v, size_t c, double value) {
  const size_t k = v * a.width + c;
  if (a.type == ir::Scalar::F32) a.f32[k] = float(value);
  if (a.type == ir::Scalar::U8) a.u8[k] = uint8_t(value);
  if (a.type == ir::Scalar::U16) a.u16[k] = uint16_t(value);
}

struct Case {
  const char* code;
  const char* how;
  Change change;
};

std::vector<Case> cases() {
  return {
      {"IMPORT_NO_POSITION", "POSITION removed",
       [](const Decoded&, ir::Mesh& m) {
         erase(m, "POSITION");
         return true;
       }},
      {"IMPORT_ATTRIBUTE_SIZE", "POSITION one value short",
       [](const Decoded&, ir::Mesh& m) {
         m.find("POSITION")->f32.pop_back();
         return true;
       }},
      {"IMPORT_NOT_FINITE", "vertex 0's x NaN",
       [](const Decoded&, ir::Mesh& m) {
         m.find("POSITION")->f32[0] = std::nanf("");
         return true;
       }},
      {"IMPORT_INDEX_OUT_OF_RANGE", "index 0 = the vertex count",
       [](const Decoded&, ir::Mesh& m) {
         m.indices[0] = m.vertex_count;
         return true;
       }},
      {"IMPORT_PRIMITIVE_RANGE", "primitive 0 one index short of whole triangles",
       [](const Decoded&, ir::Mesh& m) {
         m.primitives[0].index_count -= 1;
         return true;
       }},
      {"IMPORT_MATERIAL_OUT_OF_RANGE", "primitive 0 on material 65,535",
       [](const Decoded&, ir::Mesh& m) {
         m.primitives[0].material = 65535;
         return true;
       }},
      {"IMPORT_NO_TRIANGLES", "every primitive removed",
       [](const Decoded&, ir::Mesh& m) {
         m.primitives.clear();
         return true;
       }},
      {"IMPORT_JOINT_OUT_OF_RANGE", "a skinned donor, vertex 0 weighted fully to joint = bones",
       [](const Decoded& d, ir::Mesh& m) {
         const size_t bones = d.mesh.skin ? d.mesh.skin->bones.size() : 0;
         if (!skinned(d) || bones >= 256) return false;
         ir::Attribute& j = *m.find("JOINTS_0");
         ir::Attribute& w = *m.find("WEIGHTS_0");
         put(j, 0, 0, double(bones));
         put(w, 0, 0, w.type == ir::Scalar::F32 ? 1.0 : 255.0);  // unorm8 stores 255
         return true;
       }},
      {"IMPORT_BAD_WEIGHT", "a skinned donor, WEIGHTS_0 as floats with vertex 0's first -1",
       [](const Decoded& d, ir::Mesh& m) {
         if (!skinned(d)) return false;
         ir::Attribute& w = *m.find("WEIGHTS_0");
         std::vector<float> f(w.value_count());
         for (size_t k = 0; k < f.size(); ++k) f[k] = float(w.get(k / w.width, k % w.width));
         f[0] = -1;
         w = ir::f32_attribute("WEIGHTS_0", w.width, f);
         return true;
       }},
      {"IMPORT_MATERIAL_DROPPED",
       "a donor of two or more materials, material 0's triangles deleted",
       [](const Decoded& d, ir::Mesh& m) {
         if (d.mesh.materials.size() < 2) return false;
         m.primitives.erase(std::remove_if(m.primitives.begin(), m.primitives.end(),
                                           [](const ir::Primitive& p) { return p.material == 0; }),
                            m.primitives.end());
         return !m.primitives.empty();
       }},
      {"IMPORT_INFLUENCES_DROPPED",
       "a skinned donor of 5 or more bones, vertex 0 on up to 12 of them in equal weights "
       "(JOINTS_0..2, WEIGHTS_0..2)",
       [](const Decoded& d, ir::Mesh& m) {
         const size_t bones = d.mesh.skin ? d.mesh.skin->bones.size() : 0;
         const size_t k = std::min<size_t>(bones, 12);  // distinct joints, past 4 lanes
         if (!skinned(d) || k < 5) return false;
         erase(m, "JOINTS_1");
         erase(m, "WEIGHTS_1");
         erase(m, "JOINTS_0");
         erase(m, "WEIGHTS_0");
         const size_t n = size_t(m.vertex_count) * 4;
         for (int set = 0; set < 3; ++set) {
           ir::Attribute j;  // U16x4, as converter/import gives joints
           j.semantic = "JOINTS_" + std::to_string(set);
           j.type = ir::Scalar::U16;
           j.width = 4;
           j.u16.assign(n, 0);
           std::vector<float> w(n, 0.0f);
           for (size_t v = 0; v < m.vertex_count; ++v) w[v * 4] = set == 0 ? 1.0f : 0.0f;
           for (size_t c = 0; c < 4 && set * 4 + c < k; ++c) {
             j.u16[c] = uint16_t(set * 4 + c);
             w[c] = 1.0f / float(k);
           }
           m.attributes.push_back(std::move(j));
           m.attributes.push_back(ir::f32_attribute("WEIGHTS_" + std::to_string(set), 4, w));
         }
         return true;
       }},
  };
}

}  // namespace

void add_incoming_inputs(Inputs& inputs) {
  for (const Format* f : registered_formats()) {
    if (!f->rebuild) continue;
    for (const Case& c : cases()) {
      const Change change = c.change;
      const std::string code = c.code;
      inputs.push_back({code,
                        std::string("rebuild onto the first fitting samples/") + f->name +
                            "/*.mesh, its own IR with " + c.how,
                        [f, code, change] { return first_producing(*f, code, change); }});
    }
  }
}

}  // namespace f2g::catalogue
