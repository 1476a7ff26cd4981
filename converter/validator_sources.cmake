# `convert --validate`: the Khronos glTF-Validator in one node child per batch. Its JavaScript
# side (gltf_validator.mjs) is embedded like the vertex-format tables; the source tree's
# tests/validator is the last place looked for the npm package before `npm root -g`.
# Included from converter/sources.cmake.
set(F2G_VALIDATOR_MJS_CPP ${PROJECT_BINARY_DIR}/f2g_gltf_validator_mjs.cpp)
f2g_embed_text(${F2G_VALIDATOR_MJS_CPP} ${PROJECT_SOURCE_DIR}/converter/gltf_validator.mjs
               f2g_gltf_validator_mjs)
target_sources(f2g_converter PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/child_process.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gltf_validator.cpp
  ${F2G_VALIDATOR_MJS_CPP})
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/gltf_validator.cpp PROPERTIES
  COMPILE_DEFINITIONS F2G_VALIDATOR_SOURCE_DIR="${PROJECT_SOURCE_DIR}/tests/validator")
