# glTF -> IR: the strict reader of our own outputs that verification compares with the input.
add_library(f2g_gltf_read STATIC gltf_writer/read/read.cpp)
target_link_libraries(f2g_gltf_read PUBLIC f2g_gltf_write f2g_ir TinyGLTF::TinyGLTF)
