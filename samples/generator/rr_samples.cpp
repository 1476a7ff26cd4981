// Placeholder until the rr encoder lands.
#include "samples/generator/sample_file.h"

namespace f2g::samples {
std::vector<SampleFile> rr_samples() { return {}; }
}  // namespace f2g::samples
