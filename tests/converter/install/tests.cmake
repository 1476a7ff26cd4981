# Oodle through the stand-in libraries (tests/support/oodle_standin), loaded at run time.
f2g_test(oodle_library_test SOURCES converter/install/oodle_library_test.cpp LIBS f2g_install)
add_dependencies(oodle_library_test oodle_standin oodle_standin_failing oodle_standin_short
                 oodle_standin_overrun oodle_standin_nosymbols)

# Pairing a skinned mesh with its skeleton on libraries built tree by tree.
f2g_test(skeleton_pairing_test SOURCES converter/install/skeleton_pairing_test.cpp LIBS f2g_install)
