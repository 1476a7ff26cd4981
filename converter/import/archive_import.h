// `forge2gltf import EDITED.glb --donor ARCHIVE.forge --id RESOURCE_ID -o NEW.forge`: the
// donor mesh is the archive's resource RESOURCE_ID (its record's body). The import pipeline
// (import.h) rebuilds that body; its entry is re-encoded with its own set structure and
// compression numbers (the leading directory set, then the records set: the form the game is
// proven to load), the directory's record size and the record's body size follow the new body;
// every other entry's payload is copied byte for byte and the tables are rewritten with the new
// sizes (index and name record) and offsets, the file padded to 0x8000. Before anything is
// written the new archive is read back and the changed entry read strictly (the gate). An
// unchanged glb gives the donor archive back byte for byte (a body that comes back unchanged
// keeps its entry's stored payload, whatever compressor wrote it). Entries are replaced only: no
// entry is added, removed or moved.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "converter/import/import.h"

namespace f2g::import {

struct ArchiveImportOutcome {
  std::vector<uint8_t> bytes;  // the new archive; empty when `error`
  std::optional<ir::Diagnostic> error;
  std::vector<ir::Diagnostic> warnings;
  nlohmann::json summary = nlohmann::json::object();  // import's, plus "archive": {...}
};

// In memory: `archive` is the donor archive's bytes (mapped), `resource_id` the Mesh to replace.
ArchiveImportOutcome import_into_archive(const GltfInput& gltf, const uint8_t* archive, size_t size,
                                         uint64_t resource_id, const ImportOptions& options);

struct ArchiveImportRun {
  std::string input;   // EDITED.glb / .gltf
  std::string donor;   // --donor ARCHIVE.forge
  std::string out;     // -o NEW.forge
  std::string report;  // --report R.json
  uint64_t id = 0;     // --id RESOURCE_ID
  bool dry_run = false;
  bool json = false;
  ImportOptions options;  // options.force also allows replacing an existing NEW.forge
};

// 0 written (or would be, with --dry-run), 1 failed (nothing written).
int run_archive_import(const ArchiveImportRun& run, std::ostream& out, std::ostream& err);

}  // namespace f2g::import
