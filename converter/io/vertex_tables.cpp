#include "converter/io/vertex_tables.h"

#include <nlohmann/json.hpp>
#include <string>

#include "converter/io/input_file.h"
#include "formats/registry.h"

namespace f2g::io {

namespace {

constexpr uint64_t kMaxTableBytes = uint64_t(16) << 20;

ir::Diagnostic invalid(const std::string& file, const std::string& why) {
  return ir::Diagnostic{"VERTEX_FORMATS_INVALID", "--vertex-formats " + file + ": " + why, "", 0};
}

// "\"a\" or \"b\"" (", " between all but the last two).
std::string names_text() {
  const std::vector<const Format*>& all = registered_formats();
  std::string t;
  for (size_t i = 0; i < all.size(); ++i) {
    if (i) t += i + 1 == all.size() ? " or " : ", ";
    t += "\"" + std::string(all[i]->name) + "\"";
  }
  return t;
}

}  // namespace

ir::Result<VertexTables> load_vertex_tables(const std::vector<std::string>& files) {
  VertexTables tables;
  for (const std::string& file : files) {
    // A table is a few KB; the bound keeps a wrong path (a device, a huge file) harmless.
    const ir::Result<InputBytes> bytes = read_input(file, kMaxTableBytes, "a vertex-format table");
    if (!bytes) return invalid(file, bytes.error().message);
    const std::string text(bytes->begin(), bytes->end());
    const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (doc.is_discarded()) return invalid(file, "not valid JSON");
    const auto format = doc.is_object() ? doc.find("format") : doc.end();
    if (!doc.is_object() || format == doc.end() || !format->is_string())
      return invalid(file, "needs a top-level \"format\": " + names_text());
    const std::string kind = format->get<std::string>();
    const Format* entry = find_format(kind);
    if (!entry) return invalid(file, "\"format\" is \"" + kind + "\"; expected " + names_text());
    if (const std::string* first = tables.file_of(kind))
      return invalid(file, "a second " + kind + " table (the first is " + *first + ")");
    auto parsed = entry->parse_vertex_table(text, file);
    if (!parsed) return invalid(file, parsed.error().to_string());
    tables.set(kind, std::move(*parsed), file);
  }
  return tables;
}

}  // namespace f2g::io
