// The archive room's public API (formats/archive/): forge archives of the GRW and GRB
// dialects, read and written. No mesh knowledge: a resource's body is handed to the mesh
// readers by the converter. docs/READING.md "Forge archives" is the reading; docs/errors.md
// "Archives" the codes. Against the first sketch of this API: patch order is forge_name() (its
// .patch is the rank) with supersedes() and resolve_resources(); dialects() returns a reference;
// ReadOptions carries the dialect override; Archive::tables_first says whether a rewrite can
// keep the layout.
#pragma once

#include "formats/archive/block_set.h"
#include "formats/archive/checks.h"
#include "formats/archive/classes.h"
#include "formats/archive/container.h"
#include "formats/archive/dialect.h"
#include "formats/archive/entry.h"
#include "formats/archive/patch.h"
