// `forge2gltf ls ARCHIVE... [--json]`: every entry of each archive (index, file id, name, size,
// compression, status) and every resource in it (id, class, name, size). Each entry is
// decompressed on its own (convert/archive_inputs.h), so any archive lists in bounded memory;
// the JSON is streamed entry by entry.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace f2g::inspect {

// ARCHIVE arguments may be archives or directories (walked, archives picked by content, other
// files passed over). The document with --json:
// {"archives": [{"path", "version", "dialect", "error", "warnings": [...],
//   "entries": [{"index", "file_id", "name", "size", "kind", "compression", "status",
//                "error", "warnings": [...],
//                "resources": [{"file_id", "class", "class_name", "name", "size"}]}]}]}
// ids "0x" + 16 hex digits, classes "0x" + 8; status "ok" or the entry's error code
// (ARCHIVE_OODLE for an entry that needs Oodle). Returns 0 when every archive and entry read,
// 1 when one did not (each such line on `err` with its code and offset), 2 for no archive.
int run_ls_command(const std::vector<std::string>& inputs, bool json, std::ostream& out,
                   std::ostream& err);

}  // namespace f2g::inspect
