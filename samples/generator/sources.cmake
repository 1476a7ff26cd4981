# The sample generator: each game's samples come from its own encoder, in
# samples/generator/<game>_samples.cpp for every game of F2G_GAMES (formats/sources.cmake).
# game_samples.{h,cpp} are written here from that list, so a new game adds its file and edits
# nothing in this folder.
set(f2g_sample_sources "")
set(f2g_sample_decls "")
set(f2g_sample_calls "")
foreach(game ${F2G_GAMES})
  list(APPEND f2g_sample_sources samples/generator/${game}_samples.cpp)
  string(APPEND f2g_sample_decls "std::vector<SampleFile> ${game}_samples();\n")
  string(APPEND f2g_sample_calls "  for (auto& s : ${game}_samples()) all.push_back(std::move(s));\n")
endforeach()
set(f2g_generated ${PROJECT_BINARY_DIR}/generated/samples/generator)
set(f2g_sample_header samples/generator/game_samples.h)  # as the sources include it
file(CONFIGURE OUTPUT ${f2g_generated}/game_samples.h CONTENT
"// Written by samples/generator/sources.cmake from F2G_GAMES: each game's samples
// (samples/generator/<game>_samples.cpp) and all of them, game by game.
#pragma once

#include \"samples/generator/sample_file.h\"

namespace f2g::samples {

${f2g_sample_decls}std::vector<SampleFile> game_samples();

}  // namespace f2g::samples
")
file(CONFIGURE OUTPUT ${f2g_generated}/game_samples.cpp CONTENT
"// Written by samples/generator/sources.cmake from F2G_GAMES.
#include \"${f2g_sample_header}\"

namespace f2g::samples {

std::vector<SampleFile> game_samples() {
  std::vector<SampleFile> all;
${f2g_sample_calls}  return all;
}

}  // namespace f2g::samples
")
add_library(f2g_samples STATIC ${f2g_sample_sources} ${f2g_generated}/game_samples.cpp
            samples/generator/archive_samples.cpp samples/generator/rig_samples.cpp
            samples/generator/unlike_samples.cpp samples/generator/texture_samples.cpp)
target_include_directories(f2g_samples PUBLIC ${PROJECT_BINARY_DIR}/generated
                           PRIVATE ${F2G_SQUISH_INCLUDE_DIR})
target_link_libraries(f2g_samples PUBLIC ${F2G_GAME_LIBRARIES} f2g_formats f2g_archive
                      PRIVATE f2g_oodle_standin_codec Eigen3::Eigen ${F2G_SQUISH_LIBRARY})
add_executable(forge2gltf-samples samples/generator/main.cpp)
target_link_libraries(forge2gltf-samples PRIVATE f2g_samples)
