// `info ARCHIVE --id ID` on a Skeleton resource of an archive whose game registers a Skeleton
// reader (Format::skeleton; docs/READING.md "Skeletons"): the document info gives a mesh, with
// the skeleton's fields as "structure" and, instead of "ir", its bone tree:
// {"input", "format", "layout": "skeleton" | "skeleton (bone cores)",
//  "structure": {"id", "type", "bone_count", "tail_bytes"} (read whole only),
//  "checks": [...], "warnings": [], "why": the read's error (bone cores only),
//  "tree": [{"index", "name", "name_hash", "parent", "depth", "children"}]}
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "formats/common/format.h"
#include "formats/common/names.h"
#include "ir/result.h"

namespace f2g::convert {

// The body as the archive stores it (u64 id, u32 class first). An error when neither the read
// nor the bone-core scan gives a tree.
ir::Result<nlohmann::json> skeleton_info_json(const Format& format, const uint8_t* body,
                                              size_t size, const std::string& input,
                                              const NameTable& names);

// The tree's lines for info's text: each bone indented by its depth, with its name (or hash)
// and how many bones descend from it.
std::string skeleton_tree_text(const nlohmann::json& tree);

}  // namespace f2g::convert
