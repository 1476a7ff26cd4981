# archive unit tests: one binary per unit of formats/archive and its sample generator.
f2g_test(archive_block_set_test SOURCES formats/archive/archive_block_set_test.cpp LIBS f2g_archive)
f2g_test(archive_codec_test SOURCES formats/archive/archive_codec_test.cpp LIBS f2g_archive)
f2g_test(archive_container_test SOURCES formats/archive/archive_container_test.cpp
         LIBS f2g_archive)
f2g_test(archive_entry_test SOURCES formats/archive/archive_entry_test.cpp
         LIBS f2g_archive f2g_formats)
f2g_test(archive_breaks_test SOURCES formats/archive/archive_breaks_test.cpp LIBS f2g_archive)
f2g_test(archive_samples_test SOURCES formats/archive/archive_samples_test.cpp LIBS f2g_samples)
f2g_test(archive_bounds_test SOURCES formats/archive/archive_bounds_test.cpp
         LIBS f2g_alloc_counter f2g_archive)
f2g_test(archive_lzo_test SOURCES formats/archive/archive_lzo_test.cpp LIBS f2g_archive)
f2g_test(archive_install_index_test SOURCES formats/archive/archive_install_index_test.cpp
         LIBS f2g_archive)
f2g_test(archive_v25_test SOURCES formats/archive/archive_v25_test.cpp LIBS f2g_archive)
