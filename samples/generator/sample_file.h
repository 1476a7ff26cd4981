// One generated sample: its path under samples/ and its bytes, made by a format's encoder.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace f2g::samples {

struct SampleFile {
  std::string path;  // relative to samples/, e.g. "sws/static_materials.mesh"
  std::vector<uint8_t> bytes;
};

// Each game's samples (<game>_samples(), in its <game>_samples.cpp) and all of them
// (game_samples()) are declared in game_samples.h, which samples/generator/sources.cmake
// writes from the game list.
// Forge archives of the GRB/GRW samples (samples/generator/archive_samples.cpp).
std::vector<SampleFile> archive_samples();
// Donors unlike the samples, from the samples' structures (samples/generator/unlike_samples.cpp):
// not written to samples/, made by the tests and fuzz_import.
std::vector<SampleFile> unlike_samples();

}  // namespace f2g::samples
