// Materials and textures as convert follows them (converter/install/texture_library.cpp): a
// GRW mesh's material looked up in a --library folder of extracted resources, each input
// leaving out or breaking one link of the chain; the Oodle case on the GRB sample archive.
#include <fstream>

#include "converter/install/texture_library.h"
#include "converter/io/inputs.h"
#include "tests/errors/error_catalogue.h"
#include "tests/support/texture_test_support.h"

namespace f2g::catalogue {
namespace {

namespace fs = std::filesystem;
using ir::Diagnostic;
namespace gt = grb::test;

constexpr grb::Dialect kGrw = grb::Dialect::Grw;

void put(const fs::path& p, const std::vector<uint8_t>& b) { write_bytes(p, b); }

// The warnings of one mesh whose one material is 0x40000, its resources the files `write`
// puts in a fresh --library folder.
std::vector<Diagnostic> applied(const std::string& name,
                                const std::function<void(const fs::path&)>& write) {
  const fs::path d = fresh_dir("textures_" + name);
  write(d);
  static const install::Install empty;
  static const std::vector<io::Job> no_jobs;
  install::TextureLibrary lib(empty, no_jobs, {});
  std::vector<Diagnostic> out;
  if (auto e = lib.add_library({d.string()})) return {*e};
  ir::Mesh m;
  m.source.format = "grw";
  m.materials.push_back({"0x0000000000040000", {{"id", "0x0000000000040000"}}});
  lib.apply(m, {}, out);
  return out;
}

std::vector<uint8_t> material_bytes() { return write_material(kGrw, gt::sample_material()); }

}  // namespace

void add_texture_inputs(Inputs& in) {
  in.push_back({"TEXTURE_MATERIAL_NOT_FOUND", "a material id no file holds",
                [] { return applied("material_not_found", [](const fs::path&) {}); }});
  in.push_back({"TEXTURE_MATERIAL_UNREADABLE", "a Material whose Mask class is broken", [] {
                  return applied("material_unreadable", [](const fs::path& d) {
                    std::vector<uint8_t> b = material_bytes();
                    b[41] ^= 1;
                    put(d / "m.Material", b);
                  });
                }});
  in.push_back({"TEXTURE_SET_NOT_FOUND", "a Material whose set no file holds", [] {
                  return applied("set_not_found", [](const fs::path& d) {
                    put(d / "m.Material", material_bytes());
                  });
                }});
  in.push_back({"TEXTURE_SET_UNREADABLE", "a TextureSet cut to 40 bytes", [] {
                  return applied("set_unreadable", [](const fs::path& d) {
                    put(d / "m.Material", material_bytes());
                    std::vector<uint8_t> s = write_texture_set(gt::sample_set());
                    s.resize(40);
                    put(d / "s.TextureSet", s);
                  });
                }});
  in.push_back({"TEXTURE_MAP_NOT_FOUND", "a set whose maps no file holds", [] {
                  return applied("map_not_found", [](const fs::path& d) {
                    put(d / "m.Material", material_bytes());
                    put(d / "s.TextureSet", write_texture_set(gt::sample_set()));
                  });
                }});
  in.push_back({"TEXTURE_MAP_UNREADABLE", "a map of pixel format 7 (not established)", [] {
                  return applied("map_unreadable", [](const fs::path& d) {
                    put(d / "m.Material", material_bytes());
                    put(d / "s.TextureSet", write_texture_set(gt::sample_set()));
                    grb::TextureMap t = gt::sample_map();
                    t.pixel_format = t.compiled[6] = 7;
                    put(d / "t.TextureMap", write_texture_map(kGrw, t));
                  });
                }});
  in.push_back({"TEXTURE_LEVEL_MISSING", "a map without its CompiledMip and an empty blob", [] {
                  return applied("level_missing", [](const fs::path& d) {
                    put(d / "m.Material", material_bytes());
                    put(d / "s.TextureSet", write_texture_set(gt::sample_set()));
                    grb::TextureMap t = gt::sample_map();
                    t.blob.clear();
                    put(d / "t.TextureMap", write_texture_map(kGrw, t));
                  });
                }});
  in.push_back({"TEXTURE_OODLE", "the GRB sample's material held in its Oodle entry", [] {
                  const std::vector<io::Job> jobs = io::expand_inputs(
                      {source_path("samples/archives/grb/DataPC.forge")}, fs::path());
                  const install::Install install =
                      install::open_install(jobs, {0}, install::IndexDepth::Whole);
                  install::TextureLibrary lib(install, jobs, {});
                  ir::Mesh m;
                  m.source.format = "grb";
                  m.materials.push_back({"oodle", {{"id", "0x5D1E9A7B3C8F2461"}}});
                  std::vector<Diagnostic> out;
                  install::MeshPlace place;
                  place.archive = 0;  // a mesh of the install: its archives are searched
                  lib.apply(m, place, out);
                  for (const Diagnostic& w : lib.run_warnings()) out.push_back(w);
                  return out;
                }});
}

}  // namespace f2g::catalogue
