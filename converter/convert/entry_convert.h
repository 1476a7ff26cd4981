// Converting one entry of a forge archive: decompress it once, read its resources, and convert
// each Mesh resource that no patch supersedes, as convert_one converts a mesh file, to
// OUT/<archive directory>/<entry name>/<resource name>.glb (docs/ARCHITECTURE.md "Output
// conventions"). Other resources are only counted by class.
#pragma once

#include <vector>

#include "converter/convert/convert.h"
#include "converter/convert/convert_plan.h"
#include "converter/convert/file_result.h"
#include "converter/convert/totals.h"

namespace f2g::convert {

// What one work item gives: its rows (none for an entry without meshes) and what it found.
struct ItemResult {
  std::vector<FileResult> files;
  ArchiveTotals found;  // the entry's resources by class, superseded copies, entries not read
};

// Item `item` of `plan`, an archive's entry or the failure of its tables. An entry that does
// not read is one failed row (its archive, entry id and the error's archive offset); an entry
// needing Oodle is counted, not a row. Never throws: an unexpected exception is one failed
// row with INTERNAL_ERROR.
ItemResult convert_archive_item(const ConvertPlan& plan, const WorkItem& item,
                                const ConvertOptions& options);

}  // namespace f2g::convert
