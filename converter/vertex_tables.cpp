#include "converter/vertex_tables.h"

#include <string>

#include <nlohmann/json.hpp>

#include "converter/input_file.h"
#include "formats/rr/vertex_formats.h"
#include "formats/sws/vertex_formats.h"

namespace f2g::convert {

namespace {

constexpr uint64_t kMaxTableBytes = uint64_t(16) << 20;

ir::Diagnostic invalid(const std::string& file, const std::string& why) {
  return ir::Diagnostic{"VERTEX_FORMATS_INVALID", "--vertex-formats " + file + ": " + why, "", 0};
}

}  // namespace

void VertexTables::apply(DecodeOptions& options) const {
  if (sws) options.sws_formats = sws.get();
  if (rr) options.rr_formats = rr.get();
}

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
      return invalid(file, "needs a top-level \"format\": \"sws\" or \"rr\"");
    const std::string kind = format->get<std::string>();
    if (kind == "sws") {
      if (tables.sws) return invalid(file, "a second sws table (the first is " + tables.sws_file + ")");
      auto parsed = sws::parse_vertex_formats(text);
      if (!parsed) return invalid(file, parsed.error().to_string());
      parsed->origin = file;
      tables.sws = std::make_shared<const sws::VertexFormats>(std::move(*parsed));
      tables.sws_file = file;
    } else if (kind == "rr") {
      if (tables.rr) return invalid(file, "a second rr table (the first is " + tables.rr_file + ")");
      auto parsed = rr::parse_vertex_formats(text);
      if (!parsed) return invalid(file, parsed.error().to_string());
      tables.rr = std::make_shared<const rr::VertexFormats>(std::move(*parsed));
      tables.rr_file = file;
    } else {
      return invalid(file, "\"format\" is \"" + kind + "\"; expected \"sws\" or \"rr\"");
    }
  }
  return tables;
}

}  // namespace f2g::convert
