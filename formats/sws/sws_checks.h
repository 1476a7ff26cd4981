// Every relation of the spec's SWS section, one CheckDef each (formats/common/checks.h).
// Proven relations and constants are errors, Observed ones warnings. Where the spec's
// confidence is Inferred or the relation is derived from a Proven one, the comment says so.
#pragma once

#include "formats/common/checks.h"

namespace f2g::sws::check {

// Mesh (spec: Mesh table)
extern const CheckDef mesh_managed;
extern const CheckDef mesh_class;
extern const CheckDef bone_class;
extern const CheckDef compiled_mesh_class;
extern const CheckDef platform_version_16;
extern const CheckDef sdk_version_32;
extern const CheckDef material_count_equals_range_count;

// CompiledMesh data
extern const CheckDef data_length_equals_48_total_palettes;
extern const CheckDef compiled_version_16;
extern const CheckDef stride_times_streams;
extern const CheckDef v_times_streams;
extern const CheckDef total_equals_streams_indices_ranges;
extern const CheckDef vertex_bytes_whole_vertices;
extern const CheckDef index_bytes_whole_u16;
extern const CheckDef extra_streams_equals_max_morph_channels;
extern const CheckDef partition_b_not_more_than_a;

// Ranges
extern const CheckDef range_primitive_type_4;
extern const CheckDef range_inside_vertex_stream;
extern const CheckDef range_inside_index_buffer;
extern const CheckDef partition_a_triangles_sum;
extern const CheckDef partition_b_triangles_sum;
extern const CheckDef range_indices_inside_vertex_span;

// Palettes
extern const CheckDef palette_marker;
extern const CheckDef palette_version;
extern const CheckDef palette_entry_count_max_32;
extern const CheckDef palette_empty_without_bones;
extern const CheckDef palette_vertex_count_equals_range;
extern const CheckDef palette_bone_below_bone_count;

// SubMeshes, structure
extern const CheckDef submesh_pointer_inline;
extern const CheckDef submesh_managed;
extern const CheckDef submesh_class;
extern const CheckDef submesh_indices_whole_triangles;
extern const CheckDef submesh_index_below_vertex_count;
extern const CheckDef submesh_empty_runs_empty;
extern const CheckDef submesh_copy_pointer_tag_known;
extern const CheckDef submesh_uv_channels_1_to_3;
extern const CheckDef submesh_morph_channels_0_to_3;
extern const CheckDef submesh_copy_has_no_morph_channels;
extern const CheckDef submesh_has_morphs_flag;
extern const CheckDef uv_channel_class;
extern const CheckDef uv_channel_uvs_per_vertex;
extern const CheckDef morph_channel_class;
extern const CheckDef morph_channel_id_nonzero;

// SubMeshes against the CompiledMesh
extern const CheckDef submesh_material_equals_range_material;
extern const CheckDef vertex_count_equals_submesh_sum;
extern const CheckDef submesh_positions_equal_range;
extern const CheckDef submesh_triangles_equal_range;

// SubMeshes, Observed
extern const CheckDef submesh_copy_tags;
extern const CheckDef submesh_source_vertices_count;
extern const CheckDef submesh_face_words_per_triangle;
extern const CheckDef submesh_face_bytes_per_triangle;
extern const CheckDef submesh_normals_per_vertex;
extern const CheckDef submesh_tangents_on_copy;
extern const CheckDef submesh_binormals_on_copy;
extern const CheckDef submesh_colours_count;
extern const CheckDef submesh_vertex_words_count;
extern const CheckDef submesh_normals_unit;
extern const CheckDef submesh_tangent_frame_perpendicular;
extern const CheckDef submesh_copy_matches_original;
extern const CheckDef morph_channel_runs_per_vertex;
extern const CheckDef morph_channel_positions_equal_stream;
extern const CheckDef submesh_colours_equal_color0;
extern const CheckDef submesh_uv0_equals_texcoord0;

// Vertex format table (docs/READING.md "Vertex elements (assumed)")
extern const CheckDef vertex_format_known_bits;
extern const CheckDef vertex_format_sums_to_stride;

// Normalisation (to_ir): docs/READING.md readings, warnings
extern const CheckDef blend_index_inside_palette;
extern const CheckDef palettes_agree_on_shared_vertices;
extern const CheckDef blend_weights_sum_255;

}  // namespace f2g::sws::check
