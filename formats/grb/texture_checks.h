// The named relations of GRW and GRB materials and textures (docs/READING.md "Materials and
// textures"), one CheckDef each: grammar breaks are errors (Proven), value relations warnings
// (Observed).
#pragma once

#include <vector>

#include "formats/common/checks.h"

namespace f2g::grb::check {

// Proven (errors)
extern const CheckDef material_class;
extern const CheckDef material_mask_class;
extern const CheckDef material_match_mask_class;
extern const CheckDef material_param_count;
extern const CheckDef selector_class;
extern const CheckDef texture_set_class;
extern const CheckDef texture_map_class;
extern const CheckDef texture_map_streamed_count;
extern const CheckDef compiled_texture_map_class;
extern const CheckDef texture_blob_size;
extern const CheckDef compiled_mip_class;
extern const CheckDef compiled_mip_size;

// Observed (warnings)
extern const CheckDef file_ref_kind;
extern const CheckDef material_param_type;
extern const CheckDef material_end;
extern const CheckDef texture_set_end;
extern const CheckDef texture_map_separator;
extern const CheckDef texture_header_agrees;
extern const CheckDef texture_blob_holds_chain;

std::vector<const CheckDef*> texture_all();

}  // namespace f2g::grb::check
