// `forge2gltf info ARCHIVE --id ID`: one resource of a forge archive shown as `info MESH`
// shows a mesh file (info.h), the bytes being those extract writes (the FileHeader gap, then
// the body), plus where it was found.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "converter/inspect/info.h"
#include "ir/result.h"

namespace f2g::convert {

// The resource `id` of the archive at `path`, from the first entry (in archive order) whose
// directory holds it: info_json_of its bytes, named after the resource, with "archive",
// "entry_id", "resource_id", "class" and "class_name" added. Errors: the archive's or the
// entry's reading error, INPUT_NOT_FOUND when no entry holds the id, and the decoder's (a
// resource that is not a Mesh: FORMAT_UNRECOGNISED).
ir::Result<nlohmann::json> archive_info_json(const std::string& path, const std::string& input,
                                             uint64_t id, const InfoOptions& options);

}  // namespace f2g::convert
