#include "converter/import/import.h"

#include <algorithm>
#include <exception>

#include "converter/import/blender_export.h"
#include "converter/import/vectors.h"
#include "formats/common/format.h"
#include "formats/registry.h"

namespace f2g::import {
namespace {

using ir::Diagnostic;
using Json = nlohmann::json;
using std::to_string;

std::string hex_id(uint64_t v, int digits) { return hex(v, digits); }

Json summary_of(const RebuildSummary& s) {
  return {{"vertices", s.vertices},
          {"vertices_kept", s.vertices_kept},
          {"vertices_new", s.vertices_new},
          {"triangles", s.triangles},
          {"donor_vertices", s.donor_vertices},
          {"donor_triangles", s.donor_triangles},
          {"donor_order", s.donor_order},
          {"influences_dropped", s.influences_dropped},
          {"details", s.details}};
}

// The glb's recorded source object id (mesh.extras.source.objectId, as convert writes it).
std::optional<uint64_t> recorded_object_id(const gltf::Scene& scene) {
  const Json& ex = scene.mesh_extras;
  if (!ex.is_object() || !ex.contains("source") || !ex["source"].is_object()) return std::nullopt;
  const Json& src = ex["source"];
  if (!src.contains("objectId") || !src["objectId"].is_string()) return std::nullopt;
  return hex_in(src["objectId"].get<std::string>());
}

// What the passes of import_mesh share, filled in as they run.
struct Import {
  const GltfInput& in;
  const uint8_t* donor;
  size_t donor_size;
  const ImportOptions& options;
  ImportOutcome& out;
  DecodeOptions decode_options;
  std::shared_ptr<const Decoded> decoded;  // the donor decoded once: its format decides the rest
  const Format* format = nullptr;
  gltf::Scene scene;
  NameMatch names;
  ir::Mesh mesh;  // the glTF's mesh, on its way to the rebuild
  BlenderReadback blender;
  Json filled = Json::array();  // attributes computed because the glTF has none
  Rebuilt rebuilt;
};
using Step = std::optional<Diagnostic>;

Step decode_donor(Import& s) {
  s.decode_options = s.options.decode;
  s.decode_options.want_structure = false;
  DecodeOptions once = s.decode_options;
  once.want_parts = true;  // the rebuild takes the donor as read here: decoded once
  Result<Decoded> d = decode(s.donor, s.donor_size, once);
  if (!d) {
    Diagnostic e = d.error();
    e.message = "the donor: " + e.message;
    return e;
  }
  s.decoded = std::make_shared<const Decoded>(std::move(*d));
  s.format = s.decoded->format;
  s.out.format = s.format->name;
  return std::nullopt;
}

Step read_gltf(Import& s) {
  ir::Result<gltf::Scene> read =
      s.in.json
          ? gltf::read_scene_gltf(std::string(reinterpret_cast<const char*>(s.in.data), s.in.size),
                                  s.in.read_uri)
          : gltf::read_scene_glb(s.in.data, s.in.size);
  if (!read) return read.error();
  s.scene = std::move(*read);
  return std::nullopt;
}

Step check_object_id(Import& s) {
  const uint64_t donor_id = s.decoded->mesh.source.object_id;
  const std::optional<uint64_t> id = recorded_object_id(s.scene);
  if (!id || *id == donor_id || s.options.force) return std::nullopt;
  const int digits = s.format->id_hex_digits;
  return Diagnostic{"IMPORT_OBJECT_ID",
                    "the glTF was converted from object " + hex_id(*id, digits) +
                        ", the donor is object " + hex_id(donor_id, digits) +
                        " (--force imports it all the same)",
                    "/meshes/0/extras/source/objectId", 0};
}

// An unskinned donor ignores any skin the glTF has.
Step drop_skin_of_unskinned_donor(Import& s) {
  if (s.decoded->mesh.find("JOINTS_0") || !s.scene.mesh.find("JOINTS_0")) return std::nullopt;
  ir::drop_influences(s.scene.mesh.attributes);
  s.out.warnings.push_back({"IMPORT_SKIN_IGNORED",
                            "the glTF is skinned, the donor is not: joints and weights ignored",
                            "/skins", 0});
  s.scene.joints.clear();
  return std::nullopt;
}

// Materials and joints named as the donor's, then what Blender's exporter changed read back.
Step match_donor_names(Import& s) {
  ir::Result<NameMatch> names = match_names(s.scene, s.decoded->mesh, s.options.match);
  if (!names) return names.error();
  s.names = std::move(*names);
  s.out.warnings.insert(s.out.warnings.end(), s.names.warnings.begin(), s.names.warnings.end());
  s.mesh = std::move(s.scene.mesh);
  apply_names(s.names, s.mesh);
  s.blender = read_blender_export(s.scene.generator, s.decoded->mesh, s.mesh);
  return std::nullopt;
}

// A skinned donor needs weights for every vertex.
Step require_skin_of_skinned_donor(Import& s) {
  const ir::Mesh& donor = s.decoded->mesh;
  if (!donor.find("JOINTS_0") || s.mesh.find("JOINTS_0")) return std::nullopt;
  return Diagnostic{"IMPORT_NO_SKIN",
                    "the donor is skinned (" +
                        to_string(donor.skin ? donor.skin->bones.size() : 0) +
                        " bones); the glTF has no JOINTS_0 / WEIGHTS_0",
                    "/meshes/0/primitives/0/attributes", 0};
}

// Morph targets: the donor's, by name, or none.
Step match_targets(Import& s) {
  std::vector<std::string> donor_targets;
  for (const ir::MorphTarget& t : s.decoded->mesh.morph_targets) donor_targets.push_back(t.name);
  if (!donor_targets.empty() && s.scene.target_names != donor_targets) {
    std::string have, found;
    for (const std::string& t : donor_targets) have += (have.empty() ? "" : ", ") + t;
    for (const std::string& t : s.scene.target_names) found += (found.empty() ? "" : ", ") + t;
    return Diagnostic{"IMPORT_TARGETS_CHANGED",
                      "the donor's morph targets are [" + have + "], the glTF's [" + found +
                          "]: names and count must stay",
                      "/meshes/0/extras/targetNames", 0};
  }
  if (donor_targets.empty() && !s.mesh.morph_targets.empty()) {
    s.out.warnings.push_back({"IMPORT_TARGETS_IGNORED",
                              to_string(s.mesh.morph_targets.size()) +
                                  " morph targets in the glTF, none in the donor: ignored",
                              "/meshes/0/extras/targetNames", 0});
    s.mesh.morph_targets.clear();
  }
  return std::nullopt;
}

// NORMAL and TANGENT the donor stores and the glTF lacks, computed.
Step compute_missing_attributes(Import& s) {
  const ir::Mesh& donor = s.decoded->mesh;
  const auto computed = [&s](const char* semantic, const char* code, const char* from) {
    s.filled.push_back(semantic);
    s.out.warnings.push_back({code,
                              std::string("the glTF has no ") + semantic + ": computed from " +
                                  from + " for " + to_string(s.mesh.vertex_count) + " vertices",
                              "/meshes/0/primitives/0/attributes", 0});
  };
  if (donor.find("NORMAL") && !s.mesh.find("NORMAL")) {
    add_normals(s.mesh);
    computed("NORMAL", "IMPORT_NORMALS_COMPUTED", "the faces");
  }
  if (donor.find("TANGENT") && !s.mesh.find("TANGENT") && s.mesh.find("NORMAL")) {
    add_tangents(s.mesh);
    computed("TANGENT", "IMPORT_TANGENTS_COMPUTED", "TEXCOORD_0 and NORMAL");
  }
  return std::nullopt;
}

// The format's rebuild: the donor's bytes with the glTF's mesh.
Step rebuild(Import& s) {
  const Format& format = *s.format;
  if (!format.rebuild)
    return Diagnostic{
        "IMPORT_FORMAT_UNSUPPORTED",
        std::string("import cannot rebuild ") + format.game + " (" + format.name + ") meshes yet",
        "", 0};
  if (!s.filled.empty()) s.mesh.extras[kComputedKey] = s.filled;
  RebuildInput rin;
  rin.donor = s.donor;
  rin.donor_size = s.donor_size;
  rin.decode = s.decode_options;
  rin.decode.format = &format;
  rin.donor_decoded = s.decoded;
  rin.mesh = std::move(s.mesh);
  rin.options.drop_submeshes = s.options.drop_submeshes;
  rin.incoming_error = {s.scene.position_error, s.scene.normal_error, s.scene.texcoord_error};
  Result<Rebuilt> rebuilt = format.rebuild(rin);
  if (!rebuilt) return rebuilt.error();
  s.rebuilt = std::move(*rebuilt);
  s.out.warnings.insert(s.out.warnings.end(), s.rebuilt.warnings.begin(), s.rebuilt.warnings.end());
  return std::nullopt;
}

// The gate: the strict decoder, every Proven relation an error, on the very bytes written.
Step gate(Import& s) {
  // The donor's own bytes back (an unedited import) passed this decoder in decode_donor,
  // with these options: decoding is pure, so the second decode would only repeat it.
  const std::vector<uint8_t>& b = s.rebuilt.bytes;
  if (b.size() == s.donor_size && std::equal(b.begin(), b.end(), s.donor)) return std::nullopt;
  DecodeOptions gate = s.decode_options;
  gate.format = s.format;
  Result<Decoded> back = decode(s.rebuilt.bytes.data(), s.rebuilt.bytes.size(), gate);
  if (back) return std::nullopt;
  Diagnostic e = back.error();
  e.message = "the rebuilt mesh does not decode strictly (nothing written): " + e.message;
  e.code = "IMPORT_GATE_FAILED";
  return e;
}

Json summary(const Import& s) {
  Json j = summary_of(s.rebuilt.summary);
  j["format"] = s.format->name;
  j["materials"] = Json::array();
  for (size_t g = 0; g + 1 < s.names.material_of.size(); ++g)
    if (s.names.material_of[g] != gltf::kNoMaterial)
      j["materials"].push_back({{"gltf", s.scene.materials[g].name},
                                {"donor", s.decoded->mesh.materials[s.names.material_of[g]].name}});
  j["joints_matched"] = s.names.joints_matched;
  j["joints_unmatched"] = s.names.joints_unmatched;
  j["computed"] = s.filled;
  if (s.blender.colours.applied)
    j["colours_from_corners"] = {{"carried", s.blender.colours.carried},
                                 {"absent", s.blender.colours.absent}};
  if (s.blender.target_normals) j["target_normals_from_donor"] = s.blender.target_normals;
  j["dropped_attributes"] = s.scene.dropped;
  j["mirrored_primitives"] = s.scene.mirrored_primitives;
  j["exact_frame"] = s.scene.exact_frame;
  j["bytes"] = s.rebuilt.bytes.size();
  j["donor_bytes"] = s.donor_size;
  return j;
}

}  // namespace

// The passes in order; the first that fails ends the import with nothing written. An
// exception (out of memory, a broken internal contract) fails this import alone, as
// INTERNAL_ERROR, as convert's batch does: the other files of a batch still import.
ImportOutcome import_mesh(const GltfInput& in, const uint8_t* donor, size_t donor_size,
                          const ImportOptions& options) {
  ImportOutcome out;
  const auto fail = [&out](Diagnostic e) {
    out.error = std::move(e);
    out.bytes.clear();
    return out;
  };
  Import s{in, donor, donor_size, options, out, {}, {}, nullptr, {}, {}, {}, {}, Json::array(), {}};
  try {
    for (Step (*pass)(Import&) :
         {decode_donor, read_gltf, check_object_id, drop_skin_of_unskinned_donor, match_donor_names,
          require_skin_of_skinned_donor, match_targets, compute_missing_attributes, rebuild, gate})
      if (Step e = pass(s)) return fail(std::move(*e));
    out.summary = summary(s);
    out.bytes = std::move(s.rebuilt.bytes);
    return out;
  } catch (const std::exception& e) {
    return fail(
        Diagnostic{"INTERNAL_ERROR", std::string("unexpected failure: ") + e.what(), "", 0});
  } catch (...) {
    return fail(Diagnostic{"INTERNAL_ERROR", "unexpected failure", "", 0});
  }
}

}  // namespace f2g::import
