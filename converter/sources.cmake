add_library(f2g_converter STATIC converter/converter_placeholder.cpp)
target_link_libraries(f2g_converter PUBLIC f2g_formats f2g_gltf Threads::Threads)
