# `convert --validate`: the Khronos glTF-Validator in one node child per batch. Its JavaScript
# side (gltf_validator.mjs) is embedded; the source tree's tests/validator is the last place
# looked for the npm package before `npm root -g`.
set(F2G_VALIDATOR_MJS_CPP ${PROJECT_BINARY_DIR}/f2g_gltf_validator_mjs.cpp)
f2g_embed_text(${F2G_VALIDATOR_MJS_CPP} ${PROJECT_SOURCE_DIR}/converter/validate/gltf_validator.mjs
               f2g_gltf_validator_mjs)
add_library(f2g_validate STATIC converter/validate/gltf_validator.cpp
            converter/validate/validate_stage.cpp ${F2G_VALIDATOR_MJS_CPP})
target_link_libraries(f2g_validate PUBLIC f2g_convert f2g_io)
set_source_files_properties(converter/validate/gltf_validator.cpp PROPERTIES
  COMPILE_DEFINITIONS F2G_VALIDATOR_SOURCE_DIR="${PROJECT_SOURCE_DIR}/tests/validator")
