# import: glTF + donor mesh -> a new mesh of the donor's format (the reverse direction): the
# glTF read by gltf_writer/read/scene_read, names matched to the donor, missing NORMAL and
# TANGENT computed, the format's rebuild (formats/common/rebuild.h), the strict decoder as the
# gate, atomic writes, one file or a directory on the worker pool.
add_library(f2g_import STATIC
  converter/import/blender_export.cpp
  converter/import/donor_match.cpp
  converter/import/vectors.cpp
  converter/import/import.cpp
  converter/import/import_command.cpp
  converter/import/archive_import.cpp
  converter/import/archive_import_dir.cpp)
target_link_libraries(f2g_import PUBLIC f2g_io f2g_install f2g_formats f2g_gltf_read f2g_archive Eigen3::Eigen)
