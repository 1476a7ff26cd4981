# The error catalogue: docs/errors.md against the source (both ways) and one input per code
# that must produce it (tests/error_catalogue_*.cpp).
f2g_test(error_catalogue_test
         SOURCES errors/error_catalogue_test.cpp errors/error_catalogue_sws.cpp errors/error_catalogue_sws_rebuild.cpp
                 errors/error_catalogue_rr.cpp errors/error_catalogue_rr_rebuild.cpp
                 errors/error_catalogue_grb.cpp errors/error_catalogue_grb_rebuild.cpp
                 errors/error_catalogue_incoming.cpp
                 errors/error_catalogue_archive.cpp
                 errors/error_catalogue_gltf.cpp errors/error_catalogue_converter.cpp
                 errors/error_catalogue_validator.cpp errors/error_catalogue_import.cpp
         LIBS f2g_converter f2g_formats f2g_archive f2g_gltf nlohmann_json::nlohmann_json)
