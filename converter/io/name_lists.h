// --names FILE (repeatable): the user's name lists, added over the built-in one
// (formats/common/names.h; docs/READING.md "Bone names"). Loaded once per run, shared
// read-only by every job.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "formats/common/names.h"
#include "ir/result.h"

namespace f2g::io {

// Reads each file (at most kMaxNameFileBytes, refused before reading) and adds it to a copy
// of the built-in names: the first error (NAMES_INVALID for a file that cannot be read or
// holds junk, NAMES_COLLISION for two names of one hash) is the CLI's usage error (exit 2).
// No files: nullptr, the built-in names.
constexpr uint64_t kMaxNameFileBytes = uint64_t(64) << 20;
ir::Result<std::shared_ptr<const NameTable>> load_name_lists(const std::vector<std::string>& files);

}  // namespace f2g::io
