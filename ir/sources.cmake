add_library(f2g_ir STATIC ir/diagnostic.cpp ir/mesh.cpp)
target_include_directories(f2g_ir PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(f2g_ir PUBLIC nlohmann_json::nlohmann_json)
