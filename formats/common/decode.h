// What every format decoder takes and gives: options in, the normalised IR plus the decoded
// structure (every stored field, for `info`) out.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "formats/common/checks.h"
#include "formats/common/reader.h"
#include "ir/mesh.h"

namespace f2g {

namespace sws {
struct VertexFormats;
}
namespace rr {
struct VertexFormats;
}

enum class FormatKind { Auto, Sws, Rr };
const char* to_string(FormatKind kind);  // "auto", "sws", "rr"

struct DecodeOptions {
  FormatKind format = FormatKind::Auto;           // --format; Auto detects by content
  const sws::VertexFormats* sws_formats = nullptr;  // --vertex-formats; nullptr = built-in table
  const rr::VertexFormats* rr_formats = nullptr;
  DecodeObserver* observer = nullptr;  // census: check outcomes and field values
  FieldLog* field_log = nullptr;       // verify --reencode: which field covers a byte
  std::string source_path;             // goes to ir::Mesh::source.path
  std::string name;                    // ir::Mesh::name (the input's stem)
  // Build Decoded::structure. `convert` turns it off: the JSON of every stored field is
  // for `info` and `census` only, and costs about a seventh of a conversion's CPU.
  bool want_structure = true;
};

struct Decoded {
  FormatKind kind = FormatKind::Auto;
  ir::Mesh mesh;              // what the game draws; warnings inside
  nlohmann::json structure;   // the decoded structure, every field incl. Unknown ones;
                              // null unless DecodeOptions::want_structure
};

}  // namespace f2g
