# The reverse engineer's tools: census (relations and field values over a corpus) and scan
# (meshes inside larger files).
target_sources(f2g_converter PRIVATE
  converter/census.cpp
  converter/census_json.cpp
  converter/census_markdown.cpp
  converter/census_command.cpp
  converter/scan.cpp
  converter/scan_command.cpp)
