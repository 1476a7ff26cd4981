// The scan: finds Mesh objects inside a larger binary file (a forge archive, a memory dump)
// by their signatures and confirms each by a strict read, so only meshes that read to their
// exact end are ever listed as found or extracted.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/common/decode.h"
#include "formats/common/format.h"
#include "ir/diagnostic.h"

namespace f2g::scan {

// What made a position a candidate: one of a registered format's scan signatures.
using Signature = const ScanSignature*;
const char* to_string(Signature s);                 // the signature's stable name
Signature find_signature(const std::string& name);  // nullptr when no format has it

// A confirmed mesh: [offset, offset + length) reads strictly to its exact end.
struct Found {
  uint64_t offset = 0;
  uint64_t length = 0;
  Signature signature = nullptr;
  std::string format;  // the registry entry's name
  std::string layout;  // the IR's source layout
  uint64_t object_id = 0;
  int id_hex_digits = 16;  // as the format writes its ids
  // The container record framing the mesh, when its format recognises one (Format::
  // scan_record_name): its stored name, else empty.
  std::string name;
};

// A candidate whose strict read failed; never extracted. `error.offset` is absolute in the
// scanned file.
struct Failed {
  uint64_t offset = 0;
  Signature signature = nullptr;
  ir::Diagnostic error;
};

// A candidate not kept because a confirmed mesh covers it: it starts inside that mesh (not
// decoded), or it starts at the same offset and reads shorter or fails (decoded).
struct Dropped {
  uint64_t offset = 0;
  Signature signature = nullptr;
  uint64_t inside = 0;  // offset of the confirmed mesh that wins
  bool decoded = false;
};

struct ScanOptions {
  uint64_t max_decodes = 100000;  // candidate reads per file; the rest are counted as not tried
  uint32_t max_bones = 8192;      // bone counts a signature may try behind a marker (format.h)
};

struct ScanReport {
  std::string path;
  uint64_t size = 0;
  std::vector<Found> meshes;  // by offset, never overlapping
  std::vector<Failed> failed;
  std::vector<Dropped> dropped;
  uint64_t candidates = 0;              // positions with a signature (after the cheap checks)
  uint64_t rejected = 0;                // signature hits that failed the cheap checks (no decode)
  uint64_t decodes = 0;                 // strict reads run
  uint64_t not_tried = 0;               // candidates left over once max_decodes was reached
  std::optional<ir::Diagnostic> error;  // the file could not be read
};

// `base.format` limits the signatures to its own (nullptr = all); its observer and field log are
// not used.
ScanReport scan_buffer(const uint8_t* data, size_t size, const DecodeOptions& base,
                       const ScanOptions& options = {});
ScanReport scan_file(const std::string& path, const DecodeOptions& base,
                     const ScanOptions& options = {});

// The bytes of a found mesh, read back from its file (for extraction and conversion).
ir::Result<std::vector<uint8_t>> read_found(const std::string& path, const Found& found);

// "<stem>_<offset as 8+ upper-case hex digits>.mesh", e.g. "level01_00001A2C.mesh".
std::string extract_name(const std::string& path, uint64_t offset);

// The record name as a file name: "<name>.mesh" with every '/', '\\' and control character
// replaced by '_', then the first '.' of every ".." by '_'; "" for an empty name.
std::string record_file_name(const std::string& name);

// The file name --extract writes for each found mesh (in mesh order): record_file_name of its
// name, or extract_name when it has none, or when that name is taken by an earlier mesh of
// the scan or is the offset name of another mesh.
std::vector<std::string> extract_names(const ScanReport& report);

}  // namespace f2g::scan
