// Reading one input: a single read of a size-checked file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "ir/result.h"

namespace f2g::convert {

// The whole file, read once. A file larger than `max_bytes` is refused (INPUT_TOO_LARGE)
// before anything is allocated; an unreadable one, or one whose size changes while it is
// read, fails with INPUT_UNREADABLE.
ir::Result<std::vector<uint8_t>> read_input(const std::filesystem::path& path, uint64_t max_bytes);

}  // namespace f2g::convert
