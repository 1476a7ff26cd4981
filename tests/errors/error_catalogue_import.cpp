// import codes: a sample converted to .gltf + .bin in memory (gltf::write), its JSON or BIN
// edited the way a user's tool or a hostile file would, and imported with a sample as donor
// through import_mesh; directory-mode codes through run_import_command in fresh directories.
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>
#include <sstream>

#include "converter/import/archive_import.h"
#include "converter/import/import.h"
#include "converter/import/import_command.h"
#include "converter/install/oodle_library.h"
#include "formats/archive/archive.h"
#include "formats/registry.h"
#include "gltf_writer/write/write.h"
#include "tests/errors/error_catalogue.h"
#include "tests/support/gltf_import.h"

namespace f2g::catalogue {
namespace {

namespace fs = std::filesystem;
using ir::Diagnostic;
using Json = nlohmann::json;

using Gltf = test::GltfDoc;

std::vector<uint8_t> sample(const std::string& name) {
  return read_bytes(source_path("samples/" + name + ".mesh"));
}

Gltf gltf_of(const std::string& name) {
  const std::vector<uint8_t> b = sample(name);
  DecodeOptions o;
  Result<Decoded> d = decode(b.data(), b.size(), o);
  if (!d) throw std::runtime_error(name + " does not decode");
  std::optional<Gltf> g = test::gltf_doc(d->mesh);
  if (!g) throw std::runtime_error(name + " does not write");
  return *g;
}

std::vector<Diagnostic> run(const Gltf& g, const std::string& donor,
                            const import::ImportOptions& options = {}) {
  const import::ImportOutcome o = test::import_doc(g, sample(donor), options);
  std::vector<Diagnostic> all;
  if (o.error) all.push_back(*o.error);
  all.insert(all.end(), o.warnings.begin(), o.warnings.end());
  return all;
}

// Every primitive of mesh 0 without `semantic`.
void drop_attribute(Gltf& g, const char* semantic) {
  for (Json& p : g.json["meshes"][0]["primitives"]) p["attributes"].erase(semantic);
}

// Options that let a glTF of one sample go into another sample as donor: every glTF material
// mapped to the donor's first material.
import::ImportOptions cross(const Gltf& g, const std::string& donor){import::ImportOptions o;
o.force = true;
const std::vector<uint8_t> d = sample(donor);
Result<Decoded> dd = decode(d.data(), d.size(), DecodeOptions{});
for (const Json& m : g.json["materials"])
  o.match.map_material[m["name"].get<std::string>()] = dd->mesh.materials[0].name;
return o;
}  // namespace

// `forge2gltf import GLB_DIR --donors MESH_DIR -o OUT --json`: the first file's error.
std::vector<Diagnostic> run_dirs(const fs::path& glb_dir, const fs::path& mesh_dir) {
  import::ImportRun r;
  r.input = glb_dir.string();
  r.donors = mesh_dir.string();
  r.out = (glb_dir.parent_path() / "out").string();
  r.json = true;
  r.jobs = 1;
  std::ostringstream out, err;
  import::run_import_command(r, out, err);
  std::vector<Diagnostic> all;
  for (const Json& f : Json::parse(out.str()))
    if (f.contains("error"))
      all.push_back({f["error"]["code"], f["error"]["message"], f["error"]["path"], 0});
  return all;
}

// run_archive_import with --json: the error it prints.
std::vector<Diagnostic> archive_run(const import::ArchiveImportRun& r) {
  std::ostringstream out, err;
  import::run_archive_import(r, out, err);
  const Json j = Json::parse(out.str());
  if (!j["error"].is_object()) return {};
  return {{j["error"]["code"], j["error"]["message"], j["error"]["path"], 0}};
}

// import_into_archive of an empty glTF into the sample archive `name` (refused before the glTF).
std::vector<Diagnostic> into_archive(const std::string& name, uint64_t id) {
  const std::vector<uint8_t> a = read_bytes(source_path("samples/archives/" + name));
  const import::ArchiveImportOutcome o =
      import::import_into_archive(import::GltfInput{}, a.data(), a.size(), id, {});
  return o.error ? std::vector<Diagnostic>{*o.error} : std::vector<Diagnostic>{};
}

}  // namespace f2g::catalogue

void add_import_inputs(Inputs& in) {
  in.push_back({"IMPORT_ARCHIVE_SAME_FILE", "import --id with -o naming the donor archive", [] {
                  import::ArchiveImportRun r;
                  r.input = source_path("samples/archives/grw/none.glb");
                  r.donor = source_path("samples/archives/grw/DataPC.forge");
                  r.out = source_path("samples/archives/grw/../grw/DataPC.forge");
                  r.json = true;
                  return archive_run(r);
                }});
  in.push_back({"IMPORT_NOT_ARCHIVE", "import --id with a mesh as donor", [] {
                  const fs::path dir = fresh_dir("import_not_archive");
                  write_bytes(dir / "a.glb", {1, 2, 3});
                  import::ArchiveImportRun r;
                  r.input = (dir / "a.glb").string();
                  r.donor = source_path("samples/rr/static24_props.mesh");
                  r.out = (dir / "new.forge").string();
                  r.json = true;
                  return archive_run(r);
                }});
  in.push_back({"IMPORT_ARCHIVE_NO_RESOURCE", "resource 0xDEADBEEF of the GRW sample archive",
                [] { return into_archive("grw/DataPC.forge", 0xDEADBEEF); }});
  in.push_back({"IMPORT_ARCHIVE_OODLE", "a resource of the GRB sample's Oodle entry", [] {
                  const std::vector<uint8_t> a =
                      read_bytes(source_path("samples/archives/grb/DataPC.forge"));
                  Result<archive::Archive> ar = archive::read_archive(a.data(), a.size());
                  if (!ar) return std::vector<Diagnostic>{};
                  for (size_t i = 0; i < ar->entries.size(); ++i) {
                    Result<archive::EntryContents> c =
                        archive::read_entry(*ar, a.data(), a.size(), i);
                    if (!c || c->kind != archive::EntryKind::CodecMissing) continue;
                    Result<std::vector<archive::DirectoryEntry>> d =
                        archive::read_directory(*ar, a.data(), a.size(), i);
                    if (d && !d->empty()) return into_archive("grb/DataPC.forge", (*d)[0].id);
                  }
                  return std::vector<Diagnostic>{};
                }});
  in.push_back({"ARCHIVE_OODLE_LIBRARY",
                "the GRB sample's Oodle entry read through the stand-in that returns one byte "
                "short",
                [] {
                  const std::vector<uint8_t> a =
                      read_bytes(source_path("samples/archives/grb/DataPC.forge"));
                  const install::OodleLibrary short_one(std::string(F2G_BINARY_DIR) +
                                                        "/oodle/liboodle_standin_short.so");
                  archive::Codecs codecs;
                  codecs.oodle = &short_one;
                  archive::ReadOptions o;
                  o.codecs = &codecs;
                  std::vector<Diagnostic> out;
                  Result<archive::Archive> ar = archive::read_archive(a.data(), a.size(), o);
                  if (!ar) return out;
                  for (size_t i = 0; i < ar->entries.size(); ++i)
                    if (Result<archive::EntryContents> c =
                            archive::read_entry(*ar, a.data(), a.size(), i);
                        !c)
                      out.push_back(c.error());
                  return out;
                }});
  const std::string rr = "rr/static24_props";
  const std::string skinned = "rr/split12_character";
  in.push_back({"IMPORT_READ_FAILED", "import a glTF that does not exist", [] {
                  const fs::path dir = fresh_dir("import_read");
                  import::ImportRun r;
                  r.input = (dir / "missing.glb").string();
                  r.donor = source_path("samples/rr/static24_props.mesh");
                  r.out = (dir / "new.mesh").string();
                  r.json = true;
                  std::ostringstream out, err;
                  import::run_import_command(r, out, err);
                  const Json j = Json::parse(out.str());
                  return std::vector<Diagnostic>{
                      {j["error"]["code"], j["error"]["message"], j["error"]["path"], 0}};
                }});
  in.push_back({"IMPORT_NO_DONOR", "a directory glb with no donor of its name", [] {
                  const fs::path dir = fresh_dir("import_no_donor");
                  fs::create_directories(dir / "glb");
                  fs::create_directories(dir / "mesh");
                  write_bytes(dir / "glb" / "a.glb", {1, 2, 3});
                  return run_dirs(dir / "glb", dir / "mesh");
                }});
  in.push_back({"IMPORT_DONOR_AMBIGUOUS", "a directory glb with a.mesh and a.bin as donors", [] {
                  const fs::path dir = fresh_dir("import_ambiguous");
                  fs::create_directories(dir / "glb");
                  fs::create_directories(dir / "mesh");
                  write_bytes(dir / "glb" / "a.glb", {1, 2, 3});
                  write_bytes(dir / "mesh" / "a.mesh", {1});
                  write_bytes(dir / "mesh" / "a.bin", {1});
                  return run_dirs(dir / "glb", dir / "mesh");
                }});
  in.push_back({"IMPORT_GLTF_INVALID", "a glTF whose JSON is not glTF", [rr] {
                  Gltf g = gltf_of(rr);
                  g.json = Json::array({1, 2});
                  return run(g, rr);
                }});
  in.push_back({"IMPORT_GLTF_EXTENSION", "KHR_draco_mesh_compression required", [rr] {
                  Gltf g = gltf_of(rr);
                  g.json["extensionsUsed"] = {"KHR_draco_mesh_compression"};
                  g.json["extensionsRequired"] = {"KHR_draco_mesh_compression"};
                  return run(g, rr);
                }});
  in.push_back({"IMPORT_GLTF_ACCESSOR", "the POSITION accessor's count past its view", [rr] {
                  Gltf g = gltf_of(rr);
                  const int a = g.json["meshes"][0]["primitives"][0]["attributes"]["POSITION"];
                  g.json["accessors"][a]["count"] = 1000000;
                  return run(g, rr);
                }});
  in.push_back({"IMPORT_GLTF_PRIMITIVE", "a primitive in LINES mode", [rr] {
                  Gltf g = gltf_of(rr);
                  g.json["meshes"][0]["primitives"][0]["mode"] = 1;
                  return run(g, rr);
                }});
  in.push_back({"IMPORT_GLTF_INDEX_TYPE", "the first primitive's indices made SHORT", [rr] {
                  Gltf g = gltf_of(rr);
                  const int a = g.json["meshes"][0]["primitives"][0]["indices"];
                  g.json["accessors"][a]["componentType"] = 5122;
                  return run(g, rr);
                }});
  in.push_back({"IMPORT_GLTF_VALUE", "a NaN in POSITION's first float", [rr] {
                  Gltf g = gltf_of(rr);
                  const int a = g.json["meshes"][0]["primitives"][0]["attributes"]["POSITION"];
                  const Json& acc = g.json["accessors"][a];
                  const Json& view = g.json["bufferViews"][acc["bufferView"].get<int>()];
                  const size_t at =
                      view.value("byteOffset", size_t(0)) + acc.value("byteOffset", size_t(0));
                  const float nan = std::nanf("");
                  std::memcpy(g.bin.data() + at, &nan, 4);
                  return run(g, rr);
                }});
  in.push_back({"IMPORT_GLTF_EMPTY", "no node draws a mesh", [rr] {
                  Gltf g = gltf_of(rr);
                  for (Json& n : g.json["nodes"]) n.erase("mesh");
                  return run(g, rr);
                }});
  in.push_back({"IMPORT_GLTF_TARGETS", "a second mesh node without the first's targets", [] {
                  const std::string morph = "sws/morph_submeshes";
                  Gltf g = gltf_of(morph);
                  Json copy = g.json["meshes"][0];
                  for (Json& p : copy["primitives"]) p.erase("targets");
                  copy.erase("extras");
                  g.json["meshes"].push_back(copy);
                  g.json["nodes"].push_back({{"name", "copy"}, {"mesh", 1}});
                  g.json["scenes"][0]["nodes"].push_back(g.json["nodes"].size() - 1);
                  return run(g, morph);
                }});
  in.push_back({"IMPORT_GLTF_TOO_LARGE", "an accessor of 70,000,000 elements", [rr] {
                  Gltf g = gltf_of(rr);
                  const int a = g.json["meshes"][0]["primitives"][0]["attributes"]["POSITION"];
                  g.json["accessors"][a]["count"] = 70000000;
                  return run(g, rr);
                }});
  in.push_back({"IMPORT_OBJECT_ID", "one sample's glTF with another sample as donor",
                [rr] { return run(gltf_of(rr), "rr/inline_rocks"); }});
  in.push_back({"IMPORT_UNKNOWN_MATERIAL", "a material renamed and its extras dropped", [rr] {
                  Gltf g = gltf_of(rr);
                  g.json["materials"][0]["name"] = "Material.001";
                  g.json["materials"][0].erase("extras");
                  return run(g, rr);
                }});
  auto rename_weighted_joint = [](Gltf& g) {
    const int joint = g.json["skins"][0]["joints"][0];
    g.json["nodes"][joint]["name"] = "Bone.017";
    g.json["nodes"][joint].erase("extras");
  };
  in.push_back({"IMPORT_UNKNOWN_JOINT", "a weighted joint renamed", [=] {
                  Gltf g = gltf_of(skinned);
                  rename_weighted_joint(g);
                  return run(g, skinned);
                }});
  in.push_back({"IMPORT_JOINT_DROPPED", "a weighted joint renamed, --unknown-joints drop", [=] {
                  Gltf g = gltf_of(skinned);
                  rename_weighted_joint(g);
                  import::ImportOptions o;
                  o.match.unknown_joints = import::UnknownJoints::Drop;
                  return run(g, skinned, o);
                }});
  in.push_back({"IMPORT_JOINT_NEAREST", "a weighted joint renamed, --unknown-joints nearest", [=] {
                  Gltf g = gltf_of(skinned);
                  rename_weighted_joint(g);
                  import::ImportOptions o;
                  o.match.unknown_joints = import::UnknownJoints::Nearest;
                  return run(g, skinned, o);
                }});
  in.push_back({"IMPORT_NO_SKIN", "a skinned sample's glTF without JOINTS_0 / WEIGHTS_0", [=] {
                  Gltf g = gltf_of(skinned);
                  drop_attribute(g, "JOINTS_0");
                  drop_attribute(g, "WEIGHTS_0");
                  return run(g, skinned);
                }});
  in.push_back({"IMPORT_SKIN_IGNORED", "a skinned glTF into a static donor (--force, mapped)", [=] {
                  Gltf g = gltf_of(skinned);
                  return run(g, rr, cross(g, rr));
                }});
  in.push_back({"IMPORT_TARGETS_CHANGED", "a morph target renamed", [] {
                  const std::string morph = "sws/morph_submeshes";
                  Gltf g = gltf_of(morph);
                  g.json["meshes"][0]["extras"]["targetNames"][0] = "Key 1";
                  return run(g, morph);
                }});
  in.push_back({"IMPORT_TARGETS_IGNORED", "a glTF with targets into a donor without", [] {
                  Gltf g = gltf_of("sws/morph_submeshes");
                  return run(g, "sws/static_materials", cross(g, "sws/static_materials"));
                }});
  in.push_back({"IMPORT_NORMALS_COMPUTED", "NORMAL removed", [rr] {
                  Gltf g = gltf_of(rr);
                  drop_attribute(g, "NORMAL");
                  drop_attribute(g, "TANGENT");  // TANGENT needs NORMAL (glTF 3.7.2.1)
                  return run(g, rr);
                }});
  in.push_back({"IMPORT_TANGENTS_COMPUTED", "TANGENT removed", [rr] {
                  Gltf g = gltf_of(rr);
                  drop_attribute(g, "TANGENT");
                  return run(g, rr);
                }});
}

}  // namespace f2g::catalogue
