# Ghost Recon Breakpoint and Wildlands: one room, two dialects (two registry entries).
foreach(dialect grb grw)
  set(F2G_${dialect}_FORMATS_CPP ${PROJECT_BINARY_DIR}/f2g_${dialect}_vertex_formats_json.cpp)
  f2g_embed_text(${F2G_${dialect}_FORMATS_CPP}
                 ${PROJECT_SOURCE_DIR}/formats/grb/vertex_formats_${dialect}.json
                 f2g_${dialect}_vertex_formats_json)
endforeach()
add_library(f2g_grb STATIC
  formats/grb/grb.cpp
  formats/grb/grb_checks.cpp
  formats/grb/mesh_codec.cpp
  formats/grb/header_codec.cpp
  formats/grb/compiled_codec.cpp
  formats/grb/clustered_codec.cpp
  formats/grb/mesh_data_codec.cpp
  formats/grb/instancing_codec.cpp
  formats/grb/material_list_codec.cpp
  formats/grb/vertex_formats.cpp
  formats/grb/vertex_codec.cpp
  formats/grb/relations.cpp
  formats/grb/to_ir_geometry.cpp
  formats/grb/to_ir_skin.cpp
  formats/grb/to_ir.cpp
  formats/grb/structure_json.cpp
  formats/grb/mesh_builder.cpp
  formats/grb/rebuild.cpp
  formats/grb/rebuild_input.cpp
  formats/grb/rebuild_vertices.cpp
  formats/grb/rebuild_ranges.cpp
  formats/grb/rebuild_structure.cpp
  formats/grb/skeleton.cpp
  formats/grb/texture_checks.cpp
  formats/grb/material.cpp
  formats/grb/texture_map.cpp
  formats/grb/texture_reading.cpp
  ${F2G_grb_FORMATS_CPP} ${F2G_grw_FORMATS_CPP})
target_link_libraries(f2g_grb PUBLIC f2g_common f2g_texture)
