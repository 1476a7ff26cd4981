// Placeholder until the sws encoder lands.
#include "samples/generator/sample_file.h"

namespace f2g::samples {
std::vector<SampleFile> sws_samples() { return {}; }
}  // namespace f2g::samples
