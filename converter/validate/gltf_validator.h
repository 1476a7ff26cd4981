// `convert --validate`: the Khronos glTF-Validator (npm package gltf-validator, run by node)
// over every output of a batch. One node child serves the whole batch: it loads the package
// once and answers one JSON line per output path (converter/validate/gltf_validator.mjs, embedded).
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "converter/convert/file_result.h"
#include "converter/io/child_process.h"
#include "ir/result.h"

namespace f2g::convert {

// Where node and the package are.
struct ValidatorSetup {
  std::string node;     // the node binary
  std::string package;  // absolute path of .../node_modules/gltf-validator
};

// Where find_validator looks. default_validator_search() fills it from the environment.
struct ValidatorSearch {
  std::string node = "node";  // FORGE2GLTF_NODE, else `node` in PATH
  // FORGE2GLTF_VALIDATOR_DIR (a directory holding node_modules/gltf-validator): when set,
  // the only place looked, so a wrong setting is an error rather than a silent fallback.
  std::optional<std::string> dir;
  // Else these directories in order (the source tree's tests/validator, where
  // `npm ci --prefix tests/validator` installs it), then `npm root -g` when npm_global.
  std::vector<std::string> fallback_dirs;
  bool npm_global = true;
};
ValidatorSearch default_validator_search();

// Error VALIDATOR_UNAVAILABLE, saying what is missing and how to install it.
ir::Result<ValidatorSetup> find_validator(const ValidatorSearch& search);

// One answer line of the child: the counts and first messages, or {"failure": ...}.
// Anything else is an error (GLTF_VALIDATOR_PROTOCOL).
ir::Result<ValidationCounts> parse_validator_answer(const std::string& line);

class Validator {
 public:
  static constexpr std::chrono::milliseconds kTimeout{60000};

  // Starts node and waits until it has loaded the package; error VALIDATOR_UNAVAILABLE
  // (node missing or crashing, package unloadable, no answer within `timeout`).
  static ir::Result<std::unique_ptr<Validator>> start(const ValidatorSetup& setup,
                                                      std::chrono::milliseconds timeout = kTimeout);

  // The validator's verdict on `path` (a .glb, or a .gltf with its .bin beside it). A file it
  // cannot read gives a failure and the next file goes on. A child that dies, answers
  // nonsense or takes longer than the timeout (then it is killed) fails this output, and
  // every later call fails at once without waiting: the batch never hangs.
  ValidationCounts validate(const std::string& path);

  const std::string& version() const { return version_; }  // "2.0.0-dev.3.10"
  bool stopped() const { return stopped_.has_value(); }

 private:
  Validator() = default;
  ValidationCounts stop(const std::string& why, std::chrono::milliseconds grace);
  std::unique_ptr<io::ChildProcess> child_;
  std::chrono::milliseconds timeout_ = kTimeout;
  std::string version_;
  std::optional<std::string> stopped_;  // why the child is gone
};

// The stderr line of an output with validator errors (GLTF_VALIDATOR_ERRORS: the counts and
// the first error) or that could not be validated (GLTF_NOT_VALIDATED); nullopt otherwise.
std::optional<ir::Diagnostic> validation_problem(const ValidationCounts& v);

}  // namespace f2g::convert
