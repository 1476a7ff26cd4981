# The converter rooms, one static library each; dependencies run one way:
#   cli -> {convert, verify, validate, inspect, view, import} -> install -> io, and verify, validate,
#   inspect and view may use convert's result types. convert reaches thumbnails and verification only
#   through hooks the CLI sets, so it depends on neither view nor verify.
include(converter/io/sources.cmake)
include(converter/install/sources.cmake)
include(converter/convert/sources.cmake)
include(converter/verify/sources.cmake)
include(converter/validate/sources.cmake)
include(converter/inspect/sources.cmake)
include(converter/view/sources.cmake)
include(converter/import/sources.cmake)
add_library(f2g_converter INTERFACE)
target_link_libraries(f2g_converter INTERFACE f2g_io f2g_install f2g_convert f2g_verify f2g_validate
                      f2g_inspect f2g_view f2g_import)
