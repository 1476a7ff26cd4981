// docs/READING.md "Ghost Recon Breakpoint and Wildlands": each statement is the reading's.
#include "formats/grb/grb_checks.h"

namespace f2g::grb::check {

constexpr Severity P = Severity::Proven;
constexpr Severity O = Severity::Observed;

const CheckDef mesh_class{"grb.mesh_class", "GRB_BAD_MESH_CLASS", P,
                          "the payload's object header carries class 0x415D9568 (Mesh)"};
const CheckDef submesh_tag_known{
    "grb.submesh_tag_known", "GRB_SUBMESH_TAG", P,
    "every sub-mesh reference tag is 1 or 2 (a u64 id follows) or 3 (null)"};
const CheckDef bone_class{"grb.bone_class", "GRB_BAD_BONE_CLASS", P,
                          "every 82-byte bone record's class is 0x9EF0E7A1 (MeshBone)"};
const CheckDef compiled_tag_inline{"grb.compiled_tag_inline", "GRB_COMPILED_TAG", P,
                                   "the CompiledMesh tag is 0: the object follows inline"};
const CheckDef compiled_mesh_class{"grb.compiled_mesh_class", "GRB_BAD_COMPILED_MESH_CLASS", P,
                                   "the CompiledMesh object's class is 0xFC9E1595"};
const CheckDef clustered_tag_known{
    "grb.clustered_tag_known", "GRB_CLUSTERED_TAG", P,
    "the clustered tag is 0 (a ClusteredMeshData follows) or 3 (none)"};
const CheckDef clustered_class{"grb.clustered_class", "GRB_BAD_CLUSTERED_CLASS", P,
                               "the ClusteredMeshData object's class is 0xC351EE43"};
const CheckDef mesh_data_class{"grb.mesh_data_class", "GRB_BAD_MESH_DATA_CLASS", P,
                               "the MeshData object's class is 0x0645ABB5"};
const CheckDef primitive_class{"grb.primitive_class", "GRB_BAD_PRIMITIVE_CLASS", P,
                               "every MeshPrimitive object's class is 0xA57387EF"};
const CheckDef instancing_class{"grb.instancing_class", "GRB_BAD_INSTANCING_CLASS", P,
                                "every MeshInstancingData object's class is 0x0B1D34C1"};
const CheckDef dynamic_reference_class{"grb.dynamic_reference_class",
                                       "GRB_BAD_DYNAMIC_REFERENCE_CLASS", P,
                                       "every material DynamicReference's class is 0x9F1640AF"};
const CheckDef index_width_known{"grb.index_width_known", "GRB_INDEX_WIDTH_UNKNOWN", P,
                                 "IsIndexBuffer32Bit is 0 (u16) or 1 (u32)"};
const CheckDef draw_arrays_have_draw_count{
    "grb.draw_arrays_have_draw_count", "GRB_DRAW_ARRAY_COUNT", P,
    "ClusterCountPerDrawPrim and VertexOffsetPerDrawPrim have DrawPrimsCount entries"};
const CheckDef clustered_blob_bytes{
    "grb.clustered_blob_bytes", "GRB_CLUSTERED_BLOB_BYTES", P,
    "GRB: ClusteredMeshData BlobBytes = 12 + |VertexBuffer| + |IndexBuffer| + "
    "|PrimitiveDescData|"};
const CheckDef mesh_data_blob_bytes{"grb.mesh_data_blob_bytes", "GRB_MESH_DATA_BLOB_BYTES", P,
                                    "GRB: MeshData BlobBytes = 8 + |VertexBuffer| + |IndexBuffer|"};
const CheckDef primitive_desc_36_per_draw{"grb.primitive_desc_36_per_draw",
                                          "GRB_PRIMITIVE_DESC_LENGTH", P,
                                          "|PrimitiveDescData| = 36 x DrawPrimsCount"};
const CheckDef vertex_format_known{
    "grb.vertex_format_known", "GRB_VERTEX_FORMAT_UNKNOWN", P,
    "the stored vertex-format byte has an entry in the dialect's vertex-format table"};
const CheckDef vertex_stride_is_format_stride{"grb.vertex_stride_is_format_stride",
                                              "GRB_VERTEX_STRIDE", P,
                                              "VertexStride is the vertex format's stride"};
const CheckDef vertex_buffer_whole_vertices{"grb.vertex_buffer_whole_vertices",
                                            "GRB_VERTEX_BUFFER_PARTIAL", P,
                                            "|VertexBuffer| is a multiple of VertexStride"};
const CheckDef draw_counts_agree{
    "grb.draw_counts_agree", "GRB_DRAW_COUNT_MISMATCH", P,
    "instancing entries, standard MeshPrimitives, draw prims (clustered) and materials have "
    "one count, or draws could not be given materials"};
const CheckDef draw_inside_index_buffer{
    "grb.draw_inside_index_buffer", "GRB_DRAW_OUTSIDE_INDEX_BUFFER", P,
    "each draw's 3 x PrimitiveCount indices from StartIndex lie inside the index buffer"};
const CheckDef index_inside_vertex_buffer{
    "grb.index_inside_vertex_buffer", "GRB_INDEX_OUTSIDE_VERTEX_BUFFER", P,
    "every resulting index (clustered: MinIndex + stored; MeshData-only: as stored) names a "
    "vertex of the buffer"};
const CheckDef weighted_joint_inside_bones{
    "grb.weighted_joint_inside_bones", "GRB_JOINT_OUT_OF_RANGE", P,
    "a joint index with a non-zero weight is below BoneCount"};
const CheckDef single_dialect{
    "grb.single_dialect", "GRB_DIALECT_AMBIGUOUS", P,
    "detected by content, exactly one reader reaches its CompiledMesh class where its grammar "
    "puts it (two winners are an error naming both)"};

const CheckDef min_index_equals_vertex_offset{
    "grb.min_index_equals_vertex_offset", "GRB_MIN_INDEX", O,
    "clustered: MinIndex = VertexOffsetPerDrawPrim[i] x 4 / VertexStride"};
const CheckDef primitive_desc_start_equals_start_index{
    "grb.primitive_desc_start_equals_start_index", "GRB_PRIMITIVE_DESC_START", O,
    "PrimitiveDescData[i] start index = StartIndex of MeshPrimitive i"};
const CheckDef primitive_desc_count_3x_primitives{
    "grb.primitive_desc_count_3x_primitives", "GRB_PRIMITIVE_DESC_COUNT", O,
    "PrimitiveDescData[i] index count = 3 x PrimitiveCount of MeshPrimitive i"};
const CheckDef primitive_desc_stride_equals_vertex_stride{
    "grb.primitive_desc_stride_equals_vertex_stride", "GRB_PRIMITIVE_DESC_STRIDE", O,
    "PrimitiveDescData[i] vertex stride = VertexStride"};
const CheckDef mesh_data_format_matches_clustered{
    "grb.mesh_data_format_matches_clustered", "GRB_MESH_DATA_FORMAT", O,
    "with a ClusteredMeshData, MeshData's format and stride bytes repeat its (the "
    "ClusteredMeshData's rule)"};
const CheckDef instancing_vertex_count_mod_65536{
    "grb.instancing_vertex_count_mod_65536", "GRB_INSTANCING_VERTEX_COUNT", O,
    "MeshInstancingData i's u16 at +7 is NumVertices of draw i modulo 65536"};
const CheckDef reference_equals_instancing_material{
    "grb.reference_equals_instancing_material", "GRB_REFERENCE_MATERIAL", O,
    "the mesh-level DynamicReference i holds MeshInstancingData i's material id"};
const CheckDef handle_equals_material{"grb.handle_equals_material", "GRB_HANDLE_NOT_MATERIAL", O,
                                      "each DynamicReference's HandleId equals its MaterialId"};
const CheckDef index_inside_draw_span{"grb.index_inside_draw_span", "GRB_INDEX_OUTSIDE_DRAW", O,
                                      "every resulting index lies in [MinIndex, MinIndex + "
                                      "NumVertices) of its draw"};
const CheckDef position_w_is_32767_or_q{
    "grb.position_w_is_32767_or_q", "GRB_POSITION_W", O,
    "each position's |w| is 32767 (skinned) or equals Q (static)"};
const CheckDef weights_sum_255{"grb.weights_sum_255", "GRB_WEIGHT_SUM", O,
                               "each vertex's u8 weights sum to 255"};
const CheckDef zero_weight_joint_inside_bones{
    "grb.zero_weight_joint_inside_bones", "GRB_ZERO_WEIGHT_JOINT", O,
    "a joint index in a zero-weight lane is below BoneCount (else read as bone 0)"};
const CheckDef bone_matrix_invertible{
    "grb.bone_matrix_invertible", "GRB_BONE_MATRIX_NOT_INVERTIBLE", O,
    "every bone matrix is invertible (else identity is used and the stored floats kept)"};

const CheckDef skeleton_class{"grb.skeleton_class", "GRB_BAD_SKELETON_CLASS", P,
                              "a Skeleton payload carries class 0x24AECB7C after its u64 id"};
const CheckDef skeleton_bone_count{
    "grb.skeleton_bone_count", "GRB_SKELETON_COUNT", P,
    "a skeleton's bone count (and a bone's modifier count) is not negative and fits the bytes "
    "left at the smallest record each"};
const CheckDef skeleton_bone_class{"grb.skeleton_bone_class", "GRB_SKELETON_BONE_CLASS", P,
                                   "every bone is an inline object (tag 0) of class 0x95741049"};
const CheckDef skeleton_pointer_tag{
    "grb.skeleton_pointer_tag", "GRB_SKELETON_POINTER", P,
    "a bone pointer's tag is 2 (GRW; 1 or 2 in GRB), a u64 id following, or 3 (null)"};
const CheckDef skeleton_modifier_known{
    "grb.skeleton_modifier_known", "GRB_SKELETON_MODIFIER", P,
    "a GRW bone modifier is one of the seven classes whose layout is known (GRB's are not "
    "public): a skeleton with another is read by its bone cores alone"};
const CheckDef skeleton_ids_unique{"grb.skeleton_ids_unique", "GRB_SKELETON_DUPLICATE_ID", P,
                                   "the bones' ids are unique within the skeleton"};
const CheckDef skeleton_parent_known{
    "grb.skeleton_parent_known", "GRB_SKELETON_PARENT", P,
    "a bone's parent is another bone of the same skeleton (by id), or null"};
const CheckDef skeleton_acyclic{"grb.skeleton_acyclic", "GRB_SKELETON_CYCLE", P,
                                "following parents from any bone reaches a root"};
const CheckDef skeleton_bone_index{"grb.skeleton_bone_index", "GRB_SKELETON_INDEX", P,
                                   "a bone's Index is its position in the bone array"};
const CheckDef skeleton_children_count{
    "grb.skeleton_children_count", "GRB_SKELETON_CHILDREN", P,
    "a bone's ChildrenCount is the number of its descendants (itself not counted)"};

std::vector<const CheckDef*> skeleton_all() {
  return {&skeleton_class,         &skeleton_bone_count,     &skeleton_bone_class,
          &skeleton_pointer_tag,   &skeleton_modifier_known, &skeleton_ids_unique,
          &skeleton_parent_known,  &skeleton_acyclic,        &skeleton_bone_index,
          &skeleton_children_count};
}

std::vector<const CheckDef*> all() {
  return {&mesh_class,
          &submesh_tag_known,
          &bone_class,
          &compiled_tag_inline,
          &compiled_mesh_class,
          &clustered_tag_known,
          &clustered_class,
          &mesh_data_class,
          &primitive_class,
          &instancing_class,
          &dynamic_reference_class,
          &index_width_known,
          &draw_arrays_have_draw_count,
          &clustered_blob_bytes,
          &mesh_data_blob_bytes,
          &primitive_desc_36_per_draw,
          &vertex_format_known,
          &vertex_stride_is_format_stride,
          &vertex_buffer_whole_vertices,
          &draw_counts_agree,
          &draw_inside_index_buffer,
          &index_inside_vertex_buffer,
          &weighted_joint_inside_bones,
          &single_dialect,
          &min_index_equals_vertex_offset,
          &primitive_desc_start_equals_start_index,
          &primitive_desc_count_3x_primitives,
          &primitive_desc_stride_equals_vertex_stride,
          &mesh_data_format_matches_clustered,
          &instancing_vertex_count_mod_65536,
          &reference_equals_instancing_material,
          &handle_equals_material,
          &index_inside_draw_span,
          &position_w_is_32767_or_q,
          &weights_sum_255,
          &zero_weight_joint_inside_bones,
          &bone_matrix_invertible};
}

}  // namespace f2g::grb::check
