# texture unit tests: one binary per unit of formats/texture; the decoders and the files are
# checked against Pillow 9.4 and OpenImageIO (pil_decode.py, run by /usr/bin/python3).
f2g_test(texture_block_format_test SOURCES formats/texture/texture_block_format_test.cpp
         LIBS f2g_texture)
f2g_test(texture_decode_test SOURCES formats/texture/texture_decode_test.cpp LIBS f2g_texture)
f2g_test(texture_bc7_test SOURCES formats/texture/texture_bc7_test.cpp LIBS f2g_texture)
f2g_test(texture_image_files_test SOURCES formats/texture/texture_image_files_test.cpp
         LIBS f2g_texture)
