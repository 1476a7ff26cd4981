# The SWS room: decoder, encoder, vertex-format table (embedded data file), normalisation.
set(F2G_SWS_FORMATS_CPP ${PROJECT_BINARY_DIR}/f2g_sws_vertex_formats_json.cpp)
f2g_embed_text(${F2G_SWS_FORMATS_CPP} ${PROJECT_SOURCE_DIR}/formats/sws/vertex_formats.json
               f2g_sws_vertex_formats_json)
add_library(f2g_sws STATIC
  formats/sws/compiled_codec.cpp
  formats/sws/mesh_codec.cpp
  formats/sws/submesh_codec.cpp
  formats/sws/mesh_builder.cpp
  formats/sws/rebuild.cpp
  formats/sws/rebuild_complete.cpp
  formats/sws/rebuild_input.cpp
  formats/sws/rebuild_match.cpp
  formats/sws/rebuild_ranges.cpp
  formats/sws/rebuild_submeshes.cpp
  formats/sws/rebuild_vertices.cpp
  formats/sws/relations.cpp
  formats/sws/structure_json.cpp
  formats/sws/sws.cpp
  formats/sws/sws_checks.cpp
  formats/sws/to_ir.cpp
  formats/sws/to_ir_morph.cpp
  formats/sws/to_ir_skin.cpp
  formats/sws/vertex_formats.cpp
  formats/sws/vertex_layout.cpp
  ${F2G_SWS_FORMATS_CPP})
target_link_libraries(f2g_sws PUBLIC f2g_common)
