# Round-trip verification: a glb read back compared with the decoded input, the re-encode
# check, and their reports (text + JSON).
add_library(f2g_verify STATIC
  converter/verify/archive_compare.cpp
  converter/verify/archive_reencode.cpp
  converter/verify/reencode_check.cpp
  converter/verify/verify.cpp
  converter/verify/verify_report.cpp)
target_link_libraries(f2g_verify PUBLIC f2g_install f2g_convert f2g_io f2g_formats f2g_gltf_read
                      f2g_gltf_compact f2g_archive)
