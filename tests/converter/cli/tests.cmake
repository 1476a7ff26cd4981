# Runs ${PROJECT_BINARY_DIR}/forge2gltf on samples/ (F2G_BINARY_DIR), so it needs the tool.
f2g_test(cli_test SOURCES converter/cli/cli_test.cpp LIBS nlohmann_json::nlohmann_json)
add_dependencies(cli_test forge2gltf)
