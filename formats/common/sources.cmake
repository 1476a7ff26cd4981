add_library(f2g_common STATIC formats/common/bone_matrix.cpp formats/common/decode.cpp
            formats/common/error.cpp formats/common/reader.cpp
            formats/common/rebuild.cpp)
target_link_libraries(f2g_common PUBLIC f2g_ir)
