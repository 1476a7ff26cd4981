# Runs ${PROJECT_BINARY_DIR}/forge2gltf on samples/ (F2G_BINARY_DIR), so it needs the tool.
f2g_test(cli_test SOURCES converter/cli/cli_test.cpp LIBS nlohmann_json::nlohmann_json)
add_dependencies(cli_test forge2gltf)

# ls, extract and convert on forge archives packed from the samples by the archive room.
f2g_test(archive_cli_test SOURCES converter/cli/archive_cli_test.cpp
         LIBS f2g_archive f2g_common nlohmann_json::nlohmann_json)
add_dependencies(archive_cli_test forge2gltf)

# info and extract on Skeleton resources of GRW and GRB archives.
f2g_test(skeleton_cli_test SOURCES converter/cli/skeleton_cli_test.cpp
         LIBS f2g_archive f2g_formats nlohmann_json::nlohmann_json)
add_dependencies(skeleton_cli_test forge2gltf)

# ls, census, info, extract, convert and verify on the SWS sample forge (version 25).
f2g_test(sws_forge_cli_test SOURCES converter/cli/sws_forge_cli_test.cpp
         LIBS nlohmann_json::nlohmann_json)
add_dependencies(sws_forge_cli_test forge2gltf)

# import --dry-run --json: one summary schema for every registered format with a rebuild.
f2g_test(import_summary_test SOURCES converter/cli/import_summary_test.cpp
         LIBS f2g_formats nlohmann_json::nlohmann_json)
add_dependencies(import_summary_test forge2gltf)

# Names that are not UTF-8 (folders, files, archive entries and resources) through every
# command and output form.
f2g_test(non_utf8_names_test SOURCES converter/cli/non_utf8_names_test.cpp
         LIBS f2g_archive f2g_common nlohmann_json::nlohmann_json)
add_dependencies(non_utf8_names_test forge2gltf)

# --oodle through the stand-in libraries (tests/support/oodle_standin) on the sample GRB archive.
f2g_test(oodle_cli_test SOURCES converter/cli/oodle_cli_test.cpp
         LIBS nlohmann_json::nlohmann_json)
add_dependencies(oodle_cli_test forge2gltf oodle_standin oodle_standin_failing
                 oodle_standin_short oodle_standin_overrun oodle_standin_nosymbols)

# convert pairs skinned meshes of the sample archives with their skeletons: the joint tree,
# the bind pose, patches, add-on rigs, --library, --no-skeletons; verify --reencode on rigs.
f2g_test(skeleton_tree_cli_test SOURCES converter/cli/skeleton_tree_cli_test.cpp
         LIBS f2g_archive f2g_common nlohmann_json::nlohmann_json Eigen3::Eigen)
add_dependencies(skeleton_tree_cli_test forge2gltf)

# extract --textures: PNG and DDS of GRW and GRB TextureMaps (inline, streamed, cube, patched),
# both opened by Pillow (/usr/bin/python3), the DDS with the PNG's pixels.
f2g_test(texture_extract_cli_test SOURCES converter/cli/texture_extract_cli_test.cpp
         LIBS f2g_archive f2g_formats)
add_dependencies(texture_extract_cli_test forge2gltf)

# convert follows materials to their texture maps on the sample archives: PNGs equal to
# Pillow's decode of the stored blocks (/usr/bin/python3), --texture-size, --no-textures,
# --library for loose meshes, the Oodle warning, --verify.
f2g_test(texture_cli_test SOURCES converter/cli/texture_cli_test.cpp
         LIBS f2g_formats f2g_archive nlohmann_json::nlohmann_json)
add_dependencies(texture_cli_test forge2gltf)
