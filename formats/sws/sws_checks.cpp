#include "formats/sws/sws_checks.h"

#include "formats/sws/sws.h"

namespace f2g::sws {
namespace check {

constexpr Severity P = Severity::Proven;
constexpr Severity O = Severity::Observed;

// spec: Mesh table
const CheckDef mesh_managed{"sws.mesh_managed", "SWS_BAD_MANAGED", P,
                            "Mesh 0x0: managed byte 1 on every mesh"};
const CheckDef mesh_class{"sws.mesh_class", "SWS_BAD_MESH_CLASS", P,
                          "Mesh 0x5: class 0x415D9568, CRC-32 of Mesh"};
const CheckDef bone_class{"sws.bone_class", "SWS_BAD_BONE_CLASS", P,
                          "MeshBone 0x4: class 0x9EF0E7A1 on every bone"};
const CheckDef compiled_mesh_class{"sws.compiled_mesh_class", "SWS_BAD_COMPILED_MESH_CLASS", P,
                                   "Mesh 33+76n: CompiledMesh class 0xFC9E1595"};
const CheckDef platform_version_16{"sws.platform_version_16", "SWS_BAD_PLATFORM_VERSION", P,
                                   "Mesh 41+76n+L: PlatformVersion 16 on every mesh"};
const CheckDef sdk_version_32{"sws.sdk_version_32", "SWS_BAD_SDK_VERSION", P,
                              "Mesh 45+76n+L: SDKVersion 32 on every mesh"};
const CheckDef material_count_equals_range_count{
    "sws.material_count_equals_range_count", "SWS_MATERIAL_COUNT_MISMATCH", P,
    "Mesh 49+76n+L: material count m equals the range count A on every mesh"};

// spec: CompiledMesh data table
const CheckDef data_length_equals_48_total_palettes{
    "sws.data_length_equals_48_total_palettes", "SWS_DATA_LENGTH_MISMATCH", P,
    "Data length L = 48 + total + 40A (the palettes start at total + 48, 40 bytes per range)"};
const CheckDef compiled_version_16{"sws.compiled_version_16", "SWS_BAD_COMPILED_VERSION", P,
                                   "CompiledMesh data 0x0: version 16 on every mesh"};
const CheckDef stride_times_streams{"sws.stride_times_streams", "SWS_STRIDE_ALL_MISMATCH", P,
                                    "CompiledMesh data 0x10 = stride x (s + 1)"};
const CheckDef v_times_streams{"sws.v_times_streams", "SWS_VERTEX_BYTES_ALL_MISMATCH", P,
                               "CompiledMesh data 0x14 = V x (s + 1)"};
const CheckDef total_equals_streams_indices_ranges{
    "sws.total_equals_streams_indices_ranges", "SWS_TOTAL_MISMATCH", P,
    "CompiledMesh data 0x2C total = V x (s + 1) + I + 24 x (A + B)"};
// Derived: each stream is "a whole vertex array" of stride-byte vertices.
const CheckDef vertex_bytes_whole_vertices{
    "sws.vertex_bytes_whole_vertices", "SWS_VERTEX_BYTES_NOT_WHOLE", P,
    "V is a whole number of stride-byte vertices (each stream is a whole vertex array)"};
// Derived: the indices are a u16[] uploaded as a 16-bit index buffer.
const CheckDef index_bytes_whole_u16{"sws.index_bytes_whole_u16", "SWS_INDEX_BYTES_ODD", P,
                                     "I is a whole number of u16 indices"};
const CheckDef extra_streams_equals_max_morph_channels{
    "sws.extra_streams_equals_max_morph_channels", "SWS_EXTRA_STREAMS_MISMATCH", P,
    "CompiledMesh data 0x4: s is 0 without SubMeshes, else the most MorphChannels any "
    "SubMesh holds"};
const CheckDef partition_b_not_more_than_a{
    "sws.partition_b_not_more_than_a", "SWS_PARTITION_B_LARGER", P,
    "the second partition has as many ranges as the first or fewer, on every mesh"};

// spec: range table and the partition note
const CheckDef range_primitive_type_4{"sws.range_primitive_type_4", "SWS_BAD_PRIMITIVE_TYPE", P,
                                      "range 0x0: primitive type 4, a triangle list"};
const CheckDef range_inside_vertex_stream{"sws.range_inside_vertex_stream",
                                          "SWS_RANGE_OUT_OF_STREAM", P,
                                          "every range's vertices lie inside the vertex stream"};
// Derived: the ranges partition the index buffer, so each lies inside it.
const CheckDef range_inside_index_buffer{"sws.range_inside_index_buffer",
                                         "SWS_RANGE_OUT_OF_INDICES", P,
                                         "every range's indices lie inside the index buffer"};
const CheckDef partition_a_triangles_sum{
    "sws.partition_a_triangles_sum", "SWS_PARTITION_A_TRIANGLES", P,
    "the first-partition ranges' triangles add up to the index count / 3"};
const CheckDef partition_b_triangles_sum{
    "sws.partition_b_triangles_sum", "SWS_PARTITION_B_TRIANGLES", P,
    "the second-partition ranges' triangles add up to the index count / 3"};
const CheckDef range_indices_inside_vertex_span{
    "sws.range_indices_inside_vertex_span", "SWS_RANGE_INDEX_OUTSIDE_SPAN", O,
    "a draw's indices lie in [MinIndex, MinIndex + NumVertices): first vertex and vertex count"};

// spec: palette table
const CheckDef palette_marker{"sws.palette_marker", "SWS_BAD_PALETTE_MARKER", P,
                              "palette 0x0: marker 3 on all palettes"};
const CheckDef palette_version{"sws.palette_version", "SWS_BAD_PALETTE_VERSION", P,
                               "palette 0x1: version 1 on all palettes"};
const CheckDef palette_entry_count_max_32{"sws.palette_entry_count_max_32", "SWS_PALETTE_TOO_LARGE",
                                          P, "palette 0x2: entry count at most 32"};
const CheckDef palette_empty_without_bones{"sws.palette_empty_without_bones",
                                           "SWS_PALETTE_WITHOUT_BONES", P,
                                           "palette 0x2: entry count 0 on meshes without bones"};
const CheckDef palette_vertex_count_equals_range{
    "sws.palette_vertex_count_equals_range", "SWS_PALETTE_VERTEX_COUNT", P,
    "palette 0x5: vertex count equal to the range's vertex count on every palette"};
// Inferred in the spec; docs/READING.md checks it as Proven.
const CheckDef palette_bone_below_bone_count{"sws.palette_bone_below_bone_count",
                                             "SWS_PALETTE_BONE_OUT_OF_RANGE", P,
                                             "palette 0x7: every bone index below the bone count"};

// spec: Mesh 0xE and the SubMesh, UVChannel and MorphChannel tables
const CheckDef submesh_pointer_inline{"sws.submesh_pointer_inline", "SWS_SUBMESH_POINTER_TAG", P,
                                      "Mesh 0xE: each SubMesh is a pointer tag 0 (inline) and "
                                      "a SubMesh object"};
const CheckDef submesh_managed{"sws.submesh_managed", "SWS_BAD_SUBMESH_MANAGED", P,
                               "SubMesh 0x0: managed byte 1 on every SubMesh"};
const CheckDef submesh_class{"sws.submesh_class", "SWS_BAD_SUBMESH_CLASS", P,
                             "SubMesh 0x5: class 0x5755DE7F"};
const CheckDef submesh_indices_whole_triangles{"sws.submesh_indices_whole_triangles",
                                               "SWS_SUBMESH_INDICES_NOT_TRIANGLES", P,
                                               "SubMesh 0xD: 3t vertex indices, a triangle list"};
const CheckDef submesh_index_below_vertex_count{
    "sws.submesh_index_below_vertex_count", "SWS_SUBMESH_INDEX_OUT_OF_RANGE", P,
    "SubMesh 0xD: the indices name the SubMesh's n vertices"};
// Structural: the spec gives no element size for these runs, so only a 0 count is readable.
const CheckDef submesh_empty_runs_empty{
    "sws.submesh_empty_runs_empty", "SWS_SUBMESH_EMPTY_RUN_NOT_EMPTY", P,
    "SubMesh: the three empty runs have count 0 (their elements' size is unknown)"};
const CheckDef submesh_copy_pointer_tag_known{
    "sws.submesh_copy_pointer_tag_known", "SWS_BAD_POINTER_TAG", P,
    "SubMesh copy pointer: tag 0 (inline SubMesh) or 3 (none)"};
const CheckDef submesh_uv_channels_1_to_3{"sws.submesh_uv_channels_1_to_3",
                                          "SWS_SUBMESH_UV_CHANNEL_COUNT", P,
                                          "SubMesh: 1 to 3 UVChannels"};
const CheckDef submesh_morph_channels_0_to_3{"sws.submesh_morph_channels_0_to_3",
                                             "SWS_SUBMESH_MORPH_CHANNEL_COUNT", P,
                                             "SubMesh: 0 to 3 MorphChannels"};
const CheckDef submesh_copy_has_no_morph_channels{
    "sws.submesh_copy_has_no_morph_channels", "SWS_SUBMESH_COPY_HAS_MORPHS", P,
    "SubMesh: morph channels only on the original, never on the copy"};
const CheckDef submesh_has_morphs_flag{"sws.submesh_has_morphs_flag", "SWS_SUBMESH_HAS_MORPHS_FLAG",
                                       P,
                                       "SubMesh has morphs: 1 when there are morph channels, "
                                       "else 0, on every SubMesh"};
const CheckDef uv_channel_class{"sws.uv_channel_class", "SWS_BAD_UV_CHANNEL_CLASS", P,
                                "UVChannel 0x4: class 0xBDAD8273"};
const CheckDef uv_channel_uvs_per_vertex{"sws.uv_channel_uvs_per_vertex", "SWS_UV_CHANNEL_COUNT", P,
                                         "UVChannel 0xD: n UVs, n the SubMesh's vertex count"};
const CheckDef morph_channel_class{"sws.morph_channel_class", "SWS_BAD_MORPH_CHANNEL_CLASS", P,
                                   "MorphChannel 0x4: class 0xE70C5754"};
const CheckDef morph_channel_id_nonzero{"sws.morph_channel_id_nonzero", "SWS_MORPH_CHANNEL_ID_ZERO",
                                        P, "MorphChannel 0x0: the object's id, not 0"};

// spec: SubMeshes note, Proven on all 349 SubMeshes
const CheckDef submesh_material_equals_range_material{
    "sws.submesh_material_equals_range_material", "SWS_SUBMESH_MATERIAL_NOT_IN_RANGES", P,
    "SubMesh material id: the material id the mesh's material list gives the SubMesh's range"};
const CheckDef vertex_count_equals_submesh_sum{
    "sws.vertex_count_equals_submesh_sum", "SWS_SUBMESH_VERTEX_SUM", P,
    "the mesh's vertex count is the SubMeshes' vertex counts summed"};
const CheckDef submesh_positions_equal_range{
    "sws.submesh_positions_equal_range", "SWS_SUBMESH_POSITIONS_MISMATCH", P,
    "the SubMesh's range holds its vertex positions bit for bit, in another order"};
const CheckDef submesh_triangles_equal_range{
    "sws.submesh_triangles_equal_range", "SWS_SUBMESH_TRIANGLES_MISMATCH", P,
    "the SubMesh's range holds the same triangles, in another vertex and triangle order"};

// spec: SubMesh table, Observed rows
const CheckDef submesh_copy_tags{"sws.submesh_copy_tags", "SWS_SUBMESH_COPY_TAG", O,
                                 "SubMesh copy pointer: tag 0 and an inline SubMesh on every "
                                 "original, tag 3 (none) on every copy"};
const CheckDef submesh_source_vertices_count{
    "sws.submesh_source_vertices_count", "SWS_SUBMESH_SOURCE_VERTICES_COUNT", O,
    "SubMesh source vertices: n values on the original, none on the copy"};
const CheckDef submesh_face_words_per_triangle{"sws.submesh_face_words_per_triangle",
                                               "SWS_SUBMESH_FACE_WORDS_COUNT", O,
                                               "SubMesh face words: t values, one per triangle"};
const CheckDef submesh_face_bytes_per_triangle{"sws.submesh_face_bytes_per_triangle",
                                               "SWS_SUBMESH_FACE_BYTES_COUNT", O,
                                               "SubMesh face bytes: t values, one per triangle"};
const CheckDef submesh_normals_per_vertex{
    "sws.submesh_normals_per_vertex", "SWS_SUBMESH_NORMALS_COUNT", O, "SubMesh normals: n values"};
const CheckDef submesh_tangents_on_copy{
    "sws.submesh_tangents_on_copy", "SWS_SUBMESH_TANGENTS_COUNT", O,
    "SubMesh tangents: n on every copy, none on every original"};
const CheckDef submesh_binormals_on_copy{
    "sws.submesh_binormals_on_copy", "SWS_SUBMESH_BINORMALS_COUNT", O,
    "SubMesh binormals: n on every copy, none on every original"};
const CheckDef submesh_colours_count{"sws.submesh_colours_count", "SWS_SUBMESH_COLOURS_COUNT", O,
                                     "SubMesh colours: n D3DCOLOR values, or none"};
const CheckDef submesh_vertex_words_count{
    "sws.submesh_vertex_words_count", "SWS_SUBMESH_VERTEX_WORDS_COUNT", O,
    "SubMesh vertex words: n values or none (first two runs), n values (third run)"};
const CheckDef submesh_normals_unit{"sws.submesh_normals_unit", "SWS_SUBMESH_NORMAL_NOT_UNIT", O,
                                    "SubMesh normals, tangents, binormals: unit vectors"};
const CheckDef submesh_tangent_frame_perpendicular{
    "sws.submesh_tangent_frame_perpendicular", "SWS_SUBMESH_TANGENT_NOT_PERPENDICULAR", O,
    "SubMesh tangents and binormals: perpendicular to the normals on every copy"};
const CheckDef submesh_copy_matches_original{
    "sws.submesh_copy_matches_original", "SWS_SUBMESH_COPY_MISMATCH", O,
    "the copy has the same indices, positions and material and as many UV channels"};
const CheckDef morph_channel_runs_per_vertex{
    "sws.morph_channel_runs_per_vertex", "SWS_MORPH_CHANNEL_COUNT", O,
    "MorphChannel positions, normals and UVs: n values each"};
const CheckDef morph_channel_positions_equal_stream{
    "sws.morph_channel_positions_equal_stream", "SWS_MORPH_POSITIONS_MISMATCH", O,
    "channel k's positions equal compiled stream k + 1 at the matching vertices bit for bit"};
const CheckDef submesh_colours_equal_color0{
    "sws.submesh_colours_equal_color0", "SWS_SUBMESH_COLOURS_MISMATCH", O,
    "an original SubMesh's colours equal the compiled vertices' COLOR0"};
const CheckDef submesh_uv0_equals_texcoord0{
    "sws.submesh_uv0_equals_texcoord0", "SWS_SUBMESH_UV_MISMATCH", O,
    "a SubMesh's first UV channel equals the compiled TEXCOORD0 bit for bit (347 of 349)"};

// docs/READING.md "Vertex elements (assumed)": the table must explain flags and stride.
const CheckDef vertex_format_known_bits{"sws.vertex_format_known_bits",
                                        "SWS_VERTEX_FORMAT_UNKNOWN_BITS", P,
                                        "every flag bit names an element of the vertex table"};
const CheckDef vertex_format_sums_to_stride{"sws.vertex_format_sums_to_stride",
                                            "SWS_VERTEX_FORMAT_STRIDE_MISMATCH", P,
                                            "the flagged elements' sizes sum to the stride"};

// Normalisation (docs/READING.md "Blend indices index the range's palette")
const CheckDef blend_index_inside_palette{
    "sws.blend_index_inside_palette", "SWS_BLEND_INDEX_OUTSIDE_PALETTE", O,
    "a weighted blend index is below its range's palette entry count (spec: Inferred)"};
const CheckDef palettes_agree_on_shared_vertices{
    "sws.palettes_agree_on_shared_vertices", "SWS_PALETTE_CONFLICT", O,
    "a vertex in two ranges resolves to the same bones through both palettes"};
const CheckDef blend_weights_sum_255{"sws.blend_weights_sum_255", "SWS_BLEND_WEIGHTS_SUM", O,
                                     "BLENDWEIGHT unorm8 x4 sums to 255 (READING.md, assumed)"};

}  // namespace check

std::vector<const CheckDef*> checks() {
  using namespace check;
  return {&mesh_managed,
          &mesh_class,
          &bone_class,
          &compiled_mesh_class,
          &platform_version_16,
          &sdk_version_32,
          &material_count_equals_range_count,
          &data_length_equals_48_total_palettes,
          &compiled_version_16,
          &stride_times_streams,
          &v_times_streams,
          &total_equals_streams_indices_ranges,
          &vertex_bytes_whole_vertices,
          &index_bytes_whole_u16,
          &extra_streams_equals_max_morph_channels,
          &partition_b_not_more_than_a,
          &range_primitive_type_4,
          &range_inside_vertex_stream,
          &range_inside_index_buffer,
          &partition_a_triangles_sum,
          &partition_b_triangles_sum,
          &range_indices_inside_vertex_span,
          &palette_marker,
          &palette_version,
          &palette_entry_count_max_32,
          &palette_empty_without_bones,
          &palette_vertex_count_equals_range,
          &palette_bone_below_bone_count,
          &submesh_pointer_inline,
          &submesh_managed,
          &submesh_class,
          &submesh_indices_whole_triangles,
          &submesh_index_below_vertex_count,
          &submesh_empty_runs_empty,
          &submesh_copy_pointer_tag_known,
          &submesh_uv_channels_1_to_3,
          &submesh_morph_channels_0_to_3,
          &submesh_copy_has_no_morph_channels,
          &submesh_has_morphs_flag,
          &uv_channel_class,
          &uv_channel_uvs_per_vertex,
          &morph_channel_class,
          &morph_channel_id_nonzero,
          &submesh_material_equals_range_material,
          &vertex_count_equals_submesh_sum,
          &submesh_positions_equal_range,
          &submesh_triangles_equal_range,
          &submesh_copy_tags,
          &submesh_source_vertices_count,
          &submesh_face_words_per_triangle,
          &submesh_face_bytes_per_triangle,
          &submesh_normals_per_vertex,
          &submesh_tangents_on_copy,
          &submesh_binormals_on_copy,
          &submesh_colours_count,
          &submesh_vertex_words_count,
          &submesh_normals_unit,
          &submesh_tangent_frame_perpendicular,
          &submesh_copy_matches_original,
          &morph_channel_runs_per_vertex,
          &morph_channel_positions_equal_stream,
          &submesh_colours_equal_color0,
          &submesh_uv0_equals_texcoord0,
          &vertex_format_known_bits,
          &vertex_format_sums_to_stride,
          &blend_index_inside_palette,
          &palettes_agree_on_shared_vertices,
          &blend_weights_sum_255};
}

}  // namespace f2g::sws
