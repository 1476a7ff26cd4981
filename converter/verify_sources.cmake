# Round-trip verification: compare a .glb read back with the decoded input, the re-encode
# check, and their reports (text + JSON). Included from converter/sources.cmake.
target_sources(f2g_converter PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/reencode_check.cpp
  ${CMAKE_CURRENT_LIST_DIR}/verify.cpp
  ${CMAKE_CURRENT_LIST_DIR}/verify_report.cpp)
