# The formats: the shared reading, one folder per game (F2G_GAMES: each folder's sources.cmake
# defines f2g_<game>), and the registry over them (registry.cpp lists the games' entries).
include(formats/common/sources.cmake)
# Forge archives: a room of its own beside the games (no mesh knowledge; the games never
# include it).
include(formats/archive/sources.cmake)
# GPU textures: block decoding, DDS and PNG files; a room of its own beside the games.
include(formats/texture/sources.cmake)
set(F2G_GAMES sws grb rr)
foreach(game ${F2G_GAMES})
  include(formats/${game}/sources.cmake)
endforeach()
list(TRANSFORM F2G_GAMES PREPEND f2g_ OUTPUT_VARIABLE F2G_GAME_LIBRARIES)
add_library(f2g_formats STATIC formats/registry.cpp)
target_link_libraries(f2g_formats PUBLIC ${F2G_GAME_LIBRARIES} f2g_common f2g_texture)
