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

std::vector<SampleFile> sws_samples();  // samples/generator/sws_samples.cpp
std::vector<SampleFile> rr_samples();   // samples/generator/rr_samples.cpp
std::vector<SampleFile> grb_samples();  // samples/generator/grb_samples.cpp (GRB and GRW)
// Forge archives of the GRB/GRW samples (samples/generator/archive_samples.cpp).
std::vector<SampleFile> archive_samples();
// Donors unlike the samples, from the samples' structures (samples/generator/unlike_samples.cpp):
// not written to samples/, made by the tests and fuzz_import.
std::vector<SampleFile> unlike_samples();

}  // namespace f2g::samples
