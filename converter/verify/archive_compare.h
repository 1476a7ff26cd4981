// `forge2gltf verify NEW.forge --against OLD.forge`: does an archive written by `import` hold
// only what was meant to change? Entries are matched by position and file id (a changed entry
// count or order is refused: the game is proven to load replaced entries only). Every entry
// whose payload is not byte-identical is listed, read strictly (read_entry: both sets, the
// directory and every record) and each of its Mesh resources decoded strictly (the format
// registry, detection by content); it must keep the old entry's kind, its sets' compression
// numbers and its resource ids in order. The tables must agree but for payload offsets and
// sizes, and the new archive must read without a layout warning.
//
// JSON shape (stable; keys are never removed):
//   {"input": "NEW.forge", "against": "OLD.forge", "ok": true, "entries": 7,
//    "changed": [{"index": 1, "file_id": 1002, "name": "GR_Ranger", "old_size": 900,
//                 "new_size": 912, "meshes": 1}],
//    "problems": [{"code", "message", "path", "offset"}],
//    "error": null | {"code", "message", "path", "offset"}}
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "formats/archive/container.h"
#include "ir/diagnostic.h"

namespace f2g::verify {

struct ChangedEntry {
  uint64_t index = 0, file_id = 0;
  std::string name;
  uint64_t old_size = 0, new_size = 0;
  uint64_t meshes = 0;  // Mesh resources decoded strictly
};

struct ArchiveCompareReport {
  std::string input, against;
  uint64_t entries = 0;
  std::vector<ChangedEntry> changed;
  std::vector<ir::Diagnostic> problems;  // each broken expectation, located in NEW
  std::optional<ir::Diagnostic> error;   // an archive did not read at all

  bool ok() const { return !error && problems.empty(); }
};

// `done(new_entry, old_entry)` (if set) is told when both entries have been compared, so a
// caller reading mapped archives can give their pages back (run_against does: two 2 GB
// archives compare in a bounded resident set).
using EntriesCompared =
    std::function<void(const archive::Entry& in_new, const archive::Entry& in_old)>;
ArchiveCompareReport compare_archives(const uint8_t* new_data, size_t new_size,
                                      const uint8_t* old_data, size_t old_size,
                                      const EntriesCompared& done = nullptr);

nlohmann::json to_json(const ArchiveCompareReport& report);
void print_text(const ArchiveCompareReport& report, std::ostream& out);

// `forge2gltf verify NEW.forge --against OLD.forge [--json]`: 0 when every check holds, else 1.
int run_against(const std::string& input, const std::string& against, bool json, std::ostream& out,
                std::ostream& err);

}  // namespace f2g::verify
