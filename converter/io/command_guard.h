// The last resort around a command (converter/cli/main.cpp): an exception no room caught
// (out of memory, a bug) must not abort the process, so it ends the command with a code on
// stderr and exit 1, like an input that failed (docs/errors.md INTERNAL_ERROR).
#pragma once

#include <functional>
#include <ostream>

namespace f2g::io {

constexpr int kExitCommandFailed = 1;

// `command()`'s exit code; if it throws, "forge2gltf: unexpected failure: ... [INTERNAL_ERROR]"
// on `err` and kExitCommandFailed.
int run_guarded(const std::function<int()>& command, std::ostream& err);

}  // namespace f2g::io
