add_library(f2g_gltf STATIC gltf_writer/gltf_placeholder.cpp)
target_link_libraries(f2g_gltf PUBLIC f2g_ir TinyGLTF::TinyGLTF)
