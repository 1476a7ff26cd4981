# ctest gltf_validator: writes the glTF room's synthetic meshes with gltf_validator_samples and
# requires the Khronos glTF-Validator to report 0 errors and 0 warnings on every file.
#   cmake -DSAMPLES=<gltf_validator_samples> -DVALIDATOR_DIR=<tests/validator> -DOUT=<dir>
#         -DNODE=<node> -P run.cmake
if(NOT EXISTS "${VALIDATOR_DIR}/node_modules/gltf-validator/package.json")
  message(FATAL_ERROR "${VALIDATOR_DIR}/node_modules is missing: run "
                      "`npm ci --prefix tests/validator` (scripts/test does it)")
endif()
if(NOT NODE OR NOT EXISTS "${NODE}")
  message(FATAL_ERROR "node (Node.js) was not found; the validator needs it")
endif()
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
execute_process(COMMAND "${SAMPLES}" "${OUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gltf_validator_samples failed (${rc})")
endif()
file(GLOB files "${OUT}/*.glb" "${OUT}/*.gltf")
list(LENGTH files count)
if(count LESS 12)
  message(FATAL_ERROR "expected 12 outputs in ${OUT}, found ${count}")
endif()
execute_process(COMMAND "${NODE}" "${VALIDATOR_DIR}/validate.mjs" ${files} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the glTF validator reported errors or warnings (exit ${rc})")
endif()
