# The import room: identity over every sample and form, edits through glTF, the command.
f2g_test(import_identity_test SOURCES converter/import/import_identity_test.cpp
         LIBS f2g_converter)
# The command over every sample and form, and its exit codes (needs the tool).
add_test(NAME import_all_samples
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/converter/import/import_all_samples.sh $<TARGET_FILE:forge2gltf>
                 ${PROJECT_SOURCE_DIR}/samples ${CMAKE_CURRENT_BINARY_DIR}/import_all_samples)
set_tests_properties(import_all_samples PROPERTIES LABELS cli TIMEOUT 600)
f2g_test(import_edits_test SOURCES converter/import/import_edits_test.cpp LIBS f2g_converter)
f2g_test(import_cross_donor_test SOURCES converter/import/import_cross_donor_test.cpp
         LIBS f2g_import f2g_gltf)
# Blender 3.4's default export of every sample, imported back with its donor (label blender).
add_test(NAME blender_import_roundtrip
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/blender/import_roundtrip.sh $<TARGET_FILE:forge2gltf>
                 ${PROJECT_SOURCE_DIR}/samples)
set_tests_properties(blender_import_roundtrip PROPERTIES LABELS blender TIMEOUT 900)
# ... and the batch command's donor pairing (a second source: no link of its own).
f2g_test(import_names_test
         SOURCES converter/import/import_names_test.cpp converter/import/import_donor_pairing_test.cpp
         LIBS f2g_converter)
# Donors unlike the samples (samples/generator/unlike_samples.cpp) in every form and batch mode.
f2g_test(import_unlike_samples_test SOURCES converter/import/import_unlike_samples_test.cpp
         LIBS f2g_converter f2g_samples)
# import into a forge archive: identity for every sample archive's meshes, an edit, refusals.
f2g_test(import_archive_test SOURCES converter/import/import_archive_test.cpp LIBS f2g_converter)
# Edited meshes into a copy of their sample archive: only their entry changes (Done means 2).
f2g_test(import_archive_edits_test SOURCES converter/import/import_archive_edits_test.cpp
         LIBS f2g_converter)
add_dependencies(import_archive_edits_test oodle_standin)
# Blender 3.4's default glTF export read back: corner colours, shape-key normals.
f2g_test(import_blender_export_test SOURCES converter/import/import_blender_export_test.cpp
         LIBS f2g_import)
# ... and the vertices it splits per corner or drops, the materials it renames (SWS donors).
f2g_test(import_blender_split_test SOURCES converter/import/import_blender_split_test.cpp
         LIBS f2g_import f2g_gltf f2g_samples)
# GRB entries of compression 2 (LZO2A) over records that do not compress: import and
# verify --reencode through the commands' functions, in process (valgrind sees the codec).
f2g_test(import_archive_lzo2a_test SOURCES converter/import/import_archive_lzo2a_test.cpp
         LIBS f2g_converter)
