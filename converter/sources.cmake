# The converter room: pipeline, batch runner, report, info (ARCHITECTURE.md "Layout").
# An explicit list: further converter files (verify, thumbnail, html_report) append here.
set(F2G_CONVERTER_SOURCES
    converter/atomic_file.cpp
    converter/batch.cpp
    converter/convert.cpp
    converter/file_result.cpp
    converter/index_order.cpp
    converter/info.cpp
    converter/input_file.cpp
    converter/interrupt.cpp
    converter/inputs.cpp
    converter/output_paths.cpp
    converter/progress.cpp
    converter/report.cpp
    converter/totals.cpp
    converter/version.cpp
    converter/vertex_tables.cpp
)
add_library(f2g_converter STATIC ${F2G_CONVERTER_SOURCES})
target_link_libraries(f2g_converter PUBLIC f2g_formats f2g_gltf Threads::Threads)
set_source_files_properties(converter/version.cpp PROPERTIES
                            COMPILE_DEFINITIONS F2G_VERSION="${PROJECT_VERSION}")
include(converter/census_sources.cmake)
include(converter/view_sources.cmake)
include(converter/verify_sources.cmake)
include(converter/validator_sources.cmake)
