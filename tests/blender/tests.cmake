# The Blender add-on (converter/blender/io_scene_forge) from its packaged zip in Blender 3.4:
# every sample imported and exported through its operators, one edit (label blender).
add_test(NAME blender_addon
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/blender/addon/run.sh $<TARGET_FILE:forge2gltf>
                 ${PROJECT_SOURCE_DIR}/samples)
set_tests_properties(blender_addon PROPERTIES LABELS blender TIMEOUT 600)
# Byte identity through Blender 3.4 on the samples and the donors unlike them: the default
# exporter (every unedited static mesh) and the add-on (every mesh), N of M printed, two real
# edits still seen (label blender).
add_test(NAME blender_identity
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/blender/identity.sh $<TARGET_FILE:forge2gltf>
                 $<TARGET_FILE:forge2gltf-samples> ${PROJECT_SOURCE_DIR}/samples)
set_tests_properties(blender_identity PROPERTIES LABELS blender TIMEOUT 1500)
# The add-on's bpy-free half (runner, summary) on names that are not UTF-8: plain Python, no
# Blender.
add_test(NAME addon_non_utf8_names
         COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tests/blender/addon/names_test.py
                 $<TARGET_FILE:forge2gltf> ${PROJECT_SOURCE_DIR}/samples)
# Textures in Blender 3.4: a textured .glb's materials show their images (Base Color, Normal
# Map), and the add-on exports an archive with textured materials unedited, byte-identical
# (label blender). The _samples form checks the converted GRW archive; skipped while it has
# no textures.
add_test(NAME blender_textures
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/blender/textures.sh $<TARGET_FILE:forge2gltf>
                 ${PROJECT_SOURCE_DIR}/samples)
set_tests_properties(blender_textures PROPERTIES LABELS blender TIMEOUT 600)
add_test(NAME blender_textures_samples
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/blender/textures.sh $<TARGET_FILE:forge2gltf>
                 ${PROJECT_SOURCE_DIR}/samples --samples)
set_tests_properties(blender_textures_samples PROPERTIES LABELS blender TIMEOUT 600
                                                         SKIP_RETURN_CODE 77)
