// The named relations of the GRB/GRW reading, one CheckDef each, shared by both dialects
// (docs/READING.md "Ghost Recon Breakpoint and Wildlands"). Grammar breaks and relations the
// reading has from data or the game are errors (Proven); value relations are warnings
// (Observed). Code-only and inferred relations are no CheckDef: the decoder reports them as
// census fields (Checker::field), never as an error or a warning.
#pragma once

#include <vector>

#include "formats/common/checks.h"

namespace f2g::grb::check {

// Proven (errors)
extern const CheckDef mesh_class;
extern const CheckDef submesh_tag_known;
extern const CheckDef bone_class;
extern const CheckDef compiled_tag_inline;
extern const CheckDef compiled_mesh_class;
extern const CheckDef clustered_tag_known;
extern const CheckDef clustered_class;
extern const CheckDef mesh_data_class;
extern const CheckDef primitive_class;
extern const CheckDef instancing_class;
extern const CheckDef dynamic_reference_class;
extern const CheckDef index_width_known;
extern const CheckDef draw_arrays_have_draw_count;
extern const CheckDef clustered_blob_bytes;
extern const CheckDef mesh_data_blob_bytes;
extern const CheckDef primitive_desc_36_per_draw;
extern const CheckDef vertex_format_known;
extern const CheckDef vertex_stride_is_format_stride;
extern const CheckDef vertex_buffer_whole_vertices;
extern const CheckDef draw_counts_agree;
extern const CheckDef draw_inside_index_buffer;
extern const CheckDef index_inside_vertex_buffer;
extern const CheckDef weighted_joint_inside_bones;
extern const CheckDef single_dialect;

// Skeletons (formats/grb/skeleton.h): Proven (errors)
extern const CheckDef skeleton_class;
extern const CheckDef skeleton_bone_count;
extern const CheckDef skeleton_bone_class;
extern const CheckDef skeleton_pointer_tag;
extern const CheckDef skeleton_modifier_known;
extern const CheckDef skeleton_ids_unique;
extern const CheckDef skeleton_parent_known;
extern const CheckDef skeleton_acyclic;
extern const CheckDef skeleton_bone_index;
extern const CheckDef skeleton_children_count;
// The skeleton checks, for info on a Skeleton (not among the Mesh format's checks).
std::vector<const CheckDef*> skeleton_all();

// Observed (warnings)
extern const CheckDef min_index_equals_vertex_offset;
extern const CheckDef primitive_desc_start_equals_start_index;
extern const CheckDef primitive_desc_count_3x_primitives;
extern const CheckDef primitive_desc_stride_equals_vertex_stride;
extern const CheckDef mesh_data_format_matches_clustered;
extern const CheckDef instancing_vertex_count_mod_65536;
extern const CheckDef reference_equals_instancing_material;
extern const CheckDef handle_equals_material;
extern const CheckDef index_inside_draw_span;
extern const CheckDef position_w_is_32767_or_q;
extern const CheckDef weights_sum_255;
extern const CheckDef zero_weight_joint_inside_bones;
extern const CheckDef bone_matrix_invertible;

std::vector<const CheckDef*> all();

}  // namespace f2g::grb::check
