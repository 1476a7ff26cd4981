# The io room: the directory walk, atomic writes, the user's vertex-format tables.
f2g_test(converter_inputs_test SOURCES converter/io/converter_inputs_test.cpp LIBS f2g_converter)
f2g_test(converter_atomic_file_test SOURCES converter/io/converter_atomic_file_test.cpp LIBS f2g_converter)
f2g_test(converter_vertex_tables_test SOURCES converter/io/converter_vertex_tables_test.cpp LIBS f2g_converter)
f2g_test(converter_name_lists_test SOURCES converter/io/converter_name_lists_test.cpp LIBS f2g_converter)
f2g_test(converter_json_text_test SOURCES converter/io/converter_json_text_test.cpp LIBS f2g_converter)
f2g_test(converter_command_guard_test SOURCES converter/io/converter_command_guard_test.cpp LIBS f2g_converter)
