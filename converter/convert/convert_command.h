// `forge2gltf convert`: the whole run behind the CLI's flags: plan the outputs, open the
// report, run the batch, hand every result to the stages other rooms plug in (the validator,
// the HTML report), finish the report, print the summary and say how an interrupted run
// ended. cli/main.cpp only turns flags into a ConvertRun.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "converter/convert/convert.h"
#include "converter/convert/file_result.h"
#include "converter/convert/totals.h"

namespace f2g::convert {

// A step another room adds to every convert run, so convert depends on none of them.
class BatchStage {
 public:
  virtual ~BatchStage() = default;
  // Before any input is converted (after the report is opened); an error is a usage error.
  virtual std::optional<std::string> start() { return std::nullopt; }
  // Each result, in input order, before the report records it; may add to it. `progress`:
  // a progress line may be on stderr (erase it before printing a line).
  virtual void on_result(FileResult& result, bool progress) = 0;
  // After the batch, before the report is finished: may add to the totals.
  virtual void add_totals(Totals&) {}
  // After the report: a failure that makes the run exit 1, as the line to print.
  virtual std::optional<std::string> finish() { return std::nullopt; }
};

struct ConvertRun {
  std::vector<std::string> inputs;
  std::string out;     // -o
  std::string report;  // --report; empty: none
  unsigned jobs = 0;
  bool quiet = false;    // no progress line, no summary
  bool progress = true;  // draw the progress line (when not quiet and stderr is a terminal)
  std::vector<std::string> library;  // --library: more places to look skeletons up
  bool skeletons = true;             // pair skinned meshes (--no-skeletons: false)
  bool textures = true;              // follow materials to their maps (--no-textures: false)
  uint32_t texture_size = 0;         // --texture-size: the largest level embedded, 0 no cap
  ConvertOptions options;
  std::vector<BatchStage*> stages;  // in the order each result reaches them
};

// Exit codes (docs/ARCHITECTURE.md "CLI"): 0 all converted, 1 some input failed, 2 usage; an
// interrupted run returns interrupted_exit_code(). Usage errors are printed on stderr.
int run_convert_command(const ConvertRun& run);

}  // namespace f2g::convert
