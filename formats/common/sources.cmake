# The engine's names (formats/common/names.txt), embedded as the built-in list like the
# vertex-format tables.
set(F2G_NAMES_TXT_CPP ${PROJECT_BINARY_DIR}/f2g_names_txt.cpp)
f2g_embed_text(${F2G_NAMES_TXT_CPP} ${PROJECT_SOURCE_DIR}/formats/common/names.txt f2g_names_txt)
add_library(f2g_common STATIC
  formats/common/bone_cores.cpp
  formats/common/bone_matrix.cpp
  formats/common/classes.cpp
  formats/common/skeleton_tree.cpp
  formats/common/texture_reading.cpp
  formats/common/decode.cpp
  formats/common/error.cpp
  formats/common/incoming_checks.cpp
  formats/common/names.cpp
  formats/common/object_codec.cpp
  formats/common/reader.cpp
  formats/common/vertex_matcher.cpp
  formats/common/rebuild_warnings.cpp
  formats/common/structure_json.cpp
  formats/common/vertex_elements.cpp
  formats/common/vertex_table_json.cpp
  ${F2G_NAMES_TXT_CPP})
target_link_libraries(f2g_common PUBLIC f2g_ir)
