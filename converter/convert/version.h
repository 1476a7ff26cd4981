// The tool's version, from the CMake project version (one place to bump it).
#pragma once

namespace f2g::convert {

const char* version();  // "0.1.0"

}  // namespace f2g::convert
