// The archive room's public API (formats/archive/): forge archives of the GRW and GRB
// dialects, read and written. No mesh knowledge: a resource's body is handed to the mesh
// readers by the converter. docs/READING.md "Forge archives" is the reading; docs/errors.md
// "Archives" the codes; the install's index by resource id is install_index.h.
#pragma once

#include "formats/archive/block_set.h"
#include "formats/archive/checks.h"
#include "formats/archive/classes.h"
#include "formats/archive/container.h"
#include "formats/archive/dialect.h"
#include "formats/archive/entry.h"
#include "formats/archive/install_index.h"
#include "formats/archive/patch.h"
