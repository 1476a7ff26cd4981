// The census: strict-reads a whole corpus and counts, for every named relation of the spec,
// on how many meshes it holds, with counter-examples, plus the distribution of every
// Unknown/Observed field value and the vertex-format table entries in use. It answers the
// reverse engineer's question "does this relation hold on every mesh I have?" in the spec's
// own terms ("holds on all 16,149 meshes"). Output: census_json.h, census_markdown.h.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "converter/io/worker_pool.h"
#include "formats/common/decode.h"
#include "ir/diagnostic.h"

namespace f2g::census {

// One file found by walking the inputs: where it is and how the report names it.
struct InputFile {
  std::string path;  // to open
  // In the report, '/'-separated: under a directory input, the directory's own name and the
  // path below it ("b/x.mesh" for input ../corpus/b); a file input as given.
  std::string display;
  uint64_t size = 0;  // bytes as listed (the progress line's rate and ETA)
};

// Files and directories (walked recursively), regular files only, sorted by display name,
// duplicates dropped. A missing input is reported in `missing` (and not walked).
std::vector<InputFile> collect_inputs(const std::vector<std::string>& inputs,
                                      std::vector<std::string>* missing = nullptr);

// One place where something did not hold or did not read: a file and a located diagnostic.
struct Example {
  std::string file;  // display name
  ir::Diagnostic where;
};

constexpr size_t kMaxExamples = 5;

// Files that failed with one diagnostic code.
struct FailureGroup {
  uint64_t count = 0;
  std::vector<Example> examples;  // the first kMaxExamples files in sorted order
};

struct FormatTally {
  uint64_t files = 0;                       // detected (or forced) as this format
  uint64_t read = 0;                        // read strictly to their exact end
  uint64_t failed = 0;                      // files - read
  std::map<std::string, uint64_t> layouts;  // layout ("compiled", "ranged", "inline") -> read
  // Bones of the meshes read (their skins), and how many have a name hash the names in use
  // resolve (docs/READING.md "Bone names"); the others by hash: hash -> bones.
  uint64_t bones = 0;
  uint64_t bones_resolved = 0;
  std::map<uint32_t, uint64_t> unresolved;
  // Skinned meshes of archives by skeleton pairing (docs/READING.md "Pairing a mesh with its
  // skeleton", over every archive among the inputs): every bone found in the rigs paired,
  // some, none.
  uint64_t skins_paired = 0, skins_partly_paired = 0, skins_unpaired = 0;
};

// The unresolved hashes of a format, most frequent first (ties by hash): the list a reverse
// engineer cracks next.
std::vector<std::pair<uint32_t, uint64_t>> unresolved_by_frequency(const FormatTally& f);

// One named relation over the corpus. A mesh counts as evaluated when the decoder evaluated
// the check at least once on it, and as held when every one of those evaluations held.
struct CheckTally {
  std::string name, code, severity, statement;
  uint64_t evaluated = 0;    // meshes
  uint64_t held = 0;         // meshes
  uint64_t evaluations = 0;  // single evaluations (a per-range check runs once per range)
  uint64_t failed_evaluations = 0;
  std::vector<Example> counterexamples;  // first failing evaluation of the first files
  bool in_catalogue = true;  // false: evaluated by a decoder but missing from all_checks()
};

// The values one Unknown/Observed field took.
struct FieldTally {
  uint64_t count = 0;  // values reported
  uint64_t files = 0;  // meshes that reported it at least once
  uint64_t nan_count = 0;
  double min = 0, max = 0;  // over the non-NaN values (valid when count > nan_count)
  // Exact counts of the smallest kMaxTrackedValues distinct values; `capped` when more
  // distinct values were seen (then `distinct` is a lower bound). Keeping the smallest keeps
  // the result independent of the order files were read in.
  std::map<double, uint64_t> values;
  bool capped = false;
  uint64_t distinct() const { return values.size(); }
};
constexpr size_t kMaxTrackedValues = 4096;

// One vertex-format table entry in use (the values of its format's CensusRule fields), and how
// many of its meshes satisfy the relation that tests the entry.
struct VertexFormatTally {
  std::string format;            // the registry entry's name
  std::string entry;             // "flags 0x121, stride 24", "kind 11"
  std::vector<uint64_t> values;  // the entry's field values, in order (for sorting)
  std::string relation;          // the check that tests the entry, by name
  uint64_t meshes = 0;           // meshes using the entry (read or not)
  uint64_t read = 0;             // of which read to their exact end
  uint64_t evaluated = 0;        // of which the relation was evaluated on
  uint64_t held = 0;             // of which the relation held on
};

// What the forge archives among the inputs hold (their relations are among `checks`: an
// archive's tables count once per archive, each read entry once, under the archive.* names).
struct ArchiveCensus {
  uint64_t archives = 0;  // archive files
  uint64_t read = 0;      // whose tables read
  uint64_t entries = 0;
  std::map<std::string, uint64_t> entry_status;  // "ok", "special", ARCHIVE_OODLE, error codes
  std::map<std::string, uint64_t> classes;       // resources by class name (or "0x%08X")
  std::map<std::string, uint64_t> compressions;  // entries by their records set's compression
  std::map<std::string, uint64_t> forms;         // version-25 entries by payload form (describe())
  std::map<std::string, uint64_t> warnings;      // layout-only breaks by code
  void merge(const ArchiveCensus& other);
};

struct CensusReport {
  uint64_t files = 0;
  std::map<std::string, FormatTally> formats;    // by registry entry name
  FailureGroup unrecognised;                     // FORMAT_UNRECOGNISED
  std::map<std::string, FailureGroup> failures;  // error code -> files (unrecognised excluded)
  std::vector<CheckTally> checks;                // every check of all_checks(), sorted by name
  std::map<std::string, FieldTally> fields;      // field name -> values
  std::map<std::string, VertexFormatTally> vertex_formats;  // "<format> <entry>" -> tally
  ArchiveCensus archives;  // all zero without archives among the inputs
  // The run was stopped (Ctrl-C): the tallies cover only the files read before; not_started
  // files were never read. Neither goes into the JSON or Markdown.
  bool interrupted = false;
  uint64_t not_started = 0;
};

// Strict-reads every file of `inputs` (collect_inputs) with `jobs` threads (0 = one per
// core). `base` gives the format choice and vertex-format tables; its observer is replaced.
CensusReport run_census(const std::vector<std::string>& inputs, const DecodeOptions& base,
                        unsigned jobs);
CensusReport run_census(const std::vector<InputFile>& files, const DecodeOptions& base,
                        unsigned jobs);
// The same on the worker pool with its progress line and stop flag (pool.jobs as `jobs`).
CensusReport run_census(const std::vector<InputFile>& files, const DecodeOptions& base,
                        const io::PoolOptions& pool);

}  // namespace f2g::census
