# install: a run's forge archives as one object (docs/ARCHITECTURE.md "An install as one
# object"): archives recognised by content and mapped, their tables read, the index by
# resource id built by the link passes, the one walk over their entries, a resource's bytes,
# and the skeletons a run pairs its skinned meshes with.
# Below every command that reads archives (convert, inspect, import, verify), above io.
add_library(f2g_install STATIC
  converter/install/archive_inputs.cpp
  converter/install/install.cpp
  converter/install/oodle_library.cpp
  converter/install/skeleton_library.cpp
  converter/install/skeleton_pairing.cpp
  converter/install/texture_library.cpp)
target_link_libraries(f2g_install PUBLIC f2g_io f2g_archive f2g_formats f2g_common PRIVATE ${CMAKE_DL_LIBS})
