# Riders Republic: strict reader, mirroring encoder, relations, vertex-format table, IR,
# import's rebuild.
set(F2G_RR_FORMATS_CPP ${PROJECT_BINARY_DIR}/f2g_rr_vertex_formats_json.cpp)
f2g_embed_text(${F2G_RR_FORMATS_CPP} ${PROJECT_SOURCE_DIR}/formats/rr/vertex_formats.json
               f2g_rr_vertex_formats_json)
add_library(f2g_rr STATIC
  formats/rr/rr.cpp
  formats/rr/rr_checks.cpp
  formats/rr/mesh_codec.cpp
  formats/rr/header_codec.cpp
  formats/rr/ranged_codec.cpp
  formats/rr/mesh_data_codec.cpp
  formats/rr/material_list_codec.cpp
  formats/rr/vertex_formats.cpp
  formats/rr/vertex_codec.cpp
  formats/rr/relations.cpp
  formats/rr/to_ir_geometry.cpp
  formats/rr/to_ir_skin.cpp
  formats/rr/to_ir.cpp
  formats/rr/structure_json.cpp
  formats/rr/mesh_builder.cpp
  formats/rr/rebuild.cpp
  formats/rr/rebuild_order.cpp
  formats/rr/rebuild_plan.cpp
  formats/rr/rebuild_vertices.cpp
  formats/rr/rebuild_draws.cpp
  ${F2G_RR_FORMATS_CPP})
target_link_libraries(f2g_rr PUBLIC f2g_common)
