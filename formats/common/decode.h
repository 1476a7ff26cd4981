// What every format decoder takes and gives: options in, the normalised IR plus the decoded
// structure (every stored field, for `info`) out.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "formats/common/checks.h"
#include "formats/common/reader.h"
#include "ir/mesh.h"

namespace f2g {

struct Format;    // formats/common/format.h: one game's entry of the registry
class NameTable;  // formats/common/names.h: name hashes -> the engine's names

// A format's vertex-format table (docs/READING.md: everything assumed lives in a data table a
// user can replace without recompiling). Each format derives its own table type from it.
struct VertexTable {
  virtual ~VertexTable() = default;
};

// The tables a user loaded (--vertex-formats), at most one per format, by format name. A
// format without one here decodes with its built-in table.
class VertexTables {
 public:
  // Replaces any table already held for `format`.
  void set(const std::string& format, std::shared_ptr<const VertexTable> table, std::string file);
  const VertexTable* find(const std::string& format) const;     // nullptr: use the built-in table
  const std::string* file_of(const std::string& format) const;  // where it came from

 private:
  struct Entry {
    std::string format, file;
    std::shared_ptr<const VertexTable> table;
  };
  std::vector<Entry> entries_;
};

struct DecodeOptions {
  const Format* format = nullptr;        // --format; nullptr detects by content
  const VertexTables* tables = nullptr;  // --vertex-formats; nullptr = built-in tables only
  // --names: the names bone hashes resolve to (bone node names); nullptr = the built-in names.
  // Owned, so every copy of the options (one per job) keeps it alive.
  std::shared_ptr<const NameTable> names;
  DecodeObserver* observer = nullptr;  // census: check outcomes and field values
  FieldLog* field_log = nullptr;       // verify --reencode: which field covers a byte
  std::string source_path;             // goes to ir::Mesh::source.path
  std::string name;                    // ir::Mesh::name (the input's stem)
  // Build Decoded::structure. `convert` turns it off: the JSON of every stored field is
  // for `info` and `census` only, and costs about a seventh of a conversion's CPU.
  bool want_structure = true;
  // Keep Decoded::parts: import decodes its donor once and hands the rebuild these parts.
  // The IR then moves into them (DecodedParts::ir): Decoded::ir() finds it either way.
  bool want_parts = false;
  // An archive record read as unpacking tools write it, its gap then its body: where the body
  // (the Mesh payload) starts. A format whose files carry a FileHeader keeps the gap as one
  // (Format::reads_record_gap); any other reads the body alone. Unset: a file as it is.
  std::optional<uint64_t> payload_offset;
};

// The vertex-format table a decode with `options` uses: the user's (--vertex-formats) for the
// format named `name`, else the game's `builtin` one. Only the format's own parser fills its
// slot; a table of another type is passed over all the same.
template <class Table>
const Table& vertex_table(const DecodeOptions& options, const std::string& name,
                          const Table& builtin) {
  const VertexTable* t = options.tables ? options.tables->find(name) : nullptr;
  const auto* own = dynamic_cast<const Table*>(t);
  return own ? *own : builtin;
}

// What a format's decoder read, kept for its rebuild (formats/common/rebuild.h): each format
// derives its own (its structure and layout), so a donor is decoded once per import. The IR
// is not among them: it lives in Decoded::mesh alone.
struct DecodedParts {
  virtual ~DecodedParts() = default;
};

struct Decoded {
  const Format* format = nullptr;  // the entry that read it
  ir::Mesh mesh;                   // what the game draws; warnings inside
  nlohmann::json structure;        // the decoded structure, every field incl. Unknown ones;
                                   // null unless DecodeOptions::want_structure
  std::shared_ptr<const DecodedParts> parts;  // null unless DecodeOptions::want_parts
};

}  // namespace f2g
