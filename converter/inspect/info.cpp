#include "converter/inspect/info.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <unordered_set>

#include "converter/convert/report.h"
#include "converter/inspect/skeleton_info.h"
#include "converter/io/input_file.h"
#include "converter/io/json_text.h"
#include "formats/common/names.h"
#include "formats/registry.h"

namespace f2g::convert {

using nlohmann::json;

void CheckRecorder::on_check(const CheckDef& def, bool held, const ir::Diagnostic& where) {
  checks.push_back(json{{"name", def.name},
                        {"held", held},
                        {"code", def.code},
                        {"path", where.path},
                        {"offset", where.offset},
                        {"message", where.message}});
}

namespace {

uint64_t used_vertices(const ir::Mesh& mesh, const ir::Primitive& p) {
  std::unordered_set<uint32_t> seen;
  const uint64_t end =
      std::min<uint64_t>(uint64_t(p.first_index) + p.index_count, mesh.indices.size());
  for (uint64_t i = p.first_index; i < end; ++i) seen.insert(mesh.indices[i]);
  return seen.size();
}

// --- text form --------------------------------------------------------------------------

constexpr size_t kInlineValues = 16;    // arrays of scalars longer than this are shortened
constexpr size_t kListedElements = 32;  // arrays of objects longer than this are shortened
constexpr size_t kLongString = 96;

std::string scalar_text(const json& v) {
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    if (s.size() <= kLongString) return s;
    return s.substr(0, kLongString) + "... (" + std::to_string(s.size()) + " chars)";
  }
  if (v.is_number_float()) {  // nine significant digits tell every float32 apart
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v.get<double>());
    return buf;
  }
  return io::json_text(v, -1);
}

bool all_scalars(const json& a) {
  return std::all_of(a.begin(), a.end(), [](const json& e) { return e.is_primitive(); });
}

std::string inline_array(const json& a) {
  std::string s = "[";
  const size_t shown = a.size() <= kInlineValues ? a.size() : kInlineValues / 2;
  for (size_t i = 0; i < shown; ++i) s += (i ? ", " : "") + scalar_text(a[i]);
  if (shown < a.size()) s += ", ... (" + std::to_string(a.size()) + " values)";
  return s + "]";
}

void structure_text(const json& v, int depth, std::string& out);

void member_text(const std::string& key, const json& v, int depth, std::string& out) {
  const std::string indent(size_t(depth) * 2, ' ');
  if (v.is_primitive()) {
    out += indent + key + ": " + scalar_text(v) + "\n";
  } else if (v.is_array() && all_scalars(v)) {
    out += indent + key + ": " + inline_array(v) + "\n";
  } else if (v.empty()) {
    out += indent + key + ": " + (v.is_array() ? "[]" : "{}") + "\n";
  } else {
    out += indent + key + (v.is_array() ? " (" + std::to_string(v.size()) + ")" : "") + "\n";
    structure_text(v, depth + 1, out);
  }
}

void structure_text(const json& v, int depth, std::string& out) {
  if (v.is_object()) {
    for (auto it = v.begin(); it != v.end(); ++it) member_text(it.key(), it.value(), depth, out);
  } else if (v.is_array()) {
    const size_t shown = v.size() <= kListedElements ? v.size() : kListedElements / 2;
    for (size_t i = 0; i < shown; ++i) member_text("[" + std::to_string(i) + "]", v[i], depth, out);
    if (shown < v.size())
      out += std::string(size_t(depth) * 2, ' ') + "... " + std::to_string(v.size() - shown) +
             " more\n";
  } else {
    out += std::string(size_t(depth) * 2, ' ') + scalar_text(v) + "\n";
  }
}

std::string diagnostic_text(const json& d) {
  ir::Diagnostic x{d.value("code", ""), d.value("message", ""), d.value("path", ""),
                   d.value("offset", uint64_t(0))};
  return x.to_string();
}

std::string names_text(const json& names) {
  if (names.empty()) return " (none)";
  std::string s;
  for (const json& n : names) s += " " + scalar_text(n);
  return s;
}

}  // namespace

namespace {

// How many of the skin's bones have a name hash `names` resolves.
size_t resolved_bones(const ir::Mesh& mesh, const std::shared_ptr<const NameTable>& names) {
  size_t n = 0;
  if (mesh.skin)
    for (const ir::Bone& b : mesh.skin->bones)
      n += names_in_use(names).find(b.name_hash).empty() ? 0 : 1;
  return n;
}

}  // namespace

json ir_summary_json(const ir::Mesh& mesh) {
  json attributes = json::array();
  for (const ir::Attribute& a : mesh.attributes) attributes.push_back(a.semantic);
  json primitives = json::array();
  for (const ir::Primitive& p : mesh.primitives) {
    const std::string material = p.material < mesh.materials.size()
                                     ? mesh.materials[p.material].name
                                     : "#" + std::to_string(p.material);
    primitives.push_back(json{{"material", material},
                              {"first_index", p.first_index},
                              {"index_count", p.index_count},
                              {"first_vertex", p.first_vertex},
                              {"vertex_count", p.vertex_count},
                              {"used_vertices", used_vertices(mesh, p)}});
  }
  json materials = json::array(), bones = json::array(), hashes = json::array(),
       targets = json::array();
  for (const ir::Material& m : mesh.materials) materials.push_back(m.name);
  if (mesh.skin)
    for (const ir::Bone& b : mesh.skin->bones) {
      bones.push_back(b.name);
      hashes.push_back(hex(b.name_hash, 8));
    }
  for (const ir::MorphTarget& t : mesh.morph_targets) targets.push_back(t.name);
  return json{{"vertex_count", mesh.vertex_count},   {"index_count", mesh.indices.size()},
              {"attributes", std::move(attributes)}, {"primitives", std::move(primitives)},
              {"materials", std::move(materials)},   {"bones", std::move(bones)},
              {"bone_hashes", std::move(hashes)},    {"targets", std::move(targets)}};
}

ir::Result<json> info_json(const std::filesystem::path& path, const std::string& input,
                           const InfoOptions& options) {
  ir::Result<io::InputBytes> bytes = io::read_input(path, options.max_input_bytes);
  if (!bytes) return bytes.error();
  return info_json_of(bytes->data(), bytes->size(), path.string(), path.stem().string(), input,
                      options);
}

ir::Result<json> info_json_of(const uint8_t* data, size_t size, const std::string& source_path,
                              const std::string& name, const std::string& input,
                              const InfoOptions& options, std::optional<uint64_t> payload_offset) {
  CheckRecorder recorder;
  DecodeOptions decode_options;
  decode_options.format = options.format;
  decode_options.tables = options.tables;
  decode_options.names = options.names;
  decode_options.observer = &recorder;
  decode_options.source_path = source_path;
  decode_options.name = name;
  decode_options.payload_offset = payload_offset;
  Result<Decoded> decoded = decode(data, size, decode_options);
  if (!decoded) return decoded.error();
  json warnings = json::array();
  for (const ir::Diagnostic& w : decoded->mesh.warnings) warnings.push_back(diagnostic_json(w));
  json doc;
  doc["input"] = input;
  doc["format"] = decoded->format->name;
  doc["layout"] = decoded->mesh.source.layout;
  doc["structure"] = std::move(decoded->structure);
  doc["checks"] = std::move(recorder.checks);
  doc["warnings"] = std::move(warnings);
  doc["ir"] = ir_summary_json(decoded->mesh);
  doc["ir"]["bones_resolved"] = resolved_bones(decoded->mesh, options.names);
  return doc;
}

std::string info_text(const json& info) {
  std::string out;
  out += "input   " + scalar_text(info.value("input", json(""))) + "\n";
  out += "format  " + scalar_text(info.value("format", json(""))) + "\n";
  out += "layout  " + scalar_text(info.value("layout", json(""))) + "\n";
  if (info.contains("archive"))  // info ARCHIVE --id ID (archive_info.h)
    out += "archive " + scalar_text(info["archive"]) + ", entry " +
           scalar_text(info.value("entry_id", json(""))) + ", resource " +
           scalar_text(info.value("resource_id", json(""))) + " (" +
           scalar_text(info.value("class_name", json(""))) + ")\n";
  if (info.contains("entry_form"))  // a version-25 entry's payload form
    out += "form    " + scalar_text(info["entry_form"]) + "\n";

  out += "\nstructure\n";
  structure_text(info.value("structure", json::object()), 1, out);

  const json checks = info.value("checks", json::array());
  size_t broken = 0;
  for (const json& c : checks) broken += c.value("held", false) ? 0 : 1;
  out += "\nchecks: " + std::to_string(checks.size() - broken) + " held, " +
         std::to_string(broken) + " broken\n";
  // Held checks fold by name (a per-range check holds once per range); broken ones each
  // get their own line with the place and the values.
  std::map<std::string, size_t> held_count;
  for (const json& c : checks)
    if (c.value("held", false)) ++held_count[c.value("name", "")];
  std::unordered_set<std::string> listed;
  for (const json& c : checks) {
    const std::string name = c.value("name", "");
    if (!c.value("held", false)) {
      out += "  FAIL " + name + "  " + diagnostic_text(c) + "\n";
    } else if (listed.insert(name).second) {
      const size_t n = held_count[name];
      out += "  ok   " + name + (n > 1 ? "  x" + std::to_string(n) : "") + "\n";
    }
  }

  const json warnings = info.value("warnings", json::array());
  out += "\nwarnings: " + std::to_string(warnings.size()) + "\n";
  for (const json& w : warnings) out += "  " + diagnostic_text(w) + "\n";

  if (info.contains("tree")) return out + skeleton_tree_text(info["tree"]);  // a Skeleton
  const json ir = info.value("ir", json::object());
  out += "\nir\n";
  out += "  vertices " + scalar_text(ir.value("vertex_count", json(0))) + ", indices " +
         scalar_text(ir.value("index_count", json(0))) + "\n";
  out += "  attributes" + names_text(ir.value("attributes", json::array())) + "\n";
  const json prims = ir.value("primitives", json::array());
  out += "  primitives " + std::to_string(prims.size()) + "\n";
  for (size_t i = 0; i < prims.size(); ++i) {
    const json& p = prims[i];
    out += "    [" + std::to_string(i) + "] material " + scalar_text(p["material"]) + "  indices " +
           scalar_text(p["first_index"]) + " +" + scalar_text(p["index_count"]) + "  vertices " +
           scalar_text(p["first_vertex"]) + " +" + scalar_text(p["vertex_count"]) + " (" +
           scalar_text(p["used_vertices"]) + " used)\n";
  }
  out += "  materials" + names_text(ir.value("materials", json::array())) + "\n";
  const json bones = ir.value("bones", json::array());
  out += "  bones";
  if (!bones.empty())
    out += " (" + scalar_text(ir.value("bones_resolved", json(0))) + " of " +
           std::to_string(bones.size()) + " names resolved)";
  out += names_text(bones) + "\n";
  out += "  targets" + names_text(ir.value("targets", json::array())) + "\n";
  return out;
}

}  // namespace f2g::convert
