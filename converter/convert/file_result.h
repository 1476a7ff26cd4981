// What converting one input produced: the row of the summary and of --report.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "converter/install/skeleton_pairing.h"
#include "ir/diagnostic.h"

namespace f2g::convert {

enum class Status { Converted, Skipped, Failed };
const char* to_string(Status status);  // "converted", "skipped", "failed"

struct Counts {
  uint64_t vertices = 0;
  uint64_t triangles = 0;
  uint64_t primitives = 0;
  uint64_t bones = 0;
  uint64_t targets = 0;
};

// One error or warning of the Khronos glTF-Validator on an output (`convert --validate`).
struct ValidationMessage {
  std::string severity;  // "error", "warning"
  std::string code;      // the validator's, e.g. "ACCESSOR_MIN_MISMATCH"
  std::string message;
  std::string pointer;             // a JSON pointer ("/accessors/2/min/0"); empty when none
  std::optional<uint64_t> offset;  // a byte offset (GLB and buffer issues)
};

// The validator's verdict on one output: its four counts and the first few errors and
// warnings, or why the output could not be validated (`failure`; the counts are then 0).
struct ValidationCounts {
  static constexpr size_t kMaxMessages = 5;
  uint64_t errors = 0;
  uint64_t warnings = 0;
  uint64_t infos = 0;
  uint64_t hints = 0;
  std::vector<ValidationMessage> messages;  // at most kMaxMessages, errors and warnings
  std::optional<std::string> failure;
};

// Where a row's mesh came from when it is a resource of a forge archive (or a failed entry
// of one: no resource id).
struct ArchiveSource {
  std::string archive;  // the archive as the user named it (INPUT joined with the walked path)
  uint64_t entry_id = 0;
  std::optional<uint64_t> resource_id;
};

struct FileResult {
  std::string input;   // as the user named it: INPUT argument joined with the walked path
  std::string output;  // the .glb/.gltf written or kept; empty when there is none
  Status status = Status::Failed;
  std::string reason;  // why it was skipped ("up to date", "not a mesh ..."), else empty
  std::string format;  // the registry entry's name; empty when not decoded
  std::string layout;  // "compiled", "ranged", "inline"; empty when not decoded
  Counts counts;
  uint64_t unreachable_morph_values = 0;  // morph values no float32 delta reaches exactly
  std::vector<ir::Diagnostic> warnings;
  std::optional<ir::Diagnostic> error;  // set exactly when status is Failed
  uint64_t bytes_in = 0;
  uint64_t bytes_out = 0;
  double seconds = 0;
  std::optional<ValidationCounts> validation;       // --validate, set for outputs written this run
  std::optional<ArchiveSource> source;              // a row from an archive
  std::optional<install::PairingSummary> skeleton;  // a skinned mesh, when skeletons were paired
};

// The stderr line of a failed input:
// "forge2gltf: <input>: <field path>: <message> (offset 0x..) [CODE]". The offset is left
// out for failures that are not about a byte of the input (no field path).
std::string failure_line(const std::string& input, const ir::Diagnostic& error);

}  // namespace f2g::convert
