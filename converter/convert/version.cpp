#include "converter/convert/version.h"

#ifndef F2G_VERSION
#define F2G_VERSION "0.0.0"
#endif

namespace f2g::convert {

const char* version() { return F2G_VERSION; }

}  // namespace f2g::convert
