// One problem found in the input: an error that stops a decode or a warning kept in the IR.
// Shaped like the Khronos validator's issues: stable code, message, location.
#pragma once

#include <cstdint>
#include <string>

namespace f2g::ir {

struct Diagnostic {
  std::string code;     // stable, e.g. "INPUT_NOT_FOUND"
  std::string message;  // built from the values involved
  std::string path;     // field path, e.g. "mesh/compiled/ranges[3].vertex_count"
  uint64_t offset = 0;  // byte offset in the input where the field starts

  // "mesh/compiled/ranges[3].vertex_count: 70000 exceeds ... (offset 0x1A2C) [CODE]"
  std::string to_string() const;
};

}  // namespace f2g::ir
