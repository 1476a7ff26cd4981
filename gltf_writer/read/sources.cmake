# glTF -> IR: the strict reader of our own outputs that verification compares with the input.
# scene_read: any triangle-list glTF -> one Z-up IR mesh, for import (its builder's vertex rows
# in scene_rows, its document loader, accessors and transforms beside it, its JSON parser
# json_text); tinygltf_load: read's loader.
add_library(f2g_gltf_read STATIC gltf_writer/read/read.cpp gltf_writer/read/scene_read.cpp
            gltf_writer/read/scene_rows.cpp
            gltf_writer/read/scene_accessors.cpp gltf_writer/read/scene_transforms.cpp
            gltf_writer/read/document.cpp gltf_writer/read/json_text.cpp
            gltf_writer/read/tinygltf_load.cpp)
target_link_libraries(f2g_gltf_read PUBLIC f2g_gltf_write f2g_gltf_compact f2g_ir TinyGLTF::TinyGLTF)
