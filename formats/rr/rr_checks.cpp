#include "formats/rr/rr_checks.h"

namespace f2g::rr::check {

constexpr Severity P = Severity::Proven;
constexpr Severity O = Severity::Observed;

const CheckDef marker_at_m{"rr.marker_at_m", "RR_BAD_MARKER", P,
                           "the u32 at M = 61 + 81 x boneCount is 0xFC9E1595 (CompiledMesh)"};
const CheckDef layout_selector_known{
    "rr.layout_selector_known", "RR_LAYOUT_UNKNOWN", P,
    "the byte at M+4 is 0 (ranged) or 3 (inline); Observed in the spec, an error here because "
    "no other layout can be read"};
const CheckDef layout_class{
    "rr.layout_class", "RR_BAD_LAYOUT_CLASS", P,
    "the u32 at M+13 is 0xC351EE43 (ranged) or 0x0645ABB5 (inline) as the selector says; "
    "Observed in the spec, an error here because the layout depends on it"};
const CheckDef range_class{"rr.range_class", "RR_BAD_RANGE_CLASS", P,
                           "every range record's class is 0x07B19A87 (ClusteredPrimitiveInfo)"};
const CheckDef mesh_data_class{"rr.mesh_data_class", "RR_BAD_MESH_DATA_CLASS", P,
                               "the ranged MeshData class is 0x0645ABB5"};
const CheckDef primitive_class{"rr.primitive_class", "RR_BAD_PRIMITIVE_CLASS", P,
                               "every object record's marker is 0xA57387EF (MeshPrimitive)"};
const CheckDef descriptor_class{"rr.descriptor_class", "RR_BAD_DESCRIPTOR_CLASS", P,
                                "every descriptor starts with 0x0B1D34C1 (MeshInstancingData)"};
const CheckDef primitive_desc_length_32_per_range{
    "rr.primitive_desc_length_32_per_range", "RR_PRIMITIVE_DESC_LENGTH", P,
    "the PrimitiveDescData length is 32 bytes per range"};
const CheckDef stream_strides_match_format{
    "rr.stream_strides_match_format", "RR_VERTEX_FORMAT_UNKNOWN", P,
    "the vertex format kind and stream strides have an entry in the vertex-format table"};
const CheckDef streams_whole_records{
    "rr.streams_whole_records", "RR_STREAM_PARTIAL_RECORD", P,
    "every stream holds whole records of its stride and the indices whole triangles"};
const CheckDef split_streams_sizes{
    "rr.split_streams_sizes", "RR_SPLIT_STREAM_SIZES", P,
    "split meshes: primary, position (12-byte) and skin streams hold the same vertex count"};
const CheckDef static_separate_streams_empty{
    "rr.static_separate_streams_empty", "RR_STATIC_STREAM_NOT_EMPTY", P,
    "a static mesh's separate position and skin streams have zero lengths"};
const CheckDef first_range_starts_at_zero{"rr.first_range_starts_at_zero",
                                          "RR_FIRST_RANGE_NOT_AT_ZERO", P,
                                          "the first range begins at index and vertex zero"};
const CheckDef ranges_partition_buffers{
    "rr.ranges_partition_buffers", "RR_RANGE_OUTSIDE_BUFFERS", P,
    "successive range boundaries partition the index and vertex buffers (whole triangles)"};
const CheckDef indices_inside_range{
    "rr.indices_inside_range", "RR_INDEX_OUT_OF_RANGE", P,
    "every index names a vertex of its own range (ranged: relative to the vertex base) or "
    "object (inline: absolute)"};
const CheckDef objects_tile_buffers{
    "rr.objects_tile_buffers", "RR_OBJECTS_NOT_TILING", P,
    "inline object vertex and index intervals tile the shared buffers in record order"};
const CheckDef index_width_known{
    "rr.index_width_known", "RR_INDEX_WIDTH_UNKNOWN", P,
    "the MeshData index width selector is 0 (u16) or 1 (u32); Observed in the spec, an error "
    "here because inline indices cannot be read otherwise"};
const CheckDef descriptor_count_equals_primitives{
    "rr.descriptor_count_equals_primitives", "RR_DESCRIPTOR_COUNT", P,
    "one material descriptor per range or inline object"};
const CheckDef reference_count_equals_descriptors{
    "rr.reference_count_equals_descriptors", "RR_REFERENCE_COUNT", P,
    "one 31-byte DynamicReference group per descriptor"};
const CheckDef dynamic_reference_equals_material{
    "rr.dynamic_reference_equals_material", "RR_REFERENCE_NOT_MATERIAL", P,
    "each group's ObjectReference and ObjectHandle repeat its descriptor's Material id"};

const CheckDef bone_class{"rr.bone_class", "RR_BONE_CLASS", O,
                          "every 81-byte bone record's class is 0x9EF0E7A1 (MeshBone)"};
const CheckDef dynamic_reference_class{"rr.dynamic_reference_class", "RR_DYNAMIC_REFERENCE_CLASS",
                                       O, "every group's class is 0x9F1640AF (DynamicReference)"};
const CheckDef platform_version_31{"rr.platform_version_31", "RR_PLATFORM_VERSION", O,
                                   "PlatformVersion after the descriptors is 31"};
const CheckDef declared_counts_match_buffers{
    "rr.declared_counts_match_buffers", "RR_STALE_COUNT", O,
    "the MeshPrimitive vertex and triangle counts equal what the buffers hold (they can be "
    "stale, as on GFX_WireFrame_Wall_01_LOD0: the buffers rule)"};
const CheckDef descriptor_vertex_count_mod_65536{
    "rr.descriptor_vertex_count_mod_65536", "RR_DESCRIPTOR_VERTEX_COUNT", O,
    "descriptor i's vertex count is primitive i's declared vertex count modulo 65536"};
const CheckDef primitive_desc_index_count_3x_triangles{
    "rr.primitive_desc_index_count_3x_triangles", "RR_PRIMITIVE_DESC_INDEX_COUNT", O,
    "PrimitiveDescData index count is three times the range's triangle count"};
const CheckDef primitive_desc_first_index_equals_range{
    "rr.primitive_desc_first_index_equals_range", "RR_PRIMITIVE_DESC_FIRST_INDEX", O,
    "PrimitiveDescData first index equals the range's"};
const CheckDef primitive_desc_bounds_single_range{
    "rr.primitive_desc_bounds_single_range", "RR_PRIMITIVE_DESC_BOUNDS", O,
    "on a single-range mesh the PrimitiveDescData centre and half extent equal the header's"};
const CheckDef primitive_records_match_ranges{
    "rr.primitive_records_match_ranges", "RR_PRIMITIVE_RECORDS_MISMATCH", O,
    "ranged: one MeshPrimitive per range, with the range's vertex base and first index"};
const CheckDef mesh_data_matches_clustered{
    "rr.mesh_data_matches_clustered", "RR_MESH_DATA_DECLARATION", O,
    "ranged: MeshData's vertex format and strides repeat ClusteredMeshData's"};
const CheckDef ranged_index_width_u16{
    "rr.ranged_index_width_u16", "RR_RANGED_INDEX_WIDTH", O,
    "ranged indices are u16 (Proven), so the ranged MeshData index width selector is 0"};
const CheckDef bones_per_vertex_matches_skin{
    "rr.bones_per_vertex_matches_skin", "RR_BONES_PER_VERTEX", O,
    "NbBonesPerVertex is 4 with 8-byte skin records and 8 with 16-byte ones"};
const CheckDef cpu_copies_match_buffers{
    "rr.cpu_copies_match_buffers", "RR_CPU_COPY_MISMATCH", O,
    "ranged: each of the four final runs is empty or a copy of its buffer"};
const CheckDef first_bool_marks_cpu_copies{
    "rr.first_bool_marks_cpu_copies", "RR_DYNAMIC_FLAG", O,
    "the first trailer bool is 1 exactly when the final runs are filled"};
const CheckDef positions_inside_bounds{
    "rr.positions_inside_bounds", "RR_POSITION_OUTSIDE_BOUNDS", O,
    "decoded positions lie inside the stored bounds (ranged: centre +- half extent; inline: "
    "the header extent); a miss suggests a wrong vertex-format table entry"};
const CheckDef joints_below_bone_count{
    "rr.joints_below_bone_count", "RR_JOINT_OUT_OF_RANGE", O,
    "every weighted joint index names one of the mesh's bones (assumed table)"};
const CheckDef bone_matrix_invertible{
    "rr.bone_matrix_invertible", "RR_BONE_MATRIX_NOT_INVERTIBLE", O,
    "every bone matrix is invertible (else identity is used and the matrix kept in extras)"};

std::vector<const CheckDef*> all() {
  return {&marker_at_m,
          &layout_selector_known,
          &layout_class,
          &range_class,
          &mesh_data_class,
          &primitive_class,
          &descriptor_class,
          &primitive_desc_length_32_per_range,
          &stream_strides_match_format,
          &streams_whole_records,
          &split_streams_sizes,
          &static_separate_streams_empty,
          &first_range_starts_at_zero,
          &ranges_partition_buffers,
          &indices_inside_range,
          &objects_tile_buffers,
          &index_width_known,
          &descriptor_count_equals_primitives,
          &reference_count_equals_descriptors,
          &dynamic_reference_equals_material,
          &bone_class,
          &dynamic_reference_class,
          &platform_version_31,
          &declared_counts_match_buffers,
          &descriptor_vertex_count_mod_65536,
          &primitive_desc_index_count_3x_triangles,
          &primitive_desc_first_index_equals_range,
          &primitive_desc_bounds_single_range,
          &primitive_records_match_ranges,
          &mesh_data_matches_clustered,
          &ranged_index_width_u16,
          &bones_per_vertex_matches_skin,
          &cpu_copies_match_buffers,
          &first_bool_marks_cpu_copies,
          &positions_inside_bounds,
          &joints_below_bone_count,
          &bone_matrix_invertible};
}

}  // namespace f2g::rr::check
