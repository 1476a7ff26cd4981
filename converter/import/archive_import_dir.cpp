// `import GLB_DIR --donor ARCHIVE.forge`: which resource each glTF of the directory replaces.
#include <filesystem>
#include <fstream>

#include "converter/import/archive_import.h"
#include "converter/import/import_command.h"
#include "converter/install/install.h"
#include "converter/install/oodle_library.h"
#include "converter/io/inputs.h"
#include "formats/archive/archive.h"
#include "formats/common/error.h"
#include "gltf_writer/write/glb.h"

namespace f2g::import {
namespace {

namespace fs = std::filesystem;
using namespace archive;
using Json = nlohmann::json;

struct MeshName {
  uint64_t id = 0;
  std::string name;
};

// Every Mesh resource of the entries that read (Oodle ones cannot be written back anyway).
std::vector<MeshName> meshes_of(const DonorArchive& donor) {
  std::vector<MeshName> out;
  Result<Archive> a = read_archive(donor.data, donor.size, install::read_options());
  if (!a) return out;
  install::walk_entries({*a, donor.data, donor.size, donor.mapped}, [&](install::EntryVisit& v) {
    const ir::Result<EntryContents>& c = v.contents();
    if (!c || c->kind != EntryKind::Resources) return true;
    for (const Resource& r : c->resources)
      if (r.class_id == class_id("Mesh")) out.push_back({r.id, r.name});
    return true;
  });
  return out;
}

// The source object id convert writes into the mesh's extras (source.objectId, "0x..."), if
// the glTF holds one: a .glb's JSON chunk or a .gltf's text.
std::optional<uint64_t> object_id(const io::InputBytes& b, bool json) {
  const uint8_t* text = b.data();
  size_t length = b.size();
  if (!json) {
    const std::optional<gltf::GlbJson> chunk = gltf::glb_json_chunk(b.data(), b.size());
    if (!chunk) return std::nullopt;
    text = chunk->text;
    length = chunk->size;
  }
  const Json j = Json::parse(text, text + length, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("meshes") || !j["meshes"].is_array() ||
      j["meshes"].empty() || !j["meshes"][0].is_object())
    return std::nullopt;
  const Json id = j["meshes"][0].value("extras", Json::object()).value("source", Json::object());
  if (!id.is_object() || !id.contains("objectId") || !id["objectId"].is_string())
    return std::nullopt;
  const std::string s = id["objectId"].get<std::string>();
  size_t used = 0;
  try {
    const uint64_t v = std::stoull(s, &used, 16);
    if (used == s.size()) return v;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

}  // namespace

bool is_archive_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  char head[8] = {};
  f.read(head, sizeof head);
  return f.gcount() == sizeof head &&
         looks_like_archive(reinterpret_cast<const uint8_t*>(head), sizeof head);
}

Result<DirectoryEdits> edits_in_directory(const std::string& dir, const DonorArchive& donor) {
  const std::vector<MeshName> meshes = meshes_of(donor);
  DirectoryEdits out;
  for (io::Job& job : io::expand_inputs({dir})) {
    if (job.error && job.error->code == "INPUT_UNREADABLE") return *job.error;
    if (!is_gltf_name(job.relative)) continue;
    if (job.error) return *job.error;  // a .glb that is no file
    Result<io::InputBytes> b =
        io::read_input_as(job.input, io::kMaxInputBytes, "a glTF", "IMPORT_READ_FAILED");
    if (!b) return b.error();
    const bool json = is_json_name(job.relative);
    const std::optional<uint64_t> id = object_id(*b, json);
    const std::string stem = fs::path(job.relative).stem().string();
    std::vector<uint64_t> found;
    for (const MeshName& m : meshes)
      if (id && m.id == *id) found = {m.id};
    if (found.empty())
      for (const MeshName& m : meshes)
        if (m.name == stem) found.push_back(m.id);
    if (found.size() != 1)
      return Error{found.empty() ? "IMPORT_NO_DONOR" : "IMPORT_DONOR_AMBIGUOUS",
                   found.empty()
                       ? job.display + ": no Mesh resource of the archive has its object id" +
                             (id ? " " + hex(*id) : std::string()) + " or the name '" + stem + "'"
                       : job.display + ": " + std::to_string(found.size()) +
                             " Mesh resources of the archive are named '" + stem +
                             "' and its object id names none",
                   job.display, 0};
    out.files.push_back(job.display);
    out.bytes.push_back(std::make_unique<io::InputBytes>(std::move(*b)));
    out.edits.push_back({gltf_input(job.input, *out.bytes.back()), found[0]});
  }
  if (out.edits.empty())
    return Error{"IMPORT_NO_DONOR", dir + " holds no .glb or .gltf file", dir, 0};
  return out;
}

}  // namespace f2g::import
