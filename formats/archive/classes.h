// Resource class names for the archive room: the project's one class table
// (formats/common/classes.h) under the names the archive room and its users call.
#pragma once

#include "formats/common/classes.h"

namespace f2g::archive {

using f2g::class_id;
using f2g::class_name;

}  // namespace f2g::archive
