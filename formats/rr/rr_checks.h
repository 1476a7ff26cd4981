// The named relations of the spec's Riders Republic section, one CheckDef each. Proven ->
// error, Observed -> warning. A few relations the spec marks Observed are errors here
// because nothing after them can be read without them (layout selector and class, index
// width); their statements say so.
#pragma once

#include <vector>

#include "formats/common/checks.h"

namespace f2g::rr::check {

// Proven (errors)
extern const CheckDef marker_at_m;
extern const CheckDef layout_selector_known;
extern const CheckDef layout_class;
extern const CheckDef range_class;
extern const CheckDef mesh_data_class;
extern const CheckDef primitive_class;
extern const CheckDef descriptor_class;
extern const CheckDef primitive_desc_length_32_per_range;
extern const CheckDef stream_strides_match_format;
extern const CheckDef streams_whole_records;
extern const CheckDef split_streams_sizes;
extern const CheckDef static_separate_streams_empty;
extern const CheckDef first_range_starts_at_zero;
extern const CheckDef ranges_partition_buffers;
extern const CheckDef indices_inside_range;
extern const CheckDef objects_tile_buffers;
extern const CheckDef index_width_known;
extern const CheckDef descriptor_count_equals_primitives;
extern const CheckDef reference_count_equals_descriptors;
extern const CheckDef dynamic_reference_equals_material;

// Observed (warnings)
extern const CheckDef bone_class;
extern const CheckDef dynamic_reference_class;
extern const CheckDef platform_version_31;
extern const CheckDef declared_counts_match_buffers;
extern const CheckDef descriptor_vertex_count_mod_65536;
extern const CheckDef primitive_desc_index_count_3x_triangles;
extern const CheckDef primitive_desc_first_index_equals_range;
extern const CheckDef primitive_desc_bounds_single_range;
extern const CheckDef primitive_records_match_ranges;
extern const CheckDef mesh_data_matches_clustered;
extern const CheckDef ranged_index_width_u16;
extern const CheckDef bones_per_vertex_matches_skin;
extern const CheckDef cpu_copies_match_buffers;
extern const CheckDef first_bool_marks_cpu_copies;
extern const CheckDef positions_inside_bounds;
extern const CheckDef joints_below_bone_count;
extern const CheckDef bone_matrix_invertible;

std::vector<const CheckDef*> all();

}  // namespace f2g::rr::check
