# Version-25 forge archives (the Assassin's Creed 1/2 container Shaun White Skateboarding is
# inferred to use) from a second, independent writer (forge25/make_forge25.py, Python +
# liblzo2): the writer reads its own archives back; then, one test per variant, every SWS
# sample in one archive converts to the very glbs its loose file gives, lists as written and
# extracts to its own bytes; archives cut short fail with an ARCHIVE_ code and no glb. Each
# test works in its own folder of the build tree, kept when it fails.
function(f2g_forge25 name)
  add_test(NAME forge25_${name}
           COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tests/forge25/check_forge25.py
                   --meshes ${PROJECT_SOURCE_DIR}/samples/sws
                   --work ${CMAKE_CURRENT_BINARY_DIR}/forge25/${name} ${ARGN})
  set_tests_properties(forge25_${name} PROPERTIES LABELS cli TIMEOUT 300)
endfunction()
f2g_forge25(writer --writer)
# The variants (make_forge25.VARIANTS; forge25_writer fails when one is missing here).
foreach(variant ac1-table-lzo1x ac1-table-raw ac2-table-lzo1x ac1-stream-lzo1x
                ac2-stream-lzo2a ac1-table-lzo1c padded two-sections flag1 multi)
  f2g_forge25(${variant} --tool $<TARGET_FILE:forge2gltf> --variant ${variant})
endforeach()
f2g_forge25(truncated --tool $<TARGET_FILE:forge2gltf> --truncated)
