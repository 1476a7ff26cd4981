#include "converter/import/import.h"

#include <algorithm>

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

}  // namespace

ImportOutcome import_mesh(const GltfInput& in, const uint8_t* donor, size_t donor_size,
                          const ImportOptions& options) {
  ImportOutcome out;
  auto failed = [&](Diagnostic e) {
    out.error = std::move(e);
    out.bytes.clear();
    return out;
  };

  // The donor first: its format decides everything after.
  DecodeOptions dopts = options.decode;
  dopts.want_structure = false;
  Result<Decoded> d = decode(donor, donor_size, dopts);
  if (!d) {
    Diagnostic e = d.error();
    e.message = "the donor: " + e.message;
    return failed(e);
  }
  const Format& format = *d->format;
  out.format = format.name;

  ir::Result<gltf::Scene> read =
      in.json ? gltf::read_scene_gltf(std::string(reinterpret_cast<const char*>(in.data), in.size),
                                      in.read_uri)
              : gltf::read_scene_glb(in.data, in.size);
  if (!read) return failed(read.error());
  gltf::Scene& scene = *read;

  if (auto id = recorded_object_id(scene); id && *id != d->mesh.source.object_id && !options.force)
    return failed({"IMPORT_OBJECT_ID",
                   "the glTF was converted from object " + hex_id(*id, format.id_hex_digits) +
                       ", the donor is object " +
                       hex_id(d->mesh.source.object_id, format.id_hex_digits) +
                       " (--force imports it all the same)",
                   "/meshes/0/extras/source/objectId", 0});

  // Skin: an unskinned donor ignores any; a skinned one needs weights for every vertex.
  const bool donor_skinned = d->mesh.find("JOINTS_0") != nullptr;
  if (!donor_skinned && scene.mesh.find("JOINTS_0")) {
    scene.mesh.attributes.erase(
        std::remove_if(scene.mesh.attributes.begin(), scene.mesh.attributes.end(),
                       [](const ir::Attribute& a) {
                         return a.semantic.rfind("JOINTS_", 0) == 0 ||
                                a.semantic.rfind("WEIGHTS_", 0) == 0;
                       }),
        scene.mesh.attributes.end());
    out.warnings.push_back({"IMPORT_SKIN_IGNORED",
                            "the glTF is skinned, the donor is not: joints and weights ignored",
                            "/skins", 0});
    scene.joints.clear();
  }

  ir::Result<NameMatch> names = match_names(scene, d->mesh, options.match);
  if (!names) return failed(names.error());
  out.warnings.insert(out.warnings.end(), names->warnings.begin(), names->warnings.end());
  ir::Mesh mesh = std::move(scene.mesh);
  apply_names(*names, mesh);
  const BlenderReadback blender = read_blender_export(scene.generator, d->mesh, mesh);

  if (donor_skinned && !mesh.find("JOINTS_0"))
    return failed({"IMPORT_NO_SKIN",
                   "the donor is skinned (" +
                       to_string(d->mesh.skin ? d->mesh.skin->bones.size() : 0) +
                       " bones); the glTF has no JOINTS_0 / WEIGHTS_0",
                   "/meshes/0/primitives/0/attributes", 0});
  // Morph targets: the donor's, by name, or none.
  std::vector<std::string> donor_targets;
  for (const ir::MorphTarget& t : d->mesh.morph_targets) donor_targets.push_back(t.name);
  if (!donor_targets.empty() && scene.target_names != donor_targets) {
    std::string have, found;
    for (const std::string& t : donor_targets) have += (have.empty() ? "" : ", ") + t;
    for (const std::string& t : scene.target_names) found += (found.empty() ? "" : ", ") + t;
    return failed({"IMPORT_TARGETS_CHANGED",
                   "the donor's morph targets are [" + have + "], the glTF's [" + found +
                       "]: names and count must stay",
                   "/meshes/0/extras/targetNames", 0});
  }
  if (donor_targets.empty() && !mesh.morph_targets.empty()) {
    out.warnings.push_back({"IMPORT_TARGETS_IGNORED",
                            to_string(mesh.morph_targets.size()) +
                                " morph targets in the glTF, none in the donor: ignored",
                            "/meshes/0/extras/targetNames", 0});
    mesh.morph_targets.clear();
  }

  Json filled = Json::array();
  if (d->mesh.find("NORMAL") && !mesh.find("NORMAL")) {
    add_normals(mesh);
    filled.push_back("NORMAL");
    out.warnings.push_back({"IMPORT_NORMALS_COMPUTED",
                            "the glTF has no NORMAL: computed from the faces for " +
                                to_string(mesh.vertex_count) + " vertices",
                            "/meshes/0/primitives/0/attributes", 0});
  }
  if (d->mesh.find("TANGENT") && !mesh.find("TANGENT") && mesh.find("NORMAL")) {
    add_tangents(mesh);
    filled.push_back("TANGENT");
    out.warnings.push_back({"IMPORT_TANGENTS_COMPUTED",
                            "the glTF has no TANGENT: computed from TEXCOORD_0 and NORMAL for " +
                                to_string(mesh.vertex_count) + " vertices",
                            "/meshes/0/primitives/0/attributes", 0});
  }

  if (!format.rebuild)
    return failed(
        {"IMPORT_FORMAT_UNSUPPORTED",
         std::string("import cannot rebuild ") + format.game + " (" + format.name + ") meshes yet",
         "", 0});
  if (!filled.empty()) mesh.extras[kComputedKey] = filled;
  RebuildInput rin;
  rin.donor = donor;
  rin.donor_size = donor_size;
  rin.decode = dopts;
  rin.decode.format = &format;
  rin.mesh = std::move(mesh);
  rin.options.drop_submeshes = options.drop_submeshes;
  rin.incoming_error = {scene.position_error, scene.normal_error, scene.texcoord_error};
  Result<Rebuilt> rebuilt = format.rebuild(rin);
  if (!rebuilt) return failed(rebuilt.error());
  out.warnings.insert(out.warnings.end(), rebuilt->warnings.begin(), rebuilt->warnings.end());

  // The gate: the strict decoder, every Proven relation an error, on the very bytes written.
  DecodeOptions gate = rin.decode;
  Result<Decoded> back = decode(rebuilt->bytes.data(), rebuilt->bytes.size(), gate);
  if (!back) {
    Diagnostic e = back.error();
    e.message = "the rebuilt mesh does not decode strictly (nothing written): " + e.message;
    e.code = "IMPORT_GATE_FAILED";
    return failed(e);
  }

  out.summary = summary_of(rebuilt->summary);
  out.summary["format"] = format.name;
  out.summary["materials"] = Json::array();
  for (size_t g = 0; g + 1 < names->material_of.size(); ++g)
    if (names->material_of[g] != gltf::kNoMaterial)
      out.summary["materials"].push_back(
          {{"gltf", scene.materials[g].name},
           {"donor", d->mesh.materials[names->material_of[g]].name}});
  out.summary["joints_matched"] = names->joints_matched;
  out.summary["joints_unmatched"] = names->joints_unmatched;
  out.summary["computed"] = filled;
  if (blender.colours.applied)
    out.summary["colours_from_corners"] = {{"carried", blender.colours.carried},
                                           {"absent", blender.colours.absent}};
  if (blender.target_normals) out.summary["target_normals_from_donor"] = blender.target_normals;
  out.summary["dropped_attributes"] = scene.dropped;
  out.summary["mirrored_primitives"] = scene.mirrored_primitives;
  out.summary["exact_frame"] = scene.exact_frame;
  out.summary["bytes"] = rebuilt->bytes.size();
  out.summary["donor_bytes"] = donor_size;
  out.bytes = std::move(rebuilt->bytes);
  return out;
}

}  // namespace f2g::import
