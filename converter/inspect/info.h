// `forge2gltf info INPUT [--json]`: what a strict read found in one file: format, layout,
// the decoded structure, every check with its outcome, the warnings and an IR summary.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "converter/io/input_file.h"
#include "converter/io/vertex_tables.h"
#include "formats/common/decode.h"
#include "ir/result.h"

namespace f2g::convert {

// Records every check outcome in the order the decoder meets them: info's "checks".
class CheckRecorder : public DecodeObserver {
 public:
  void on_check(const CheckDef& def, bool held, const ir::Diagnostic& where) override;
  void on_field(const char*, double) override {}
  nlohmann::json checks = nlohmann::json::array();
};

struct InfoOptions {
  const Format* format = nullptr;          // --format; nullptr detects by content
  const VertexTables* tables = nullptr;    // --vertex-formats
  std::shared_ptr<const NameTable> names;  // --names; nullptr = the built-in names
  uint64_t max_input_bytes = io::kMaxInputBytes;
};

// Decodes `path` with an observer that records every check. The document (the `--json`
// output, a contract other tools read):
// {"input", "format", "layout", "structure": {...},
//  "checks": [{"name", "held", "code", "path", "offset", "message"}],
//  "warnings": [{"code", "message", "path", "offset"}],
//  "ir": {"vertex_count", "index_count", "attributes": [semantic...],
//         "primitives": [{"material", "first_index", "index_count", "first_vertex",
//                         "vertex_count", "used_vertices"}],
//         "materials": [name...], "bones": [name...], "bone_hashes": ["0x%08X"...],
//         "bones_resolved": n (bones whose name hash the names resolve), "targets": [name...]}}
// A read or decode failure is returned as the error.
ir::Result<nlohmann::json> info_json(const std::filesystem::path& path, const std::string& input,
                                     const InfoOptions& options);

// The same document for bytes already in memory (a resource of an archive): `name` is the
// mesh's name, `source_path` where it came from, `payload_offset` where a record's body starts.
ir::Result<nlohmann::json> info_json_of(const uint8_t* data, size_t size,
                                        const std::string& source_path, const std::string& name,
                                        const std::string& input, const InfoOptions& options,
                                        std::optional<uint64_t> payload_offset = std::nullopt);

// The "ir" block of the document for one mesh (without "bones_resolved", which needs the
// names in use).
nlohmann::json ir_summary_json(const ir::Mesh& mesh);

// The same document as text for a terminal: the structure as indented "key: value" lines
// (long arrays and strings shortened), one line per check ("ok   name", "FAIL name ..."),
// repeated held checks folded into one line with a count.
std::string info_text(const nlohmann::json& info);

}  // namespace f2g::convert
