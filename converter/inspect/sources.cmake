# The reverse engineer's tools: info (one file's structure and checks), census (relations and
# field values over a corpus), scan (meshes inside larger files), and ls and extract (what forge
# archives hold).
add_library(f2g_inspect STATIC
  converter/inspect/archive_extract.cpp
  converter/inspect/archive_info.cpp
  converter/inspect/archive_ls.cpp
  converter/inspect/census.cpp
  converter/inspect/census_command.cpp
  converter/inspect/census_json.cpp
  converter/inspect/census_markdown.cpp
  converter/inspect/info.cpp
  converter/inspect/skeleton_info.cpp
  converter/inspect/scan.cpp
  converter/inspect/scan_command.cpp
  converter/inspect/texture_extract.cpp)
target_link_libraries(f2g_inspect PUBLIC f2g_install f2g_convert f2g_io f2g_formats)
