# The error catalogue: docs/errors.md against the source (both ways) and one input per code
# that must produce it (tests/error_catalogue_*.cpp).
f2g_test(error_catalogue_test
         SOURCES error_catalogue_test.cpp error_catalogue_sws.cpp error_catalogue_rr.cpp
                 error_catalogue_gltf.cpp error_catalogue_converter.cpp
                 error_catalogue_validator.cpp
         LIBS f2g_converter f2g_formats f2g_gltf nlohmann_json::nlohmann_json)
