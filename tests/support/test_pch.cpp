// Owns the precompiled header every test executable reuses (tests/CMakeLists.txt): GoogleTest,
// nlohmann/json and the standard headers most tests include, parsed once per build instead of
// once per test source.
