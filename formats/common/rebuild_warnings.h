// import: the warnings every format's rebuild can give, one code and one wording for all
// (docs/errors.md "Import: every rebuild").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "formats/common/error.h"

namespace f2g {

// IMPORT_INFLUENCES_DROPPED: `count` non-zero influences past the format's `lanes` per vertex
// (cap_influences kept the largest and renormalised them to 255).
Error influences_dropped(uint64_t count, size_t lanes);

// IMPORT_MATERIAL_DROPPED: donor material `material` (`id`, as the format names it) has no
// triangles left; `lost` says what of it is not written ("its range and its material list
// entry").
Error material_dropped(uint32_t material, const std::string& id, const std::string& lost);

}  // namespace f2g
