// IR -> glTF: the passes in order (attributes, morph targets, indices and primitives, skin,
// materials, nodes), then the JSON and the container. Layout and names follow
// docs/ARCHITECTURE.md "Output conventions":
//   nodes[0] "<mesh>_root"  rotation Z-up -> Y-up (-90 deg about X), children: joints and,
//                           when unskinned, the mesh node
//   nodes[1] "<mesh>"       mesh 0 (+ skin 0); at the scene root when skinned
//   nodes[2 + i]            bone i, named Bone.name
#include "gltf_writer/write/write.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include "gltf_writer/write/document.h"
#include "gltf_writer/write/extras.h"
#include "gltf_writer/write/extras_keys.h"
#include "gltf_writer/write/glb.h"
#include "gltf_writer/write/input_checks.h"
#include "gltf_writer/write/json_text.h"

namespace f2g::gltf {
namespace {

// One shared index view holding every stored index (gaps included, order kept); each
// primitive an accessor over its slice, whole triangles only.
Json write_primitives(Document& doc, Json& empty_primitives) {
  const ir::Mesh& m = doc.mesh;
  uint32_t largest = 0;
  for (uint32_t i : m.indices) largest = std::max(largest, i);
  const bool u16 = largest < 65535;  // 65535 is the u16 restart value
  int view;
  if (u16) {
    const std::vector<uint16_t>& narrow =
        doc.bin.keep(std::vector<uint16_t>(m.indices.begin(), m.indices.end()));
    view = doc.bin.add_view(narrow.data(), narrow.size(), 1, kUnsignedShort, kElementArrayBuffer);
  } else {
    view =
        doc.bin.add_view(m.indices.data(), m.indices.size(), 1, kUnsignedInt, kElementArrayBuffer);
  }
  const int ct = u16 ? kUnsignedShort : kUnsignedInt;

  Json primitives = Json::array();
  for (size_t p = 0; p < m.primitives.size(); ++p) {
    const ir::Primitive& pr = m.primitives[p];
    const std::string path = "mesh/primitives[" + std::to_string(p) + "]";
    Json extras = extras_object(pr.extras, doc, path + ".extras");
    const uint32_t trailing = pr.index_count % 3;
    const uint32_t whole = pr.index_count - trailing;
    if (whole == 0) {
      // glTF has no empty primitive: keep it whole in the mesh extras (read.cpp restores it).
      doc.warn("GLTF_EMPTY_PRIMITIVE",
               std::to_string(pr.index_count) + " indices make no triangle; kept in mesh extras." +
                   keys::kEmptyPrimitives,
               path);
      empty_primitives.push_back({{"index", p},
                                  {"material", pr.material},
                                  {"firstIndex", pr.first_index},
                                  {"indexCount", pr.index_count},
                                  {"firstVertex", pr.first_vertex},
                                  {"vertexCount", pr.vertex_count},
                                  {"extras", extras}});
      continue;
    }
    if (trailing) {
      doc.warn("GLTF_TRAILING_INDICES",
               std::to_string(pr.index_count) + " indices are not whole triangles; the last " +
                   std::to_string(trailing) + " stay in the index buffer, outside the accessor",
               path);
      set_key(extras, keys::kTrailingIndices, trailing, doc, path + ".extras");
    }
    set_key(extras, keys::kFirstVertex, pr.first_vertex, doc, path + ".extras");
    set_key(extras, keys::kVertexCount, pr.vertex_count, doc, path + ".extras");

    Json prim = Json::object();
    prim["attributes"] = doc.attributes;
    prim["indices"] =
        doc.bin.add_accessor(view, size_t(pr.first_index) * (u16 ? 2 : 4), whole, 1, ct, false);
    prim["mode"] = 4;
    if (!m.materials.empty()) prim["material"] = pr.material;
    if (!doc.targets.empty()) prim["targets"] = doc.targets;
    prim["extras"] = std::move(extras);
    primitives.push_back(std::move(prim));
  }
  return primitives;
}

Json write_mesh_extras(Document& doc, Json empty_primitives) {
  const ir::Mesh& m = doc.mesh;
  Json extras = extras_object(m.extras, doc, "mesh/extras");
  set_key(extras, keys::kSource,
          {{keys::kSourceFormat, m.source.format},
           {keys::kSourceLayout, m.source.layout},
           {keys::kSourceObjectId, hex_string(m.source.object_id, 16)},
           {keys::kSourceIndexSize, m.index_size}},
          doc, "mesh/extras");
  if (!m.morph_targets.empty()) {
    Json names = Json::array(), target_extras = Json::array();
    bool any = false;
    for (const ir::MorphTarget& t : m.morph_targets) {
      names.push_back(t.name);
      target_extras.push_back(t.extras);
      any = any || !(t.extras.is_null() || (t.extras.is_object() && t.extras.empty()));
    }
    set_key(extras, keys::kTargetNames, std::move(names), doc, "mesh/extras");
    if (any) set_key(extras, keys::kTargetExtras, std::move(target_extras), doc, "mesh/extras");
  }
  if (!empty_primitives.empty())
    set_key(extras, keys::kEmptyPrimitives, std::move(empty_primitives), doc, "mesh/extras");
  return extras;
}

// nodes[0] root, nodes[1] the mesh node, nodes[2 + i] the joints; the scene.
void write_nodes(Document& doc, Json& gltf) {
  const ir::Mesh& m = doc.mesh;
  const std::string name = m.name.empty() ? "mesh" : m.name;
  Json root = {{"name", name + "_root"}};
  if (m.z_up) {
    // Quaternion (x, y, z, w) of -90 degrees about X: +Z (source up) -> +Y (glTF up).
    const double h = std::sqrt(0.5);
    root["rotation"] = {-h, 0.0, 0.0, h};
  }
  Json mesh_node = {{"name", name}, {"mesh", 0}};
  Json children = Json::array();
  Json scene_nodes = {0};
  if (doc.skinned) {
    mesh_node["skin"] = 0;
    scene_nodes.push_back(1);  // validator: NODE_SKINNED_MESH_NON_ROOT otherwise
  } else {
    children.push_back(1);
  }
  std::vector<Json> joint_children(doc.joint_nodes.size(), Json::array());
  for (size_t i = 0; i < doc.joint_nodes.size(); ++i) {
    const int32_t p = i < doc.joint_parents.size() ? doc.joint_parents[i] : -1;
    (p >= 0 ? joint_children[size_t(p)] : children).push_back(2 + i);
  }
  for (size_t i = 0; i < doc.joint_nodes.size(); ++i)
    if (!joint_children[i].empty()) doc.joint_nodes[i]["children"] = std::move(joint_children[i]);
  root["children"] = std::move(children);

  Json nodes = {std::move(root), std::move(mesh_node)};
  for (Json& j : doc.joint_nodes) nodes.push_back(std::move(j));
  gltf["nodes"] = std::move(nodes);
  gltf["scene"] = 0;
  gltf["scenes"] = {{{"name", name}, {"nodes", std::move(scene_nodes)}}};
  if (doc.skin_ibm >= 0) {
    Json joints = Json::array();
    for (size_t i = 0; i < doc.joint_nodes.size(); ++i) joints.push_back(2 + i);
    gltf["skins"] = {{{"name", name + "_skin"},
                      {"inverseBindMatrices", doc.skin_ibm},
                      {"joints", std::move(joints)}}};
    if (doc.skin_extras.is_object() && !doc.skin_extras.empty())
      gltf["skins"][0]["extras"] = std::move(doc.skin_extras);
  }
}

// RFC 3986 percent-encoding of a relative file name (unreserved characters and '/' kept).
std::string uri_encode(const std::string& s) {
  static const char* hexd = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hexd[c >> 4];
      out += hexd[c & 15];
    }
  }
  return out;
}

// The compact text (json_text.h): strict first, so bad UTF-8 in a name or extras string is
// a warning and the document is written again with the bad bytes replaced.
std::string dump(const Json& gltf, Document& doc) {
  try {
    return json_text(gltf, Json::error_handler_t::strict);
  } catch (const Json::type_error&) {
    doc.warn("GLTF_INVALID_UTF8", "a name or extras string is not UTF-8; bad bytes replaced",
             "mesh");
    return json_text(gltf, Json::error_handler_t::replace);
  }
}

}  // namespace

ir::Result<Written> write(const ir::Mesh& mesh, const WriteOptions& options) {
  if (auto e = check_mesh(mesh, options)) return *e;
  Document doc(mesh);
  if (auto e = write_attributes(doc)) return *e;
  write_targets(doc);
  Json empty_primitives = Json::array();
  Json primitives = write_primitives(doc, empty_primitives);
  write_skin(doc);

  Json gltf = {{"asset", {{"version", "2.0"}, {"generator", "forge2gltf"}}}};
  Json gmesh = {{"name", mesh.name}, {"primitives", std::move(primitives)}};
  if (!mesh.morph_targets.empty())
    gmesh["weights"] = std::vector<double>(mesh.morph_targets.size(), 0.0);
  gmesh["extras"] = write_mesh_extras(doc, std::move(empty_primitives));
  gltf["meshes"] = Json::array({std::move(gmesh)});  // not {x}: clang would copy, not wrap
  write_materials(doc, gltf);
  write_nodes(doc, gltf);

  const size_t bin_size = doc.bin.size();  // padded to 4
  if (bin_size > std::numeric_limits<uint32_t>::max() - 4096)
    return ir::Diagnostic{
        "GLTF_TOO_LARGE",
        "the binary buffer needs " + std::to_string(bin_size) + " bytes; GLB holds at most 4 GiB",
        "mesh", 0};
  Json buffer = {{"byteLength", bin_size}};
  if (!options.binary) buffer["uri"] = uri_encode(options.bin_uri);
  gltf["buffers"] = Json::array({std::move(buffer)});
  gltf["bufferViews"] = std::move(doc.bin.views());
  gltf["accessors"] = std::move(doc.bin.accessors());

  Written out;
  std::string json = dump(gltf, doc);
  if (options.binary && glb_size(json.size(), bin_size) > kMaxGlbBytes)
    return ir::Diagnostic{"GLTF_TOO_LARGE",
                          "the GLB needs " + std::to_string(glb_size(json.size(), bin_size)) +
                              " bytes (JSON " + std::to_string(json.size()) + ", BIN " +
                              std::to_string(bin_size) + "); a GLB holds at most 4 GiB",
                          "mesh", 0};
  if (options.binary) {
    out.glb = pack_glb(json, doc.bin);
  } else {
    out.json = std::move(json);
    doc.bin.append_to(out.bin);
  }
  out.warnings = std::move(doc.warnings);
  out.unreachable_morph_values = doc.unreachable;
  return out;
}

}  // namespace f2g::gltf
