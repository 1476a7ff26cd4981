// What the writer requires of an ir::Mesh before it writes a byte (docs/IR.md): one error
// with a GLTF_ code, the values involved and the IR path, or nothing.
#pragma once

#include <optional>

#include "gltf_writer/write/write.h"

namespace f2g::gltf {

std::optional<ir::Diagnostic> check_mesh(const ir::Mesh& mesh, const WriteOptions& options);

}  // namespace f2g::gltf
