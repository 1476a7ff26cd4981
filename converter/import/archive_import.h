// `forge2gltf import EDITED.glb --donor ARCHIVE.forge --id RESOURCE_ID -o NEW.forge`: the
// donor mesh is the archive's resource RESOURCE_ID (its record's body). The import pipeline
// (import.h) rebuilds that body; its entry is re-encoded with its own set structure and
// compression numbers (the leading directory set, then the records set: the form the game is
// proven to load), the directory's record size and the record's body size follow the new body;
// every other entry's payload is copied byte for byte and the tables are rewritten with the new
// sizes (index and name record) and offsets, the file padded to 0x8000. The new archive is
// streamed into a temp beside -o (never held in memory whole: a 2 GB archive imports in a
// bounded resident set), read back from there with the changed entry read strictly (the
// gate), and only then renamed into place. An
// unchanged glb gives the donor archive back byte for byte (a body that comes back unchanged
// keeps its entry's stored payload, whatever compressor wrote it). Entries are replaced only: no
// entry is added, removed or moved.
// `forge2gltf import GLB_DIR --donor ARCHIVE.forge -o NEW.forge`: every glTF of the directory
// goes back into one copy of the archive, each matched to its resource by the object id convert
// wrote into it (its mesh's extras.source.objectId), else by its file name (the resource's
// name, refused when two resources have it); each changed entry is re-encoded once.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "converter/import/import.h"
#include "converter/io/input_file.h"
#include "formats/archive/container.h"
#include "formats/common/error.h"

namespace f2g::import {

struct ArchiveImportOutcome {
  std::vector<uint8_t> bytes;  // the new archive, in memory (the forms without a sink)
  std::optional<ir::Diagnostic> error;
  std::vector<ir::Diagnostic> warnings;
  nlohmann::json summary = nlohmann::json::object();  // import's, plus "archive": {...}
};

struct ArchiveEdit {
  GltfInput gltf;
  uint64_t resource_id = 0;
};

// The donor archive's bytes and, when they are a file's mapping, that mapping: the pages of
// each entry read and of each payload copied are given back as soon as they are done with, so
// memory stays bounded by the entries in flight, not by the archive (a 2 GB archive streams).
struct DonorArchive {
  const uint8_t* data = nullptr;
  size_t size = 0;
  const io::MappedInput* mapped = nullptr;
  void release(uint64_t offset, uint64_t length) const {
    if (mapped) mapped->release(offset, length);
  }
};

// Where the new archive goes, written in order, then read back whole for the gate.
class ArchiveSink {
 public:
  virtual ~ArchiveSink() = default;
  virtual std::optional<ir::Diagnostic> write(const uint8_t* data, size_t size) = 0;
  // Everything written, readable while the sink lives (a mapping of a file, or memory).
  virtual Result<archive::PayloadRef> written() = 0;
};

// Streams the new archive into `sink`: the donor's unchanged payloads go from its bytes to the
// sink piece by piece. Nothing but the tables and the changed entries is held in memory.
ArchiveImportOutcome import_edits_into_archive(const std::vector<ArchiveEdit>& edits,
                                               const DonorArchive& donor,
                                               const ImportOptions& options, ArchiveSink& sink);

// In memory: `archive` is the donor archive's bytes (mapped), `resource_id` the Mesh to replace.
ArchiveImportOutcome import_into_archive(const GltfInput& gltf, const uint8_t* archive, size_t size,
                                         uint64_t resource_id, const ImportOptions& options);

// Several Meshes of one archive replaced in one new archive (IMPORT_DONOR_AMBIGUOUS for two
// edits of one resource). With one edit this is import_into_archive; with more the summary is
// {"archive": {old and new archive size, changed_entries, identical}, "resources": [the
// "archive" row of each resource with its import summary as "import"]}.
ArchiveImportOutcome import_edits_into_archive(const std::vector<ArchiveEdit>& edits,
                                               const uint8_t* archive, size_t size,
                                               const ImportOptions& options);

struct ArchiveImportRun {
  std::string input;   // EDITED.glb / .gltf, or GLB_DIR (then no --id)
  std::string donor;   // --donor ARCHIVE.forge
  std::string out;     // -o NEW.forge
  std::string report;  // --report R.json
  uint64_t id = 0;     // --id RESOURCE_ID (one glTF)
  bool dry_run = false;
  bool json = false;
  ImportOptions options;  // options.force also allows replacing an existing NEW.forge
};

// 0 written (or would be, with --dry-run), 1 failed (nothing written).
int run_archive_import(const ArchiveImportRun& run, std::ostream& out, std::ostream& err);

// The file at `path` starts as a forge archive does ('scimitar'): the donor of GLB_DIR's form.
bool is_archive_file(const std::string& path);

// GLB_DIR's glTF files (convert's walk: sorted, no directory symlinks followed) matched to the
// Mesh resources of the donor archive: one edit per file, `bytes` holding what they point
// into; the first file that matches no resource (IMPORT_NO_DONOR) or two
// (IMPORT_DONOR_AMBIGUOUS), or does not read, is the error.
struct DirectoryEdits {
  std::vector<std::string> files;
  std::vector<std::unique_ptr<io::InputBytes>> bytes;
  std::vector<ArchiveEdit> edits;
};
Result<DirectoryEdits> edits_in_directory(const std::string& dir, const DonorArchive& donor);

}  // namespace f2g::import
