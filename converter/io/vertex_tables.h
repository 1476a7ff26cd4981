// --vertex-formats FILE (repeatable): user tables that replace the built-in, assumed
// vertex-format tables (docs/READING.md: everything assumed lives in a data table a user can
// override without recompiling). Loaded once per run, shared read-only by every job.
#pragma once

#include <string>
#include <vector>

#include "formats/common/decode.h"
#include "ir/result.h"

namespace f2g::io {

// Reads each file; its top-level "format" (a registered format's name) selects that format's
// parser. A file that cannot be read or parsed, an unknown "format", or two files for one
// format give an error (the CLI's usage error, exit 2) with code VERTEX_FORMATS_INVALID and a
// message naming the file.
ir::Result<VertexTables> load_vertex_tables(const std::vector<std::string>& files);

}  // namespace f2g::io
