# The convert room: output paths, the report, the batch runner on the encoders' samples,
# --optimize's index order, and Ctrl-C in the middle of a batch.
f2g_test(converter_output_paths_test SOURCES converter/convert/converter_output_paths_test.cpp LIBS f2g_converter)
f2g_test(converter_report_test SOURCES converter/convert/converter_report_test.cpp LIBS f2g_converter)
f2g_test(converter_batch_test SOURCES converter/convert/converter_batch_test.cpp LIBS f2g_converter f2g_samples)
f2g_test(converter_index_order_test SOURCES converter/convert/converter_index_order_test.cpp
         LIBS f2g_converter f2g_gltf_synthetic)

# Ctrl-C in the middle of a batch: exit 130, only complete outputs, a report of what was done.
add_test(NAME interrupt_batch
         COMMAND bash ${PROJECT_SOURCE_DIR}/tests/converter/cli/interrupt_batch.sh $<TARGET_FILE:forge2gltf>
                 ${PROJECT_SOURCE_DIR}/samples ${CMAKE_CURRENT_BINARY_DIR}/interrupt_batch)
set_tests_properties(interrupt_batch PROPERTIES LABELS cli TIMEOUT 300)
f2g_test(converter_archive_names_test SOURCES converter/convert/converter_archive_names_test.cpp
         LIBS f2g_converter)
