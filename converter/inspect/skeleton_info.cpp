#include "converter/inspect/skeleton_info.h"

#include "converter/inspect/info.h"
#include "formats/common/error.h"

namespace f2g::convert {

using nlohmann::json;

ir::Result<json> skeleton_info_json(const Format& format, const uint8_t* body, size_t size,
                                    const std::string& input, const NameTable& names) {
  CheckRecorder recorder;
  Result<SkeletonReading> s = format.skeleton(body, size, &recorder);
  if (!s) return s.error();
  json doc;
  doc["input"] = input;
  doc["format"] = format.name;
  doc["layout"] = s->layout;
  doc["structure"] = s->structure;
  if (!s->why.empty()) doc["why"] = s->why;
  doc["checks"] = std::move(recorder.checks);
  doc["warnings"] = json::array();
  const SkeletonTree& tree = s->tree;
  json bones = json::array();
  for (size_t i = 0; i < tree.parent.size(); ++i) {
    const std::string_view name = names.find(tree.name_hash[i]);
    bones.push_back({{"index", i},
                     {"name", name.empty() ? json(nullptr) : json(std::string(name))},
                     {"name_hash", hex(tree.name_hash[i], 8)},
                     {"parent", tree.parent[i]},
                     {"depth", tree.depth[i]},
                     {"children", tree.descendants[i]}});
  }
  doc["tree"] = std::move(bones);
  return doc;
}

std::string skeleton_tree_text(const json& tree) {
  std::string out = "\ntree: " + std::to_string(tree.size()) + " bones\n";
  for (const json& b : tree) {
    out += std::string(2 + 2 * b.value("depth", 0u), ' ');
    out += b["name"].is_null() ? b.value("name_hash", "")
                               : b["name"].get<std::string>() + " " + b.value("name_hash", "");
    const unsigned below = b.value("children", 0u);
    if (below) out += "  (" + std::to_string(below) + " below)";
    out += "\n";
  }
  return out;
}

}  // namespace f2g::convert
