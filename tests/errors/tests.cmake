# The error catalogue: docs/errors.md against the source (both ways) and one input per code
# that must produce it (tests/errors/error_catalogue_*.cpp). Each game of F2G_GAMES brings
# error_catalogue_<game>.cpp (add_<game>_inputs) and, when it rebuilds, error_catalogue_<game>_rebuild.cpp
# (add_<game>_rebuild_inputs); game_inputs.cpp, written here, calls them in that order.
set(f2g_catalogue_sources "")
set(f2g_catalogue_decls "")
set(f2g_catalogue_calls "")
foreach(game ${F2G_GAMES})
  foreach(part "${game}" "${game}_rebuild")
    if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/errors/error_catalogue_${part}.cpp)
      list(APPEND f2g_catalogue_sources errors/error_catalogue_${part}.cpp)
      string(APPEND f2g_catalogue_decls "void add_${part}_inputs(Inputs& inputs);\n")
      string(APPEND f2g_catalogue_calls "  add_${part}_inputs(in);\n")
    endif()
  endforeach()
endforeach()
file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/generated/tests/errors/game_inputs.cpp CONTENT
"// Written by tests/errors/tests.cmake from F2G_GAMES: every game's catalogue inputs.
#include \"tests/errors/error_catalogue.h\"

namespace f2g::catalogue {

${f2g_catalogue_decls}
void add_game_inputs(Inputs& in) {
${f2g_catalogue_calls}}

}  // namespace f2g::catalogue
")
f2g_test(error_catalogue_test
         SOURCES errors/error_catalogue_test.cpp ${f2g_catalogue_sources}
                 ${PROJECT_BINARY_DIR}/generated/tests/errors/game_inputs.cpp
                 errors/error_catalogue_incoming.cpp
                 errors/error_catalogue_archive.cpp
                 errors/error_catalogue_gltf.cpp errors/error_catalogue_converter.cpp
                 errors/error_catalogue_validator.cpp errors/error_catalogue_import.cpp
                 errors/error_catalogue_textures.cpp
         LIBS f2g_converter f2g_formats f2g_archive f2g_gltf nlohmann_json::nlohmann_json)
add_dependencies(error_catalogue_test oodle_standin_short)
