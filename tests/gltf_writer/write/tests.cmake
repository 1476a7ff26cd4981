# The write room: the exact morph delta rule, the writer's pieces, and the Khronos validator on
# the synthetic meshes.
add_executable(gltf_validator_samples gltf_writer/write/gltf_validator_samples.cpp)
target_link_libraries(gltf_validator_samples PRIVATE f2g_gltf f2g_gltf_synthetic)

f2g_test(gltf_morph_delta_test SOURCES gltf_writer/write/gltf_morph_delta_test.cpp LIBS f2g_gltf)
f2g_test(gltf_skin_weights_test SOURCES gltf_writer/write/gltf_skin_weights_test.cpp LIBS f2g_gltf)
f2g_test(gltf_joint_transform_test SOURCES gltf_writer/write/gltf_joint_transform_test.cpp LIBS f2g_gltf Eigen3::Eigen)
f2g_test(gltf_writer_test SOURCES gltf_writer/write/gltf_writer_test.cpp
         LIBS f2g_gltf f2g_gltf_synthetic TinyGLTF::TinyGLTF Eigen3::Eigen)
f2g_test(gltf_json_text_test SOURCES gltf_writer/write/gltf_json_text_test.cpp LIBS f2g_gltf)
f2g_test(gltf_skin_weights_fastpath_test SOURCES gltf_writer/write/gltf_skin_weights_fastpath_test.cpp LIBS f2g_gltf)
f2g_test(gltf_bin_builder_test SOURCES gltf_writer/write/gltf_bin_builder_test.cpp LIBS f2g_gltf)

# The Khronos validator on every synthetic mesh (.glb and .gltf + .bin): 0 errors, 0 warnings.
# Needs `npm ci --prefix tests/validator`; fails saying so when node_modules is missing.
find_program(F2G_NODE node)
add_test(NAME gltf_validator
         COMMAND ${CMAKE_COMMAND} -DSAMPLES=$<TARGET_FILE:gltf_validator_samples>
                 -DVALIDATOR_DIR=${CMAKE_CURRENT_SOURCE_DIR}/validator
                 -DOUT=${CMAKE_CURRENT_BINARY_DIR}/gltf_validator -DNODE=${F2G_NODE}
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/validator/run.cmake)
set_tests_properties(gltf_validator PROPERTIES LABELS validator TIMEOUT 300)
