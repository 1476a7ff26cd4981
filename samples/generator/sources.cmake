# The sample generator: each format's samples come from its own encoder.
add_library(f2g_samples STATIC samples/generator/sws_samples.cpp samples/generator/rr_samples.cpp
            samples/generator/grb_samples.cpp samples/generator/archive_samples.cpp
            samples/generator/unlike_samples.cpp)
target_link_libraries(f2g_samples PUBLIC f2g_sws f2g_rr f2g_grb f2g_archive)
add_executable(forge2gltf-samples samples/generator/main.cpp)
target_link_libraries(forge2gltf-samples PRIVATE f2g_samples)
